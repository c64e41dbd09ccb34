import type { GatewayLogger } from '../gateway.types';
import type { CredentialStore, LiveAdmission } from '../ports';
import type { ConnectionRegistry } from './connection-registry';

/** Options of the admission enforcer. */
export interface AdmissionEnforcerOptions {
  store: CredentialStore;
  registry: ConnectionRegistry;
  intervalMs: number;
  /** Called for each proxy found not admitted (the gateway drops its cached credential). */
  onRefused: (proxyId: string) => void;
  log: GatewayLogger;
}

const DELETED: LiveAdmission = { ok: false, reason: 'deleted' };

/**
 * Re-checks the admission of proxies with open connections, every interval and on demand (store
 * change notifications), and closes the connections of proxies that may no longer carry traffic.
 * A proxy missing from the store's answer counts as deleted. Checks never overlap: requests made
 * during one run are merged into the next.
 */
export class AdmissionEnforcer {
  private timer: NodeJS.Timeout | null = null;
  private isRunning = false;
  private running: Promise<void> = Promise.resolve();
  /** Proxies to check on the next run; 'all' for every open one. */
  private queued: Set<string> | 'all' | null = null;

  constructor(private readonly options: AdmissionEnforcerOptions) {}

  /** Starts the periodic check. */
  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.check(null), this.options.intervalMs);
    this.timer.unref();
  }

  /** Stops the periodic check and waits for a running one. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.queued = null;
    await this.running;
  }

  /** Checks the given proxies (null: every proxy with open connections) as soon as possible. */
  check(proxyId: string | null): Promise<void> {
    if (proxyId === null || this.queued === 'all') this.queued = 'all';
    else {
      const queued = this.queued ?? new Set<string>();
      queued.add(proxyId);
      this.queued = queued;
    }
    if (!this.isRunning) {
      this.isRunning = true;
      this.running = this.drain();
    }
    return this.running;
  }

  private async drain(): Promise<void> {
    try {
      while (this.queued !== null) {
        const queued = this.queued;
        this.queued = null;
        const open = new Set(this.options.registry.proxyIds());
        const ids = queued === 'all' ? [...open] : [...queued].filter((id) => open.has(id));
        if (ids.length > 0) await this.enforce(ids);
      }
    } finally {
      this.isRunning = false;
    }
  }

  private async enforce(ids: string[]): Promise<void> {
    let admissions: Map<string, LiveAdmission>;
    try {
      admissions = await this.options.store.checkAdmission(ids);
    } catch (error) {
      // Keep connections open through a store outage; the next run tries again.
      this.options.log.warn({ err: error }, 'admission check failed');
      return;
    }
    for (const proxyId of ids) {
      const admission = admissions.get(proxyId) ?? DELETED;
      if (admission.ok) {
        if (admission.exitId === undefined) continue;
        const moved = this.options.registry.revokeOtherExits(proxyId, admission.exitId, 'exit_changed');
        if (moved > 0) {
          this.options.onRefused(proxyId);
          this.options.log.info({ proxyId, reason: 'exit_changed', closed: moved }, 'closed connections');
        }
        continue;
      }
      this.options.onRefused(proxyId);
      const closed = this.options.registry.revoke(proxyId, admission.reason);
      if (closed) this.options.log.info({ proxyId, reason: admission.reason, closed }, 'closed connections');
    }
  }
}
