import { userInfoSchema } from '@ptc/contracts';
import { eq, sessions, users } from '@ptc/db';
import { createSession, createUser } from '@ptc/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

describe('GET /api/user/info', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const info = (authorization?: string) =>
    t.app.inject({ method: 'GET', url: '/api/user/info', headers: authorization ? { authorization } : {} });

  it('refuses a request without a token with a token error the console recognises', async () => {
    const response = await info();
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 2004, data: null });
    expect(response.json().msg).toContain('token error');
  });

  it('refuses an unknown token', async () => {
    expect((await info('not-a-session')).json().code).toBe(2004);
  });

  it('answers the signed-in user in the shape of SPEC §3', async () => {
    const user = await createUser(t.database.db, {
      username: 'alice',
      email: 'alice@example.test',
      balance: 12_345_678n,
      totalTopUp: 100_000_000n,
      passwordHash: 'argon2-hash',
    });
    const token = await createSession(t.database.db, user.id);
    const response = await info(token);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.code).toBe(0);
    expect(userInfoSchema.parse(body.data)).toEqual(body.data);
    expect(body.data).toMatchObject({
      uid: user.uid,
      user_name: 'alice',
      email: 'alice@example.test',
      phone: null,
      balance: '12.345678',
      invite_code: user.inviteCode,
      invitation_link: `https://console.example.test/register?ref=${user.inviteCode}`,
      has_pwd: true,
      inv_switch: true,
      is_tourist: false,
      plan: 'personal',
    });
  });

  it('accepts the token with a Bearer prefix', async () => {
    const user = await createUser(t.database.db);
    const token = await createSession(t.database.db, user.id);
    expect((await info(`Bearer ${token}`)).json().code).toBe(0);
  });

  it('keeps the invitation programme locked below 100 PTC of top-ups', async () => {
    const user = await createUser(t.database.db, { totalTopUp: 99_999_999n });
    const token = await createSession(t.database.db, user.id);
    expect((await info(token)).json().data).toMatchObject({ inv_switch: false, has_pwd: false });
  });

  it('refuses an expired, a revoked and a deleted user’s session', async () => {
    const user = await createUser(t.database.db);
    const expired = await createSession(t.database.db, user.id, { expiresAt: new Date(Date.now() - 1_000) });
    const revoked = await createSession(t.database.db, user.id, { revokedAt: new Date() });
    const gone = await createUser(t.database.db);
    const goneToken = await createSession(t.database.db, gone.id);
    await t.database.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, gone.id));
    for (const token of [expired, revoked, goneToken]) expect((await info(token)).json().code).toBe(2004);
  });

  it('records when a long-idle session was last used', async () => {
    const user = await createUser(t.database.db);
    const token = await createSession(t.database.db, user.id);
    const longAgo = new Date(Date.now() - 3_600_000);
    await t.database.db.update(sessions).set({ lastSeenAt: longAgo }).where(eq(sessions.userId, user.id));
    await info(token);
    const [session] = await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(session?.lastSeenAt.getTime()).toBeGreaterThan(longAgo.getTime());
  });
});
