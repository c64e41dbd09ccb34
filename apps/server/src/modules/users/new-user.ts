import type { NewUserGuideDone } from '@ptc/contracts';
import { and, type Database, eq, users } from '@ptc/db';

/**
 * When a customer stops being new (user info `is_new_user`, issue #20), and what it changes.
 *
 * - A customer is new from registration until they finish or dismiss the new-user guide (the
 *   guide calls `POST /user/guide/done` when it closes, however it closes), or until their first
 *   top-up is credited (the ledger's `addToBalance` turns it off in the crediting transaction),
 *   whichever comes first. `users.new_user_ended_at` records when.
 * - The guide opens by itself only for new customers (console `features/new-user-guide`).
 * - The survey window opens by itself only for customers who are not new, and not before
 *   {@link SURVEY_WAIT_AFTER_NEW_USER_MS} after they stopped being new: a customer who has just
 *   been through the guide or paid is not asked for a survey in the same sitting, but on a later
 *   visit. Customers with no recorded end (who stopped being new before this rule) wait for nothing.
 */

/** How long after a customer stopped being new the survey window waits before it opens by itself. */
export const SURVEY_WAIT_AFTER_NEW_USER_MS = 24 * 60 * 60 * 1_000;

/** Whether the survey window may open by itself for this customer at `now` (see above). */
export const maySurveyOpenBySelf = (
  user: { isNewUser: boolean; newUserEndedAt: Date | null },
  now = new Date(),
): boolean =>
  !user.isNewUser &&
  (user.newUserEndedAt === null ||
    now.getTime() - user.newUserEndedAt.getTime() >= SURVEY_WAIT_AFTER_NEW_USER_MS);

/**
 * `POST /user/guide/done`: the customer finished or dismissed the new-user guide, so they are not
 * new any more. Idempotent: a customer who was not new keeps the time they stopped being new.
 */
export const finishNewUserGuide = async (
  db: Database,
  user: { id: bigint },
  now = new Date(),
): Promise<NewUserGuideDone> => {
  await db
    .update(users)
    .set({ isNewUser: false, newUserEndedAt: now })
    .where(and(eq(users.id, user.id), eq(users.isNewUser, true)));
  const [row] = await db
    .select({ isNewUser: users.isNewUser, newUserEndedAt: users.newUserEndedAt })
    .from(users)
    .where(eq(users.id, user.id));
  return {
    is_new_user: row?.isNewUser ?? false,
    new_user_ended_at: row?.newUserEndedAt?.toISOString() ?? null,
  };
};
