import type {
  Admission,
  CredentialStore,
  Exit,
  ExitCatalog,
  ExitCriteria,
  ProxyCredential,
  UsageBatch,
  UsageSink,
} from '../ports';

/**
 * Credentials kept in memory. Changes are silent until `notifyChange` (as a database write is
 * until its NOTIFY), so tests can exercise both the notification and the periodic check.
 */
export class MemoryCredentialStore implements CredentialStore {
  private readonly byId = new Map<string, ProxyCredential>();
  private readonly listeners = new Set<(proxyId: string | null) => void>();
  /** Calls of `findByUsername`, to observe caching. */
  lookups = 0;
  /** Make every call fail (a database outage). */
  isFailing = false;

  constructor(credentials: ProxyCredential[] = []) {
    for (const credential of credentials) this.put(credential);
  }

  /** Adds or replaces a credential. */
  put(credential: ProxyCredential): void {
    this.byId.set(credential.proxyId, structuredClone(credential));
  }

  /** Changes fields of a credential (no notification). */
  update(proxyId: string, changes: Partial<ProxyCredential>): void {
    const current = this.byId.get(proxyId);
    if (!current) throw new Error(`no proxy ${proxyId}`);
    this.byId.set(proxyId, { ...current, ...structuredClone(changes) });
  }

  /** Sets a proxy's admission (no notification). */
  setAdmission(proxyId: string, admission: Admission): void {
    this.update(proxyId, { admission });
  }

  /** Removes a credential (no notification). */
  remove(proxyId: string): void {
    this.byId.delete(proxyId);
  }

  /** Tells listeners that a proxy (or, with null, anything) changed. */
  notifyChange(proxyId: string | null): void {
    for (const listener of this.listeners) listener(proxyId);
  }

  async findByUsername(username: string): Promise<ProxyCredential | null> {
    this.lookups += 1;
    if (this.isFailing) throw new Error('credential store unavailable');
    for (const credential of this.byId.values()) {
      if (credential.username === username) return structuredClone(credential);
    }
    return null;
  }

  async checkAdmission(proxyIds: readonly string[]): Promise<Map<string, Admission>> {
    if (this.isFailing) throw new Error('credential store unavailable');
    const answer = new Map<string, Admission>();
    for (const proxyId of proxyIds) {
      const credential = this.byId.get(proxyId);
      answer.set(proxyId, credential ? credential.admission : { ok: false, reason: 'deleted' });
    }
    return answer;
  }

  onChange(listener: (proxyId: string | null) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

const sameText = (a: string | null | undefined, b: string) => (a ?? '').toLowerCase() === b.toLowerCase();

/** Whether an exit serves the criteria (absent/null criteria match anything). */
export const exitMatches = (exit: Exit, criteria: ExitCriteria): boolean =>
  (!criteria.exitId || exit.id === criteria.exitId) &&
  (!criteria.country || sameText(exit.country, criteria.country)) &&
  (!criteria.state || sameText(exit.state, criteria.state)) &&
  (!criteria.city || sameText(exit.city, criteria.city)) &&
  (criteria.line === undefined || criteria.line === null || exit.line === criteria.line) &&
  (!criteria.type || exit.type === criteria.type);

/** Exits kept in memory, every one healthy until reported failing (if `isHealthTracked`). */
export class MemoryExitCatalog implements ExitCatalog {
  exits: Exit[];
  /** Failures reported by the gateway. */
  readonly failures: { exitId: string; error: Error }[] = [];
  /** Criteria of every lookup. */
  readonly lookups: ExitCriteria[] = [];

  constructor(
    exits: Exit[] = [],
    private readonly isHealthTracked = false,
  ) {
    this.exits = exits;
  }

  async findExits(criteria: ExitCriteria): Promise<Exit[]> {
    this.lookups.push(criteria);
    const failed = new Set(this.isHealthTracked ? this.failures.map((f) => f.exitId) : []);
    return this.exits
      .filter((exit) => exitMatches(exit, criteria) && !failed.has(exit.id))
      .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  }

  reportFailure(exitId: string, error: Error): void {
    this.failures.push({ exitId, error });
  }
}

/** Totals of one proxy over the batches applied. */
export interface UsageTotals {
  bytesUp: number;
  bytesDown: number;
  connections: number;
}

/** A usage sink in memory: applies each batch id once, and can be told to fail. */
export class MemoryUsageSink implements UsageSink {
  /** Batches applied, in order. */
  readonly batches: UsageBatch[] = [];
  /** Every call, applied or failed (to observe retries). */
  readonly attempts: { batchId: string; ok: boolean }[] = [];
  private failuresLeft = 0;
  private readonly applied = new Set<string>();
  private readonly waiters: (() => void)[] = [];

  /** The next `count` calls throw. */
  failNext(count: number): void {
    this.failuresLeft = count;
  }

  async flush(batch: UsageBatch): Promise<void> {
    if (this.failuresLeft > 0) {
      this.failuresLeft -= 1;
      this.attempts.push({ batchId: batch.batchId, ok: false });
      throw new Error('usage sink unavailable');
    }
    this.attempts.push({ batchId: batch.batchId, ok: true });
    if (this.applied.has(batch.batchId)) return;
    this.applied.add(batch.batchId);
    this.batches.push(structuredClone(batch));
    for (const wake of this.waiters.splice(0)) wake();
  }

  /** Totals of a proxy over every applied batch. */
  totals(proxyId: string): UsageTotals {
    const totals: UsageTotals = { bytesUp: 0, bytesDown: 0, connections: 0 };
    for (const batch of this.batches) {
      for (const delta of batch.deltas) {
        if (delta.proxyId !== proxyId) continue;
        totals.bytesUp += delta.bytesUp;
        totals.bytesDown += delta.bytesDown;
        totals.connections += delta.connections;
      }
    }
    return totals;
  }

  /** Resolves after the next applied batch. */
  nextBatch(): Promise<void> {
    return new Promise((resolve) => this.waiters.push(resolve));
  }
}
