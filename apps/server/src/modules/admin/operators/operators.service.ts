import { randomBytes } from 'node:crypto';
import { AppError } from '@ptc/contracts';
import { createSessionToken, type Database, hashSessionToken, instanceSecret, OPERATOR_ROLES } from '@ptc/db';
import type { AbuseLimits } from '../../auth/abuse-limits.service';
import { hashPassword, hashSecret, verifyPassword } from '../../auth/secrets';
import {
  claimTotpStep,
  countOperators,
  findLiveOperatorSession,
  findOperatorByEmail,
  insertOperator,
  insertOperatorSession,
  type OperatorRow,
  takeRecoveryCode,
  updateOperator,
  updateOperatorSession,
} from './operators.repository';
import { newTotpSecret, sealSecret, totpStepOf, totpUri, unsealSecret } from './totp';

export type OperatorRole = (typeof OPERATOR_ROLES)[number];

/** A signed-in operator, as the guard hands it to handlers. */
export interface SignedInOperator {
  id: bigint;
  email: string;
  name: string;
  role: OperatorRole;
}

/** What the operator services work with. */
export interface OperatorDeps {
  db: Database;
  limits: AbuseLimits;
}

/** A session waiting for its TOTP code lives 10 minutes; a signed-in one 12 hours. */
const PENDING_TTL_MS = 10 * 60_000;
const SESSION_TTL_MS = 12 * 3_600_000;
const RECOVERY_CODES = 10;
const PASSWORD_MIN_LENGTH = 12;

const totpKey = (db: Database) => instanceSecret(db, 'operator-totp');
const recoveryHash = (code: string) =>
  Buffer.from(hashSecret('operator-recovery', code.replace(/\W/g, '').toLowerCase())).toString('hex');
const newRecoveryCode = () => {
  const text = randomBytes(8).toString('hex');
  return `${text.slice(0, 4)}-${text.slice(4, 8)}-${text.slice(8, 12)}-${text.slice(12)}`;
};
const wrongCredentials = () => new AppError('ERR_PWD_ERROR', { message: 'Wrong operator email or password' });
const wrongCode = () =>
  new AppError('ERR_TOKEN_ERROR', { message: 'Identity authentication failed: wrong code' });

/**
 * Creates an operator (the command line, or the environment's first owner). The password must be
 * at least 12 characters; TOTP is enrolled at the first sign-in.
 */
export const createOperator = async (
  db: Database,
  input: { email: string; name?: string; role: OperatorRole; password: string },
) => {
  if (!OPERATOR_ROLES.includes(input.role))
    throw new Error(`role must be one of ${OPERATOR_ROLES.join(', ')}`);
  if (input.password.length < PASSWORD_MIN_LENGTH) {
    throw new Error(`the password must have at least ${PASSWORD_MIN_LENGTH} characters`);
  }
  if (await findOperatorByEmail(db, input.email))
    throw new Error(`an operator ${input.email} exists already`);
  return insertOperator(db, {
    email: input.email.trim(),
    name: input.name?.trim() || input.email.trim(),
    role: input.role,
    passwordHash: await hashPassword(input.password),
  });
};

/** Creates the first owner from the environment when there is no operator at all; answers whether it did. */
export const bootstrapOwner = async (db: Database, bootstrap: { email: string; password: string } | null) => {
  if (!bootstrap || (await countOperators(db)) > 0) return false;
  await createOperator(db, { ...bootstrap, role: 'owner' });
  return true;
};

const startSession = async (
  db: Database,
  operatorId: bigint,
  stage: 1 | 2,
  clientIp: string,
  extra: { pendingTotpSealed?: string } = {},
) => {
  const token = createSessionToken();
  await insertOperatorSession(db, {
    operatorId,
    tokenHash: hashSessionToken(token),
    stage,
    clientIp,
    expiresAt: new Date(Date.now() + (stage === 1 ? PENDING_TTL_MS : SESSION_TTL_MS)),
    ...extra,
  });
  return token;
};

/**
 * `POST /api/admin/session`: the password step. Answers a token that only the TOTP step accepts,
 * and, for an operator without TOTP yet, the secret to enrol (shown once).
 */
export const signInOperator = async (
  deps: OperatorDeps,
  input: { email: string; password: string },
  clientIp: string,
) => {
  await deps.limits.consume('SIGN_IN_FAILURES_PER_IP', clientIp);
  const operator = await findOperatorByEmail(deps.db, input.email);
  const isRight = await verifyPassword(operator?.passwordHash ?? null, input.password);
  if (!operator || !isRight || operator.disabledAt) throw wrongCredentials();
  if (operator.totpSecretSealed) {
    return { stage: 'totp' as const, token: await startSession(deps.db, operator.id, 1, clientIp) };
  }
  const secret = newTotpSecret();
  const pendingTotpSealed = sealSecret(await totpKey(deps.db), secret);
  const token = await startSession(deps.db, operator.id, 1, clientIp, { pendingTotpSealed });
  return {
    stage: 'enrol' as const,
    token,
    enrolment: { secret, otpauth_url: totpUri(secret, operator.email) },
  };
};

/**
 * `POST /api/admin/session/totp`: the second step. At enrolment the first code confirms the
 * secret and the recovery codes are answered (once); later a code, or one unused recovery code,
 * signs in. A code is accepted once. Answers the signed-in session's token.
 */
export const confirmOperatorTotp = async (
  deps: OperatorDeps,
  pendingToken: string | undefined,
  input: { code?: string; recovery_code?: string },
  clientIp: string,
) => {
  const now = new Date();
  const found = pendingToken
    ? await findLiveOperatorSession(deps.db, hashSessionToken(pendingToken), now)
    : null;
  if (found?.session.stage !== 1) throw new AppError('ERR_TOKEN_ERROR');
  const { session, operator } = found;
  await deps.limits.consume('SIGN_IN_FAILURES_PER_IP', clientIp);
  const key = await totpKey(deps.db);
  let recoveryCodes: string[] | null = null;
  if (!operator.totpSecretSealed) {
    if (!session.pendingTotpSealed) throw new AppError('ERR_TOKEN_ERROR');
    const secret = unsealSecret(key, session.pendingTotpSealed);
    const step = await totpStepOf(secret, input.code ?? '');
    if (step === null) throw wrongCode();
    recoveryCodes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
    await updateOperator(deps.db, operator.id, {
      totpSecretSealed: session.pendingTotpSealed,
      totpEnrolledAt: now,
      lastTotpStep: step,
      recoveryCodeHashes: recoveryCodes.map(recoveryHash),
    });
  } else if (input.recovery_code) {
    if (!(await takeRecoveryCode(deps.db, operator.id, recoveryHash(input.recovery_code)))) throw wrongCode();
  } else {
    const step = await totpStepOf(unsealSecret(key, operator.totpSecretSealed), input.code ?? '');
    if (step === null || !(await claimTotpStep(deps.db, operator.id, step))) throw wrongCode();
  }
  await deps.limits.reward('SIGN_IN_FAILURES_PER_IP', clientIp);
  await updateOperatorSession(deps.db, session.id, { revokedAt: now });
  const token = await startSession(deps.db, operator.id, 2, clientIp);
  return { token, ...(recoveryCodes ? { recovery_codes: recoveryCodes } : {}) };
};

/** The signed-in operator of a session token, or null. */
export const authenticateOperator = async (db: Database, token: string | undefined) => {
  if (!token) return null;
  const found = await findLiveOperatorSession(db, hashSessionToken(token), new Date());
  if (found?.session.stage !== 2) return null;
  return { session: found.session, operator: presentOperator(found.operator) };
};

/** `POST /api/admin/session/logout`. */
export const signOutOperator = async (db: Database, sessionId: bigint) => {
  await updateOperatorSession(db, sessionId, { revokedAt: new Date() });
};

export const presentOperator = (operator: OperatorRow): SignedInOperator => ({
  id: operator.id,
  email: operator.email,
  name: operator.name,
  role: operator.role,
});
