import type {
  passkeyOptionsSchema,
  passkeyRegistrationRequestSchema,
  recoveryCodesSchema,
  SessionResponse,
  TwoFactorStatus,
  totpEnableRequestSchema,
  totpSetupSchema,
  twoFactorDisableRequestSchema,
  twoFactorLoginRequestSchema,
} from '@ptc/contracts';
import { api } from '../../shared/api/api';
import type { RequestOf, ResponseOf } from '../../shared/api/contract-types';

/** Query key of the user center's two-factor card. */
export const TWO_FACTOR_QUERY_KEY = ['two-factor'] as const;

/**
 * `POST /user/login/2fa`: the second step of a sign-in (2004 wrong code or expired, 2007 locked).
 * Silent, as enabling and disabling are: the dialogs say what went wrong (`two-factor-errors.ts`).
 */
export const loginWithSecondFactor = (data: RequestOf<typeof twoFactorLoginRequestSchema>) =>
  api.request<SessionResponse>({ method: 'POST', path: '/user/login/2fa', data, silent: true });

/** `GET /user/2fa`: on or off, recovery codes left, remembered devices. */
export const fetchTwoFactor = (signal?: AbortSignal) =>
  api.request<TwoFactorStatus>({ path: '/user/2fa', ...(signal ? { signal } : {}) });

/** `POST /user/2fa/totp/setup`: a new secret for the authenticator app. */
export const setUpTotp = () =>
  api.request<ResponseOf<typeof totpSetupSchema>>({ method: 'POST', path: '/user/2fa/totp/setup' });

/** `POST /user/2fa/totp/enable`: the first code turns 2FA on; answers the recovery codes. */
export const enableTotp = (data: RequestOf<typeof totpEnableRequestSchema>) =>
  api.request<ResponseOf<typeof recoveryCodesSchema>>({
    method: 'POST',
    path: '/user/2fa/totp/enable',
    data,
  });

/** `POST /user/2fa/disable`: a code, a recovery code or the password turns 2FA off. */
export const disableTwoFactor = (data: RequestOf<typeof twoFactorDisableRequestSchema>) =>
  api.request<{ done: boolean }>({ method: 'POST', path: '/user/2fa/disable', data, silent: true });

/** `DELETE /user/2fa/devices/{id}`: forgets a remembered device. */
export const forgetDevice = (id: string) =>
  api.request<{ done: boolean }>({ method: 'DELETE', path: '/user/2fa/devices/{id}', params: { id } });

/** `POST /user/2fa/passkeys/options`: WebAuthn options to register a passkey. */
export const passkeyRegistrationOptions = () =>
  api.request<ResponseOf<typeof passkeyOptionsSchema>>({
    method: 'POST',
    path: '/user/2fa/passkeys/options',
    silent: true,
  });

/** `POST /user/2fa/passkeys`: stores the authenticator's answer under a name. */
export const registerPasskey = (data: RequestOf<typeof passkeyRegistrationRequestSchema>) =>
  api.request<{ id: string }>({ method: 'POST', path: '/user/2fa/passkeys', data, silent: true });

/** `DELETE /user/2fa/passkeys/{id}`. */
export const deletePasskey = (id: string) =>
  api.request<{ done: boolean }>({ method: 'DELETE', path: '/user/2fa/passkeys/{id}', params: { id } });

/** `POST /user/login/2fa/passkey`: WebAuthn options for answering a sign-in's second step. */
export const passkeySignInOptions = (challenge: string) =>
  api.request<ResponseOf<typeof passkeyOptionsSchema>>({
    method: 'POST',
    path: '/user/login/2fa/passkey',
    data: { challenge },
    silent: true,
  });
