import { eq, users } from '@ptc/db';
import { createUser } from '@ptc/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_TEST_ENV, call, freshClientIp, loginByEmail, registerByEmail } from '../../test/accounts';
import { signedInCustomer } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { maskInvitee } from './mask';

/** The code with every letter's case flipped (`Ab3` → `aB3`). */
const flipCase = (code: string) =>
  [...code].map((char) => (char === char.toUpperCase() ? char.toLowerCase() : char.toUpperCase())).join('');

describe('share codes (/authentication/{auth})', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ...ACCOUNT_TEST_ENV, ABUSE_LIMITS: 'SHARE_CODE_FAILURES_PER_IP=3/600' });
  });
  afterAll(() => t.close());
  const db = () => t.database.db;
  const lookUp = (code: string, ip = freshClientIp()) => call(t.app, 'GET', `/share_codes/${code}`, { ip });
  const userByUid = async (uid: string) => (await db().select().from(users).where(eq(users.uid, uid)))[0];

  it("answers a customer's invite code in any case, without signing in, with its owner masked", async () => {
    const owner = await createUser(db(), {
      email: `sharer-${Date.now()}@example.test`,
      inviteCode: 'SHARE7AB',
    });
    for (const typed of ['SHARE7AB', 'share7ab', 'sHaRe7Ab', ' share7ab ']) {
      const answer = await lookUp(encodeURIComponent(typed));
      expect(answer, typed).toMatchObject({
        status: 200,
        code: 0,
        data: { code: 'SHARE7AB', valid: true, inviter: maskInvitee(owner) },
      });
      expect(answer.data.inviter).toContain('***');
      expect(JSON.stringify(answer.data)).not.toContain(owner.email?.split('@')[0]);
    }
  });

  it('refuses an unknown, malformed or deleted code with 4201, and NUL or over-long input with 1002, never a 5xx', async () => {
    for (const code of ['NOSUCHCODE', 'ab', '%E2%9C%93%F0%9F%98%80', 'a.b-c_d']) {
      expect(await lookUp(code), code).toMatchObject({ status: 400, code: 4201 });
    }
    const deleted = await createUser(db(), { inviteCode: 'GONE2345', deletedAt: new Date() });
    expect(deleted.deletedAt).not.toBeNull();
    expect(await lookUp('gone2345')).toMatchObject({ code: 4201 });
    for (const code of ['ab%00cd', 'x'.repeat(33), '%00', '%20%20']) {
      const answer = await lookUp(code);
      expect(answer.status, code).toBeLessThan(500);
      expect([1001, 1002], `${code}: ${answer.code} ${answer.msg}`).toContain(answer.code);
    }
  });

  it('limits unknown codes per client address (101 with Retry-After); codes found are given back', async () => {
    const owner = await createUser(db());
    const ip = freshClientIp();
    for (let i = 0; i < 5; i += 1) expect((await lookUp(owner.inviteCode.toLowerCase(), ip)).code).toBe(0);
    for (let i = 0; i < 3; i += 1) expect((await lookUp(`MISSING${i}X`, ip)).code).toBe(4201);
    const limited = await t.app.inject({
      method: 'GET',
      url: '/api/share_codes/MISSING9X',
      remoteAddress: ip,
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 101 });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not held back.
    expect((await lookUp(owner.inviteCode)).code).toBe(0);
  });

  it("registers a visitor with the code in another case as the code owner's referee", async () => {
    const email = `owner-${Date.now()}@example.test`;
    const ownerUid = await registerByEmail(t.app, db(), { email });
    const owner = await userByUid(ownerUid);
    const code = owner?.inviteCode ?? '';
    expect(code).toMatch(/^[A-Z2-9]{8}$/);
    const refereeUid = await registerByEmail(t.app, db(), {
      email: `referee-${Date.now()}@example.test`,
      ref: flipCase(code),
    });
    expect((await userByUid(refereeUid))?.referrerCode).toBe(code);
  });

  it('binds the code in another case in the user center, stored as its owner has it', async () => {
    const owner = await createUser(db(), { inviteCode: 'BINDME23' });
    const email = `binder-${Date.now()}@example.test`;
    await registerByEmail(t.app, db(), { email, password: 'binder password' });
    const token = (await loginByEmail(t.app, email, 'binder password')).data.token as string;
    expect((await call(t.app, 'POST', '/user/ref/bind', { token, form: { ref: 'bindMe23' } })).code).toBe(0);
    expect((await call(t.app, 'GET', '/user/info', { token })).data.ref).toBe(owner.inviteCode);
    // A second code, or one's own in any case, stays refused (4201).
    const me = await signedInCustomer(t.database);
    const own = flipCase(me.user.inviteCode);
    expect((await call(t.app, 'POST', '/user/ref/bind', { token: me.token, form: { ref: own } })).code).toBe(
      4201,
    );
  });

  it('is in the API reference as a public call', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api-docs/openapi.json' })).json();
    const operation = document.paths['/api/share_codes/{code}']?.get;
    expect(operation).toBeDefined();
    expect(operation.security ?? []).toEqual([]);
  });
});
