import { captchas, type Database, lt, sql } from '@ptc/db';

/** Stores a captcha, and clears out ones that expired long ago. */
export const insertCaptcha = async (
  db: Database,
  captcha: { id: string; answerHash: Uint8Array; expiresAt: Date },
  now: Date,
) => {
  await db.insert(captchas).values(captcha);
  await db.delete(captchas).where(lt(captchas.expiresAt, new Date(now.getTime() - 3_600_000)));
};

/** Marks a live captcha used and answers its hash; null when unknown, used or expired. */
export const consumeCaptcha = async (db: Database, id: string, now: Date) => {
  const [row] = await db
    .update(captchas)
    .set({ usedAt: now })
    .where(sql`${captchas.id} = ${id} and ${captchas.usedAt} is null and ${captchas.expiresAt} > ${now}`)
    .returning({ answerHash: captchas.answerHash });
  return row?.answerHash ?? null;
};
