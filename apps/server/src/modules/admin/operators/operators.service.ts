import { randomBytes } from 'node:crypto';
import { type AdminOperatorChanges, AppError } from '@ptc/contracts';
import {
  createSessionToken,
  type Database,
  hashSessionToken,
  instanceSecret,
  isUniqueViolation,
  OPERATOR_ROLES,
} from '@ptc/db';
import type { AbuseLimits } from '../../auth/abuse-limits.service';
import { hashPassword, verifyPassword } from '../../auth/secrets';
import { recordAudit } from '../audit/audit.service';
import { auditViewOf, presentAdminOperator } from './operators.presenter';
import {
  claimTotpStep,
  countOperators,
  countOtherEnabledOwners,
  findLastSignIn,
  findLiveOperatorSession,
  findOperatorByEmail,
  findOperatorById,
  insertOperator,
  insertOperatorSession,
  listOperatorsWithSignIn,
  lockOperatorRoster,
  type OperatorRow,
  revokeOperatorSessions,
  takeRecoveryCode,
  updateOperator,
  updateOperatorSession,
} from './operators.repository';
import {
  newRecoveryCode,
  newTotpSecret,
  recoveryCodeHash,
  sealSecret,
  totpStepOf,
  totpUri,
  unsealSecret,
} from './totp';

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
const recoveryHash = (code: string) => recoveryCodeHash('operator-recovery', code);
const wrongCredentials = () => new AppError('ERR_PWD_ERROR', { message: 'Wrong operator email or password' });
const wrongCode = () =>
  new AppError('ERR_TOKEN_ERROR', { message: 'Identity authentication failed: wrong code' });

/** A random operator password (24 characters), shown once where it is made. */
export const newOperatorPassword = () => randomBytes(18).toString('base64url');

const operatorExists = (email: string) =>
  new AppError('ERR_HAVE_USER', { message: `An operator ${email} exists already` });

/**
 * Creates an operator (the owner, the command line, or the environment's first owner). The
 * password must be at least 12 characters; TOTP is enrolled at the first sign-in. An email taken
 * by another operator (in any letter case) answers 2002.
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
  const email = input.email.trim();
  if (await findOperatorByEmail(db, email)) throw operatorExists(email);
  try {
    return await insertOperator(db, {
      email,
      name: input.name?.trim() || email,
      role: input.role,
      passwordHash: await hashPassword(input.password),
    });
  } catch (error) {
    // Two creations of one email at once: the unique index decides.
    throw isUniqueViolation(error) ? operatorExists(email) : error;
  }
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

// --- The owner manages operators (`/api/admin/operators…`) ---

/** Who manages, and from where (for the audit trail). */
export interface OperatorAct {
  operator: SignedInOperator;
  clientIp: string;
}

const noSuchOperator = () => new AppError('ERR_NOT_FOUND', { message: 'No such operator' });

/** The operator id of a URL: digits only (anything else names no operator). */
export const parseOperatorId = (id: string): bigint => {
  if (!/^\d{1,18}$/.test(id)) throw noSuchOperator();
  return BigInt(id);
};

const isEnabledOwner = (operator: { role: OperatorRole; disabledAt: Date | null }) =>
  operator.role === 'owner' && operator.disabledAt === null;

/** Runs `work` in one transaction, after every other change to who may act has finished. */
const withRosterLocked = <T>(db: Database, work: (tx: Database) => Promise<T>) =>
  db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    await lockOperatorRoster(t);
    return work(t);
  });

/** The operator of `id` for a change, refused when it is the owner making the call. */
const getOtherOperator = async (db: Database, id: bigint, act: OperatorAct) => {
  const operator = await findOperatorById(db, id);
  if (!operator) throw noSuchOperator();
  if (operator.id === act.operator.id) throw new AppError('ERR_OPERATOR_SELF');
  return operator;
};

/** `GET /api/admin/operators`: every operator, oldest first. */
export const listOperators = async (db: Database) => ({
  records: (await listOperatorsWithSignIn(db)).map(presentAdminOperator),
});

/**
 * `POST /api/admin/operators`: creates an operator with a random password, answered once (as the
 * command line prints it); TOTP is enrolled at its first sign-in.
 */
export const addOperator = async (
  db: Database,
  input: { email: string; name?: string; role: OperatorRole },
  act: OperatorAct,
) => {
  const password = newOperatorPassword();
  const operator = await createOperator(db, { ...input, password });
  await recordAudit(db, {
    operator: act.operator,
    action: 'operator.create',
    target: { type: 'operator', id: operator.email },
    after: auditViewOf(operator),
    clientIp: act.clientIp,
  });
  return { operator: presentAdminOperator({ ...operator, lastSignInAt: null }), password };
};

/**
 * `PATCH /api/admin/operators/{id}`: role, name, disabled. Disabling ends the operator's sessions
 * at once (and the session check refuses a disabled operator anyway); enabling lets it sign in
 * again. The owner never disables or demotes themselves (2201), and no change leaves the
 * installation without an enabled owner (2202): both refused with nothing changed.
 */
export const changeOperator = async (
  db: Database,
  id: bigint,
  changes: AdminOperatorChanges,
  act: OperatorAct,
) => {
  const now = new Date();
  const changed = await withRosterLocked(db, async (tx) => {
    const before = await findOperatorById(tx, id);
    if (!before) throw noSuchOperator();
    const isSelf = before.id === act.operator.id;
    const role = changes.role ?? before.role;
    const disabledAt =
      changes.disabled === undefined
        ? before.disabledAt
        : changes.disabled
          ? (before.disabledAt ?? now)
          : null;
    const after = { role, disabledAt };
    if (isSelf && isEnabledOwner(before) && !isEnabledOwner(after)) throw new AppError('ERR_OPERATOR_SELF');
    if (isEnabledOwner(before) && !isEnabledOwner(after) && (await countOtherEnabledOwners(tx, id)) === 0) {
      throw new AppError('ERR_LAST_OWNER');
    }
    const row = await updateOperator(tx, id, {
      role,
      disabledAt,
      ...(changes.name !== undefined ? { name: changes.name.trim() } : {}),
    });
    if (!row) throw noSuchOperator();
    const isDisabling = before.disabledAt === null && disabledAt !== null;
    const sessionsEnded = isDisabling ? await revokeOperatorSessions(tx, id, now) : 0;
    await recordAudit(tx, {
      operator: act.operator,
      action: 'operator.update',
      target: { type: 'operator', id: before.email },
      before: auditViewOf(before),
      after: { ...auditViewOf(row), ...(isDisabling ? { sessions_ended: sessionsEnded } : {}) },
      clientIp: act.clientIp,
    });
    return row;
  });
  return presentAdminOperator({ ...changed, lastSignInAt: await findLastSignIn(db, id) });
};

/**
 * `POST /api/admin/operators/{id}/totp/reset`: forgets the TOTP secret and the recovery codes and
 * ends the operator's sessions; its next sign-in enrols TOTP again. Never the caller's own (2201).
 */
export const resetOperatorTotp = async (db: Database, id: bigint, act: OperatorAct) => {
  const now = new Date();
  const { row, sessionsEnded } = await withRosterLocked(db, async (tx) => {
    const before = await getOtherOperator(tx, id, act);
    const row = await updateOperator(tx, id, {
      totpSecretSealed: null,
      totpEnrolledAt: null,
      lastTotpStep: null,
      recoveryCodeHashes: [],
    });
    if (!row) throw noSuchOperator();
    const sessionsEnded = await revokeOperatorSessions(tx, id, now);
    await recordAudit(tx, {
      operator: act.operator,
      action: 'operator.totp.reset',
      target: { type: 'operator', id: before.email },
      before: { totp_enrolled: before.totpSecretSealed !== null },
      after: { totp_enrolled: false, sessions_ended: sessionsEnded },
      clientIp: act.clientIp,
    });
    return { row, sessionsEnded };
  });
  return {
    operator: presentAdminOperator({ ...row, lastSignInAt: await findLastSignIn(db, id) }),
    sessions_ended: sessionsEnded,
  };
};

/**
 * `POST /api/admin/operators/{id}/password/reset`: a new random password, answered once, and the
 * operator's sessions ended. Never the caller's own (2201).
 */
export const resetOperatorPassword = async (db: Database, id: bigint, act: OperatorAct) => {
  const now = new Date();
  const password = newOperatorPassword();
  const passwordHash = await hashPassword(password);
  const { row, sessionsEnded } = await withRosterLocked(db, async (tx) => {
    const before = await getOtherOperator(tx, id, act);
    const row = await updateOperator(tx, id, { passwordHash });
    if (!row) throw noSuchOperator();
    const sessionsEnded = await revokeOperatorSessions(tx, id, now);
    await recordAudit(tx, {
      operator: act.operator,
      action: 'operator.password.reset',
      target: { type: 'operator', id: before.email },
      after: { sessions_ended: sessionsEnded },
      clientIp: act.clientIp,
    });
    return { row, sessionsEnded };
  });
  return {
    operator: presentAdminOperator({ ...row, lastSignInAt: await findLastSignIn(db, id) }),
    password,
    sessions_ended: sessionsEnded,
  };
};
