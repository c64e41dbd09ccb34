import type { Lease } from '../connections/connection-registry';
import type { GatewayLogger } from '../gateway.types';
import type { AllowListStore, ProxyCredential } from '../ports';
import { Refusal } from '../refusals';
import { AllowList } from './allowlist';
import type { AuthenticatedClient } from './authenticator';
import type { CredentialCache } from './credential-cache';
import { narrowArea, parseUsername } from './username-params';

/** Options of the allow-list authentication. */
export interface AllowListAuthOptions {
  /** Where the entries come from; null: no allow-list (every client must present credentials). */
  store: AllowListStore | null;
  cache: CredentialCache;
  /** Full reload period, the safety net behind change notifications. */
  reloadMs: number;
  log: GatewayLogger;
}

/** An open connection admitted by its source address. */
interface Tracked {
  lease: Lease;
  source: string;
  proxyId: string;
}

/** Clients remembered by source address (each connection of an allow-listed client asks again). */
const MAX_REMEMBERED = 10_000;

/**
 * IP allow-list authentication (issue #21 item 3): a client that presents no credentials is the
 * proxy of the allow-list entry its source address falls in. The entries are held in memory
 * (`AllowList`: a hash lookup per prefix length) and reloaded when the store announces a change
 * and every `reloadMs`; after a reload, connections admitted from an address no longer listed for
 * their proxy are closed. The proxy's credential comes from the same cache as password clients',
 * so admission, credit, metering and enforcement are exactly theirs.
 */
export class AllowListAuth {
  private list = new AllowList([]);
  /** By source address, while the list and the credential are the ones they were built from. */
  private readonly remembered = new Map<string, AuthenticatedClient>();
  private tracked: Tracked[] = [];
  private pruneAt = 1_024;
  private timer: NodeJS.Timeout | null = null;
  private unsubscribe: (() => void) | null = null;
  private reloading: Promise<void> | null = null;
  private isReloadQueued = false;
  private isStopped = false;

  constructor(private readonly options: AllowListAuthOptions) {}

  /** Loads the entries and follows their changes. A failed first load is retried by the timer. */
  async start(): Promise<void> {
    const { store } = this.options;
    if (!store || this.timer) return;
    this.unsubscribe = store.onChange(() => void this.reload());
    this.timer = setInterval(() => void this.reload(), this.options.reloadMs);
    this.timer.unref();
    await this.reload();
  }

  /** Stops following changes. */
  async stop(): Promise<void> {
    this.isStopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.unsubscribe?.();
    this.unsubscribe = null;
    await this.reloading;
  }

  /** Entries held now. */
  get size(): number {
    return this.list.size;
  }

  /**
   * Reloads the entries (calls during a reload are merged into one more), then closes connections
   * whose address is no longer listed for their proxy.
   */
  reload(): Promise<void> {
    if (this.reloading) {
      this.isReloadQueued = true;
      return this.reloading;
    }
    const run = async () => {
      do {
        this.isReloadQueued = false;
        await this.loadOnce();
      } while (this.isReloadQueued && !this.isStopped);
    };
    this.reloading = run().finally(() => {
      this.reloading = null;
    });
    return this.reloading;
  }

  private async loadOnce(): Promise<void> {
    const { store, log } = this.options;
    if (!store || this.isStopped) return;
    try {
      this.list = new AllowList(await store.load());
    } catch (error) {
      // Keep the entries held; the next notification or period tries again.
      log.warn({ err: error }, 'allow-list reload failed');
      return;
    }
    this.remembered.clear();
    this.closeUnlisted();
  }

  /** Remembered clients are per source, and per gateway port once any entry has port rules. */
  private keyOf(source: string, port: number | undefined): string {
    return this.list.hasPortRules && port !== undefined ? `${port}/${source}` : source;
  }

  /** The client of a source address (on gateway port `port`) admitted moments ago; null: ask `authenticate`. */
  recall(source: string, port?: number): AuthenticatedClient | null {
    const key = this.keyOf(source, port);
    const hit = this.remembered.get(key);
    if (!hit) return null;
    if (this.options.cache.isCurrent(hit.credential.username, hit.credential)) return hit;
    this.remembered.delete(key);
    return null;
  }

  /**
   * The client of a source address that presented no credentials: the proxy of its allow-list
   * entry, targeted by the entry's rule for the gateway port it connected to (the proxy's own
   * area on any other port). Not listed: 407 / SOCKS refusal, as any client without credentials;
   * a rule that no longer fits the proxy's area: 407 with the problem, as its username would be.
   */
  async authenticate(source: string, port?: number): Promise<AuthenticatedClient> {
    const entry = this.list.match(source);
    if (!entry) throw new Refusal('auth_required', 'proxy authentication required');
    const list = this.list;
    let credential: ProxyCredential | null;
    try {
      credential = await this.options.cache.find(entry.username);
    } catch {
      throw new Refusal('store_unavailable', 'credentials cannot be checked right now, retry shortly');
    }
    if (!credential || credential.proxyId !== entry.proxyId) {
      throw new Refusal('auth_required', 'proxy authentication required');
    }
    const rule = port === undefined ? undefined : entry.portRules?.[port];
    let client: AuthenticatedClient = {
      credential,
      params: {},
      area: credential.area,
      allowListedFrom: source,
    };
    if (rule !== undefined) {
      const parsed = parseUsername(`${entry.username}-${rule}`);
      if (!parsed.ok) throw new Refusal('auth_required', `port ${port}: ${parsed.problem}`);
      const narrowed = narrowArea(credential.area, parsed.params);
      if (!narrowed.ok) throw new Refusal('area_not_allowed', `port ${port}: ${narrowed.problem}`);
      client = { ...client, params: parsed.params, area: narrowed.area };
    }
    // A reload meanwhile may have removed the entry: answer, but do not remember.
    if (list === this.list) {
      if (this.remembered.size >= MAX_REMEMBERED) this.remembered.clear();
      this.remembered.set(this.keyOf(source, port), client);
    }
    return client;
  }

  /** Follows an allow-listed client's connection so that removing its entry closes it. */
  track(lease: Lease, client: AuthenticatedClient): void {
    const source = client.allowListedFrom;
    if (source === undefined) return;
    if (this.tracked.length >= this.pruneAt) {
      this.tracked = this.tracked.filter((item) => item.lease.rosterIndex >= 0);
      this.pruneAt = Math.max(1_024, this.tracked.length * 2);
    }
    this.tracked.push({ lease, source, proxyId: client.credential.proxyId });
    // Listed when authenticated, removed before the claim: close it at once.
    if (this.list.match(source)?.proxyId !== client.credential.proxyId) this.closeUnlisted();
  }

  private closeUnlisted(): void {
    const kept: Tracked[] = [];
    let closed = 0;
    for (const item of this.tracked) {
      if (item.lease.rosterIndex < 0) continue;
      if (this.list.match(item.source)?.proxyId === item.proxyId) {
        kept.push(item);
        continue;
      }
      item.lease.revoke('allowlist_removed');
      closed += 1;
    }
    this.tracked = kept;
    this.pruneAt = Math.max(1_024, kept.length * 2);
    if (closed > 0)
      this.options.log.info({ closed }, 'closed connections of addresses no longer allow-listed');
  }
}
