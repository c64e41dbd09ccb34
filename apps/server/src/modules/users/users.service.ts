import { AppError, type SetPlanRequest } from '@ptc/contracts';
import { type Database, isUniqueViolation } from '@ptc/db';
import { revokeAccountApiKeys } from '../api-keys/api-keys.service';
import {
  findUserByEmail,
  findUserByInviteCode,
  findUserByPhone,
  findUserByUid,
  findUserByUsername,
  revokeUserSessions,
  type UserRow,
  unlinkOAuthAccounts,
  updateUser,
} from '../auth/accounts.service';
import type { AuthDeps } from '../auth/auth.deps';
import { useCode } from '../auth/codes.service';
import { hashPassword, verifyPassword } from '../auth/secrets';
import { grantSurveyPhoneReward } from '../rewards/rewards.service';
import { dropHolds, lockHolds } from '../wallet/holds.service';
import { moveMoney } from '../wallet/ledger.service';

const done = { done: true as const };

const inTransaction = <T>(db: Database, work: (tx: Database) => Promise<T>) =>
  db.transaction((tx) => work(tx as unknown as Database));

/**
 * `PUT /user/pw`: changes the password (old one required; every session is revoked, so the
 * user signs in again), or sets a first one when the account has none.
 */
export const changePassword = async (
  deps: AuthDeps,
  user: UserRow,
  input: { old_password?: string; new_password: string },
  now = new Date(),
) => {
  if (user.passwordHash) {
    if (!input.old_password)
      throw new AppError('ERR_ARGUMENT_MISSING', { message: 'Argument missing: old_password is required' });
    if (!(await verifyPassword(user.passwordHash, input.old_password)))
      throw new AppError('PW_OR_USERNAME_NOT_MATCH');
  }
  const passwordHash = await hashPassword(input.new_password);
  await inTransaction(deps.db, async (tx) => {
    await updateUser(tx, user.id, { passwordHash });
    if (user.passwordHash) await revokeUserSessions(tx, user.id, now);
  });
  return { ...done, relogin: Boolean(user.passwordHash) };
};

/** `PUT /user/name`: a new user name (605 when taken); every session is revoked. */
export const changeUsername = async (deps: AuthDeps, user: UserRow, username: string, now = new Date()) => {
  const owner = await findUserByUsername(deps.db, username);
  if (owner && owner.id !== user.id) throw new AppError('UserExistError');
  await inTransaction(deps.db, async (tx) => {
    await updateUser(tx, user.id, { username });
    await revokeUserSessions(tx, user.id, now);
  });
  return done;
};

/** `POST /user/bind_phone`: a texted code proves the phone (606 when another account has it). */
export const bindPhone = async (
  deps: AuthDeps,
  user: UserRow,
  input: { phone: string; code: string },
  clientIp = '',
) => {
  const owner = await findUserByPhone(deps.db, input.phone);
  if (owner && owner.id !== user.id) throw new AppError('PhoneUsedError');
  await useCode(deps.db, { channel: 'sms', address: input.phone, purpose: 'bind', code: input.code });
  await updateUser(deps.db, user.id, { phone: input.phone, isTourist: false, toBandPhone: false }).catch(
    (error) => {
      throw isUniqueViolation(error) ? new AppError('PhoneUsedError') : error;
    },
  );
  // Survey answered before: binding the phone earns the survey reward (issue #20), once.
  await grantSurveyPhoneReward(deps.db, deps.config.rewards, user.id, clientIp);
  return done;
};

/** `POST /user/band/email/{uid}`: an emailed code proves the address (5004 when another account has it). */
export const bindEmail = async (
  deps: AuthDeps,
  user: UserRow,
  uid: string,
  input: { email: string; code: string },
) => {
  // Another user's id answers exactly like an unknown one.
  if (uid !== user.uid) throw new AppError('ERR_NO_USER');
  const owner = await findUserByEmail(deps.db, input.email);
  if (owner && owner.id !== user.id) throw new AppError('USER_EXITS_ERROR');
  await useCode(deps.db, { channel: 'email', address: input.email, purpose: 'bind', code: input.code });
  await updateUser(deps.db, user.id, { email: input.email, isTourist: false }).catch((error) => {
    throw isUniqueViolation(error) ? new AppError('USER_EXITS_ERROR') : error;
  });
  return done;
};

/** `POST /user/ref/bind`: records who invited the user; 4201 for an unknown or own code, or a second referrer. */
export const bindReferral = async (deps: AuthDeps, user: UserRow, ref: string) => {
  if (user.referrerCode)
    throw new AppError('REFERRAL_CODE_INVALID', { message: 'A referral code is already bound' });
  const referrer = await findUserByInviteCode(deps.db, ref);
  if (!referrer || referrer.id === user.id) throw new AppError('REFERRAL_CODE_INVALID');
  await updateUser(deps.db, user.id, { referrerCode: referrer.inviteCode });
  return done;
};

/**
 * `DELETE /user/delete`: removes personal data, frees the email, phone and name for reuse,
 * clears the balance and revokes every session. PTC purchases are non-refundable.
 */
export const deleteAccount = async (
  deps: AuthDeps,
  user: UserRow,
  password: string | undefined,
  now = new Date(),
) => {
  if (user.passwordHash && !(await verifyPassword(user.passwordHash, password ?? ''))) {
    throw new AppError('PW_OR_USERNAME_NOT_MATCH');
  }
  await inTransaction(deps.db, async (tx) => {
    const current = await lockHolds(tx, user.id);
    if (current && current.balance > 0n) {
      // Held money too: traffic under way stops with the account (its proxies are cut).
      await moveMoney(tx, {
        userId: user.id,
        amount: -current.balance,
        kind: 'adjustment',
        idempotencyKey: `account-deleted:${user.uid}`,
        note: 'Balance cleared: account deleted (PTC purchases are non-refundable)',
        isSettlement: true,
      });
    }
    await dropHolds(tx, user.id);
    await updateUser(tx, user.id, {
      email: null,
      phone: null,
      username: `deleted_${user.uid}`,
      passwordHash: null,
      referrerCode: null,
      deletedAt: now,
    });
    await revokeUserSessions(tx, user.id, now);
    await revokeAccountApiKeys(tx, user.id, now);
    await unlinkOAuthAccounts(tx, user.id);
  });
  return done;
};

/**
 * Operator call `PUT /admin/users/{uid}/plan` (issue #13.7): sets the account's plan and its
 * custom discount, replacing both (an omitted discount is none; the personal plan has none).
 * Answers the account after the change; 2001 for an unknown or deleted account.
 */
export const setAccountPlan = async (db: Database, uid: string, request: SetPlanRequest) => {
  const user = await findUserByUid(db, uid);
  if (!user) throw new AppError('ERR_NO_USER');
  const discountBasisPoints =
    request.plan === 'enterprise'
      ? (request.discount_basis_points ?? (request.discount_percent ?? 0) * 100)
      : 0;
  return updateUser(db, user.id, { plan: request.plan, discountBasisPoints, updatedAt: new Date() });
};
