import { and, autoTopUps, balanceAlarms, type Database, eq, inArray, savedCards, sql, users } from '@ptc/db';

/** A user's auto top-up settings. */
export const findAutoTopUp = async (db: Database, userId: bigint) => {
  const [row] = await db.select().from(autoTopUps).where(eq(autoTopUps.userId, userId)).limit(1);
  return row ?? null;
};

/** Saves auto top-up settings (re-armed). */
export const upsertAutoTopUp = async (db: Database, row: typeof autoTopUps.$inferInsert) => {
  await db
    .insert(autoTopUps)
    .values({ ...row, armed: true })
    .onConflictDoUpdate({
      target: autoTopUps.userId,
      set: {
        enabled: row.enabled,
        amount: row.amount,
        threshold: row.threshold,
        lang: row.lang,
        armed: true,
        lastError: null,
      },
    });
};

/** Turns auto top-up off (card removed, say). */
export const disableAutoTopUp = async (db: Database, userId: bigint) => {
  await db.update(autoTopUps).set({ enabled: false }).where(eq(autoTopUps.userId, userId));
};

/** Records the outcome of an automatic charge. */
export const recordAutoTopUpAttempt = async (
  db: Database,
  userId: bigint,
  error: string | null,
  now: Date,
) => {
  await db
    .update(autoTopUps)
    .set({ lastAttemptAt: now, lastError: error })
    .where(eq(autoTopUps.userId, userId));
};

/**
 * Takes (disarms) every enabled, armed auto top-up whose user's balance is below its threshold
 * and who has a saved card: each crossing fires once, even with several job runners.
 */
export const takeDueAutoTopUps = async (db: Database, now: Date) =>
  db
    .update(autoTopUps)
    .set({ armed: false, lastAttemptAt: now })
    .where(
      and(
        eq(autoTopUps.enabled, true),
        eq(autoTopUps.armed, true),
        sql`exists (select 1 from ${users} where ${users.id} = ${autoTopUps.userId} and ${users.deletedAt} is null and ${users.balance} < ${autoTopUps.threshold})`,
        sql`exists (select 1 from ${savedCards} where ${savedCards.userId} = ${autoTopUps.userId})`,
      ),
    )
    .returning();

/** Re-arms auto top-ups whose balance is back at or above the threshold. */
export const rearmAutoTopUps = async (db: Database) =>
  db
    .update(autoTopUps)
    .set({ armed: true })
    .where(
      and(
        eq(autoTopUps.armed, false),
        sql`exists (select 1 from ${users} where ${users.id} = ${autoTopUps.userId} and ${users.balance} >= ${autoTopUps.threshold})`,
      ),
    );

/** The saved card of a user. */
export const findSavedCard = async (db: Database, userId: bigint) => {
  const [row] = await db.select().from(savedCards).where(eq(savedCards.userId, userId)).limit(1);
  return row ?? null;
};

/** Saves (replaces) a user's card. */
export const upsertSavedCard = async (db: Database, row: typeof savedCards.$inferInsert) => {
  await db
    .insert(savedCards)
    .values(row)
    .onConflictDoUpdate({
      target: savedCards.userId,
      set: {
        provider: row.provider,
        customerRef: row.customerRef,
        paymentMethodRef: row.paymentMethodRef,
        brand: row.brand,
        last4: row.last4,
        exp: row.exp,
      },
    });
};

/** Forgets a user's card. */
export const deleteSavedCard = async (db: Database, userId: bigint) => {
  await db.delete(savedCards).where(eq(savedCards.userId, userId));
};

/** A user's balance alarm. */
export const findBalanceAlarm = async (db: Database, userId: bigint) => {
  const [row] = await db.select().from(balanceAlarms).where(eq(balanceAlarms.userId, userId)).limit(1);
  return row ?? null;
};

/** Saves a balance alarm (re-armed). */
export const upsertBalanceAlarm = async (db: Database, row: typeof balanceAlarms.$inferInsert) => {
  await db
    .insert(balanceAlarms)
    .values({ ...row, armed: true })
    .onConflictDoUpdate({
      target: balanceAlarms.userId,
      set: {
        enabled: row.enabled,
        threshold: row.threshold,
        method: row.method,
        address: row.address,
        lang: row.lang,
        armed: true,
      },
    });
};

/** Takes (disarms) every enabled, armed alarm whose balance is below its threshold, with the balance. */
export const takeDueBalanceAlarms = async (db: Database, now: Date) => {
  const due = await db
    .update(balanceAlarms)
    .set({ armed: false, lastNotifiedAt: now })
    .where(
      and(
        eq(balanceAlarms.enabled, true),
        eq(balanceAlarms.armed, true),
        sql`exists (select 1 from ${users} where ${users.id} = ${balanceAlarms.userId} and ${users.deletedAt} is null and ${users.balance} < ${balanceAlarms.threshold})`,
      ),
    )
    .returning();
  if (due.length === 0) return [];
  const balances = await db
    .select({ id: users.id, balance: users.balance })
    .from(users)
    .where(
      inArray(
        users.id,
        due.map((alarm) => alarm.userId),
      ),
    );
  const balanceOf = new Map(balances.map((row) => [row.id, row.balance]));
  return due.map((alarm) => ({ ...alarm, balance: balanceOf.get(alarm.userId) ?? 0n }));
};

/** Re-arms alarms whose balance is back at or above the threshold. */
export const rearmBalanceAlarms = async (db: Database) =>
  db
    .update(balanceAlarms)
    .set({ armed: true })
    .where(
      and(
        eq(balanceAlarms.armed, false),
        sql`exists (select 1 from ${users} where ${users.id} = ${balanceAlarms.userId} and ${users.balance} >= ${balanceAlarms.threshold})`,
      ),
    );
