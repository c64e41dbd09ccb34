import { captchas, type Database, lt, sql } from '@ptc/db';

/** Stores a captcha. */
export const insertCaptcha = async (
  db: Database,
  captcha: { id: string; answerHash: Uint8Array; expiresAt: Date },
) => {
  await db.insert(captchas).values(captcha);
};

/** Removes captchas that expired before `now` (used or not); answers how many. */
export const deleteExpiredCaptchas = async (db: Database, now: Date) =>
  (await db.delete(captchas).where(lt(captchas.expiresAt, now)).returning({ id: captchas.id })).length;

/** Marks a live captcha used and answers its hash; null when unknown, used or expired. */
export const consumeCaptcha = async (db: Database, id: string, now: Date) => {
  const [row] = await db
    .update(captchas)
    .set({ usedAt: now })
    .where(sql`${captchas.id} = ${id} and ${captchas.usedAt} is null and ${captchas.expiresAt} > ${now}`)
    .returning({ answerHash: captchas.answerHash });
  return row?.answerHash ?? null;
};
