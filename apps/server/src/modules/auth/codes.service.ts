import { ACCOUNT_RULES, AppError, type CodePurpose } from '@ptc/contracts';
import type { Database } from '@ptc/db';
import {
  consumeCode,
  countCodesFromIp,
  countCodesToAddress,
  deleteCode,
  findLastCodeTime,
  findLiveCode,
  insertCode,
  lockAddress,
  recordWrongCode,
} from './codes.repository';
import { hashSecret, isSameHash, randomDigits } from './secrets';

type Channel = 'email' | 'sms';
const DAY_MS = 24 * 3_600_000;

/** Normalised address under which codes are kept. */
export const codeAddress = (channel: Channel, address: string) =>
  channel === 'email' ? address.trim().toLowerCase() : address.trim();

const codeHash = (channel: Channel, address: string, purpose: CodePurpose, code: string) =>
  hashSecret(channel, address, purpose, code);

/**
 * Issues a code and hands it to `deliver`, enforcing the sending limits in the database so
 * they hold across processes: one per address per 60 s (101), a daily cap per address and
 * per client IP (901). A code that cannot be delivered is withdrawn.
 */
export const issueCode = async (
  db: Database,
  request: {
    channel: Channel;
    address: string;
    purpose: CodePurpose;
    clientIp: string | null;
    ttlMs?: number;
    deliver: (code: string) => Promise<void>;
  },
  now = new Date(),
) => {
  const address = codeAddress(request.channel, request.address);
  const ttlMs = request.ttlMs ?? ACCOUNT_RULES.CODE_TTL_MS;
  const code = randomDigits(ACCOUNT_RULES.CODE_LENGTH);
  const id = await db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    await lockAddress(t, request.channel, address);
    const last = await findLastCodeTime(t, request.channel, address);
    if (last && now.getTime() - last.getTime() < ACCOUNT_RULES.CODE_RESEND_INTERVAL_MS) {
      const wait = resendIn(last, now);
      throw new AppError('FREQUENTLY', { data: { resend_in: wait, retry_after: wait } });
    }
    const since = new Date(now.getTime() - DAY_MS);
    if (
      (await countCodesToAddress(t, request.channel, address, since)) >=
      ACCOUNT_RULES.CODE_DAILY_CAP_PER_ADDRESS
    ) {
      throw new AppError('SMS_LIMIT_REACHED');
    }
    if (
      request.clientIp &&
      (await countCodesFromIp(t, request.clientIp, since)) >= ACCOUNT_RULES.CODE_DAILY_CAP_PER_IP
    ) {
      throw new AppError('SMS_LIMIT_REACHED');
    }
    return insertCode(t, {
      channel: request.channel,
      address,
      purpose: request.purpose,
      codeHash: codeHash(request.channel, address, request.purpose, code),
      clientIp: request.clientIp,
      createdAt: now,
      expiresAt: new Date(now.getTime() + ttlMs),
    });
  });
  try {
    await request.deliver(code);
  } catch (error) {
    await deleteCode(db, id);
    throw new AppError('ERR_INTERNAL_ERROR', {
      message: 'Failed to send the code, please retry',
      cause: error,
    });
  }
  return {
    expires_in: Math.round(ttlMs / 1_000),
    resend_in: Math.round(ACCOUNT_RULES.CODE_RESEND_INTERVAL_MS / 1_000),
  };
};

const resendIn = (last: Date, now: Date) =>
  Math.max(1, Math.ceil((ACCOUNT_RULES.CODE_RESEND_INTERVAL_MS - (now.getTime() - last.getTime())) / 1_000));

/**
 * Spends the newest live code of an address if `code` matches it; a wrong code counts
 * against its tries. Throws `failure` (900 by default) when it does not match.
 */
export const useCode = async (
  db: Database,
  request: { channel: Channel; address: string; purpose: CodePurpose; code: string },
  failure: () => AppError = () => new AppError('CaptchaError', { message: 'Verification code error' }),
  now = new Date(),
) => {
  const address = codeAddress(request.channel, request.address);
  const live = await findLiveCode(db, request.channel, address, request.purpose, now);
  if (!live) throw failure();
  if (!isSameHash(live.codeHash, codeHash(request.channel, address, request.purpose, request.code.trim()))) {
    await recordWrongCode(db, live.id, ACCOUNT_RULES.CODE_MAX_ATTEMPTS, now);
    throw failure();
  }
  if (!(await consumeCode(db, live.id, now))) throw failure();
};
