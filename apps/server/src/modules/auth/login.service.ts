import { AppError, type ErrorKey } from '@ptc/contracts';
import { finishFirstStep } from '../two-factor/two-factor-sign-in.service';
import type { AuthDeps, ClientInfo } from './auth.deps';
import { findUserByAccount, findUserByEmail, findUserByPhone, type UserRow } from './auth.repository';
import { verifyCaptcha } from './captcha.service';
import { useCode } from './codes.service';
import { assertNotLocked, failSignIn, succeedSignIn } from './lockout.service';
import { verifyPassword } from './secrets';
import type { SignInMethod } from './sessions.service';

interface PasswordSignIn {
  /** Lower-cased email or user name: the lockout key. */
  account: string;
  password: string;
  captcha: string;
  captchaId: string | null;
  remember?: boolean;
  /** The remembered-device cookie (two-factor sign-in), when the browser sent one. */
  deviceToken?: string | undefined;
}

/**
 * Every try counts against the client address's sign-in limit (101 beyond it, whichever accounts
 * it tries) and a successful one is given back; each account also has its lockout (2007). With
 * two-factor sign-in on, a browser that is not a remembered device gets a challenge, not a token.
 */
const signInWithPassword = async (
  deps: AuthDeps,
  client: ClientInfo,
  input: PasswordSignIn,
  find: (account: string) => Promise<UserRow | null>,
  failureKey: ErrorKey,
  method: SignInMethod,
) => {
  await deps.limits.consume('SIGN_IN_FAILURES_PER_IP', client.ip);
  await verifyCaptcha(deps.db, input.captchaId, input.captcha);
  await assertNotLocked(deps.db, input.account);
  const user = await find(input.account);
  if (!(await verifyPassword(user?.passwordHash ?? null, input.password)) || !user) {
    throw await failSignIn(deps.db, input.account, client.ip, new AppError(failureKey));
  }
  await Promise.all([
    succeedSignIn(deps.db, input.account),
    deps.limits.reward('SIGN_IN_FAILURES_PER_IP', client.ip),
  ]);
  return finishFirstStep(deps.db, user, method, input);
};

/** `POST /user/login`: email and password (2003 on mismatch, 2007 when locked). */
export const loginWithEmail = (
  deps: AuthDeps,
  client: ClientInfo,
  input: Omit<PasswordSignIn, 'account'> & { email: string },
) =>
  signInWithPassword(
    deps,
    client,
    { ...input, account: input.email.toLowerCase() },
    (email) => findUserByEmail(deps.db, email),
    'ERR_PWD_ERROR',
    'password',
  );

/** `POST /user/login/all`: user name or email, and password (604 on mismatch, 2007 when locked). */
export const loginWithAccount = (
  deps: AuthDeps,
  client: ClientInfo,
  input: Omit<PasswordSignIn, 'account'> & { account: string },
) =>
  signInWithPassword(
    deps,
    client,
    { ...input, account: input.account.toLowerCase() },
    (account) => findUserByAccount(deps.db, account),
    'PW_OR_USERNAME_NOT_MATCH',
    'account',
  );

/**
 * `POST /user/login/phone`: a texted code (2000 when the phone has no account, 900 on a wrong code).
 * Failed tries count against the client's sign-in limit, as password ones do.
 */
export const loginWithPhone = async (
  deps: AuthDeps,
  client: ClientInfo,
  input: { phone: string; code: string; remember?: boolean; deviceToken?: string | undefined },
) => {
  await deps.limits.consume('SIGN_IN_FAILURES_PER_IP', client.ip);
  const user = await findUserByPhone(deps.db, input.phone);
  if (!user) throw new AppError('PHONE_NOT_REGISTERED');
  await useCode(deps.db, { channel: 'sms', address: input.phone, purpose: 'login', code: input.code });
  await deps.limits.reward('SIGN_IN_FAILURES_PER_IP', client.ip);
  return finishFirstStep(deps.db, user, 'sms', input);
};
