import { and, count, type Database, desc, eq, gt, isNull, lt, sql, verificationCodes } from '@ptc/db';

type Channel = 'email' | 'sms';
type Purpose = 'register' | 'login' | 'bind' | 'reset';

/** Serialises code sending per address within the current transaction. */
export const lockAddress = async (db: Database, channel: Channel, address: string) => {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`code:${channel}:${address}`}))`);
};

/** When the newest code for an address was sent, if any. */
export const findLastCodeTime = async (db: Database, channel: Channel, address: string) => {
  const [row] = await db
    .select({ createdAt: verificationCodes.createdAt })
    .from(verificationCodes)
    .where(and(eq(verificationCodes.channel, channel), eq(verificationCodes.address, address)))
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1);
  return row?.createdAt ?? null;
};

/** Codes sent to an address since `since`. */
export const countCodesToAddress = async (db: Database, channel: Channel, address: string, since: Date) => {
  const [row] = await db
    .select({ n: count() })
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.channel, channel),
        eq(verificationCodes.address, address),
        gt(verificationCodes.createdAt, since),
      ),
    );
  return row?.n ?? 0;
};

/** Codes requested from a client address since `since`. */
export const countCodesFromIp = async (db: Database, clientIp: string, since: Date) => {
  const [row] = await db
    .select({ n: count() })
    .from(verificationCodes)
    .where(and(eq(verificationCodes.clientIp, clientIp), gt(verificationCodes.createdAt, since)));
  return row?.n ?? 0;
};

/** Stores a code (its hash). */
export const insertCode = async (db: Database, code: typeof verificationCodes.$inferInsert) => {
  const [row] = await db.insert(verificationCodes).values(code).returning({ id: verificationCodes.id });
  if (!row) throw new Error('insert returned no code');
  return row.id;
};

/** Removes a code that could not be delivered. */
export const deleteCode = async (db: Database, id: bigint) => {
  await db.delete(verificationCodes).where(eq(verificationCodes.id, id));
};

/** The newest live code for an address and purpose. */
export const findLiveCode = async (
  db: Database,
  channel: Channel,
  address: string,
  purpose: Purpose,
  now: Date,
) => {
  const [row] = await db
    .select()
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.channel, channel),
        eq(verificationCodes.address, address),
        eq(verificationCodes.purpose, purpose),
        isNull(verificationCodes.consumedAt),
        gt(verificationCodes.expiresAt, now),
      ),
    )
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1);
  return row ?? null;
};

/** Spends a code; false when someone else spent it first. */
export const consumeCode = async (db: Database, id: bigint, now: Date) => {
  const rows = await db
    .update(verificationCodes)
    .set({ consumedAt: now })
    .where(and(eq(verificationCodes.id, id), isNull(verificationCodes.consumedAt)))
    .returning({ id: verificationCodes.id });
  return rows.length === 1;
};

/** Counts a wrong try; the code is spent when it reaches `maxAttempts`. */
export const recordWrongCode = async (db: Database, id: bigint, maxAttempts: number, now: Date) => {
  await db
    .update(verificationCodes)
    .set({
      attempts: sql`${verificationCodes.attempts} + 1`,
      consumedAt: sql`case when ${verificationCodes.attempts} + 1 >= ${maxAttempts} then ${now} else ${verificationCodes.consumedAt} end`,
    })
    .where(eq(verificationCodes.id, id));
};

/** Spends every live code of an address and purpose (after a successful reset, say). */
export const consumeCodesFor = async (
  db: Database,
  channel: Channel,
  address: string,
  purpose: Purpose,
  now: Date,
) => {
  await db
    .update(verificationCodes)
    .set({ consumedAt: now })
    .where(
      and(
        eq(verificationCodes.channel, channel),
        eq(verificationCodes.address, address),
        eq(verificationCodes.purpose, purpose),
        isNull(verificationCodes.consumedAt),
      ),
    );
};

/**
 * Removes codes that expired before `now` and were sent before `sentBefore` (codes count
 * against the daily sending caps until then); answers how many.
 */
export const deleteStaleCodes = async (db: Database, now: Date, sentBefore: Date) =>
  (
    await db
      .delete(verificationCodes)
      .where(and(lt(verificationCodes.expiresAt, now), lt(verificationCodes.createdAt, sentBefore)))
      .returning({ id: verificationCodes.id })
  ).length;
