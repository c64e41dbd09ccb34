import { resolve } from 'node:path';
import { ABUSE_LIMITS } from '@ptc/contracts';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('defaults to the embedded database in ./data on port 8080', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      nodeEnv: 'development',
      port: 8080,
      host: 'localhost',
      dataDir: resolve('data'),
      databaseUrl: undefined,
      publicUrl: 'http://localhost:8080',
    });
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' })).toMatchObject({ port: 8080, databaseUrl: undefined });
  });

  it('reads PostgreSQL, port and public URL', () => {
    const config = loadConfig({
      PORT: '9000',
      DATABASE_URL: 'postgres://u@db:5432/ptc',
      PUBLIC_URL: 'https://console.example.com/',
      NODE_ENV: 'production',
      SMTP_URL: 'smtp://mail.example.com:587',
      SMS_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: 'AC1',
      TWILIO_AUTH_TOKEN: 'secret',
      TWILIO_FROM: '+15005550006',
    });
    expect(config).toMatchObject({
      port: 9000,
      databaseUrl: 'postgres://u@db:5432/ptc',
      publicUrl: 'https://console.example.com',
      isProduction: true,
    });
  });

  it('explains every invalid variable at once', () => {
    const attempt = () =>
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', PUBLIC_URL: 'ftp://x', NODE_ENV: 'prod' });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain('PORT: must be a whole number (got "eighty")');
      expect(message).toContain('DATABASE_URL: must be a postgres:// or postgresql:// URL');
      expect(message).toContain('PUBLIC_URL: must be an http(s) URL');
      expect(message).toContain('NODE_ENV');
    }
  });

  it("tests proxies against SPEEDTEST_URL, else the gateway's own speed-test target, and refuses a non-http URL", () => {
    expect(loadConfig({}).speedTestUrl).toBe('http://speedtest.gateway.invalid/bytes/1048576');
    expect(loadConfig({ PUBLIC_URL: 'https://console.example.com/' }).speedTestUrl).toBe(
      'http://speedtest.gateway.invalid/bytes/1048576',
    );
    expect(loadConfig({ SPEEDTEST_URL: 'https://speed.example.com/1mb' }).speedTestUrl).toBe(
      'https://speed.example.com/1mb',
    );
    expect(() => loadConfig({ SPEEDTEST_URL: 'ftp://speed.example.com/' })).toThrow(
      /SPEEDTEST_URL: must be an http\(s\) URL/,
    );
  });

  it('relays gateway tunnels as GATEWAY_RELAY says (default auto) and refuses other values', () => {
    expect(loadConfig({}).gateway.relay).toBe('auto');
    expect(loadConfig({ GATEWAY_RELAY: 'stream' }).gateway.relay).toBe('stream');
    expect(loadConfig({ GATEWAY_RELAY: 'splice' }).gateway.relay).toBe('splice');
    expect(() => loadConfig({ GATEWAY_RELAY: 'kernel' })).toThrow(/GATEWAY_RELAY/);
  });

  it('reads per-address abuse limits from ABUSE_LIMITS over the defaults, and explains a wrong one', () => {
    expect(loadConfig({}).abuseLimits).toEqual(ABUSE_LIMITS);
    const limits = loadConfig({
      ABUSE_LIMITS: 'CAPTCHA_PER_IP=60/30, SIGN_IN_FAILURES_PER_IP=50/600',
    }).abuseLimits;
    expect(limits).toEqual({
      ...ABUSE_LIMITS,
      CAPTCHA_PER_IP: { points: 60, windowSeconds: 30 },
      SIGN_IN_FAILURES_PER_IP: { points: 50, windowSeconds: 600 },
    });
    expect(() => loadConfig({ ABUSE_LIMITS: 'CAPTCHAS=1/1' })).toThrow(
      /ABUSE_LIMITS: CAPTCHAS is not a limit/,
    );
    expect(() => loadConfig({ ABUSE_LIMITS: 'CAPTCHA_PER_IP=60' })).toThrow(
      /ABUSE_LIMITS: "CAPTCHA_PER_IP=60" is not NAME=points\/seconds/,
    );
    expect(() => loadConfig({ ABUSE_LIMITS: 'CAPTCHA_PER_IP=0/60' })).toThrow(/at least 1/);
  });

  it('refuses a port out of range', () => {
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT: must be between 1 and 65535/);
  });

  it('refuses a fixed captcha in production', () => {
    const production = { NODE_ENV: 'production', ALLOW_SANDBOX_ADAPTERS: 'true' };
    expect(() => loadConfig({ ...production, CAPTCHA_FIXED: '1234' })).toThrow(
      /CAPTCHA_FIXED: is refused when NODE_ENV=production/,
    );
    expect(loadConfig({ ...production }).isDevToolsEnabled).toBe(false);
    expect(loadConfig({ CAPTCHA_FIXED: '1234' })).toMatchObject({
      captchaFixed: '1234',
      isDevToolsEnabled: true,
    });
  });

  it('refuses the outbox adapters in production unless explicitly allowed', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /SMTP_URL: is required when NODE_ENV=production/,
    );
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SMS_PROVIDER: must name a real provider/);
    expect(loadConfig({ NODE_ENV: 'production', ALLOW_SANDBOX_ADAPTERS: 'true' }).sms).toEqual({
      provider: 'outbox',
    });
  });

  it('needs the Twilio credentials when Twilio sends the texts', () => {
    expect(() => loadConfig({ SMS_PROVIDER: 'twilio', TWILIO_ACCOUNT_SID: 'AC1' })).toThrow(
      /TWILIO_AUTH_TOKEN: is required when SMS_PROVIDER=twilio/,
    );
  });

  it('enables an OAuth provider only with both its id and secret', () => {
    expect(loadConfig({}).oauth).toEqual({ google: undefined, github: undefined });
    expect(() => loadConfig({ GOOGLE_CLIENT_ID: 'id' })).toThrow(/GOOGLE_CLIENT_SECRET/);
    expect(loadConfig({ GITHUB_CLIENT_ID: 'id', GITHUB_CLIENT_SECRET: 's' }).oauth.github).toEqual({
      clientId: 'id',
      clientSecret: 's',
      oauthUrl: 'https://github.com',
      apiUrl: 'https://api.github.com',
    });
  });

  it('reads the email blocklist in lower case', () => {
    expect(loadConfig({ EMAIL_BLOCKLIST: 'Spam.example, bad@x.test ,' }).emailBlocklist).toEqual([
      'spam.example',
      'bad@x.test',
    ]);
  });
});
