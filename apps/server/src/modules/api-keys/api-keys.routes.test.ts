import { createHash } from 'node:crypto';
import { API_KEY_MAX } from '@ptc/contracts';
import { apiKeys, eq, sql } from '@ptc/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../test/accounts';
import { signedInCustomer } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

describe('API keys in the console', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const create = (token: string, body: Record<string, unknown>) =>
    call(t.app, 'POST', '/api/key', { token, body });
  const list = (token: string) => call(t.app, 'GET', '/api/key/list', { token });

  it('creates a named key whose secret is answered once and stored only as its SHA-256', async () => {
    const { user, token } = await signedInCustomer(t.database);
    const created = await create(token, {
      name: 'scraper',
      scope: 'read',
      allow_list: ['203.0.113.0/24', '2001:db8::1'],
    });
    expect(created).toMatchObject({
      code: 0,
      data: {
        name: 'scraper',
        scope: 'read',
        allow_list: ['203.0.113.0/24', '2001:db8::1'],
        last_used_time: null,
      },
    });
    const secret: string = created.data.password;
    expect(secret).toMatch(/^ptc_v2_[A-Za-z0-9_-]{43}$/);
    expect(created.data.hint).toBe(`ptc_v2_${secret.slice(7, 11)}…${secret.slice(-4)}`);

    const listed = await list(token);
    expect(listed.data).toMatchObject({
      total: 1,
      limit: API_KEY_MAX,
      list: [{ key_id: created.data.key_id }],
    });
    expect(JSON.stringify(listed.data)).not.toContain(secret.slice(7));

    const [row] = await t.database.db.select().from(apiKeys).where(eq(apiKeys.userId, user.id));
    expect(Buffer.from(row?.secretHash ?? []).toString('hex')).toBe(
      createHash('sha256').update(secret).digest('hex'),
    );
    const text = JSON.stringify(
      (await t.database.db.execute(sql`select * from api_keys where user_id = ${user.id}`)) as unknown,
      (_key, value) => (typeof value === 'bigint' ? value.toString() : value),
    );
    expect(text).not.toContain(secret.slice(7));
  });

  it('requires a name (1001) and refuses control characters, over-long names and bad addresses (1002)', async () => {
    const { token } = await signedInCustomer(t.database);
    for (const body of [{}, { name: '' }, { name: '   ' }, { name: null }]) {
      expect(await create(token, body)).toMatchObject({
        status: 400,
        code: 1001,
        msg: 'Please enter API-Key name',
      });
    }
    expect(await create(token, { name: 'a\u0000b' })).toMatchObject({ status: 400, code: 1002 });
    expect(await create(token, { name: 'x'.repeat(65) })).toMatchObject({ status: 400, code: 1002 });
    expect(await create(token, { name: 'ok', allow_list: ['not-an-ip'] })).toMatchObject({ code: 1002 });
    expect(await create(token, { name: 'ok', scope: 'admin' })).toMatchObject({ code: 1002 });
    expect((await list(token)).data.total).toBe(0);
  });

  it('refuses the 11th key with 601, also when twelve creations race', async () => {
    const { token } = await signedInCustomer(t.database);
    const answers = await Promise.all(
      Array.from({ length: API_KEY_MAX + 2 }, (_, i) => create(token, { name: `key ${i}` })),
    );
    expect(answers.filter((answer) => answer.code === 0)).toHaveLength(API_KEY_MAX);
    const refused = answers.filter((answer) => answer.code !== 0);
    expect(refused).toHaveLength(2);
    for (const answer of refused) expect(answer).toMatchObject({ status: 409, code: 601 });
    expect((await list(token)).data.total).toBe(API_KEY_MAX);

    // A deleted key frees its place.
    const deleted = await call(
      t.app,
      'DELETE',
      `/api/key/${answers.find((a) => a.code === 0)?.data.key_id}`,
      { token },
    );
    expect(deleted).toMatchObject({ code: 0, data: { done: true } });
    expect((await create(token, { name: 'again' })).code).toBe(0);
    expect((await create(token, { name: 'one too many' })).code).toBe(601);
  });

  it('deletes only the caller’s own keys: unknown and other people’s answer 5003', async () => {
    const owner = await signedInCustomer(t.database);
    const other = await signedInCustomer(t.database);
    const created = await create(owner.token, { name: 'mine' });
    const keyId = created.data.key_id as string;
    expect(await call(t.app, 'DELETE', `/api/key/${keyId}`, { token: other.token })).toMatchObject({
      status: 404,
      code: 5003,
    });
    expect(await call(t.app, 'DELETE', '/api/key/key_unknown', { token: owner.token })).toMatchObject({
      code: 5003,
    });
    expect(await call(t.app, 'DELETE', '/api/key/key%00x', { token: owner.token })).toMatchObject({
      code: 1002,
    });
    expect(await call(t.app, 'DELETE', `/api/key/${'k'.repeat(65)}`, { token: owner.token })).toMatchObject({
      code: 1002,
    });
    expect((await list(owner.token)).data.total).toBe(1);
    expect((await call(t.app, 'DELETE', `/api/key/${keyId}`, { token: owner.token })).code).toBe(0);
    expect((await list(owner.token)).data.total).toBe(0);
    expect((await call(t.app, 'DELETE', `/api/key/${keyId}`, { token: owner.token })).code).toBe(5003);
  });

  it('keeps one legacy V1 key: created, shown by hint, regenerated (the old one revoked) and revoked', async () => {
    const { user, token } = await signedInCustomer(t.database);
    expect(await call(t.app, 'GET', '/api/key/v1', { token })).toMatchObject({
      code: 0,
      data: { key: null },
    });
    const first = await call(t.app, 'POST', '/api/key/v1', { token });
    expect(first.data.id).toMatch(/^ptc_v1_[A-Za-z0-9_-]{43}$/);
    const shown = await call(t.app, 'GET', '/api/key/v1', { token });
    expect(shown.data.key).toMatchObject({
      hint: `ptc_v1_${first.data.id.slice(7, 11)}…${first.data.id.slice(-4)}`,
    });
    const second = await call(t.app, 'POST', '/api/key/v1', { token });
    expect(second.data.id).not.toBe(first.data.id);
    const rows = await t.database.db.select().from(apiKeys).where(eq(apiKeys.userId, user.id));
    expect(rows.filter((row) => row.revokedAt === null)).toHaveLength(1);
    // V1 keys are not V2 keys: the list of V2 keys stays empty.
    expect((await list(token)).data.total).toBe(0);
    expect((await call(t.app, 'DELETE', '/api/key/v1', { token })).code).toBe(0);
    expect((await call(t.app, 'GET', '/api/key/v1', { token })).data.key).toBeNull();
    expect(await call(t.app, 'DELETE', '/api/key/v1', { token })).toMatchObject({ code: 5003 });
  });

  it('refuses tourists (610) and callers without a session (2004)', async () => {
    const tourist = await signedInCustomer(t.database, { isTourist: true, email: null });
    expect(await create(tourist.token, { name: 'x' })).toMatchObject({ status: 403, code: 610 });
    expect(await call(t.app, 'POST', '/api/key/v1', { token: tourist.token })).toMatchObject({ code: 610 });
    expect(await call(t.app, 'GET', '/api/key/list')).toMatchObject({ status: 401, code: 2004 });
  });

  it('revokes every key when the account is deleted', async () => {
    const { user, token } = await signedInCustomer(t.database, { passwordHash: null });
    await create(token, { name: 'a' });
    await call(t.app, 'POST', '/api/key/v1', { token });
    expect((await call(t.app, 'DELETE', '/user/delete', { token })).code).toBe(0);
    const rows = await t.database.db.select().from(apiKeys).where(eq(apiKeys.userId, user.id));
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(row.revokedAt).not.toBeNull();
  });
});
