import type {
  bindEmailRequestSchema,
  bindPhoneRequestSchema,
  bindReferralRequestSchema,
  changePasswordRequestSchema,
  changeUsernameRequestSchema,
  deleteAccountRequestSchema,
} from '@ptc/contracts';
import { api } from '../../shared/api/api';
import type { RequestOf } from '../../shared/api/contract-types';

/** Answer of calls that only confirm. */
interface Done {
  done: boolean;
}

/**
 * `PUT /user/pw`: changes the password (the server then revokes every session), or sets a
 * first one when the account has none (`old_password` left out). 604 wrong old password.
 */
export const changePassword = (data: RequestOf<typeof changePasswordRequestSchema>) =>
  api.request<Done>({ method: 'PUT', path: '/user/pw', data });

/** `PUT /user/name`: renames the user and revokes every session. 605 taken. */
export const changeUsername = (data: RequestOf<typeof changeUsernameRequestSchema>) =>
  api.request<Done>({ method: 'PUT', path: '/user/name', data });

/** `POST /user/bind_phone`: binds a phone with its texted code (purpose bind). 606 used. */
export const bindPhone = (data: RequestOf<typeof bindPhoneRequestSchema>) =>
  api.request<Done>({ method: 'POST', path: '/user/bind_phone', data, bodyKind: 'form' });

/** `POST /user/band/email/{uid}`: binds an email with its emailed code (purpose bind). 5004 taken. */
export const bindEmail = (uid: string, data: RequestOf<typeof bindEmailRequestSchema>) =>
  api.request<Done>({
    method: 'POST',
    path: '/user/band/email/{uid}',
    params: { uid },
    data,
    bodyKind: 'form',
  });

/** `POST /user/ref/bind`: binds the referral code of whoever invited the user. 4201 invalid. */
export const bindReferral = (data: RequestOf<typeof bindReferralRequestSchema>) =>
  api.request<Done>({ method: 'POST', path: '/user/ref/bind', data, bodyKind: 'form' });

/** `DELETE /user/delete`: deletes the account (password required when it has one). 604. */
export const deleteAccount = (data: RequestOf<typeof deleteAccountRequestSchema>) =>
  api.request<Done>({ method: 'DELETE', path: '/user/delete', data });
