import { and, count, type Database, eq, gt, loginFailures, lt } from '@ptc/db';

/** Failed sign-ins of an account since `since`. */
export const countFailures = async (db: Database, account: string, since: Date) => {
  const [row] = await db
    .select({ n: count() })
    .from(loginFailures)
    .where(and(eq(loginFailures.account, account), gt(loginFailures.createdAt, since)));
  return row?.n ?? 0;
};

/** Records a failed sign-in. */
export const insertFailure = async (db: Database, account: string, clientIp: string | null, now: Date) => {
  await db.insert(loginFailures).values({ account, clientIp, createdAt: now });
};

/** Forgets an account's failures after it signs in. */
export const clearFailures = async (db: Database, account: string) => {
  await db.delete(loginFailures).where(eq(loginFailures.account, account));
};

/** Removes failures recorded before `before` (outside every lockout window); answers how many. */
export const deleteFailuresBefore = async (db: Database, before: Date) =>
  (
    await db
      .delete(loginFailures)
      .where(lt(loginFailures.createdAt, before))
      .returning({ id: loginFailures.id })
  ).length;
