import { ABUSE_LIMITS } from '@ptc/contracts';
import { userTwoFactor } from '@ptc/db';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../test/accounts';
import { type FakeGithub, startFakeGithub } from '../../test/github-fake';
import { startOidcProvider, type TestOidcProvider } from '../../test/oidc-provider';
import { createTestApp, type TestApp } from '../../test/test-app';

const PUBLIC_URL = 'https://console.example.test';

describe('sign-in with Google (OpenID Connect) against a real provider on loopback', () => {
  let issuer: TestOidcProvider;
  let t: TestApp;
  beforeAll(async () => {
    issuer = await startOidcProvider({
      redirectUri: `${PUBLIC_URL}/login?oauth=google`,
      accounts: [
        { sub: 'g-100', email: 'gina@example.test', email_verified: true, name: 'Gina Google' },
        { sub: 'g-200', email: 'existing@example.test', email_verified: true, name: 'Existing' },
        { sub: 'g-300', email: 'limited@example.test', email_verified: true, name: 'Limited' },
        { sub: 'g-400', email: 'twostep@example.test', email_verified: true, name: 'Two Step' },
      ],
    });
    t = await createTestApp({
      PUBLIC_URL,
      GOOGLE_CLIENT_ID: issuer.clientId,
      GOOGLE_CLIENT_SECRET: issuer.clientSecret,
      GOOGLE_ISSUER: issuer.issuer,
    });
  });
  afterAll(async () => {
    await t?.close();
    await issuer?.close();
  });

  const signIn = async (login: string, ip?: string, cookie?: string) => {
    const started = await call(t.app, 'GET', '/user/oauth/google/url', { ip });
    expect(started.code).toBe(0);
    const redirect = await issuer.authorize(started.data.url, { login });
    expect(redirect.error).toBeNull();
    const form: Record<string, string> = { code: redirect.code ?? '', state: redirect.state ?? '' };
    if (redirect.iss) form.iss = redirect.iss;
    const headers: Record<string, string> = cookie ? { cookie } : {};
    return { response: await call(t.app, 'POST', '/user/register/google', { form, ip, headers }), form };
  };

  it('limits sign-in starts and failed callbacks per client address (429, 101); a confirmed one is given back', async () => {
    const { OAUTH_STARTS_PER_IP: starts, SIGN_IN_FAILURES_PER_IP: failures } = ABUSE_LIMITS;
    const ip = '203.0.113.140';
    for (let i = 0; i < starts.points; i += 1) {
      expect((await call(t.app, 'GET', '/user/oauth/google/url', { ip })).code).toBe(0);
    }
    expect(await call(t.app, 'GET', '/user/oauth/google/url', { ip })).toMatchObject({ code: 101 });
    expect((await call(t.app, 'GET', '/user/oauth/google/url', { ip: '203.0.113.141' })).code).toBe(0);

    const forger = '203.0.113.142';
    const forged = { code: 'abc', state: 'forged-state' };
    for (let i = 0; i < failures.points - 1; i += 1) {
      expect((await call(t.app, 'POST', '/user/register/google', { form: forged, ip: forger })).code).toBe(
        2004,
      );
    }
    // A sign-in the provider confirmed does not count.
    expect((await signIn('g-300', forger)).response.code).toBe(0);
    expect((await call(t.app, 'POST', '/user/register/google', { form: forged, ip: forger })).code).toBe(
      2004,
    );
    expect(await call(t.app, 'POST', '/user/register/google', { form: forged, ip: forger })).toMatchObject({
      code: 101,
    });
  });

  it('shows the Google button and hides GitHub’s', async () => {
    expect((await call(t.app, 'GET', '/user/oauth/providers')).data).toEqual({ google: true, github: false });
    expect((await call(t.app, 'GET', '/user/oauth/github/url')).code).toBe(404);
  });

  it('signs a new user up, signs them out, and signs them in again to the same account', async () => {
    const first = await signIn('g-100');
    expect(first.response).toMatchObject({ code: 0, data: { is_new: true } });
    const info = await call(t.app, 'GET', '/user/info', { token: first.response.data.token });
    expect(info.data).toMatchObject({ email: 'gina@example.test', has_pwd: false, is_tourist: false });

    await call(t.app, 'POST', '/user/logout', { token: first.response.data.token });
    expect((await call(t.app, 'GET', '/user/info', { token: first.response.data.token })).code).toBe(2004);

    const again = await signIn('g-100');
    expect(again.response).toMatchObject({ code: 0, data: { is_new: false } });
    expect((await call(t.app, 'GET', '/user/info', { token: again.response.data.token })).data.uid).toBe(
      info.data.uid,
    );
  });

  it('links a verified Google email to the account that already has it', async () => {
    const { createUser } = await import('@ptc/db/testing');
    const existing = await createUser(t.database.db, { email: 'existing@example.test' });
    const { response } = await signIn('g-200');
    expect(response).toMatchObject({ code: 0, data: { is_new: false } });
    expect((await call(t.app, 'GET', '/user/info', { token: response.data.token })).data.uid).toBe(
      existing.uid,
    );
  });

  it('asks an account with two-factor sign-in on for its second step on a new device, not on a remembered one', async () => {
    const first = await signIn('g-400');
    expect(first.response).toMatchObject({ code: 0, data: { is_new: true } });
    const token = first.response.data.token as string;
    const setup = await call(t.app, 'POST', '/user/2fa/totp/setup', { token });
    const secret = setup.data.secret as string;
    expect(
      (
        await call(t.app, 'POST', '/user/2fa/totp/enable', {
          token,
          body: { code: await generate({ secret }) },
        })
      ).code,
    ).toBe(0);

    const challenged = await signIn('g-400');
    expect(challenged.response.code).toBe(0);
    expect(challenged.response.data.token).toBeUndefined();
    expect(challenged.response.data.two_factor).toMatchObject({ methods: ['totp', 'recovery'] });

    // The step's code was used by the enrolment: forget it, as a later 30 s step would.
    await t.database.db.update(userTwoFactor).set({ lastTotpStep: null });
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/user/login/2fa',
      payload: { challenge: challenged.response.data.two_factor.challenge, code: await generate({ secret }) },
    });
    const passed = second.json() as { code: number; data: { token?: string } };
    expect(passed.code).toBe(0);
    const info = await call(t.app, 'GET', '/user/info', { token: passed.data.token ?? '' });
    expect(info.data.email).toBe('twostep@example.test');
    const device = [second.headers['set-cookie'] ?? []]
      .flat()
      .find((value) => value.startsWith('ptc_device='))
      ?.split(';')[0];
    expect(device).toBeDefined();

    const remembered = await signIn('g-400', undefined, device);
    expect(remembered.response).toMatchObject({ code: 0, data: { is_new: false } });
    expect(remembered.response.data.token).toEqual(expect.any(String));
  });

  it('refuses a replayed callback with the token error', async () => {
    const { form } = await signIn('g-100');
    const replay = await call(t.app, 'POST', '/user/register/google', { form });
    expect(replay.code).toBe(2004);
  });
});

describe('sign-in with GitHub against a GitHub-shaped server on loopback', () => {
  let github: FakeGithub;
  let t: TestApp;
  beforeAll(async () => {
    github = await startFakeGithub({ redirectUri: `${PUBLIC_URL}/login?oauth=github` });
    t = await createTestApp({
      PUBLIC_URL,
      GITHUB_CLIENT_ID: github.clientId,
      GITHUB_CLIENT_SECRET: github.clientSecret,
      GITHUB_OAUTH_URL: github.oauthUrl,
      GITHUB_API_URL: github.apiUrl,
    });
  });
  afterAll(async () => {
    await t?.close();
    await github?.close();
  });

  it('signs up with a GET callback, then signs in to the same account', async () => {
    const tokens: string[] = [];
    for (const expectedNew of [true, false]) {
      const started = await call(t.app, 'GET', '/user/oauth/github/url');
      const redirect = await github.authorize(started.data.url);
      const query = new URLSearchParams({ code: redirect.code ?? '', state: redirect.state ?? '' });
      const response = await call(t.app, 'GET', `/user/register/github?${query}`);
      expect(response).toMatchObject({ code: 0, data: { is_new: expectedNew } });
      tokens.push(response.data.token);
    }
    const [first, second] = await Promise.all(
      tokens.map((token) => call(t.app, 'GET', '/user/info', { token })),
    );
    expect(first?.data.uid).toBe(second?.data.uid);
    expect(first?.data.email).toBe('octocat@example.test');
  });

  it('refuses an unknown state', async () => {
    const response = await call(t.app, 'GET', '/user/register/github?code=abc&state=forged-state');
    expect(response.code).toBe(2004);
  });
});
