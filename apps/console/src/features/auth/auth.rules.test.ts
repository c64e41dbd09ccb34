import type { FormRule } from 'antd';
import { describe, expect, it } from 'vitest';
import { createAuthRules, isEmailAddress } from './auth.rules';

/** Echoes the key and its values, so assertions see which text was chosen. */
const t = (key: string, values?: Record<string, unknown>) =>
  values ? `${key} ${JSON.stringify(values)}` : key;
const rules = createAuthRules(t);

/**
 * Runs rules the way antd's form does for these kinds: `required`, then each `validator`.
 * Answers the first message, or `undefined` when the value passes.
 */
const firstError = async (
  list: readonly FormRule[],
  value: unknown,
  fields: Record<string, unknown> = {},
): Promise<string | undefined> => {
  for (const entry of list) {
    const rule =
      typeof entry === 'function' ? entry({ getFieldValue: (name: string) => fields[name] } as never) : entry;
    const isBlank = value === undefined || value === '' || (rule.whitespace && String(value).trim() === '');
    if (rule.required && isBlank) return String(rule.message);
    try {
      await rule.validator?.(rule as never, value, () => {});
    } catch (error) {
      return (error as Error).message;
    }
  }
  return undefined;
};

describe('password rules', () => {
  it('requires a new password of at least 8 characters', async () => {
    await expect(firstError(rules.newPassword, '')).resolves.toBe('form.password.required');
    await expect(firstError(rules.newPassword, 'short77')).resolves.toBe('form.password.min {"min":8}');
    await expect(firstError(rules.newPassword, 'long-enough')).resolves.toBeUndefined();
  });

  it('accepts any non-empty password at login', async () => {
    await expect(firstError(rules.password, 'x')).resolves.toBeUndefined();
    await expect(firstError(rules.password, '')).resolves.toBe('form.password.required');
  });

  it('refuses a confirmation that differs from the password', async () => {
    const confirm = rules.confirmPassword('password');
    await expect(firstError(confirm, 'secret-2', { password: 'secret-1' })).resolves.toBe(
      'form.confirmPassword.mismatch',
    );
    await expect(firstError(confirm, 'secret-1', { password: 'secret-1' })).resolves.toBeUndefined();
    await expect(firstError(confirm, '', { password: 'secret-1' })).resolves.toBe(
      'form.confirmPassword.required',
    );
  });

  it('compares the confirmation with the field it confirms', async () => {
    const confirm = rules.confirmPassword('new_password');
    await expect(
      firstError(confirm, 'new-secret', { password: 'other', new_password: 'new-secret' }),
    ).resolves.toBeUndefined();
  });
});

describe('email, captcha and code rules', () => {
  it('requires a well-formed email', async () => {
    await expect(firstError(rules.email, ' ')).resolves.toBe('form.email.required');
    await expect(firstError(rules.email, 'alice@')).resolves.toBe('form.email.invalid');
    await expect(firstError(rules.email, 'alice@example.test')).resolves.toBeUndefined();
    expect(isEmailAddress('a@b')).toBe(false);
    expect(isEmailAddress('a b@c.de')).toBe(false);
  });

  it('wants the 4 digits of the captcha', async () => {
    await expect(firstError(rules.captcha, '123')).resolves.toBe('form.captcha.digits {"count":4}');
    await expect(firstError(rules.captcha, '12a4')).resolves.toBe('form.captcha.digits {"count":4}');
    await expect(firstError(rules.captcha, '1234')).resolves.toBeUndefined();
  });

  it('wants the 6 digits of a verification code', async () => {
    await expect(firstError(rules.code, '')).resolves.toBe('form.code.required');
    await expect(firstError(rules.code, '12345')).resolves.toBe('form.code.digits {"count":6}');
    await expect(firstError(rules.code, '123456')).resolves.toBeUndefined();
  });
});

describe('user name, consent and referral rules', () => {
  it('checks the length and characters of a user name, which may be left out at registration', async () => {
    await expect(firstError(rules.username, 'al')).resolves.toBe('form.username.length {"min":3,"max":32}');
    await expect(firstError(rules.username, 'al ice')).resolves.toBe('form.username.characters');
    await expect(firstError(rules.username, 'alice_01')).resolves.toBeUndefined();
    await expect(firstError(rules.optionalUsername, '')).resolves.toBeUndefined();
  });

  it('requires the terms and privacy consent', async () => {
    await expect(firstError(rules.agree, false)).resolves.toBe('form.agree.required');
    await expect(firstError(rules.agree, undefined)).resolves.toBe('form.agree.required');
    await expect(firstError(rules.agree, true)).resolves.toBeUndefined();
  });

  it('requires a referral code of 4 to 32 characters', async () => {
    await expect(firstError(rules.referral, 'abc')).resolves.toBe('form.referral.length {"min":4,"max":32}');
    await expect(firstError(rules.referral, 'FRIEND')).resolves.toBeUndefined();
    await expect(firstError(rules.referral, '')).resolves.toBe('form.referral.required');
  });

  it('lets the referral code of a registration be left empty', async () => {
    await expect(firstError(rules.optionalReferral, '')).resolves.toBeUndefined();
    await expect(firstError(rules.optionalReferral, 'abc')).resolves.toBe(
      'form.referral.length {"min":4,"max":32}',
    );
  });
});
