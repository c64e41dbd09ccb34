import {
  and,
  asc,
  type Database,
  desc,
  eq,
  gt,
  inArray,
  isNull,
  sql,
  trustedDevices,
  twoFactorChallenges,
  userTwoFactor,
} from '@ptc/db';

/** A customer's two-factor row as stored. */
export type TwoFactorRow = typeof userTwoFactor.$inferSelect;
/** A sign-in's second-step challenge as stored. */
export type ChallengeRow = typeof twoFactorChallenges.$inferSelect;

/** The customer's two-factor row, or null. */
export const findTwoFactor = async (db: Database, userId: bigint): Promise<TwoFactorRow | null> => {
  const [row] = await db.select().from(userTwoFactor).where(eq(userTwoFactor.userId, userId));
  return row ?? null;
};

/** Keeps a secret offered at enrolment (replacing an earlier unconfirmed one). */
export const storePendingTotp = async (db: Database, userId: bigint, pendingTotpSealed: string) => {
  await db
    .insert(userTwoFactor)
    .values({ userId, pendingTotpSealed })
    .onConflictDoUpdate({ target: userTwoFactor.userId, set: { pendingTotpSealed, updatedAt: new Date() } });
};

/**
 * Turns the pending secret into the enabled factor, unless 2FA got enabled meanwhile (another
 * tab); answers whether it did.
 */
export const enableTotp = async (
  db: Database,
  userId: bigint,
  pendingTotpSealed: string,
  values: { step: number; recoveryCodeHashes: string[]; now: Date },
) => {
  const rows = await db
    .update(userTwoFactor)
    .set({
      totpSecretSealed: pendingTotpSealed,
      pendingTotpSealed: null,
      enabledAt: values.now,
      lastTotpStep: values.step,
      recoveryCodeHashes: values.recoveryCodeHashes,
    })
    .where(
      and(
        eq(userTwoFactor.userId, userId),
        eq(userTwoFactor.pendingTotpSealed, pendingTotpSealed),
        isNull(userTwoFactor.enabledAt),
      ),
    )
    .returning({ userId: userTwoFactor.userId });
  return rows.length > 0;
};

/** Forgets the customer's second factor altogether; answers whether it was enabled. */
export const deleteTwoFactor = async (db: Database, userId: bigint) => {
  const rows = await db
    .delete(userTwoFactor)
    .where(eq(userTwoFactor.userId, userId))
    .returning({ enabledAt: userTwoFactor.enabledAt });
  return rows.some((row) => row.enabledAt !== null);
};

/** Records `step` as used when it is newer than the last one; false when it was used already. */
export const claimTotpStep = async (db: Database, userId: bigint, step: number) => {
  const claimed = await db
    .update(userTwoFactor)
    .set({ lastTotpStep: step })
    .where(
      and(
        eq(userTwoFactor.userId, userId),
        sql`(${userTwoFactor.lastTotpStep} is null or ${userTwoFactor.lastTotpStep} < ${step})`,
      ),
    )
    .returning({ userId: userTwoFactor.userId });
  return claimed.length > 0;
};

/** Takes one unused recovery code hash out; false when it was not there (wrong or used). */
export const takeRecoveryCode = async (db: Database, userId: bigint, codeHash: string) => {
  const taken = await db
    .update(userTwoFactor)
    .set({ recoveryCodeHashes: sql`${userTwoFactor.recoveryCodeHashes} - ${codeHash}::text` })
    .where(
      and(eq(userTwoFactor.userId, userId), sql`${userTwoFactor.recoveryCodeHashes} ? ${codeHash}::text`),
    )
    .returning({ userId: userTwoFactor.userId });
  return taken.length > 0;
};

/** Stores a new second-step challenge. */
export const insertChallenge = async (db: Database, row: typeof twoFactorChallenges.$inferInsert) => {
  await db.insert(twoFactorChallenges).values(row);
};

/** The challenge of this hash, locked until the transaction ends; null when unknown. */
export const lockChallenge = async (db: Database, tokenHash: Uint8Array): Promise<ChallengeRow | null> => {
  const [row] = await db
    .select()
    .from(twoFactorChallenges)
    .where(eq(twoFactorChallenges.tokenHash, tokenHash))
    .for('update');
  return row ?? null;
};

/** Counts one wrong code against the challenge. */
export const countChallengeAttempt = async (db: Database, id: bigint) => {
  await db
    .update(twoFactorChallenges)
    .set({ attempts: sql`${twoFactorChallenges.attempts} + 1` })
    .where(eq(twoFactorChallenges.id, id));
};

/** Marks the challenge used. */
export const useChallenge = async (db: Database, id: bigint, now: Date) => {
  await db.update(twoFactorChallenges).set({ usedAt: now }).where(eq(twoFactorChallenges.id, id));
};

/** Forgets every challenge of the customer (2FA disabled or reset). */
export const deleteChallenges = async (db: Database, userId: bigint) => {
  await db.delete(twoFactorChallenges).where(eq(twoFactorChallenges.userId, userId));
};

/** Removes challenges that expired before `before`; answers how many. */
export const deleteChallengesBefore = async (db: Database, before: Date) =>
  (
    await db
      .delete(twoFactorChallenges)
      .where(sql`${twoFactorChallenges.expiresAt} < ${before}`)
      .returning({ id: twoFactorChallenges.id })
  ).length;

/** The customer's live remembered device with this token hash, or null. */
export const findTrustedDevice = async (db: Database, userId: bigint, tokenHash: Uint8Array, now: Date) => {
  const [row] = await db
    .select()
    .from(trustedDevices)
    .where(
      and(
        eq(trustedDevices.userId, userId),
        eq(trustedDevices.tokenHash, tokenHash),
        isNull(trustedDevices.revokedAt),
        gt(trustedDevices.expiresAt, now),
      ),
    );
  return row ?? null;
};

/** Records that a remembered device signed in. */
export const touchTrustedDevice = async (db: Database, id: bigint, now: Date) => {
  await db.update(trustedDevices).set({ lastUsedAt: now }).where(eq(trustedDevices.id, id));
};

/** Remembers a device. */
export const insertTrustedDevice = async (db: Database, row: typeof trustedDevices.$inferInsert) => {
  await db.insert(trustedDevices).values(row);
};

/** The customer's live remembered devices, newest first. */
export const listTrustedDevices = (db: Database, userId: bigint, now: Date) =>
  db
    .select()
    .from(trustedDevices)
    .where(
      and(
        eq(trustedDevices.userId, userId),
        isNull(trustedDevices.revokedAt),
        gt(trustedDevices.expiresAt, now),
      ),
    )
    .orderBy(desc(trustedDevices.lastUsedAt), desc(trustedDevices.id));

/** Forgets the oldest live devices beyond `keep`. */
export const revokeDevicesBeyond = async (db: Database, userId: bigint, keep: number, now: Date) => {
  const live = await db
    .select({ id: trustedDevices.id })
    .from(trustedDevices)
    .where(and(eq(trustedDevices.userId, userId), isNull(trustedDevices.revokedAt)))
    .orderBy(asc(trustedDevices.lastUsedAt), asc(trustedDevices.id));
  const extra = live.slice(0, Math.max(0, live.length - keep)).map((row) => row.id);
  if (extra.length === 0) return;
  await db.update(trustedDevices).set({ revokedAt: now }).where(inArray(trustedDevices.id, extra));
};

/** Forgets one of the customer's devices; false when it is not theirs or already forgotten. */
export const revokeTrustedDevice = async (db: Database, userId: bigint, id: bigint, now: Date) => {
  const rows = await db
    .update(trustedDevices)
    .set({ revokedAt: now })
    .where(
      and(eq(trustedDevices.id, id), eq(trustedDevices.userId, userId), isNull(trustedDevices.revokedAt)),
    )
    .returning({ id: trustedDevices.id });
  return rows.length > 0;
};

/** Forgets every device of the customer; answers how many were live. */
export const revokeAllTrustedDevices = async (db: Database, userId: bigint, now: Date) =>
  (
    await db
      .update(trustedDevices)
      .set({ revokedAt: now })
      .where(
        and(
          eq(trustedDevices.userId, userId),
          isNull(trustedDevices.revokedAt),
          gt(trustedDevices.expiresAt, now),
        ),
      )
      .returning({ id: trustedDevices.id })
  ).length;
