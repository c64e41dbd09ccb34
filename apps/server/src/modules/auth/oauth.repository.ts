import { and, type Database, eq, gt, oauthAccounts, oauthStates, sql } from '@ptc/db';

type Provider = 'google' | 'github';

/** Remembers an authorisation request until its callback. */
export const insertOAuthState = async (db: Database, row: typeof oauthStates.$inferInsert, now: Date) => {
  await db.insert(oauthStates).values(row);
  await db.delete(oauthStates).where(sql`${oauthStates.expiresAt} < ${now}`);
};

/** Takes (deletes and answers) a live authorisation request; null when unknown or expired. */
export const takeOAuthState = async (db: Database, provider: Provider, state: string, now: Date) => {
  const [row] = await db
    .delete(oauthStates)
    .where(
      and(eq(oauthStates.state, state), eq(oauthStates.provider, provider), gt(oauthStates.expiresAt, now)),
    )
    .returning();
  return row ?? null;
};

/** The user linked to a provider account. */
export const findLinkedUserId = async (db: Database, provider: Provider, subject: string) => {
  const [row] = await db
    .select({ userId: oauthAccounts.userId })
    .from(oauthAccounts)
    .where(and(eq(oauthAccounts.provider, provider), eq(oauthAccounts.subject, subject)))
    .limit(1);
  return row?.userId ?? null;
};

/** Links a provider account to a user. */
export const linkOAuthAccount = async (db: Database, userId: bigint, provider: Provider, subject: string) => {
  await db.insert(oauthAccounts).values({ userId, provider, subject }).onConflictDoNothing();
};

/** Unlinks every provider account of a user (account deletion). */
export const unlinkOAuthAccounts = async (db: Database, userId: bigint) => {
  await db.delete(oauthAccounts).where(eq(oauthAccounts.userId, userId));
};
