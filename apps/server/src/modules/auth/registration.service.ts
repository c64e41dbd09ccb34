import { ACCOUNT_RULES, AppError, type CodePurpose, parsePhoneCountry } from '@ptc/contracts';
import type { Database } from '@ptc/db';
import { recordRegistrationAddress } from './account-addresses.repository';
import type { AuthDeps, ClientInfo } from './auth.deps';
import {
  findUserByEmail,
  findUserByInviteCode,
  findUserByPhone,
  findUserByUsername,
} from './auth.repository';
import { verifyCaptcha } from './captcha.service';
import { issueCode, useCode } from './codes.service';
import { codeMessage } from './messages';
import { hashPassword } from './secrets';
import { startSession } from './sessions.service';
import { createAccount } from './user-factory';

/** Throws 2008 for an address or domain on the configured blocklist. */
export const assertEmailAllowed = (blocklist: readonly string[], email: string) => {
  const address = email.toLowerCase();
  const domain = address.split('@')[1] ?? '';
  if (blocklist.some((entry) => entry === address || entry === domain || domain.endsWith(`.${entry}`))) {
    throw new AppError('ERR_EMAIL_BLACKED');
  }
};

/** Throws 4014 for mainland China numbers: phone registration from China is unsupported (SPEC §2). */
export const assertPhoneRegistrable = (phone: string) => {
  if (parsePhoneCountry(phone) === 'CN') {
    throw new AppError('ERR_PROXY_AREA_ERROR', {
      message: 'Phone registration from mainland China is not supported',
    });
  }
};

/** The referrer's code when `ref` names a live account; 4201 otherwise. */
const resolveReferral = async (db: Database, ref: string | undefined) => {
  if (!ref) return null;
  const referrer = await findUserByInviteCode(db, ref);
  if (!referrer) throw new AppError('REFERRAL_CODE_INVALID');
  return referrer.inviteCode;
};

/** `POST /user/register/email/code`: emails a code for registering or binding that address. */
export const sendEmailCode = async (
  deps: AuthDeps,
  client: ClientInfo,
  input: { email: string; purpose: 'register' | 'bind'; userId?: bigint },
) => {
  await deps.limits.consume('CODES_PER_IP', client.ip);
  assertEmailAllowed(deps.config.emailBlocklist, input.email);
  const owner = await findUserByEmail(deps.db, input.email);
  if (owner && input.purpose === 'register') throw new AppError('ERR_HAVE_USER');
  if (owner && owner.id !== input.userId) throw new AppError('USER_EXITS_ERROR');
  return issueCode(deps.db, {
    channel: 'email',
    address: input.email,
    purpose: input.purpose,
    clientIp: client.ip,
    deliver: (code) =>
      deps.mailer.send({
        to: input.email,
        ...codeMessage(client.lang, input.purpose, code, ACCOUNT_RULES.CODE_TTL_MS),
      }),
  });
};

/** `POST /user/sms/phone` and `/user/sms/rny`: texts a code for signing in, registering or binding. */
export const sendSmsCode = async (
  deps: AuthDeps,
  client: ClientInfo,
  input: { phone: string; purpose: Extract<CodePurpose, 'login' | 'register' | 'bind'>; userId?: bigint },
) => {
  await deps.limits.consume('CODES_PER_IP', client.ip);
  const owner = await findUserByPhone(deps.db, input.phone);
  if (input.purpose === 'login' && !owner) throw new AppError('PHONE_NOT_REGISTERED');
  if (input.purpose === 'register') assertPhoneRegistrable(input.phone);
  if (input.purpose !== 'login' && owner && owner.id !== input.userId) throw new AppError('PhoneUsedError');
  return issueCode(deps.db, {
    channel: 'sms',
    address: input.phone,
    purpose: input.purpose,
    clientIp: client.ip,
    deliver: (code) =>
      deps.sms.send(
        input.phone,
        codeMessage(client.lang, input.purpose, code, ACCOUNT_RULES.CODE_TTL_MS).text,
      ),
  });
};

/** `POST /user/register`: a new account from an email verified by code; does not sign in. */
export const registerWithEmail = async (
  deps: AuthDeps,
  client: ClientInfo,
  input: {
    email: string;
    email_code: string;
    password: string;
    captcha: string;
    captchaId: string | null;
    region: 'overseas' | 'china';
    username?: string;
    ref?: string;
  },
) => {
  await deps.limits.consume('REGISTRATIONS_PER_IP', client.ip);
  await verifyCaptcha(deps.db, input.captchaId, input.captcha);
  if (input.region === 'china') {
    throw new AppError('ERR_PROXY_AREA_ERROR', {
      message: 'Registration from mainland China is not supported',
    });
  }
  assertEmailAllowed(deps.config.emailBlocklist, input.email);
  if (await findUserByEmail(deps.db, input.email)) throw new AppError('ERR_HAVE_USER');
  if (input.username && (await findUserByUsername(deps.db, input.username)))
    throw new AppError('UserExistError');
  const referrerCode = await resolveReferral(deps.db, input.ref);
  const passwordHash = await hashPassword(input.password);
  // Verified outside any transaction so that a wrong code counts against its tries.
  await useCode(deps.db, {
    channel: 'email',
    address: input.email,
    purpose: 'register',
    code: input.email_code,
  });
  const user = await createAccount(
    deps.db,
    { email: input.email, passwordHash, region: input.region, referrerCode, username: input.username },
    input.email,
  );
  await recordRegistrationAddress(deps.db, user, client.ip);
  return { uid: user.uid };
};

/** `POST /user/register/phone`: a new account from a phone verified by code; signs in. */
export const registerWithPhone = async (
  deps: AuthDeps,
  client: ClientInfo,
  input: { phone: string; code: string; ref?: string },
) => {
  await deps.limits.consume('REGISTRATIONS_PER_IP', client.ip);
  assertPhoneRegistrable(input.phone);
  if (await findUserByPhone(deps.db, input.phone)) throw new AppError('PhoneUsedError');
  const referrerCode = await resolveReferral(deps.db, input.ref);
  await useCode(deps.db, { channel: 'sms', address: input.phone, purpose: 'register', code: input.code });
  const user = await createAccount(deps.db, { phone: input.phone, referrerCode }, 'user');
  await recordRegistrationAddress(deps.db, user, client.ip);
  return { token: await startSession(deps.db, user.id, 'sms'), is_new: true };
};

/** `POST /user/tourist`: a guest account, signed in; it becomes registered by binding a contact. */
export const startTourist = async (deps: AuthDeps, client: ClientInfo) => {
  await deps.limits.consume('REGISTRATIONS_PER_IP', client.ip);
  const user = await createAccount(deps.db, { isTourist: true }, 'guest');
  await recordRegistrationAddress(deps.db, user, client.ip);
  const host = new URL(deps.config.publicUrl).hostname;
  return {
    token: await startSession(deps.db, user.id, 'tourist'),
    is_new: true,
    tourist_email: `tourist_${user.uid.slice(1, 11)}@${host}`,
  };
};
