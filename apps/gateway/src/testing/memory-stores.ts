import { BYTES_PER_GB } from '../credit/allowance';
import type {
  Admission,
  CredentialStore,
  CreditAnswer,
  CreditRequest,
  CreditStore,
  Exit,
  ExitCatalog,
  ExitCriteria,
  LiveAdmission,
  ProxyCredential,
  SubUserCreditAnswer,
  SubUserCreditRequest,
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
  /** Make only renewals fail (holds go stale while reservations still work). */
  failRenewals = false;

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

  /** The credential of a proxy id, if any. */
  credentialOf(proxyId: string): ProxyCredential | null {
    return this.byId.get(proxyId) ?? null;
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

  async checkAdmission(proxyIds: readonly string[]): Promise<Map<string, LiveAdmission>> {
    if (this.isFailing) throw new Error('credential store unavailable');
    const answer = new Map<string, LiveAdmission>();
    for (const proxyId of proxyIds) {
      const credential = this.byId.get(proxyId);
      if (!credential) answer.set(proxyId, { ok: false, reason: 'deleted' });
      // As the database store: an admitted static proxy names the exit it leases now.
      else if (credential.admission.ok && credential.family.startsWith('static') && credential.exitId)
        answer.set(proxyId, { ...credential.admission, exitId: credential.exitId });
      else answer.set(proxyId, credential.admission);
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
  /** Criteria of every lookup that was waited for (`findExits`). */
  readonly lookups: ExitCriteria[] = [];
  /** Lookups answered at once (`recallExits`). */
  recalls = 0;

  constructor(
    exits: Exit[] = [],
    private readonly isHealthTracked = false,
  ) {
    this.exits = exits;
  }

  async findExits(criteria: ExitCriteria): Promise<Exit[]> {
    this.lookups.push(criteria);
    return this.matching(criteria);
  }

  /** As a cache that always holds a fresh answer does: the answer at once (counted in `recalls`). */
  recallExits(criteria: ExitCriteria): readonly Exit[] {
    this.recalls += 1;
    return this.matching(criteria);
  }

  private matching(criteria: ExitCriteria): Exit[] {
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
  /** `onApplied`: called with each batch applied (a credit store consumes its holds from it). */
  constructor(private readonly onApplied: (batch: UsageBatch) => void = () => {}) {}

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
    this.onApplied(batch);
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

/** Credit of one user in memory: micro-PTC and traffic-package bytes. */
export interface MemoryCredit {
  money: number;
  packageBytes: number;
}

/**
 * Credit in memory, as the database keeps it: each user's spendable credit (`setCredit`; users
 * never set have unlimited credit), what the gateway holds of it, and usage consuming the holds
 * (`applyUsage`, wired to the memory usage sink). Every request is recorded; it can be told to fail.
 */
export class MemoryCreditStore implements CreditStore {
  private readonly spendable = new Map<string, MemoryCredit>();
  private readonly holds = new Map<string, MemoryCredit>();
  /** Every reservation asked for. */
  readonly requests: CreditRequest[] = [];
  /** Every release, with its users. */
  readonly releases: string[][] = [];
  renewals = 0;
  /** Micro-PTC and package bytes carried beyond what was held (consumed from spendable credit). */
  readonly overrun: MemoryCredit = { money: 0, packageBytes: 0 };
  /** Make every call fail (a database outage). */
  isFailing = false;
  /** Make only renewals fail (holds go stale while reservations still work). */
  failRenewals = false;
  /** Every request for a sub-user's grant. */
  readonly subUserRequests: SubUserCreditRequest[] = [];
  /** What is held of each sub-user's limits (bytes, micro-PTC). */
  private readonly subUserHolds = new Map<string, { bytes: number; money: number }>();
  /** What each sub-user carried beyond the usage its credential says was flushed (`applyUsage`). */
  private readonly subUserUsed = new Map<string, { bytes: number; money: number }>();
  /** What other gateway processes hold of sub-users' limits (`holdForAnotherProcess`). */
  private readonly otherHolds = new Map<string, { bytes: number; money: number }>();

  /** Gives a user finite spendable credit (replacing what was left). */
  setCredit(userId: string, credit: Partial<MemoryCredit>): void {
    this.spendable.set(userId, { money: 0, packageBytes: 0, ...credit });
  }

  /** Spendable and held credit of a user with finite credit. */
  creditOf(userId: string): { spendable: MemoryCredit; held: MemoryCredit } {
    return {
      spendable: { ...(this.spendable.get(userId) ?? { money: Infinity, packageBytes: 0 }) },
      held: { ...(this.holds.get(userId) ?? { money: 0, packageBytes: 0 }) },
    };
  }

  async reserve(request: CreditRequest): Promise<CreditAnswer> {
    this.requests.push({ ...request });
    if (this.isFailing) throw new Error('credit store unavailable');
    const account = this.spendable.get(request.userId);
    let packageBytes = 0;
    let money = Math.ceil((request.bytes * request.pricePerGb) / BYTES_PER_GB);
    if (account) {
      packageBytes = Math.min(request.bytes, account.packageBytes);
      money = Math.min(
        Math.ceil(((request.bytes - packageBytes) * request.pricePerGb) / BYTES_PER_GB),
        Math.floor(account.money),
      );
      if (packageBytes <= 0 && money <= 0) return { ok: false, reason: 'no_funds' };
      account.packageBytes -= packageBytes;
      account.money -= money;
    }
    const held = this.holds.get(request.userId) ?? { money: 0, packageBytes: 0 };
    held.money += money;
    held.packageBytes += packageBytes;
    this.holds.set(request.userId, held);
    return { ok: true, credit: { money, packageBytes } };
  }

  async release(userIds: readonly string[]): Promise<void> {
    if (this.isFailing) throw new Error('credit store unavailable');
    this.releases.push([...userIds]);
    for (const userId of userIds) {
      const held = this.holds.get(userId);
      this.holds.delete(userId);
      const account = this.spendable.get(userId);
      if (!held || !account) continue;
      account.money += held.money;
      account.packageBytes += held.packageBytes;
    }
  }

  /**
   * Holds of a sub-user's limits what is left of each: the limit, less the usage its credential
   * says was flushed and what was carried since, less what is held (as the database does).
   */
  async reserveSubUser(request: SubUserCreditRequest): Promise<SubUserCreditAnswer> {
    this.subUserRequests.push(structuredClone(request));
    if (this.isFailing) throw new Error('credit store unavailable');
    const { limits } = request;
    if (limits.trafficLimitBytes === null && limits.spendingLimit === null)
      return { ok: true, grant: { bytes: null, money: null } };
    const used = this.subUserUsed.get(request.subUserId) ?? { bytes: 0, money: 0 };
    const held = this.subUserHolds.get(request.subUserId) ?? { bytes: 0, money: 0 };
    const other = this.otherHolds.get(request.subUserId) ?? { bytes: 0, money: 0 };
    const bytes =
      limits.trafficLimitBytes === null
        ? null
        : Math.max(
            0,
            Math.min(
              Math.ceil(request.bytes),
              Math.floor(limits.trafficLimitBytes - limits.bytesUsed - used.bytes - held.bytes - other.bytes),
            ),
          );
    const money =
      limits.spendingLimit === null
        ? null
        : Math.max(
            0,
            Math.min(
              Math.ceil(request.money),
              Math.floor(limits.spendingLimit - limits.moneyUsed - used.money - held.money - other.money),
            ),
          );
    if (bytes === 0 || (bytes === null && money === 0)) return { ok: false, reason: 'sub_user_limit' };
    held.bytes += bytes ?? 0;
    held.money += money ?? 0;
    this.subUserHolds.set(request.subUserId, held);
    return { ok: true, grant: { bytes, money } };
  }

  async releaseSubUsers(subUserIds: readonly string[]): Promise<void> {
    if (this.isFailing) throw new Error('credit store unavailable');
    for (const id of subUserIds) this.subUserHolds.delete(id);
  }

  /** Holds part of a sub-user's limits as another gateway process would (never given back here). */
  holdForAnotherProcess(subUserId: string, held: { bytes: number; money: number }): void {
    this.otherHolds.set(subUserId, { ...held });
  }

  /** What is held of a sub-user's limits, by this process and others. */
  subUserHeld(subUserId: string): { bytes: number; money: number } {
    const own = this.subUserHolds.get(subUserId) ?? { bytes: 0, money: 0 };
    const other = this.otherHolds.get(subUserId) ?? { bytes: 0, money: 0 };
    return { bytes: own.bytes + other.bytes, money: own.money + other.money };
  }

  async renew(): Promise<void> {
    if (this.isFailing || this.failRenewals) throw new Error('credit store unavailable');
    this.renewals += 1;
  }

  /**
   * Consumes holds for a batch of usage, as the database's usage flush does: each delta's package
   * bytes from held package bytes, the rest in money at the proxy's price; beyond the hold, from
   * spendable credit (recorded as overrun).
   */
  applyUsage(batch: UsageBatch, credentialOf: (proxyId: string) => ProxyCredential | null): void {
    for (const delta of batch.deltas) {
      const credential = credentialOf(delta.proxyId);
      if (!credential || credential.pricePerGb === null) continue;
      const held = this.holds.get(credential.userId) ?? { money: 0, packageBytes: 0 };
      this.holds.set(credential.userId, held);
      const packageBytes = Math.min(delta.packageBytes, held.packageBytes);
      held.packageBytes -= packageBytes;
      const bytes = delta.bytesUp + delta.bytesDown - packageBytes;
      const money = (bytes * credential.pricePerGb) / BYTES_PER_GB;
      const fromHold = Math.min(money, held.money);
      held.money -= fromHold;
      const subUser = credential.subUser;
      if (subUser) {
        const total = delta.bytesUp + delta.bytesDown;
        const subUserHeld = this.subUserHolds.get(subUser.id);
        if (subUserHeld) {
          subUserHeld.bytes = Math.max(0, subUserHeld.bytes - total);
          subUserHeld.money = Math.max(0, subUserHeld.money - money);
        }
        const used = this.subUserUsed.get(subUser.id) ?? { bytes: 0, money: 0 };
        used.bytes += total;
        used.money += money;
        this.subUserUsed.set(subUser.id, used);
      }
      const beyond = money - fromHold;
      if (beyond > 0) {
        this.overrun.money += beyond;
        const account = this.spendable.get(credential.userId);
        if (account) account.money -= beyond;
      }
    }
  }
}
