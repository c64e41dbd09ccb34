import { AppError, type Micro } from '@ptc/contracts';
import { type Database, isUniqueViolation, type ledgerEntries } from '@ptc/db';
import { currentApiKeyId } from '../api-keys/api-key-attribution';
import { addToBalance, findEntryByKey, insertEntry } from './ledger.repository';

/** Kinds of balance movement (DESIGN §4 Ledger). */
export type LedgerKind = (typeof ledgerEntries.$inferSelect)['kind'];

/** One balance movement. */
export interface Movement {
  userId: bigint;
  /** Signed micro-PTC: positive credits, negative debits. Never zero. */
  amount: Micro;
  kind: LedgerKind;
  /** Unique per real-world event: a retry with the same key changes nothing. */
  idempotencyKey: string;
  reference?: { type: string; id: string };
  note?: string;
  /**
   * A debit of money held for it (usage settlement, DESIGN §4 Credit control): it may use held
   * money, and the caller takes it out of the holds in the same transaction. Any other debit must
   * fit in the spendable balance (`balance - held`).
   */
  isSettlement?: boolean;
}

/** What a movement did. */
export interface MovementResult {
  entry: typeof ledgerEntries.$inferSelect;
  /** False when the key was seen before and nothing moved this time. */
  applied: boolean;
}

class DuplicateMovement extends Error {}

/**
 * What a user can spend: the balance less what gateways hold of it for traffic under way
 * (DESIGN §4 Credit control), never below zero. This is the balance customers are shown.
 */
export const spendableOf = (user: { balance: Micro; held: Micro }): Micro =>
  user.balance > user.held ? user.balance - user.held : 0n;

/**
 * THE way money moves. In one transaction (a savepoint when the caller already has one) it
 * updates the balance with a guard (a debit fits in `balance - held`, what is not held for
 * traffic; the balance itself never below zero, backed by a CHECK constraint) and appends an
 * immutable entry under a unique idempotency key, so `balance == sum(entries)` always holds,
 * concurrent debits never overdraw or spend held money (3002) and a retry never moves money twice.
 */
export const moveMoney = async (db: Database, movement: Movement): Promise<MovementResult> => {
  if (movement.amount === 0n) throw new Error('a ledger movement cannot be zero');
  const existing = await findEntryByKey(db, movement.idempotencyKey);
  if (existing) return { entry: existing, applied: false };
  try {
    return await db.transaction(async (tx) => {
      const t = tx as unknown as Database;
      const topUp = movement.kind === 'topup' ? movement.amount : 0n;
      const balance = await addToBalance(
        t,
        movement.userId,
        movement.amount,
        topUp,
        movement.isSettlement ?? false,
      );
      if (balance === null) throw new AppError('ERR_BALANCE_NOT_ENOUGH');
      try {
        const entry = await insertEntry(t, {
          userId: movement.userId,
          amount: movement.amount,
          kind: movement.kind,
          referenceType: movement.reference?.type ?? null,
          referenceId: movement.reference?.id ?? null,
          idempotencyKey: movement.idempotencyKey,
          balanceAfter: balance,
          note: movement.note ?? null,
          // A request made with an API key is recorded as made through it (issue #17).
          apiKeyId: currentApiKeyId(),
        });
        return { entry, applied: true };
      } catch (error) {
        // Someone recorded this key while we waited for the row lock: undo our balance change.
        if (isUniqueViolation(error)) throw new DuplicateMovement();
        throw error;
      }
    });
  } catch (error) {
    if (!(error instanceof DuplicateMovement)) throw error;
    const entry = await findEntryByKey(db, movement.idempotencyKey);
    if (!entry) throw new Error('duplicate ledger entry vanished');
    return { entry, applied: false };
  }
};
