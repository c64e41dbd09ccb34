import {
  AppError,
  type PasswordSignInResponse,
  type SessionResponse,
  TWO_FACTOR_RULES,
} from '@ptc/contracts';
import type { Database } from '@ptc/db';
import type { AuthDeps } from '../auth/auth.deps';
import { findUserById, type UserRow } from '../auth/auth.repository';
import { assertNotLocked, failSignIn, succeedSignIn } from '../auth/lockout.service';
import { hashSecret, randomToken } from '../auth/secrets';
import { type SignInMethod, startSession } from '../auth/sessions.service';
import { countPasskeys, storeSignInPasskeyChallenge } from './passkeys.repository';
import { checkPasskey, passkeySignInOptions } from './passkeys.service';
import {
  type ChallengeRow,
  countChallengeAttempt,
  findTwoFactor,
  insertChallenge,
  lockChallenge,
  useChallenge,
} from './two-factor.repository';
import { checkSecondFactor, isTrustedDevice, rememberDevice, wrongCode } from './two-factor.service';

/** The sign-in lockout's key for a customer's second step (SPEC §9: 10 failures in 10 minutes). */
const lockoutKey = (userId: bigint) => `2fa:${userId}`;

const challengeHash = (challenge: string) => hashSecret('2fa-challenge', challenge);

const expired = () =>
  new AppError('ERR_TOKEN_ERROR', {
    message: 'Identity authentication failed: this sign-in step has expired, sign in again',
  });

/** What the first step knew of the browser. */
export interface FirstStepClient {
  /** The remembered-device cookie, when the browser sent one. */
  deviceToken?: string | undefined;
  remember?: boolean | undefined;
}

/**
 * The end of a first sign-in step (password, or texted code) that proved who the customer is:
 * a session, or, when 2FA is on and this browser is not a remembered device, a single-use
 * challenge for `POST /user/login/2fa` instead.
 */
export const finishFirstStep = async (
  db: Database,
  user: UserRow,
  method: SignInMethod,
  client: FirstStepClient,
  now = new Date(),
): Promise<PasswordSignInResponse> => {
  const factor = await findTwoFactor(db, user.id);
  const needsSecondStep =
    factor?.enabledAt != null && !(await isTrustedDevice(db, user.id, client.deviceToken, now));
  if (!needsSecondStep) {
    return { token: await startSession(db, user.id, method, { remember: client.remember }), is_new: false };
  }
  // A locked account gets no challenge either (as it would get no session).
  if (user.lockedAt)
    throw new AppError('ERR_FORBIDDEN', { message: 'This account is locked: contact support' });
  const challenge = randomToken(32);
  await insertChallenge(db, {
    userId: user.id,
    tokenHash: challengeHash(challenge),
    method,
    remember: client.remember !== false,
    createdAt: now,
    expiresAt: new Date(now.getTime() + TWO_FACTOR_RULES.CHALLENGE_TTL_MS),
  });
  const hasPasskeys = (await countPasskeys(db, user.id)) > 0;
  return {
    two_factor: {
      challenge,
      methods: hasPasskeys ? ['totp', 'recovery', 'passkey'] : ['totp', 'recovery'],
      expires_in: TWO_FACTOR_RULES.CHALLENGE_TTL_MS / 1000,
    },
  };
};

const isLive = (challenge: ChallengeRow | null, now: Date): challenge is ChallengeRow =>
  challenge !== null &&
  challenge.usedAt === null &&
  challenge.expiresAt > now &&
  challenge.attempts < TWO_FACTOR_RULES.CHALLENGE_MAX_ATTEMPTS;

/** The second step's input. */
export interface SecondStepInput {
  challenge: string;
  code?: string | undefined;
  recovery_code?: string | undefined;
  /** A passkey's answer to the options of {@link startPasskeyStep}. */
  passkey?: unknown;
  remember_device?: boolean | undefined;
}

/**
 * `POST /user/login/2fa/passkey`: WebAuthn options for answering this live challenge with one of
 * the customer's passkeys (its WebAuthn challenge replaces any earlier one). 2004 when the
 * challenge is spent; 1001 without passkeys.
 */
export const startPasskeyStep = async (deps: AuthDeps, challenge: string, now = new Date()) =>
  deps.db.transaction(async (transaction) => {
    const tx = transaction as unknown as Database;
    const row = await lockChallenge(tx, challengeHash(challenge));
    if (!isLive(row, now)) throw expired();
    const options = await passkeySignInOptions(tx, deps.config.publicUrl, row.userId);
    await storeSignInPasskeyChallenge(tx, row.id, options.challenge);
    return { options: options as unknown as Record<string, unknown> };
  });

/**
 * `POST /user/login/2fa`: an authenticator code (each time step once), a recovery code (each
 * once) or a passkey's answer to the step's WebAuthn options passes the challenge, which is then spent, and answers the session (and, unless
 * `remember_device` is false, a device token for the cookie). A wrong code counts against the
 * challenge (5, then it is spent: 2004), the customer's lockout (2007 beyond 10 in 10 minutes)
 * and the client address's sign-in limit (101).
 */
export const passSecondStep = async (
  deps: AuthDeps,
  client: { ip: string; userAgent: string | undefined },
  input: SecondStepInput,
  now = new Date(),
): Promise<{ session: SessionResponse; deviceToken: string | null }> => {
  await deps.limits.consume('SIGN_IN_FAILURES_PER_IP', client.ip);
  // The challenge row is locked while its code is checked: two answers at once cannot both pass,
  // and each wrong one is counted.
  const outcome = await deps.db.transaction(async (transaction) => {
    const tx = transaction as unknown as Database;
    const challenge = await lockChallenge(tx, challengeHash(input.challenge));
    if (!isLive(challenge, now)) return { kind: 'expired' as const };
    await assertNotLocked(tx, lockoutKey(challenge.userId), now);
    const factor = await findTwoFactor(tx, challenge.userId);
    if (factor?.enabledAt == null || factor.totpSecretSealed === null) return { kind: 'expired' as const };
    const isRight =
      input.passkey !== undefined
        ? await checkPasskey(
            tx,
            deps.config.publicUrl,
            challenge.userId,
            challenge.passkeyChallenge,
            input.passkey,
            now,
          )
        : await checkSecondFactor(tx, { ...factor, totpSecretSealed: factor.totpSecretSealed }, input);
    if (!isRight) {
      await countChallengeAttempt(tx, challenge.id);
      return { kind: 'wrong' as const, challenge };
    }
    await useChallenge(tx, challenge.id, now);
    return { kind: 'passed' as const, challenge };
  });
  if (outcome.kind === 'expired') throw expired();
  const { challenge } = outcome;
  if (outcome.kind === 'wrong') {
    throw await failSignIn(deps.db, lockoutKey(challenge.userId), client.ip, wrongCode(), now);
  }
  await Promise.all([
    succeedSignIn(deps.db, lockoutKey(challenge.userId)),
    deps.limits.reward('SIGN_IN_FAILURES_PER_IP', client.ip),
  ]);
  const user = await findUserById(deps.db, challenge.userId);
  if (!user) throw expired();
  const token = await startSession(deps.db, user.id, challenge.method as SignInMethod, {
    remember: challenge.remember,
  });
  const deviceToken =
    input.remember_device === false ? null : await rememberDevice(deps.db, user.id, client, now);
  return { session: { token, is_new: false }, deviceToken };
};
