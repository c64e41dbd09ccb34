import { ACCOUNT_RULES, LIMITS } from '@ptc/contracts';
import type { FormRule } from 'antd';

/** Translates a locale key, with interpolation values. */
export type Translate = (key: string, values?: Record<string, unknown>) => string;

/** Reads another field of the same form (for the confirmation rule). */
type GetFieldValue = (name: string) => unknown;

const isBlank = (value: unknown): boolean =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** A rule that refuses a filled-in value for which `isValid` is false. */
const check = (isValid: (value: string) => boolean, message: string): FormRule => ({
  validator: async (_rule, value: unknown) => {
    if (isBlank(value)) return;
    if (!isValid(String(value))) throw new Error(message);
  },
});

const required = (message: string): FormRule => ({ required: true, whitespace: true, message });

/** A well-formed email address (the server checks it fully). */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
/** Same characters as the contracts' `usernameSchema`: letters, digits, `_ . -`. */
const USERNAME_PATTERN = /^[\p{L}\p{N}_.-]+$/u;
/** Lengths of a referral code (`referralCodeSchema`). */
const REFERRAL_LENGTH = { min: 4, max: 32 } as const;

/** True for a well-formed email address. */
export const isEmailAddress = (value: string): boolean =>
  value.trim().length <= 254 && EMAIL_PATTERN.test(value.trim());

/** True for exactly `length` digits. */
const hasDigits = (length: number) => (value: string) => new RegExp(`^\\d{${length}}$`).test(value.trim());

/**
 * The form rules of SPEC §5 with localized messages: required fields, well-formed email,
 * password of at least 8 characters, matching confirmation, 4-digit captcha, 6-digit codes.
 */
export const createAuthRules = (t: Translate) => {
  const newPassword: FormRule[] = [
    required(t('form.password.required')),
    check(
      (value) => value.length >= LIMITS.PASSWORD_MIN_LENGTH,
      t('form.password.min', { min: LIMITS.PASSWORD_MIN_LENGTH }),
    ),
    check(
      (value) => value.length <= ACCOUNT_RULES.PASSWORD_MAX_LENGTH,
      t('form.password.max', { max: ACCOUNT_RULES.PASSWORD_MAX_LENGTH }),
    ),
  ];
  const usernameFormat: FormRule[] = [
    check(
      (value) =>
        value.trim().length >= ACCOUNT_RULES.USERNAME_MIN_LENGTH &&
        value.trim().length <= ACCOUNT_RULES.USERNAME_MAX_LENGTH,
      t('form.username.length', {
        min: ACCOUNT_RULES.USERNAME_MIN_LENGTH,
        max: ACCOUNT_RULES.USERNAME_MAX_LENGTH,
      }),
    ),
    check((value) => USERNAME_PATTERN.test(value.trim()), t('form.username.characters')),
  ];
  const referralLength = check(
    (value) => value.trim().length >= REFERRAL_LENGTH.min && value.trim().length <= REFERRAL_LENGTH.max,
    t('form.referral.length', REFERRAL_LENGTH),
  );
  return {
    email: [required(t('form.email.required')), check(isEmailAddress, t('form.email.invalid'))],
    /** User name or email at the account login. */
    account: [required(t('form.account.required'))],
    /** A password typed to prove identity: anything non-empty. */
    password: [{ required: true, message: t('form.password.required') }] satisfies FormRule[],
    oldPassword: [{ required: true, message: t('form.oldPassword.required') }] satisfies FormRule[],
    newPassword,
    /** The confirmation of the password in `field`: required, and equal to it. */
    confirmPassword: (field: string): FormRule[] => [
      required(t('form.confirmPassword.required')),
      ({ getFieldValue }: { getFieldValue: GetFieldValue }) => ({
        validator: async (_rule: unknown, value: unknown) => {
          if (isBlank(value) || value === getFieldValue(field)) return;
          throw new Error(t('form.confirmPassword.mismatch'));
        },
      }),
    ],
    captcha: [
      required(t('form.captcha.required')),
      check(
        hasDigits(ACCOUNT_RULES.CAPTCHA_LENGTH),
        t('form.captcha.digits', { count: ACCOUNT_RULES.CAPTCHA_LENGTH }),
      ),
    ],
    code: [
      required(t('form.code.required')),
      check(
        hasDigits(ACCOUNT_RULES.CODE_LENGTH),
        t('form.code.digits', { count: ACCOUNT_RULES.CODE_LENGTH }),
      ),
    ],
    username: [required(t('form.username.required')), ...usernameFormat],
    optionalUsername: usernameFormat,
    region: [{ required: true, message: t('form.region.required') }] satisfies FormRule[],
    /** The terms and privacy consent must be ticked. */
    agree: [
      {
        validator: async (_rule, value: unknown) => {
          if (value !== true) throw new Error(t('form.agree.required'));
        },
      },
    ] satisfies FormRule[],
    referral: [required(t('form.referral.required')), referralLength],
    /** A referral code that may be left empty (registration). */
    optionalReferral: [referralLength],
  };
};

/** The rules of {@link createAuthRules}. */
export type AuthRules = ReturnType<typeof createAuthRules>;
