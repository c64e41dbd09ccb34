import type { AllowListAuth } from '../auth/allowlist-auth';
import type { AuthenticatedClient, Authenticator, SuppliedCredentials } from '../auth/authenticator';
import type { Allowance } from '../credit/allowance';
import type { CreditControl } from '../credit/credit-control';
import type { DialedTarget } from '../exits/exit-dialer';
import type { ExitRouter, RoutePlan } from '../exits/exit-router';
import type { TargetGuard, VettedTarget } from '../guard/target-guard';
import { domainOf } from '../metering/domain-tally';
import type { Metered, UsageMeter } from '../metering/usage-meter';
import type { Exit, ProxyProtocol } from '../ports';
import { admissionRefusal, Refusal } from '../refusals';
import type { TargetReads } from '../streams/tunnel';
import type { ConnectionRegistry, Lease } from './connection-registry';
import { ForwardReads, type PooledTarget, type TargetPool } from './target-pool';

/** What the protocol handlers need from the rest of the gateway. */
export interface BrokerParts {
  authenticator: Authenticator;
  registry: ConnectionRegistry;
  guard: TargetGuard;
  router: ExitRouter;
  meter: UsageMeter;
  /** Idle target connections of the HTTP forward path. */
  pool: TargetPool;
  /** Credit of the owners of proxies billed by traffic. */
  credit: CreditControl;
  /** Clients without credentials from allow-listed addresses (issue #21). */
  allowList?: AllowListAuth;
}

/** A target connection for one forwarded request. */
export interface ForwardTarget {
  target: PooledTarget;
  /** Whether it served an earlier request (it may have been closed by the target meanwhile). */
  isReused: boolean;
}

const poolKey = (proxyId: string, route: string, address: string, port: number) =>
  `${proxyId}\u0000${route}\u0000${address}\u0000${port}`;

/** Routes whose pool keys are kept per destination and proxy. */
const MAX_ROUTES_KEPT = 64;

/** The domain a connection's usage is tallied under; null when its owner switched that off (issue #21). */
const domainFor = (client: AuthenticatedClient, host: string): string | null =>
  client.credential.domainUsage === false ? null : domainOf(host);

/** Closes an allowance of a connection that never got to carry anything. */
const giveBack = (allowance: Allowance | null) => allowance?.close();

/**
 * The steps every proxied connection goes through, whatever its protocol: authenticate, admit,
 * claim a connection slot, vet the destination, hold credit (proxies billed by traffic), dial
 * through an exit, meter. Each step throws a `Refusal` that the protocol handler turns into its
 * own answer.
 */
export class ConnectionBroker {
  private readonly poolKeys = new WeakMap<VettedTarget, Map<string, Map<string, readonly string[]>>>();

  constructor(private readonly parts: BrokerParts) {}

  /** The client behind the credentials (wrong or missing: a `Refusal`). */
  authenticate(supplied: SuppliedCredentials | null, source: string): Promise<AuthenticatedClient> {
    return this.parts.authenticator.authenticate(supplied, source);
  }

  /** The client of credentials that authenticated moments ago; null: ask `authenticate`. */
  recallCredentials(supplied: SuppliedCredentials): AuthenticatedClient | null {
    return this.parts.authenticator.recallCredentials(supplied);
  }

  /** The client of a `Proxy-Authorization` value that authenticated moments ago; null: ask `authenticateHeader`. */
  recallHeader(header: string | undefined): AuthenticatedClient | null {
    return this.parts.authenticator.recallHeader(header);
  }

  /** The client behind a `Proxy-Authorization` value (wrong or missing: a `Refusal`). */
  authenticateHeader(header: string | undefined, source: string): Promise<AuthenticatedClient> {
    return this.parts.authenticator.authenticateHeader(header, source);
  }

  /** The client of a source address admitted moments ago by the IP allow-list; null: ask `authenticateSource`. */
  recallSource(source: string, port?: number): AuthenticatedClient | null {
    return this.parts.allowList?.recall(source, port) ?? null;
  }

  /**
   * The client of a source address that presented no credentials on gateway port `port`: its
   * allow-list entry's proxy with the entry's targeting for that port, else a `Refusal`.
   */
  authenticateSource(source: string, port?: number): Promise<AuthenticatedClient> {
    const { allowList } = this.parts;
    if (!allowList) return Promise.reject(new Refusal('auth_required', 'proxy authentication required'));
    return allowList.authenticate(source, port);
  }

  /**
   * Refuses a proxy that may not carry traffic now (naming why: off, expired, out of funds…), or
   * one used over another protocol than the one it was generated for (4008).
   */
  admit(client: AuthenticatedClient, protocol: ProxyProtocol): void {
    const { admission } = client.credential;
    if (!admission.ok) throw admissionRefusal(admission);
    if (client.credential.protocol !== protocol) {
      throw new Refusal(
        'wrong_protocol',
        client.credential.protocol === 'http' ? 'proxy supports HTTP only' : 'proxy supports SOCKS5 only',
      );
    }
  }

  /** Claims a connection slot of the client's proxy; `close` runs if the proxy is switched off. */
  claim(client: AuthenticatedClient, close: (reason: string) => void): Lease {
    const { credential } = client;
    // A static proxy's connection is tied to the exit it leases now (closed when that changes).
    const exitId = credential.family.startsWith('static') ? credential.exitId : null;
    const lease = this.parts.registry.acquire(credential.proxyId, close, exitId);
    // An allow-listed client's connection ends when its address leaves the allow-list.
    if (client.allowListedFrom !== undefined) this.parts.allowList?.track(lease, client);
    return lease;
  }

  /**
   * Vets the destination, holds credit for the connection (refused with 3002 when its owner has
   * none) and dials it through an exit; the answer is paused and metered from its baseline on
   * (`metered`: its usage entry, with the connection's allowance). Refuses when the lease was
   * revoked meanwhile. A direct dial reads into `readInto` (a tunnel's buffer) when given.
   */
  async connect(
    client: AuthenticatedClient,
    host: string,
    port: number,
    lease: Lease,
    readInto: TargetReads | null = null,
  ): Promise<DialedTarget & { metered: Metered }> {
    const { guard } = this.parts;
    const target = guard.recall(host, port) ?? (await guard.vet(host, port));
    const allowance = await this.parts.credit.open(client);
    let dialed: DialedTarget;
    try {
      dialed = await this.parts.router.connect(client, target, readInto);
    } catch (error) {
      giveBack(allowance);
      throw error;
    }
    if (lease.revokedBecause !== null) {
      dialed.socket.destroy();
      giveBack(allowance);
      throw new Refusal('not_admitted', `proxy not allowed to carry traffic: ${lease.revokedBecause}`);
    }
    const metered = this.parts.meter.track(
      client.credential.proxyId,
      dialed.socket,
      dialed.baseline,
      allowance,
      domainFor(client, host),
    );
    return { ...dialed, metered };
  }

  /**
   * An idle keep-alive target connection for one forwarded HTTP request, when everything needed to
   * pick it is at hand (the destination's verdict, the exits): what a client repeating requests to
   * one site asks most, answered without waiting. Null when there is none or something must be
   * looked up (then `forwardTarget`).
   */
  reusableTarget(client: AuthenticatedClient, host: string, port: number): PooledTarget | null {
    const vetted = this.parts.guard.recall(host, port);
    if (!vetted) return null;
    const plan = this.parts.router.planNow(client);
    return plan && this.takePooled(plan, vetted, port, domainFor(client, host));
  }

  /**
   * A target connection for one forwarded HTTP request: an idle keep-alive connection of the same
   * proxy through the exit this request would take now to the same vetted address and port, else
   * a new one (`fresh`: always a new one), with its own allowance of credit. The destination is
   * vetted every time. Metered per use.
   */
  async forwardTarget(
    client: AuthenticatedClient,
    host: string,
    port: number,
    lease: Lease,
    fresh = false,
  ): Promise<ForwardTarget> {
    const { guard, router, pool, meter } = this.parts;
    const vetted = guard.recall(host, port) ?? (await guard.vet(host, port));
    const plan = await router.plan(client);
    const domain = domainFor(client, host);
    const pooled = fresh ? null : this.takePooled(plan, vetted, port, domain);
    if (pooled) return { target: pooled, isReused: true };
    const allowance = await this.parts.credit.open(client);
    const reads = new ForwardReads();
    let dialed: DialedTarget;
    try {
      dialed = await router.dialPlan(plan, vetted, reads);
    } catch (error) {
      giveBack(allowance);
      throw error;
    }
    if (lease.revokedBecause !== null) {
      dialed.socket.destroy();
      giveBack(allowance);
      throw new Refusal('not_admitted', `proxy not allowed to carry traffic: ${lease.revokedBecause}`);
    }
    const { proxyId } = client.credential;
    const metered = meter.track(proxyId, dialed.socket, dialed.baseline, allowance, domain);
    const { route } = router.identity(plan, dialed.exit, vetted);
    const key = poolKey(proxyId, route, dialed.address, port);
    const target = pool.adopt(dialed.socket, key, proxyId, metered, dialed.reads === reads ? reads : null);
    return { target, isReused: false };
  }

  /**
   * An idle connection through the plan's first exit to the vetted destination, now in use (metered,
   * tallied under `domain`).
   */
  private takePooled(
    plan: RoutePlan,
    vetted: VettedTarget,
    port: number,
    domain: string | null,
  ): PooledTarget | null {
    const { router, pool, meter } = this.parts;
    const first = plan.candidates[0];
    if (!first) return null;
    for (const key of this.poolKeysOf(plan, first, vetted, port)) {
      const target = pool.take(key);
      if (!target) continue;
      router.pin(plan, first);
      meter.addUse(target.metered, domain);
      return target;
    }
    return null;
  }

  /**
   * The pool keys a connection of the plan's proxy through `exit` to the vetted destination may
   * have, in the order the dial tries its addresses: made once per destination, proxy and route
   * (a client repeating requests to one site asks for the same ones each time).
   */
  private poolKeysOf(plan: RoutePlan, exit: Exit, vetted: VettedTarget, port: number): readonly string[] {
    const { router } = this.parts;
    const { proxyId } = plan.client.credential;
    const route = router.routeOf(plan, exit);
    let ofTarget = this.poolKeys.get(vetted);
    if (!ofTarget) {
      ofTarget = new Map();
      this.poolKeys.set(vetted, ofTarget);
    }
    let ofProxy = ofTarget.get(proxyId);
    if (!ofProxy) {
      ofProxy = new Map();
      ofTarget.set(proxyId, ofProxy);
    }
    let keys = ofProxy.get(route);
    if (!keys) {
      keys = router.addressesOf(exit, vetted).map((address) => poolKey(proxyId, route, address, port));
      // Upstream routes carry session values: bounded, so that rotating sessions do not pile up.
      if (ofProxy.size >= MAX_ROUTES_KEPT) ofProxy.clear();
      ofProxy.set(route, keys);
    }
    return keys;
  }

  /** Puts a target connection whose exchange ended cleanly back in the pool. */
  releaseTarget(target: PooledTarget, keepAliveMs: number | null): void {
    this.parts.pool.release(target, keepAliveMs);
  }

  /**
   * Takes back the use of a target connection that carried nothing for the client (unused, or
   * found closed by the target before it answered): bytes since `mark` are not metered.
   */
  dropTargetUse(target: PooledTarget, mark: { read: number; written: number }): void {
    this.parts.meter.dropUse(target.metered, mark);
  }

  /**
   * Destroys every target socket and waits until all are closed (their last bytes metered). Every
   * target socket is metered from its dial on, so the meter's list is the list of them.
   */
  async closeAll(): Promise<void> {
    this.parts.pool.close();
    const targets = this.parts.meter.sockets();
    const closing = targets.map(
      (socket) => new Promise<void>((resolve) => socket.once('close', () => resolve())),
    );
    for (const socket of targets) socket.destroy();
    await Promise.all(closing);
  }
}
