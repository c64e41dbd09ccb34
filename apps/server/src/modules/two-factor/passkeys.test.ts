import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_TEST_ENV, call, loginByEmail, registerByEmail } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/test-app';

const b64 = (text: string) => Buffer.from(text).toString('base64url');

/** A registration answer that parses but was signed by no authenticator for this challenge. */
const forgedRegistration = (overrides: Record<string, unknown> = {}) => ({
  id: b64('credential'),
  rawId: b64('credential'),
  type: 'public-key',
  response: {
    clientDataJSON: b64(
      JSON.stringify({ type: 'webauthn.create', challenge: 'abc', origin: 'https://evil.test' }),
    ),
    attestationObject: b64('not cbor'),
    transports: ['internal'],
  },
  clientExtensionResults: {},
  ...overrides,
});

describe('passkeys as a second factor', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(ACCOUNT_TEST_ENV);
  });
  afterAll(() => t.close());

  let customers = 0;
  const customer = async (withTotp: boolean) => {
    customers += 1;
    const email = `pk${customers}-${Date.now()}@example.test`;
    const password = 'passkey password';
    await registerByEmail(t.app, t.database.db, {
      email,
      password,
      username: `pk${customers}x${Date.now()}`,
    });
    const token = (await loginByEmail(t.app, email, password)).data.token as string;
    if (withTotp) {
      const setup = await call(t.app, 'POST', '/user/2fa/totp/setup', { token });
      const enabled = await call(t.app, 'POST', '/user/2fa/totp/enable', {
        token,
        body: { code: await generate({ secret: setup.data.secret }) },
      });
      expect(enabled.code).toBe(0);
    }
    return { email, password, token };
  };

  it('offers registration options for this console (RP ID from PUBLIC_URL) only with two-step verification on', async () => {
    const off = await customer(false);
    expect((await call(t.app, 'POST', '/user/2fa/passkeys/options', { token: off.token })).code).toBe(1001);

    const on = await customer(true);
    const options = await call(t.app, 'POST', '/user/2fa/passkeys/options', { token: on.token });
    expect(options.code).toBe(0);
    expect(options.data.options).toMatchObject({
      rp: { id: new URL(t.app.config.publicUrl).hostname },
      challenge: expect.stringMatching(/^[\w-]{16,}$/),
      attestation: 'none',
    });
    expect((await call(t.app, 'GET', '/user/2fa', { token: on.token })).data.passkeys).toEqual([]);
  });

  it('refuses an answer no authenticator signed (2004) and stores nothing; the options are used once', async () => {
    const on = await customer(true);
    await call(t.app, 'POST', '/user/2fa/passkeys/options', { token: on.token });
    const forged = await call(t.app, 'POST', '/user/2fa/passkeys', {
      token: on.token,
      body: { name: 'My laptop', response: forgedRegistration() },
    });
    expect(forged).toMatchObject({ code: 2004 });
    expect(forged.msg).not.toMatch(/token error/i);
    // Without new options there is nothing to answer.
    const again = await call(t.app, 'POST', '/user/2fa/passkeys', {
      token: on.token,
      body: { name: 'My laptop', response: forgedRegistration() },
    });
    expect(again.code).toBe(2004);
    expect((await call(t.app, 'GET', '/user/2fa', { token: on.token })).data.passkeys).toEqual([]);
  });

  it('refuses NUL characters and over-long fields with 1002', async () => {
    const on = await customer(true);
    const bodies = [
      { name: 'lap\u0000top', response: forgedRegistration() },
      { name: 'n'.repeat(65), response: forgedRegistration() },
      { name: 'laptop', response: forgedRegistration({ id: 'a'.repeat(1025) }) },
      { name: 'laptop', response: forgedRegistration({ id: 'ab\u0000' }) },
    ];
    for (const body of bodies) {
      expect((await call(t.app, 'POST', '/user/2fa/passkeys', { token: on.token, body })).code).toBe(1002);
    }
    expect(
      (await call(t.app, 'DELETE', `/user/2fa/passkeys/${'1'.repeat(30)}`, { token: on.token })).code,
    ).toBe(1002);
    expect((await call(t.app, 'DELETE', '/user/2fa/passkeys/12345', { token: on.token })).code).toBe(404);
  });

  it('offers no passkey at sign-in without one; a forged passkey answer counts as a wrong code', async () => {
    const on = await customer(true);
    const first = await loginByEmail(t.app, on.email, on.password);
    expect(first.data.two_factor.methods).toEqual(['totp', 'recovery']);
    const { challenge } = first.data.two_factor;
    expect((await call(t.app, 'POST', '/user/login/2fa/passkey', { body: { challenge } })).code).toBe(1001);
    expect(
      (await call(t.app, 'POST', '/user/login/2fa/passkey', { body: { challenge: 'x'.repeat(40) } })).code,
    ).toBe(2004);

    const forgedAnswer = {
      id: b64('credential'),
      rawId: b64('credential'),
      type: 'public-key',
      response: { clientDataJSON: b64('{}'), authenticatorData: b64('x'), signature: b64('y') },
      clientExtensionResults: {},
    };
    for (let i = 0; i < 5; i += 1) {
      expect(
        (await call(t.app, 'POST', '/user/login/2fa', { body: { challenge, passkey: forgedAnswer } })).code,
      ).toBe(2004);
    }
    // Five wrong answers spent the challenge.
    const spent = await call(t.app, 'POST', '/user/login/2fa/passkey', { body: { challenge } });
    expect(spent.code).toBe(2004);
    expect(spent.msg).toMatch(/expired/);
  });
});
