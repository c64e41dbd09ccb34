import { QUICK_ACCESS_MAX } from '@ptc/contracts';
import { eq, proxies, quickAccessEntries, sql } from '@ptc/db';
import { createProxy } from '@ptc/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../test/accounts';
import { signedInCustomer } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

describe('quick access in the console', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const customerWithProxy = async () => {
    const customer = await signedInCustomer(t.database);
    const proxy = await createProxy(t.database.db, customer.user.id, {
      country: 'US',
      state: 'CA',
      city: 'losangeles',
      precision: 'city',
    });
    return { ...customer, proxy };
  };
  const add = (token: string, body: Record<string, unknown>) =>
    call(t.app, 'POST', '/proxy/quick_access', { token, body });
  const list = (token: string, query = '') => call(t.app, 'GET', `/proxy/quick_access${query}`, { token });

  it('adds, lists, edits and deletes an entry with its proxy and location', async () => {
    const { token, user, proxy } = await customerWithProxy();
    const created = await add(token, {
      url: 'https://example.com/path?q=1',
      remark: ' shop ',
      proxy_id: proxy.publicId,
    });
    expect(created).toMatchObject({
      status: 200,
      code: 0,
      data: {
        url: 'https://example.com/path?q=1',
        remark: 'shop',
        proxy_id: proxy.publicId,
        proxy: {
          id: proxy.publicId,
          username: proxy.username,
          location: 'Los Angeles, CA, US',
          status: 1,
          enabled: true,
          expired: false,
          deleted: false,
        },
      },
    });
    expect(created.data.id).toMatch(/^qa_/);

    const listed = await list(token);
    expect(listed.data).toMatchObject({
      total: 1,
      page: 1,
      limit: QUICK_ACCESS_MAX,
      list: [{ id: created.data.id }],
    });

    const other = await createProxy(t.database.db, user.id);
    const edited = await call(t.app, 'PUT', `/proxy/quick_access/${created.data.id}`, {
      token,
      body: { url: 'http://example.org', proxy_id: other.publicId },
    });
    expect(edited).toMatchObject({
      code: 0,
      data: { id: created.data.id, url: 'http://example.org', remark: null, proxy_id: other.publicId },
    });

    expect(await call(t.app, 'DELETE', `/proxy/quick_access/${created.data.id}`, { token })).toMatchObject({
      code: 0,
      data: { done: true },
    });
    expect((await list(token)).data.total).toBe(0);
    expect(await call(t.app, 'DELETE', `/proxy/quick_access/${created.data.id}`, { token })).toMatchObject({
      status: 404,
      code: 404,
    });
  });

  it('refuses URLs without scheme or host, other schemes, controls and over-long values (SPEC §5)', async () => {
    const { token, proxy } = await customerWithProxy();
    for (const url of [
      'example.com',
      '//example.com',
      'ftp://example.com',
      'javascript:alert(1)',
      'https://',
      'http:/example.com',
      'https://exa mple.com',
      `https://example.com/${'a'.repeat(2048)}`,
      'https://example.com/\u0000',
      '',
    ]) {
      const answer = await add(token, { url, proxy_id: proxy.publicId });
      expect(answer.status, url.slice(0, 40)).toBe(400);
      expect([1001, 1002], url.slice(0, 40)).toContain(answer.code);
    }
    expect(
      await add(token, { url: 'https://example.com', remark: 'x'.repeat(201), proxy_id: proxy.publicId }),
    ).toMatchObject({
      status: 400,
      code: 1002,
    });
    expect(
      await add(token, { url: 'https://example.com', remark: 'a\u0007b', proxy_id: proxy.publicId }),
    ).toMatchObject({
      status: 400,
      code: 1002,
    });
    // SPEC §5: the proxy is required.
    const missing = await add(token, { url: 'https://example.com' });
    expect(missing.status).toBe(400);
    expect([1001, 1002]).toContain(missing.code);
    // The longest URL allowed is kept whole.
    const longest = `https://example.com/${'a'.repeat(2048 - 20)}`;
    expect(longest).toHaveLength(2048);
    expect(await add(token, { url: longest, proxy_id: proxy.publicId })).toMatchObject({
      code: 0,
      data: { url: longest },
    });
    expect((await list(token)).data.total).toBe(1);
  });

  it('answers 4005 for a missing or deleted proxy, and keeps listing an entry whose proxy was deleted or expired', async () => {
    const { token, user, proxy } = await customerWithProxy();
    expect(await add(token, { url: 'https://example.com', proxy_id: 'p_missing' })).toMatchObject({
      status: 404,
      code: 4005,
    });
    const expiring = await createProxy(t.database.db, user.id, { expiresAt: new Date(Date.now() + 60_000) });
    await add(token, { url: 'https://a.example', proxy_id: proxy.publicId });
    await add(token, { url: 'https://b.example', proxy_id: expiring.publicId });
    await t.database.db.update(proxies).set({ deletedAt: new Date() }).where(eq(proxies.id, proxy.id));
    await t.database.db
      .update(proxies)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(proxies.id, expiring.id));
    const listed = await list(token);
    expect(listed.data.total).toBe(2);
    const byUrl = Object.fromEntries(listed.data.list.map((entry: { url: string }) => [entry.url, entry]));
    expect(byUrl['https://a.example'].proxy).toMatchObject({ deleted: true });
    expect(byUrl['https://b.example'].proxy).toMatchObject({ expired: true, status: 3, deleted: false });
    // A deleted proxy cannot be chosen again.
    expect(await add(token, { url: 'https://c.example', proxy_id: proxy.publicId })).toMatchObject({
      code: 4005,
    });
  });

  it(`keeps at most ${QUICK_ACCESS_MAX} entries per customer, also when additions race`, async () => {
    const { token, user, proxy } = await customerWithProxy();
    await t.database.db.execute(sql`
      insert into quick_access_entries (public_id, user_id, proxy_id, url)
      select 'qa_seed_' || ${user.id.toString()} || '_' || n, ${user.id}, ${proxy.id}, 'https://example.com/' || n
      from generate_series(1, ${QUICK_ACCESS_MAX - 3}) as n`);
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        add(token, { url: `https://race.example/${i}`, proxy_id: proxy.publicId }),
      ),
    );
    expect(answers.filter((answer) => answer.code === 0)).toHaveLength(3);
    expect(answers.filter((answer) => answer.code === 1002 && answer.status === 400)).toHaveLength(3);
    const [row] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(quickAccessEntries)
      .where(eq(quickAccessEntries.userId, user.id));
    expect(row?.n).toBe(QUICK_ACCESS_MAX);
    // Pages: 20 by default, the page size bounded by the limit.
    const second = await list(token, '?page=2&page_size=50');
    expect(second.data).toMatchObject({ total: QUICK_ACCESS_MAX, page: 2, page_size: 50 });
    expect(second.data.list).toHaveLength(50);
    expect((await list(token, `?page_size=${QUICK_ACCESS_MAX + 1}`)).code).toBe(1002);
  });

  it('needs a session', async () => {
    expect(await call(t.app, 'GET', '/proxy/quick_access')).toMatchObject({ status: 401, code: 2004 });
    expect(await add('', { url: 'https://example.com', proxy_id: 'x' })).toMatchObject({
      status: 401,
      code: 2004,
    });
  });
});
