import { API_KEY_FAILURES_PER_MINUTE } from '@ptc/contracts';
import { apiKeys, eq, ledgerEntries, users } from '@ptc/db';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type App, buildApp } from '../app';
import { moveMoney } from '../modules/wallet/ledger.service';
import { call } from '../test/accounts';
import { credit, signedInCustomer } from '../test/factories';
import { createTestApp, type TestApp } from '../test/test-app';
import { currentUser } from './authentication';

const PTC = 1_000_000n;

/** Public-API-like routes guarded by keys: one read, one write that spends, one V1 read. */
const addKeyRoutes = (app: App) => {
  app.get('/test/v2/read', { preHandler: app.requireApiKey('read', 'v2') }, async (request) => ({
    code: 0,
    msg: 'success',
    data: { uid: currentUser(request).uid, key: request.apiKey },
  }));
  app.post('/test/v2/spend', { preHandler: app.requireApiKey('write', 'v2') }, async (request) => {
    const { entry } = await moveMoney(app.db, {
      userId: currentUser(request).id,
      amount: -1n * PTC,
      kind: 'purchase',
      idempotencyKey: `test-spend:${request.id}:${Math.random()}`,
    });
    return { code: 0, msg: 'success', data: { entry_id: entry.id.toString() } };
  });
  app.get('/test/v1/read', { preHandler: app.requireApiKey('read', 'v1') }, async (request) => ({
    code: 0,
    msg: 'success',
    data: { uid: currentUser(request).uid },
  }));
};

describe('API key authentication', () => {
  let t: TestApp;
  let other: App;
  beforeAll(async () => {
    t = await createTestApp();
    addKeyRoutes(t.app);
    // A second API process on the same database.
    other = await buildApp({ config: t.app.config, database: t.database, logger: false });
    addKeyRoutes(other);
  });
  afterAll(async () => {
    await other.close();
    await t.close();
  });

  const newKey = async (token: string, body: Record<string, unknown> = {}) => {
    const created = await call(t.app, 'POST', '/api/key', { token, body: { name: 'script', ...body } });
    if (created.code !== 0) throw new Error(`no key: ${created.code} ${created.msg}`);
    return created.data as { key_id: string; password: string };
  };
  const send = async (
    app: App,
    method: 'GET' | 'POST',
    url: string,
    headers: Record<string, string>,
    ip = '127.0.0.1',
  ) => {
    const response = await app.inject({ method, url, headers, remoteAddress: ip });
    return { status: response.statusCode, headers: response.headers, ...response.json() };
  };

  it('admits a key in X-API-Key or Authorization: Bearer, acting as its owner', async () => {
    const { user, token } = await signedInCustomer(t.database);
    const key = await newKey(token);
    const byHeader = await send(t.app, 'GET', '/test/v2/read', { 'x-api-key': key.password });
    expect(byHeader).toMatchObject({
      status: 200,
      code: 0,
      data: { uid: user.uid, key: { id: key.key_id, name: 'script', version: 'v2', scope: 'full' } },
    });
    const byBearer = await send(t.app, 'GET', '/test/v2/read', { authorization: `Bearer ${key.password}` });
    expect(byBearer).toMatchObject({ code: 0, data: { uid: user.uid } });
    // A session token is no key.
    expect(await send(t.app, 'GET', '/test/v2/read', { authorization: token })).toMatchObject({
      status: 401,
      code: 5001,
    });
  });

  it('refuses a missing, unknown or deleted key with 5001, on every process at once', async () => {
    const { token } = await signedInCustomer(t.database);
    const key = await newKey(token);
    expect(await send(t.app, 'GET', '/test/v2/read', {})).toMatchObject({ status: 401, code: 5001 });
    expect(await send(t.app, 'GET', '/test/v2/read', { 'x-api-key': `${key.password}x` })).toMatchObject({
      status: 401,
      code: 5001,
    });
    expect(await send(other, 'GET', '/test/v2/read', { 'x-api-key': key.password })).toMatchObject({
      code: 0,
    });
    expect((await call(t.app, 'DELETE', `/api/key/${key.key_id}`, { token })).code).toBe(0);
    expect(await send(other, 'GET', '/test/v2/read', { 'x-api-key': key.password })).toMatchObject({
      status: 401,
      code: 5001,
    });
    expect(await send(t.app, 'GET', '/test/v2/read', { 'x-api-key': key.password })).toMatchObject({
      code: 5001,
    });
  });

  it('takes V1 keys on V1 routes only and V2 keys on V2 routes only; a regenerated V1 key replaces the old', async () => {
    const { token } = await signedInCustomer(t.database);
    const v2 = await newKey(token);
    const v1 = (await call(t.app, 'POST', '/api/key/v1', { token })).data.id as string;
    expect(await send(t.app, 'GET', '/test/v1/read', { 'x-api-key': v1 })).toMatchObject({ code: 0 });
    expect(await send(t.app, 'GET', '/test/v1/read', { 'x-api-key': v2.password })).toMatchObject({
      code: 5001,
    });
    expect(await send(t.app, 'GET', '/test/v2/read', { 'x-api-key': v1 })).toMatchObject({ code: 5001 });
    const renewed = (await call(t.app, 'POST', '/api/key/v1', { token })).data.id as string;
    expect(await send(other, 'GET', '/test/v1/read', { 'x-api-key': v1 })).toMatchObject({ code: 5001 });
    expect(await send(other, 'GET', '/test/v1/read', { 'x-api-key': renewed })).toMatchObject({ code: 0 });
  });

  it('refuses a client address outside the key’s allow-list (403)', async () => {
    const { token } = await signedInCustomer(t.database);
    const key = await newKey(token, { allow_list: ['203.0.113.0/24', '2001:db8::7'] });
    const headers = { 'x-api-key': key.password };
    expect(await send(t.app, 'GET', '/test/v2/read', headers, '203.0.113.9')).toMatchObject({ code: 0 });
    expect(await send(t.app, 'GET', '/test/v2/read', headers, '::ffff:203.0.113.10')).toMatchObject({
      code: 0,
    });
    expect(await send(t.app, 'GET', '/test/v2/read', headers, '2001:db8::7')).toMatchObject({ code: 0 });
    const refused = await send(t.app, 'GET', '/test/v2/read', headers, '198.51.100.7');
    expect(refused).toMatchObject({ status: 403, code: 403, data: { reason: 'address_not_allowed' } });
    expect(refused.msg).toContain('198.51.100.7');
  });

  it('lets a read-only key read but not spend (403), and records the spending key in the ledger', async () => {
    const { user, token } = await signedInCustomer(t.database);
    await credit(t.database.db, user.id, 10n * PTC);
    const reader = await newKey(token, { scope: 'read' });
    const writer = await newKey(token, { name: 'buyer' });
    expect(await send(t.app, 'GET', '/test/v2/read', { 'x-api-key': reader.password })).toMatchObject({
      code: 0,
    });
    expect(await send(t.app, 'POST', '/test/v2/spend', { 'x-api-key': reader.password })).toMatchObject({
      status: 403,
      data: { reason: 'read_only_key' },
    });
    const spent = await send(t.app, 'POST', '/test/v2/spend', { 'x-api-key': writer.password });
    expect(spent.code).toBe(0);
    const entries = await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, user.id));
    const [writerRow] = await t.database.db.select().from(apiKeys).where(eq(apiKeys.publicId, writer.key_id));
    expect(entries.find((entry) => entry.id.toString() === spent.data.entry_id)?.apiKeyId).toBe(
      writerRow?.id,
    );
    // The top-up made outside any key's request is no key's.
    expect(entries.find((entry) => entry.kind === 'topup')?.apiKeyId).toBeNull();
  });

  it('names the key in the money trail, also after the key is deleted', async () => {
    const { user, token } = await signedInCustomer(t.database);
    await credit(t.database.db, user.id, 10n * PTC);
    const key = await newKey(token, { name: 'nightly job' });
    // Over a real socket, with a JSON body parsed from the stream before the handler runs.
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const response = await fetch(`${address}/test/v2/spend`, {
      method: 'POST',
      headers: { 'x-api-key': key.password, 'content-type': 'application/json' },
      body: JSON.stringify({ note: 'x'.repeat(100_000) }),
    });
    expect(await response.json()).toMatchObject({ code: 0 });
    expect((await call(t.app, 'DELETE', `/api/key/${key.key_id}`, { token })).code).toBe(0);
    const trail = await call(t.app, 'GET', '/proxy/charges/ledger', { token });
    expect(trail.data.data).toMatchObject([
      { kind: 'purchase', amount: '-1.000000', api_key_name: 'nightly job' },
      { kind: 'topup', api_key_name: null },
    ]);
  });

  it('stops the keys of a locked account (403 as at sign-in) and of a tourist (610)', async () => {
    const { user, token } = await signedInCustomer(t.database);
    const key = await newKey(token);
    await t.database.db.update(users).set({ lockedAt: new Date() }).where(eq(users.id, user.id));
    const locked = await send(other, 'GET', '/test/v2/read', { 'x-api-key': key.password });
    expect(locked).toMatchObject({ status: 403, code: 403, msg: 'This account is locked: contact support' });
    await t.database.db.update(users).set({ lockedAt: null, isTourist: true }).where(eq(users.id, user.id));
    expect(await send(other, 'GET', '/test/v2/read', { 'x-api-key': key.password })).toMatchObject({
      status: 403,
      code: 610,
    });
  });

  it('records when and from where a key was last used, writing at most once a minute', async () => {
    const { token } = await signedInCustomer(t.database);
    const key = await newKey(token);
    await send(t.app, 'GET', '/test/v2/read', { 'x-api-key': key.password }, '203.0.113.50');
    const listed = await call(t.app, 'GET', '/api/key/list', { token });
    expect(listed.data.list[0]).toMatchObject({
      last_used_ip: '203.0.113.50',
      last_used_time: expect.any(String),
    });
    await send(t.app, 'GET', '/test/v2/read', { 'x-api-key': key.password }, '203.0.113.51');
    const again = await call(t.app, 'GET', '/api/key/list', { token });
    expect(again.data.list[0]).toMatchObject({
      last_used_ip: '203.0.113.50',
      last_used_time: listed.data.list[0].last_used_time,
    });
  });
});

describe('API key rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ API_RATE_LIMIT: '3' });
    addKeyRoutes(t.app);
    t.app
      .withTypeProvider<ZodTypeProvider>()
      .post(
        '/test/v2/checked',
        { onRequest: t.app.requireApiKey('write', 'v2'), schema: { body: z.object({ count: z.number() }) } },
        async () => ({ code: 0, msg: 'success', data: null }),
      );
  });
  afterAll(() => t.close());

  it('answers RateLimit headers on every call and 429 (101) with Retry-After beyond the limit, per key', async () => {
    const { token } = await signedInCustomer(t.database);
    const created = await call(t.app, 'POST', '/api/key', { token, body: { name: 'fast' } });
    const second = await call(t.app, 'POST', '/api/key', { token, body: { name: 'other' } });
    const headers = { 'x-api-key': created.data.password as string };
    const remaining: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const response = await t.app.inject({ method: 'GET', url: '/test/v2/read', headers });
      expect(response.statusCode).toBe(200);
      expect(response.headers['ratelimit-limit']).toBe('3');
      expect(Number(response.headers['ratelimit-reset'])).toBeGreaterThanOrEqual(1);
      remaining.push(String(response.headers['ratelimit-remaining']));
    }
    expect(remaining).toEqual(['2', '1', '0']);
    const refused = await t.app.inject({ method: 'GET', url: '/test/v2/read', headers });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 101 });
    expect(refused.headers['ratelimit-remaining']).toBe('0');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    // Another key of the same account has its own budget, and its refusals carry the headers too.
    const invalid = await t.app.inject({
      method: 'POST',
      url: '/test/v2/checked',
      headers: { 'x-api-key': second.data.password },
      payload: { count: 'many' },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({ code: 1002 });
    expect(invalid.headers['ratelimit-remaining']).toBe('2');
    const fresh = await t.app.inject({
      method: 'GET',
      url: '/test/v2/read',
      headers: { 'x-api-key': second.data.password },
    });
    expect(fresh.statusCode).toBe(200);
  });
  it('refuses an address that sent 60 unknown keys in a minute (101), whatever key it sends next', async () => {
    const { token } = await signedInCustomer(t.database);
    const created = await call(t.app, 'POST', '/api/key', { token, body: { name: 'victim' } });
    const scan = async (key: string, ip: string) =>
      t.app.inject({ method: 'GET', url: '/test/v2/read', headers: { 'x-api-key': key }, remoteAddress: ip });
    for (let i = 0; i < API_KEY_FAILURES_PER_MINUTE; i += 1) {
      expect((await scan(`ptc_v2_guess${i}`, '203.0.113.77')).statusCode).toBe(401);
    }
    const refused = await scan(created.data.password, '203.0.113.77');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 101 });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect((await scan(created.data.password, '203.0.113.78')).statusCode).toBe(200);
  });
});
