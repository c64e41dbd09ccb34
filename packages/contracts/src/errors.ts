/**
 * The error-code catalogue of SPEC §8. The server answers `code` (and an English `msg`);
 * the console shows the text of `messageKey` from its locale files. Client-side codes
 * (transport failures, the request guard) live here too so both sides parse them alike.
 */

/** Where a code originates: answered by the server, or raised by the console itself. */
export type ErrorOrigin = 'server' | 'client';

/** One entry of the catalogue. */
export interface ErrorDefinition {
  /** Numeric code carried in the envelope's `code`. */
  readonly code: number;
  /** HTTP status that tells the class of the failure (DESIGN §5). */
  readonly httpStatus: 400 | 401 | 403 | 404 | 409 | 429 | 500 | 503 | 504;
  /** i18n key of the user-facing text in the console's locale files. */
  readonly messageKey: string;
  /** English fallback text, sent as `msg`. */
  readonly message: string;
  /** Who raises it. */
  readonly origin: ErrorOrigin;
}

const define = <
  const T extends Record<string, Omit<ErrorDefinition, 'messageKey' | 'origin'> & { origin?: ErrorOrigin }>,
>(
  table: T,
): { readonly [K in keyof T]: ErrorDefinition & { readonly code: T[K]['code'] } } =>
  Object.fromEntries(
    Object.entries(table).map(([key, value]) => [
      key,
      Object.freeze({ ...value, origin: value.origin ?? 'server', messageKey: `errors.${key}` }),
    ]),
  ) as never;

/**
 * Every code, keyed by its stable name. The names of SPEC §8 are kept where the spec gives
 * one; codes the spec lists without a name get one in the same style.
 */
export const ERRORS = define({
  // Generic and protocol
  UnKnownError: { code: -1, httpStatus: 500, message: 'Unknown error' },
  ERR_PROTOCOL_ERROR: { code: -1001, httpStatus: 400, message: 'Protocol error' },
  SYSTEM_UPDATE_ERROR: { code: 99, httpStatus: 503, message: 'System upgrading, please try again later' },
  FREQUENTLY: { code: 101, httpStatus: 429, message: 'Too frequent, please try again later' },
  ERR_FORBIDDEN: { code: 403, httpStatus: 403, message: 'Unauthorized: bind a phone or email first' },
  ERR_NOT_FOUND: { code: 404, httpStatus: 404, message: 'Not found' },
  ERR_INTERNAL_ERROR: { code: 500, httpStatus: 500, message: 'Internal error' },
  ERR_TIMEOUT_ERROR: { code: 504, httpStatus: 504, message: 'Timeout' },
  ApiKeyLimit: { code: 601, httpStatus: 409, message: 'API key limit exceeded (limit 10)' },
  HttpCodeError: { code: 602, httpStatus: 500, message: 'Network request failed', origin: 'client' },
  RestPasswordError: { code: 603, httpStatus: 400, message: 'Password reset error' },
  PW_OR_USERNAME_NOT_MATCH: { code: 604, httpStatus: 401, message: 'Account or password mismatch' },
  UserExistError: { code: 605, httpStatus: 409, message: 'User exists' },
  PhoneUsedError: { code: 606, httpStatus: 409, message: 'Phone already used' },
  TOURIST_USER: {
    code: 610,
    httpStatus: 403,
    message: 'You are currently a tourist, please register and log in first!',
  },
  ConnectionError: { code: 703, httpStatus: 500, message: 'Connection error', origin: 'client' },
  ConnectionTimeOut: { code: 704, httpStatus: 504, message: 'Connection timeout', origin: 'client' },
  GenerationError: { code: 801, httpStatus: 500, message: 'Generation failed' },
  CaptchaError: { code: 900, httpStatus: 400, message: 'Captcha error' },
  SMS_LIMIT_REACHED: { code: 901, httpStatus: 429, message: 'SMS code limit reached' },
  // Arguments
  ERR_ARGUMENT_MISSING: { code: 1001, httpStatus: 400, message: 'Argument missing' },
  ERR_ARGUMENT_TYPE: { code: 1002, httpStatus: 400, message: 'Argument type error' },
  // Accounts
  PHONE_NOT_REGISTERED: { code: 2000, httpStatus: 404, message: 'Phone not registered' },
  ERR_NO_USER: { code: 2001, httpStatus: 404, message: 'Account does not exist' },
  ERR_HAVE_USER: { code: 2002, httpStatus: 409, message: 'User exists' },
  ERR_PWD_ERROR: { code: 2003, httpStatus: 401, message: 'Wrong email or password' },
  ERR_TOKEN_ERROR: { code: 2004, httpStatus: 401, message: 'Identity authentication failed (token error)' },
  ERR_REGISTER_ERROR: { code: 2005, httpStatus: 400, message: 'Register failed' },
  ERR_LOGOUT_ERROR: { code: 2006, httpStatus: 400, message: 'Logout failed' },
  ERR_BAN_LOGIN: {
    code: 2007,
    httpStatus: 429,
    message: 'Too many failed logins, please retry in 10 minutes',
  },
  ERR_EMAIL_BLACKED: { code: 2008, httpStatus: 403, message: 'Email flagged' },
  EMAIL_NOT_ACTIVATED: { code: 2100, httpStatus: 403, message: 'Email not activated' },
  // Operators (the owner's management of them; SPEC §8 has no codes for operators)
  ERR_OPERATOR_SELF: {
    code: 2201,
    httpStatus: 409,
    message: 'An owner cannot disable, demote or reset their own operator account',
  },
  ERR_LAST_OWNER: {
    code: 2202,
    httpStatus: 409,
    message: 'The installation must keep at least one enabled owner',
  },
  // Money
  ERR_CHARGE_ERROR: { code: 3001, httpStatus: 400, message: 'Top-up failed' },
  ERR_BALANCE_NOT_ENOUGH: { code: 3002, httpStatus: 400, message: 'Balance insufficient, please recharge' },
  ERR_PRICE_ERROR: { code: 3003, httpStatus: 400, message: 'Amount wrong' },
  ERR_NOT_PAYWAY: { code: 3004, httpStatus: 400, message: 'Wrong package' },
  ERR_CHARGED_LIMIT: { code: 3005, httpStatus: 409, message: 'Package purchase limit reached' },
  // Proxies
  ERR_AREA_ERROR: { code: 4001, httpStatus: 400, message: 'Wrong area' },
  ERR_MACHINE_DEFICIENCY: { code: 4002, httpStatus: 409, message: 'No machine available' },
  ERR_NEW_PROXY_FREQUENTLY: {
    code: 4003,
    httpStatus: 429,
    message: 'Generation too frequent, retry after 1 second',
  },
  ERR_NEW_PROXY_FAILED: { code: 4004, httpStatus: 404, message: 'No proxy for this area or IP' },
  ERR_NO_THIS_USER_TOKEN: { code: 4005, httpStatus: 404, message: 'No such proxy record' },
  ERR_NO_THIS_PROXY: { code: 4006, httpStatus: 404, message: 'Proxy missing' },
  ERR_PROXY_USED_TOO_MORE: { code: 4007, httpStatus: 409, message: 'Proxy already bought by another user' },
  ERR_PROXY_ONLY_HTTP: { code: 4008, httpStatus: 400, message: 'Proxy supports HTTP only' },
  ERR_PROXY_UNAVAILABLE: { code: 4009, httpStatus: 409, message: 'Proxy unavailable' },
  ERR_STATIC_SEARCH_LIMIT: {
    code: 4010,
    httpStatus: 429,
    message: 'Static search limit reached; buying a residential static proxy restores it',
  },
  ERR_PROXY_TOKEN_EXPIRED: { code: 4011, httpStatus: 409, message: 'Proxy expired' },
  ERR_PROXY_NOT_IN_NORMAL: { code: 4012, httpStatus: 409, message: 'Proxy not in normal state' },
  ERR_PROXY_LOST_EFFICACY: { code: 4013, httpStatus: 409, message: 'Proxy temporarily disabled' },
  ERR_PROXY_AREA_ERROR: { code: 4014, httpStatus: 400, message: 'Special area, please contact support' },
  // SPEC §8 names this key without a number; batch delete of non-expired proxies answers it.
  ERR_PROXY_NOT_IN_EXPIRED: { code: 4015, httpStatus: 409, message: 'Only expired proxies can be deleted' },
  // Sub-users (issue #21): the gateway refuses a paused sub-user's credential (4016) and one whose
  // traffic or spending limit of the period is used up (4017).
  ERR_SUB_USER_PAUSED: { code: 4016, httpStatus: 409, message: 'Sub-user paused' },
  ERR_SUB_USER_LIMIT_REACHED: {
    code: 4017,
    httpStatus: 409,
    message: 'Sub-user traffic or spending limit of this period reached',
  },
  ERR_SUB_USER_MAX: { code: 4018, httpStatus: 409, message: 'Sub-user limit of the account reached' },
  ERR_NO_SUB_USER: { code: 4019, httpStatus: 404, message: 'No such sub-user' },
  ERR_SUB_USER_NAME_TAKEN: { code: 4020, httpStatus: 409, message: 'A sub-user of this name exists' },
  // IP allow-list (issue #21): a range another account lists (4021), the account's bound (4022),
  // a missing entry (4023), a range that cannot be listed (4024: not an address/CIDR, too wide,
  // a kind of address refused), one already on the customer's own list (4025).
  ERR_ALLOWLIST_OVERLAP: {
    code: 4021,
    httpStatus: 409,
    message: 'This address range overlaps one allow-listed by another account',
  },
  ERR_ALLOWLIST_MAX: { code: 4022, httpStatus: 409, message: 'IP allow-list limit of the account reached' },
  ERR_NO_ALLOWLIST_ENTRY: { code: 4023, httpStatus: 404, message: 'No such allow-list entry' },
  ERR_ALLOWLIST_RANGE: {
    code: 4024,
    httpStatus: 400,
    message: 'Not an address range that can be allow-listed',
  },
  ERR_ALLOWLIST_DUPLICATE: { code: 4025, httpStatus: 409, message: 'This address range is already listed' },
  // A port rule (targeting by gateway port): a port not among the gateway's targeting ports, or
  // username parameters that do not parse or leave the proxy's area.
  ERR_ALLOWLIST_PORT_RULE: {
    code: 4026,
    httpStatus: 400,
    message: 'Not a targeting rule an allow-list entry can have',
  },
  ERR_STATIC_CONCURRENCY_LIMIT: {
    code: 4101,
    httpStatus: 429,
    message: 'Static private proxy concurrency limit',
  },
  REFERRAL_CODE_INVALID: { code: 4201, httpStatus: 400, message: 'Referral code invalid' },
  // API keys
  ERR_API_TOKEN_ERROR: { code: 5001, httpStatus: 401, message: 'API token error, please log in again' },
  ERR_API_TOKEN_TO_MORE: { code: 5002, httpStatus: 409, message: 'API token maximum reached' },
  ERR_NO_API_TOKEN: { code: 5003, httpStatus: 404, message: 'No such API token' },
  USER_EXITS_ERROR: { code: 5004, httpStatus: 409, message: 'User exists' },
  // Rewards
  SIGNIN_FAILED: { code: 6002, httpStatus: 429, message: 'Sign-in only once per 24 hours' },
  NAME_REPLY_ERROR: { code: 9000, httpStatus: 400, message: 'Name reply error' },
  // Remote PCs
  ERR_VM_CREATE_FAILED: { code: 20001, httpStatus: 500, message: 'VM creation failed' },
  ERR_VM_CREATE_SUSPENDED: { code: 20002, httpStatus: 503, message: 'VM creation suspended' },
  ERR_AZURE_LIMIT: { code: 20003, httpStatus: 409, message: 'VM personal limit reached' },
  ERR_VM_CREATING: { code: 20004, httpStatus: 409, message: 'Another VM is being created' },
  ERR_VM_NOT_FOUND: { code: 20005, httpStatus: 404, message: 'VM does not exist' },
  ERR_VM_FREED: { code: 20007, httpStatus: 409, message: 'VM freed' },
  ERR_VM_INVALID_STATUS_CHANGE: { code: 20008, httpStatus: 409, message: 'Invalid status change' },
});

/** Stable name of an error. */
export type ErrorKey = keyof typeof ERRORS;

/** Numeric code of an error. */
export type ErrorCode = (typeof ERRORS)[ErrorKey]['code'];

const byCode: ReadonlyMap<number, ErrorDefinition & { key: ErrorKey }> = new Map(
  (Object.entries(ERRORS) as [ErrorKey, ErrorDefinition][]).map(([key, def]) => [def.code, { ...def, key }]),
);

/** Looks an error up by its numeric code; `undefined` for codes outside the catalogue. */
export const findErrorByCode = (code: number): (ErrorDefinition & { key: ErrorKey }) | undefined =>
  byCode.get(code);

/** Every numeric code of the catalogue. */
export const ERROR_CODES: readonly number[] = [...byCode.keys()];
