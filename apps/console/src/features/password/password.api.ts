import type {
  resetCodeRequestSchema,
  resetCredentialInfoSchema,
  resetWithCodeRequestSchema,
  resetWithCredentialRequestSchema,
} from '@ptc/contracts';
import { api } from '../../shared/api/api';
import type { RequestOf, ResponseOf } from '../../shared/api/contract-types';
import type { CodeSent } from '../auth/sign-in.api';

/** Answer of calls that only confirm. */
interface Done {
  done: boolean;
}

/** `POST /user/reset_pw/email/code`: emails a 6-digit code and a reset link valid 24 h (2001, 101, 901). */
export const sendResetCode = (data: RequestOf<typeof resetCodeRequestSchema>) =>
  api.request<CodeSent>({ method: 'POST', path: '/user/reset_pw/email/code', data, bodyKind: 'form' });

/** `PUT /user/reset_pw_with_code`: a new password with the emailed code (603 wrong or expired). */
export const resetPasswordWithCode = (data: RequestOf<typeof resetWithCodeRequestSchema>) =>
  api.request<Done>({ method: 'PUT', path: '/user/reset_pw_with_code', data });

/** What the reset page needs to know about its link. */
export type ResetCredentialInfo = ResponseOf<typeof resetCredentialInfoSchema>;

/**
 * `GET /user/reset_pw/{credential}`: whether the emailed link still works (603 when invalid,
 * expired or used). Silent: the page itself says what is wrong with the link.
 */
export const checkResetCredential = (credential: string, signal?: AbortSignal) =>
  api.request<ResetCredentialInfo>({
    path: '/user/reset_pw/{credential}',
    params: { credential },
    silent: true,
    ...(signal ? { signal } : {}),
  });

/** `PUT /user/reset_pw/{credential}`: the new password through the emailed link (603). */
export const resetPasswordWithCredential = (
  credential: string,
  data: Omit<RequestOf<typeof resetWithCredentialRequestSchema>, 'credential'>,
) => api.request<Done>({ method: 'PUT', path: '/user/reset_pw/{credential}', params: { credential }, data });
