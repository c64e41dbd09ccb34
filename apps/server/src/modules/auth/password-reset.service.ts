import { AppError } from '@ptc/contracts';
import type { Database } from '@ptc/db';
import type { AuthDeps, ClientInfo } from './auth.deps';
import { findUserByEmail, findUserById, revokeUserSessions, updateUser } from './auth.repository';
import { consumeCodesFor } from './codes.repository';
import { codeAddress, issueCode, useCode } from './codes.service';
import { resetMessage } from './messages';
import { findLiveReset, insertPasswordReset, useReset, useResetsOf } from './password-reset.repository';
import { hashPassword, hashSecret, randomToken } from './secrets';

const RESET_TTL_MS = 24 * 3_600_000;

const resetError = (message = 'Password reset error: the code or link is invalid or expired') =>
  new AppError('RestPasswordError', { message });

/** "al***@example.com": enough to recognise an address, not to harvest it. */
export const maskEmail = (email: string) => {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 2)}***@${domain}`;
};

/** `POST /user/reset_pw/email/code`: emails a code and a link, both valid 24 hours. */
export const sendResetCode = async (deps: AuthDeps, client: ClientInfo, email: string, now = new Date()) => {
  await deps.limits.consume('CODES_PER_IP', client.ip);
  const user = await findUserByEmail(deps.db, email);
  if (!user?.email) throw new AppError('ERR_NO_USER');
  const to = user.email;
  return issueCode(deps.db, {
    channel: 'email',
    address: to,
    purpose: 'reset',
    clientIp: client.ip,
    ttlMs: RESET_TTL_MS,
    deliver: async (code) => {
      const credential = randomToken(32);
      await insertPasswordReset(deps.db, {
        userId: user.id,
        credentialHash: hashSecret('reset', credential),
        expiresAt: new Date(now.getTime() + RESET_TTL_MS),
      });
      const link = `${deps.config.publicUrl}/reset-password/${credential}`;
      await deps.mailer.send({ to, ...resetMessage(client.lang, code, link) });
    },
  });
};

/** Sets a new password, revokes every session and spends every open reset. */
const replacePassword = async (
  db: Database,
  user: { id: bigint; email: string | null },
  password: string,
  now: Date,
) => {
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    await updateUser(t, user.id, { passwordHash });
    await revokeUserSessions(t, user.id, now);
    await useResetsOf(t, user.id, now);
    if (user.email) await consumeCodesFor(t, 'email', codeAddress('email', user.email), 'reset', now);
  });
};

/**
 * `PUT /user/reset_pw_with_code`: the emailed code proves the address (603 otherwise). Every try
 * counts against the client address's reset limit; a successful one is given back.
 */
export const resetWithCode = async (
  deps: AuthDeps,
  client: ClientInfo,
  input: { email: string; code: string; password: string },
  now = new Date(),
) => {
  await deps.limits.consume('RESET_FAILURES_PER_IP', client.ip);
  const user = await findUserByEmail(deps.db, input.email);
  if (!user) throw resetError();
  await useCode(deps.db, { channel: 'email', address: input.email, purpose: 'reset', code: input.code }, () =>
    resetError(),
  );
  await replacePassword(deps.db, user, input.password, now);
  await deps.limits.reward('RESET_FAILURES_PER_IP', client.ip);
  return { done: true as const };
};

/** The live reset of a link credential, counted against the client address's reset limit. */
const liveReset = async (deps: AuthDeps, client: ClientInfo, credential: string, now: Date) => {
  await deps.limits.consume('RESET_FAILURES_PER_IP', client.ip);
  const reset = await findLiveReset(deps.db, hashSecret('reset', credential), now);
  const user = reset ? await findUserById(deps.db, reset.userId) : null;
  if (!reset || !user) throw resetError();
  return { reset, user };
};

/** `GET /user/reset_pw/{credential}`: whether a link is still good, and for which account. */
export const describeReset = async (
  deps: AuthDeps,
  client: ClientInfo,
  credential: string,
  now = new Date(),
) => {
  const { reset, user } = await liveReset(deps, client, credential, now);
  await deps.limits.reward('RESET_FAILURES_PER_IP', client.ip);
  return { email: maskEmail(user.email ?? ''), expires_at: reset.expiresAt.toISOString() };
};

/** `PUT /user/reset_pw[/{credential}]`: the emailed link proves the address (603 otherwise). */
export const resetWithCredential = async (
  deps: AuthDeps,
  client: ClientInfo,
  credential: string,
  password: string,
  now = new Date(),
) => {
  const { reset, user } = await liveReset(deps, client, credential, now);
  if (!(await useReset(deps.db, reset.id, now))) throw resetError();
  await replacePassword(deps.db, user, password, now);
  await deps.limits.reward('RESET_FAILURES_PER_IP', client.ip);
  return { done: true as const };
};
