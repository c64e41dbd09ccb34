import { ERRORS, isAppError, type ShareCode } from '@ptc/contracts';
import { api } from '../../shared/api/api';

/**
 * `GET /share_codes/{code}`: whether a share code (a customer's invite code, any case) is valid,
 * with the code as its owner has it and the owner masked. Silent: the page says what is wrong.
 */
export const getShareCode = (code: string, signal?: AbortSignal) =>
  api.request<ShareCode>({
    path: '/share_codes/{code}',
    params: { code },
    silent: true,
    ...(signal ? { signal } : {}),
  });

const UNKNOWN_CODE_ANSWERS: readonly number[] = [
  ERRORS.REFERRAL_CODE_INVALID.code,
  ERRORS.ERR_ARGUMENT_MISSING.code,
  ERRORS.ERR_ARGUMENT_TYPE.code,
];

/**
 * Whether a failed lookup means the code itself is no good (4201, or a code the server refuses
 * as a parameter: empty, too long, control characters), as opposed to a failure worth retrying.
 */
export const isUnknownShareCode = (error: unknown): boolean =>
  isAppError(error) && UNKNOWN_CODE_ANSWERS.includes(error.code);

/** The share link of a customer's invite code: `<origin>/authentication/<code>` (SPEC §2). */
export const shareLinkFor = (code: string, origin: string = window.location.origin) =>
  `${origin}/authentication/${encodeURIComponent(code)}`;
