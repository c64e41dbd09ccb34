import { describe, expect, it, vi } from 'vitest';
import { loadConfig } from './config';
import { isDemoMode, listDemoConveniences, warnAboutDemoConveniences } from './demo-conveniences';
import { call } from './test/accounts';
import { signedInCustomer } from './test/factories';
import { createTestApp } from './test/test-app';

const PRODUCTION = {
  NODE_ENV: 'production',
  SMTP_URL: 'smtp://mail.example.test',
  SMS_PROVIDER: 'twilio',
  TWILIO_ACCOUNT_SID: 'AC1',
  TWILIO_AUTH_TOKEN: 'secret',
  TWILIO_FROM: '+14155550100',
};

describe('demo conveniences', () => {
  it('lists every convenience of the default configuration in one warning', () => {
    const config = loadConfig({ CAPTCHA_FIXED: '1234' });
    const warn = vi.fn();
    warnAboutDemoConveniences(config, { warn } as never);
    expect(warn).toHaveBeenCalledTimes(1);
    const [fields, message] = warn.mock.calls[0] ?? [];
    expect(fields.conveniences).toEqual(listDemoConveniences(config));
    for (const part of ['/dev/outbox', 'sandbox payments', 'outbox', 'CAPTCHA_FIXED', 'demo supply']) {
      expect(message).toContain(part);
    }
    expect(isDemoMode(config)).toBe(true);
  });

  it('is silent and not in demo mode in production without sandbox adapters', () => {
    const config = loadConfig(PRODUCTION);
    const warn = vi.fn();
    warnAboutDemoConveniences(config, { warn } as never);
    expect(warn).not.toHaveBeenCalled();
    expect(listDemoConveniences(config)).toEqual([]);
    expect(isDemoMode(config)).toBe(false);
  });

  it('still warns in production when sandbox adapters are allowed', () => {
    const config = loadConfig({ ...PRODUCTION, ALLOW_SANDBOX_ADAPTERS: 'true' });
    expect(listDemoConveniences(config)).toEqual([
      'sandbox payments: top-ups and saved cards credit without real money (owner only)',
    ]);
    expect(isDemoMode(config)).toBe(true);
  });
});

describe('the demo marker in GET /user/info', () => {
  const demoOf = async (env: Record<string, string>) => {
    const t = await createTestApp(env);
    try {
      const { token } = await signedInCustomer(t.database);
      return (await call(t.app, 'GET', '/user/info', { token })).data.demo;
    } finally {
      await t.close();
    }
  };

  it('says demo outside production, and not in production without sandbox adapters', async () => {
    expect(await demoOf({})).toBe(true);
    expect(await demoOf(PRODUCTION)).toBe(false);
  });
});
