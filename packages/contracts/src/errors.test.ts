import { describe, expect, it } from 'vitest';
import { AppError, isAppError } from './app-error';
import { ERROR_CODES, ERRORS, findErrorByCode } from './errors';

// SPEC §8, table of codes.
const SPEC_CODES = [
  500, 504, 601, 602, 603, 604, 605, 606, 610, 703, 704, 801, 900, 901, 101, 99, -1, -1001, 1001, 1002, 2000,
  2001, 2002, 2003, 2004, 2005, 2006, 2007, 2008, 2100, 3001, 3002, 3003, 3004, 3005, 4001, 4002, 4003, 4004,
  4005, 4006, 4007, 4008, 4009, 4010, 4011, 4012, 4013, 4014, 4101, 4201, 5001, 5002, 5003, 5004, 20001,
  20002, 20003, 20004, 20005, 20007, 20008, 6002, 9000,
];

// SPEC §8, named server error keys.
const SPEC_KEYS = [
  'ERR_PROTOCOL_ERROR',
  'ERR_INTERNAL_ERROR',
  'ERR_TIMEOUT_ERROR',
  'ERR_ARGUMENT_MISSING',
  'ERR_ARGUMENT_TYPE',
  'ERR_NO_USER',
  'ERR_HAVE_USER',
  'ERR_PWD_ERROR',
  'ERR_REGISTER_ERROR',
  'ERR_TOKEN_ERROR',
  'ERR_LOGOUT_ERROR',
  'ERR_BAN_LOGIN',
  'ERR_EMAIL_BLACKED',
  'ERR_CHARGE_ERROR',
  'ERR_BALANCE_NOT_ENOUGH',
  'ERR_PRICE_ERROR',
  'ERR_NOT_PAYWAY',
  'ERR_CHARGED_LIMIT',
  'ERR_AREA_ERROR',
  'ERR_MACHINE_DEFICIENCY',
  'ERR_NEW_PROXY_FREQUENTLY',
  'ERR_NEW_PROXY_FAILED',
  'ERR_NO_THIS_USER_TOKEN',
  'ERR_NO_THIS_PROXY',
  'ERR_PROXY_USED_TOO_MORE',
  'ERR_PROXY_ONLY_HTTP',
  'ERR_PROXY_UNAVAILABLE',
  'ERR_PROXY_TOKEN_EXPIRED',
  'ERR_PROXY_NOT_IN_NORMAL',
  'ERR_PROXY_NOT_IN_EXPIRED',
  'ERR_PROXY_LOST_EFFICACY',
  'ERR_PROXY_AREA_ERROR',
  'ERR_AZURE_LIMIT',
  'ERR_API_TOKEN_ERROR',
  'USER_EXITS_ERROR',
  'ERR_API_TOKEN_TO_MORE',
  'ERR_NO_API_TOKEN',
  'ApiKeyLimit',
  'HttpCodeError',
  'RestPasswordError',
  'PW_OR_USERNAME_NOT_MATCH',
  'UserExistError',
  'PhoneUsedError',
  'ConnectionError',
  'ConnectionTimeOut',
  'GenerationError',
  'UnKnownError',
  'TOURIST_USER',
  'CaptchaError',
  'SYSTEM_UPDATE_ERROR',
  'SMS_LIMIT_REACHED',
  'FREQUENTLY',
  'PHONE_NOT_REGISTERED',
  'EMAIL_NOT_ACTIVATED',
  'SIGNIN_FAILED',
  'REFERRAL_CODE_INVALID',
];

describe('the error catalogue', () => {
  it('holds every code of SPEC §8', () => {
    for (const code of SPEC_CODES) expect(findErrorByCode(code), `code ${code}`).toBeDefined();
  });

  it('holds every named key of SPEC §8', () => {
    for (const key of SPEC_KEYS) expect(Object.keys(ERRORS), key).toContain(key);
  });

  it('gives each code to exactly one key', () => {
    expect(new Set(ERROR_CODES).size).toBe(Object.keys(ERRORS).length);
  });

  it('gives each entry a message key, an English message and an HTTP class', () => {
    for (const [key, def] of Object.entries(ERRORS)) {
      expect(def.messageKey).toBe(`errors.${key}`);
      expect(def.message.length).toBeGreaterThan(2);
      expect([400, 401, 403, 404, 409, 429, 500, 503, 504]).toContain(def.httpStatus);
    }
  });

  it('says "token error" for the codes that send the user back to login', () => {
    expect(ERRORS.ERR_TOKEN_ERROR.message).toContain('token error');
    expect(ERRORS.ERR_API_TOKEN_ERROR.message).toContain('token error');
    expect(ERRORS.ERR_PWD_ERROR.message).not.toContain('token error');
  });

  it('uses the tourist wording of SPEC §6 for 610', () => {
    expect(ERRORS.TOURIST_USER.message).toBe(
      'You are currently a tourist, please register and log in first!',
    );
  });
});

describe('AppError', () => {
  it('carries the code and status of its key', () => {
    const error = new AppError('ERR_BALANCE_NOT_ENOUGH');
    expect(error).toMatchObject({ key: 'ERR_BALANCE_NOT_ENOUGH', code: 3002, httpStatus: 400, data: null });
    expect(isAppError(error)).toBe(true);
    expect(isAppError(new Error('x'))).toBe(false);
  });

  it('is rebuilt from an envelope, keeping the server text', () => {
    const error = AppError.fromEnvelope(4007, 'taken', { ip: '1.2.3.4' });
    expect(error).toMatchObject({
      key: 'ERR_PROXY_USED_TOO_MORE',
      code: 4007,
      message: 'taken',
      data: { ip: '1.2.3.4' },
    });
  });

  it('keeps a code outside the catalogue as it came', () => {
    const error = AppError.fromEnvelope(123_456, '');
    expect(error).toMatchObject({ key: undefined, code: 123_456, message: 'Error' });
  });
});
