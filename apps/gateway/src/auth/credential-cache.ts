import type { CredentialStore, ProxyCredential } from '../ports';

interface Entry {
  credential: ProxyCredential | null;
  expiresAt: number;
  /** From then on a use refreshes the entry in the background (the last quarter of its time). */
  refreshAt: number;
}

/** Options of the credential cache. */
export interface CredentialCacheOptions {
  /** How long a found credential is reused. */
  ttlMs: number;
  /** How long an unknown username is remembered (shorter: a new proxy must work quickly). */
  negativeTtlMs: number;
  /** Entries kept at most; the least recently used go first. */
  maxEntries: number;
  now: () => number;
}

/**
 * Answers `findByUsername` from memory for a short while. Concurrent lookups of one username share
 * one store call; an invalidation during a lookup keeps its (possibly stale) answer out of the cache.
 * An answer is never used past its TTL; a found credential used in the last quarter of it is looked
 * up again in the background, so that a busy proxy's requests never wait for the store.
 */
export class CredentialCache {
  private readonly entries = new Map<string, Entry>();
  private readonly inFlight = new Map<string, Promise<ProxyCredential | null>>();
  /** Proxy id → the username its entry is cached under. */
  private readonly usernames = new Map<string, string>();
  /** Bumped by every invalidation: answers fetched before it are not cached. */
  private generation = 0;

  constructor(
    private readonly store: CredentialStore,
    private readonly options: CredentialCacheOptions,
  ) {}

  /** The credential of a base username, or null; throws when the store fails. */
  async find(username: string): Promise<ProxyCredential | null> {
    const entry = this.entries.get(username);
    const now = this.options.now();
    if (entry && entry.expiresAt > now) {
      // Refresh its place in the LRU order.
      this.entries.delete(username);
      this.entries.set(username, entry);
      if (entry.credential && now >= entry.refreshAt && !this.inFlight.has(username)) {
        const refresh = this.lookUp(username);
        this.inFlight.set(username, refresh);
        // A failure leaves the entry to its TTL; the first use after it asks the store again.
        refresh.then(
          () => this.inFlight.get(username) === refresh && this.inFlight.delete(username),
          () => this.inFlight.get(username) === refresh && this.inFlight.delete(username),
        );
      }
      return entry.credential;
    }
    const pending = this.inFlight.get(username);
    if (pending) return pending;
    const lookup = this.lookUp(username);
    this.inFlight.set(username, lookup);
    try {
      return await lookup;
    } finally {
      this.inFlight.delete(username);
    }
  }

  /** Whether `credential` is still the fresh cached answer for `username` (no store call, no LRU move). */
  isCurrent(username: string, credential: ProxyCredential): boolean {
    const entry = this.entries.get(username);
    return entry !== undefined && entry.credential === credential && entry.expiresAt > this.options.now();
  }

  /** Forgets the cached answer for a proxy, or every answer when `proxyId` is null. */
  invalidate(proxyId: string | null): void {
    this.generation += 1;
    this.inFlight.clear();
    if (proxyId === null) {
      this.entries.clear();
      this.usernames.clear();
      return;
    }
    const username = this.usernames.get(proxyId);
    if (username !== undefined) this.remove(username);
  }

  private async lookUp(username: string): Promise<ProxyCredential | null> {
    const generation = this.generation;
    const credential = await this.store.findByUsername(username);
    if (generation !== this.generation) return credential;
    const ttl = credential ? this.options.ttlMs : this.options.negativeTtlMs;
    if (ttl > 0) {
      this.remove(username);
      const now = this.options.now();
      this.entries.set(username, { credential, expiresAt: now + ttl, refreshAt: now + ttl * 0.75 });
      if (credential) this.usernames.set(credential.proxyId, username);
      this.evictOverflow();
    }
    return credential;
  }

  private evictOverflow(): void {
    while (this.entries.size > this.options.maxEntries) {
      const oldest = this.entries.keys().next();
      if (oldest.done) return;
      this.remove(oldest.value);
    }
  }

  private remove(username: string): void {
    const entry = this.entries.get(username);
    if (!entry) return;
    this.entries.delete(username);
    if (entry.credential) this.usernames.delete(entry.credential.proxyId);
  }
}
