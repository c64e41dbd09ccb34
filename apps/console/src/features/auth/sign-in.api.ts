import type {
  accountLoginRequestSchema,
  emailCodeRequestSchema,
  loginRequestSchema,
  OAuthProvider,
  oauthCallbackRequestSchema,
  oauthProvidersResponseSchema,
  oauthUrlResponseSchema,
  PasswordSignInResponse,
  phoneLoginRequestSchema,
  phoneRegisterRequestSchema,
  registerRequestSchema,
  registerResponseSchema,
  SessionResponse,
  smsCodeRequestSchema,
  touristResponseSchema,
} from '@ptc/contracts';
import { api } from '../../shared/api/api';
import { apiQuery } from '../../shared/api/api-query';
import type { RequestOf, ResponseOf } from '../../shared/api/contract-types';

/** Answer of the calls that send a verification code. */
export interface CodeSent {
  /** Seconds the code stays valid. */
  expires_in: number;
  /** Seconds before another code may be sent to the same address. */
  resend_in: number;
}

/** Answer of starting a guest account. */
export type TouristSession = ResponseOf<typeof touristResponseSchema>;

// ---- Sessions ---------------------------------------------------------------------------

/**
 * `POST /user/login`: email and password (2003 wrong, 2007 locked, 900 captcha); a session, or
 * the second step to take when two-factor sign-in is on and this browser is not remembered.
 */
export const loginWithEmail = (data: RequestOf<typeof loginRequestSchema>) =>
  api.request<PasswordSignInResponse>({ method: 'POST', path: '/user/login', data });

/** `POST /user/login/all`: user name or email, and password (604, 2007, 900). */
export const loginWithAccount = (data: RequestOf<typeof accountLoginRequestSchema>) =>
  api.request<PasswordSignInResponse>({ method: 'POST', path: '/user/login/all', data });

/** `POST /user/sms/phone`: texts a code for logging in, registering or binding. */
export const sendSmsCode = (data: RequestOf<typeof smsCodeRequestSchema>) =>
  api.request<CodeSent>({ method: 'POST', path: '/user/sms/phone', data, bodyKind: 'form' });

/** `POST /user/login/phone`: phone and texted code (2000 not registered, 900 wrong code). */
export const loginWithPhone = (data: RequestOf<typeof phoneLoginRequestSchema>) =>
  api.request<PasswordSignInResponse>({ method: 'POST', path: '/user/login/phone', data, bodyKind: 'form' });

/** `POST /user/tourist`: starts a guest account. */
export const startTourist = () => api.request<TouristSession>({ method: 'POST', path: '/user/tourist' });

// ---- Registration -----------------------------------------------------------------------

/** `GET /proxy/static/image`: a fresh 4-digit image captcha, tied to this browser by a cookie. */
export const fetchCaptchaImage = (signal?: AbortSignal) =>
  api.request<Blob>({
    path: '/proxy/static/image',
    // A new image every time, whatever the HTTP cache thinks.
    query: { t: Date.now() },
    responseType: 'blob',
    silent: true,
    ...(signal ? { signal } : {}),
  });

/** `POST /user/register/email/code`: emails a code for registering or binding (2002, 2008, 101, 901). */
export const sendEmailCode = (data: RequestOf<typeof emailCodeRequestSchema>) =>
  api.request<CodeSent>({ method: 'POST', path: '/user/register/email/code', data, bodyKind: 'form' });

/** `POST /user/register`: email registration; does not sign in. */
export const registerWithEmail = (data: RequestOf<typeof registerRequestSchema>) =>
  api.request<ResponseOf<typeof registerResponseSchema>>({ method: 'POST', path: '/user/register', data });

/** `POST /user/register/phone`: phone registration; signs in (606, 4014 for +86, 900). */
export const registerWithPhone = (data: RequestOf<typeof phoneRegisterRequestSchema>) =>
  api.request<SessionResponse>({ method: 'POST', path: '/user/register/phone', data, bodyKind: 'form' });

// ---- OAuth ------------------------------------------------------------------------------

/** `GET /user/oauth/providers`: which sign-in buttons to show. Silent: without it none are shown. */
export const oauthProvidersQuery = () =>
  apiQuery<ResponseOf<typeof oauthProvidersResponseSchema>>({ path: '/user/oauth/providers', silent: true });

/** `GET /user/oauth/{provider}/url`: where to send the browser to sign in with the provider. */
export const fetchOAuthUrl = (provider: OAuthProvider) =>
  api.request<ResponseOf<typeof oauthUrlResponseSchema>>({
    path: '/user/oauth/{provider}/url',
    params: { provider },
  });

/** Finishes an OAuth sign-in: `POST /user/register/google` (form) or `GET /user/register/github`. */
export const completeOAuth = (provider: OAuthProvider, data: RequestOf<typeof oauthCallbackRequestSchema>) =>
  provider === 'google'
    ? api.request<PasswordSignInResponse>({
        method: 'POST',
        path: '/user/register/google',
        data,
        bodyKind: 'form',
      })
    : api.request<PasswordSignInResponse>({ path: '/user/register/github', data });

// ---- Analytics --------------------------------------------------------------------------

/** How an account was created, for the `sign_up` conversion event. */
export type SignUpMethod = 'phone' | OAuthProvider;

/** `POST /api/statistics/log` `sign_up`: the conversion event of a new account. Never fails. */
export const logSignUp = async (method: SignUpMethod): Promise<void> => {
  try {
    await api.request({
      method: 'POST',
      path: '/api/statistics/log',
      data: { event: 'sign_up', data: { method } },
      silent: true,
    });
  } catch {
    // Analytics must never stand in the way of signing up.
  }
};
