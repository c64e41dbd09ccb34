import { ACCOUNT_RULES, AppError } from '@ptc/contracts';
import type { Database } from '@ptc/db';
import svgCaptcha from 'svg-captcha';
import { consumeCaptcha, insertCaptcha } from './captcha.repository';
import { hashSecret, isSameHash, randomDigits, randomToken } from './secrets';

// svg-captcha's default export also renders a given text; its typings only declare create().
const renderText = svgCaptcha as unknown as (text: string, options: Record<string, unknown>) => string;

/** Creates an image captcha; `fixedAnswer` is for automation outside production. */
export const createCaptcha = async (db: Database, options: { fixedAnswer?: string; now?: Date } = {}) => {
  const now = options.now ?? new Date();
  const id = randomToken(18);
  const answer = options.fixedAnswer ?? randomDigits(ACCOUNT_RULES.CAPTCHA_LENGTH);
  await insertCaptcha(db, {
    id,
    answerHash: hashSecret(id, answer),
    expiresAt: new Date(now.getTime() + ACCOUNT_RULES.CAPTCHA_TTL_MS),
  });
  const svg = renderText(answer, {
    width: 120,
    height: 40,
    fontSize: 44,
    noise: 3,
    color: true,
    background: '#f5f7fa',
  });
  return { id, svg };
};

/**
 * Checks an answer and spends the captcha whatever the outcome, so each image answers once.
 * Throws 900 when the id is unknown, used or expired, or the answer is wrong.
 */
export const verifyCaptcha = async (db: Database, id: string | null, answer: string, now = new Date()) => {
  if (!id) throw new AppError('CaptchaError', { message: 'Captcha expired, please refresh it' });
  const stored = await consumeCaptcha(db, id, now);
  if (!stored) throw new AppError('CaptchaError', { message: 'Captcha expired, please refresh it' });
  if (!isSameHash(stored, hashSecret(id, answer.trim()))) throw new AppError('CaptchaError');
};
