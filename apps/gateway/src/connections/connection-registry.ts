import { Refusal } from '../refusals';
import { type Listed, Roster } from './roster';

/** One open connection's claim on its proxy; revoking it closes the connection. */
export class Lease implements Listed {
  rosterIndex = -1;
  private isReleased = false;
  /** Why the connection was closed by the gateway, null while it may carry traffic. */
  revokedBecause: string | null = null;

  constructor(
    readonly proxyId: string,
    private readonly registry: ConnectionRegistry,
    private readonly close: (reason: string) => void,
    /** The exit a static proxy leased when the connection was admitted; null for the others. */
    readonly exitId: string | null = null,
  ) {}

  /** Closes the connection (its proxy may no longer carry traffic). */
  revoke(reason: string): void {
    if (this.revokedBecause !== null) return;
    this.revokedBecause = reason;
    this.release();
    this.close(reason);
  }

  /** Gives the slot back; the connection ended. */
  release(): void {
    if (this.isReleased) return;
    this.isReleased = true;
    this.registry.forget(this);
  }
}

/** Limits of the registry. */
export interface ConnectionLimits {
  maxConnections: number;
  maxConnectionsPerProxy: number;
}

/**
 * The open connections of each proxy: enforces the connection limits, answers which proxies have
 * open connections, and closes a proxy's connections when it may no longer carry traffic.
 */
export class ConnectionRegistry {
  private readonly byProxy = new Map<string, Roster<Lease>>();
  private total = 0;

  constructor(private readonly limits: ConnectionLimits) {}

  /** Claims a slot for a connection of `proxyId`; throws a `Refusal` over a limit. */
  acquire(proxyId: string, close: (reason: string) => void, exitId: string | null = null): Lease {
    const leases = this.byProxy.get(proxyId);
    if (this.total >= this.limits.maxConnections) {
      throw new Refusal('too_many_connections', 'the gateway is at its connection limit, retry shortly');
    }
    if ((leases?.size ?? 0) >= this.limits.maxConnectionsPerProxy) {
      throw new Refusal(
        'too_many_proxy_connections',
        `this proxy already has ${this.limits.maxConnectionsPerProxy} open connections`,
      );
    }
    const lease = new Lease(proxyId, this, close, exitId);
    if (leases) leases.add(lease);
    else {
      const roster = new Roster<Lease>();
      roster.add(lease);
      this.byProxy.set(proxyId, roster);
    }
    this.total += 1;
    return lease;
  }

  /** Ids of proxies with open connections. */
  proxyIds(): string[] {
    return [...this.byProxy.keys()];
  }

  /** Closes every connection of a proxy; answers how many. */
  revoke(proxyId: string, reason: string): number {
    const leases = this.byProxy.get(proxyId)?.list() ?? [];
    for (const lease of leases) lease.revoke(reason);
    return leases.length;
  }

  /**
   * Closes the connections of a static proxy admitted through another exit than `exitId`, the one
   * it leases now (its address was replaced); answers how many.
   */
  revokeOtherExits(proxyId: string, exitId: string, reason: string): number {
    const stale = (this.byProxy.get(proxyId)?.list() ?? []).filter(
      (lease) => lease.exitId !== null && lease.exitId !== exitId,
    );
    for (const lease of stale) lease.revoke(reason);
    return stale.length;
  }

  /** Closes every connection. */
  revokeAll(reason: string): void {
    for (const proxyId of this.proxyIds()) this.revoke(proxyId, reason);
  }

  /** Open connections per proxy. */
  perProxy(): Map<string, number> {
    return new Map([...this.byProxy].map(([proxyId, leases]) => [proxyId, leases.size]));
  }

  /** Open connections in all. */
  get size(): number {
    return this.total;
  }

  /** Called by `Lease.release`. */
  forget(lease: Lease): void {
    const leases = this.byProxy.get(lease.proxyId);
    if (!leases?.remove(lease)) return;
    this.total -= 1;
    if (leases.size === 0) this.byProxy.delete(lease.proxyId);
  }
}
