import {
  and,
  asc,
  count,
  type Database,
  eq,
  isNull,
  passkeys,
  sql,
  twoFactorChallenges,
  userTwoFactor,
} from '@ptc/db';

/** A registered passkey as stored. */
export type PasskeyRow = typeof passkeys.$inferSelect;

/** The customer's passkeys, oldest first. */
export const listPasskeys = (db: Database, userId: bigint) =>
  db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(asc(passkeys.id));

/** How many passkeys the customer has. */
export const countPasskeys = async (db: Database, userId: bigint) => {
  const [row] = await db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId));
  return row?.n ?? 0;
};

/** The customer's passkey with this credential id, or null. */
export const findPasskey = async (db: Database, userId: bigint, credentialId: string) => {
  const [row] = await db
    .select()
    .from(passkeys)
    .where(and(eq(passkeys.userId, userId), eq(passkeys.credentialId, credentialId)));
  return row ?? null;
};

/** Stores a verified passkey. */
export const insertPasskey = async (db: Database, row: typeof passkeys.$inferInsert) => {
  const [inserted] = await db.insert(passkeys).values(row).returning({ id: passkeys.id });
  return inserted;
};

/** Records a passkey's use and its authenticator's new signature counter. */
export const touchPasskey = async (db: Database, id: bigint, counter: number, now: Date) => {
  await db.update(passkeys).set({ counter, lastUsedAt: now }).where(eq(passkeys.id, id));
};

/** Deletes one of the customer's passkeys; false when it is not theirs. */
export const deletePasskey = async (db: Database, userId: bigint, id: bigint) =>
  (
    await db
      .delete(passkeys)
      .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
      .returning({ id: passkeys.id })
  ).length > 0;

/** Deletes every passkey of the customer (2FA off or reset). */
export const deleteAllPasskeys = async (db: Database, userId: bigint) => {
  await db.delete(passkeys).where(eq(passkeys.userId, userId));
};

/** Keeps the challenge of a registration under way (only with 2FA on); false when it is off. */
export const storeRegistrationChallenge = async (db: Database, userId: bigint, challenge: string) =>
  (
    await db
      .update(userTwoFactor)
      .set({ passkeyRegistrationChallenge: challenge })
      .where(and(eq(userTwoFactor.userId, userId), sql`${userTwoFactor.enabledAt} is not null`))
      .returning({ userId: userTwoFactor.userId })
  ).length > 0;

/** Takes the registration challenge (once): answers it, or null when there was none. */
export const takeRegistrationChallenge = async (db: Database, userId: bigint) => {
  const [row] = await db
    .select({ challenge: userTwoFactor.passkeyRegistrationChallenge })
    .from(userTwoFactor)
    .where(eq(userTwoFactor.userId, userId));
  const challenge = row?.challenge;
  if (!challenge) return null;
  // Compare and clear: of two answers at once, one takes it.
  const taken = await db
    .update(userTwoFactor)
    .set({ passkeyRegistrationChallenge: null })
    .where(and(eq(userTwoFactor.userId, userId), eq(userTwoFactor.passkeyRegistrationChallenge, challenge)))
    .returning({ userId: userTwoFactor.userId });
  return taken.length > 0 ? challenge : null;
};

/** Keeps the WebAuthn challenge handed out for a sign-in step. */
export const storeSignInPasskeyChallenge = async (db: Database, id: bigint, challenge: string) => {
  await db
    .update(twoFactorChallenges)
    .set({ passkeyChallenge: challenge })
    .where(and(eq(twoFactorChallenges.id, id), isNull(twoFactorChallenges.usedAt)));
};
