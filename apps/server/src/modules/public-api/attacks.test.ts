import { apiKeys, eq, proxies, sql, users } from '@ptc/db';
import { createExit, createProxy } from '@ptc/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorSession } from '../../test/factories';
import { allowNextGeneration, countProxies, createStaticExits, ledgerOf } from '../../test/proxies';
import { createTestApp, type TestApp } from '../../test/test-app';
import { readBalanceAndSum } from '../../test/wallet';
import { customerWithKey } from './public-api.test-helpers';

/**
 * The public API attacked from outside (issue #17): every test talks to a listening server over a
 * real socket on 127.0.0.1, as a script would.
 */

type Document = { paths: Record<string, Record<string, { operationId: string }>> };

// biome-ignore lint/suspicious/noExplicitAny: the tests read the answers they assert on.
type Answer = { status: number; headers: Headers; body: any };

describe('the public API under attack', () => {
  let t: TestApp;
  let base: string;

  beforeAll(async () => {
    t = await createTestApp();
    await createExit(t.database.db, { country: 'US', state: 'NY', city: 'newyork', line: 1 });
    await createStaticExits(t.database.db, 4, { prefix: '203.0.113' });
    base = await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await t?.close();
  });

  const send = async (
    method: string,
    path: string,
    options: { key?: string; body?: unknown; raw?: string; headers?: Record<string, string> } = {},
  ): Promise<Answer> => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.key !== undefined) headers['x-api-key'] = options.key;
    let body: string | undefined = options.raw;
    if (options.body !== undefined) {
      headers['content-type'] ??= 'application/json';
      body = JSON.stringify(options.body);
    }
    const response = await fetch(`${base}${path}`, { method, headers, body });
    const text = await response.text();
    const isJson = (response.headers.get('content-type') ?? '').startsWith('application/json');
    return { status: response.status, headers: response.headers, body: isJson ? JSON.parse(text) : text };
  };

  /** What an answer tells a caller: status, code and message (the data of a refusal may name the id). */
  const outcome = (answer: Answer) => ({
    status: answer.status,
    code: answer.body?.code,
    msg: answer.body?.msg,
  });

  const proxyRow = async (id: bigint) => {
    const [row] = await t.database.db.select().from(proxies).where(eq(proxies.id, id));
    return row;
  };

  it("a key of customer A cannot read, change, renew or delete customer B's proxies: answered as a missing id, nothing changes", async () => {
    const a = await customerWithKey(t.app, t.database);
    const b = await customerWithKey(t.app, t.database);
    const leased = await createProxy(t.database.db, b.user.id, {
      family: 'static-ip',
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    const expired = await createProxy(t.database.db, b.user.id, {
      family: 'static-ip',
      expiresAt: new Date(Date.now() - 86_400_000),
    });
    const rotating = await createProxy(t.database.db, b.user.id, { family: 'dynamic-traffic' });
    const before = await Promise.all([leased, expired, rotating].map((proxy) => proxyRow(proxy.id)));
    const ledgerBefore = await ledgerOf(t.database.db, b.user.id);

    const attempts = (id: string) =>
      [
        ['GET', `/api/v2/proxies/${id}`, undefined],
        ['GET', `/api/v2/proxies/${id}/usage?days=7`, undefined],
        ['PUT', `/api/v2/proxies/${id}/switch`, { switch: 'off' }],
        ['PUT', `/api/v2/proxies/${id}/rotation`, { rotation: true }],
        ['PUT', `/api/v2/proxies/${id}/auto-renew`, { auto_renew: true }],
        ['PUT', `/api/v2/proxies/${id}/remark`, { remark: 'pwned' }],
        ['POST', `/api/v2/proxies/${id}/renew`, undefined],
        ['POST', `/api/v2/proxies/${id}/speed-test`, undefined],
        ['POST', `/api/v2/proxies/${id}/check`, undefined],
        ['POST', '/api/v2/proxies/switch', { ids: [id], switch: 'off' }],
        ['POST', '/api/v2/proxies/delete-expired', { ids: [id] }],
        ['DELETE', `/api/v2/proxies/${id}`, undefined],
      ] as const;
    const missing = 'p_doesnotexist1';
    for (const victim of [leased.publicId, expired.publicId, rotating.publicId]) {
      const theirs = attempts(victim);
      const nobody = attempts(missing);
      for (const [index, [method, path, body]] of theirs.entries()) {
        const answer = await send(method, path, { key: a.key, body });
        const [, missingPath, missingBody] = nobody[index] ?? [];
        const reference = await send(method, missingPath ?? '', { key: a.key, body: missingBody });
        expect(outcome(answer), `${method} ${path}`).toEqual(outcome(reference));
        expect(answer.status, `${method} ${path}`).toBeGreaterThanOrEqual(400);
        expect(JSON.stringify(answer.body)).not.toContain(victim.slice(2));
      }
    }
    // A's lists and downloads show nothing of B's.
    for (const family of ['static-ip', 'dynamic-traffic']) {
      const list = await send('GET', `/api/v2/proxies?family=${family}&status=all`, { key: a.key });
      expect(list.body.data.total).toBe(0);
      const text = await send('GET', `/api/v2/proxies/download?family=${family}`, { key: a.key });
      expect(text.body).toBe('');
    }
    expect(await Promise.all([leased, expired, rotating].map((proxy) => proxyRow(proxy.id)))).toEqual(before);
    expect(await ledgerOf(t.database.db, b.user.id)).toEqual(ledgerBefore);
    expect(await ledgerOf(t.database.db, a.user.id)).toHaveLength(1);
  });

  it('a read-only key is refused on every write operation of the V2 document, and nothing changes', async () => {
    const document = (await (await fetch(`${base}/api/v2/openapi.json`)).json()) as Document;
    const writes = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.keys(item)
        .filter((method) => method !== 'get')
        .map((method) => ({ method: method.toUpperCase(), path })),
    );
    expect(writes.length).toBeGreaterThanOrEqual(15);
    const reader = await customerWithKey(t.app, t.database, { scope: 'read' });
    const own = await createProxy(t.database.db, reader.user.id, {
      family: 'static-ip',
      expiresAt: new Date(Date.now() - 86_400_000),
    });
    const before = await proxyRow(own.id);
    for (const { method, path } of writes) {
      const url = path.replace('{id}', own.publicId);
      const answer = await send(method, url, {
        key: reader.key,
        // A body that would pass every operation's checks that take one: the refusal must come first.
        body: method === 'DELETE' ? undefined : { ids: [own.publicId], switch: 'off', remark: 'x' },
        headers: { 'idempotency-key': `read-only-${method}-${path}` },
      });
      expect(outcome(answer), `${method} ${path}`).toMatchObject({ status: 403, code: 403 });
      expect(answer.body.data, `${method} ${path}`).toMatchObject({ reason: 'read_only_key' });
    }
    expect(await proxyRow(own.id)).toEqual(before);
    expect(await countProxies(t.database.db, reader.user.id)).toBe(1);
    expect((await ledgerOf(t.database.db, reader.user.id)).map((entry) => entry.kind)).toEqual(['topup']);
    // The refused writes claimed no Idempotency-Key: a full key of the account may use them.
    const rows = await t.database.db.execute(
      sql`select count(*)::int as n from idempotency_keys where user_id = ${reader.user.id}`,
    );
    expect(Number((rows as unknown as { rows: { n: number }[] }).rows[0]?.n)).toBe(0);
  });

  it('a key opens neither the console API nor the admin API, cannot make keys, and a session is not a key', async () => {
    const customer = await customerWithKey(t.app, t.database);
    for (const authorization of [customer.key, `Bearer ${customer.key}`]) {
      for (const [method, path] of [
        ['GET', '/api/user/info'],
        ['GET', '/api/api/key/list'],
        ['POST', '/api/api/key'],
        ['POST', '/api/api/key/v1'],
        ['GET', '/api/proxy/traffic/payway'],
      ] as const) {
        const answer = await send(method, path, {
          headers: { authorization },
          body: method === 'POST' ? { name: 'escalated' } : undefined,
        });
        expect(answer.status, `${method} ${path}`).toBe(401);
        expect(answer.body.code, `${method} ${path}`).toBe(2004);
      }
    }
    // Sent as X-API-Key to the console API, it is not a session either.
    const asHeader = await send('GET', '/api/user/info', { key: customer.key });
    expect(asHeader.status).toBe(401);
    // Nor an operator session.
    const { headers: operatorHeaders } = await operatorSession(t.database, 'owner');
    const adminOk = await send('GET', '/api/admin/me', { headers: operatorHeaders });
    expect(adminOk.status).toBe(200);
    for (const headers of [
      { 'x-operator-session': customer.key },
      { authorization: customer.key },
      { 'x-api-key': customer.key },
    ] as Record<string, string>[]) {
      const admin = await send('GET', '/api/admin/me', { headers });
      expect(admin.status).toBe(401);
    }
    const keys = await t.database.db.select().from(apiKeys).where(eq(apiKeys.userId, customer.user.id));
    expect(keys).toHaveLength(1);
    // A console session token used as a key.
    const sessionAsKey: Record<string, string>[] = [
      { 'x-api-key': customer.token },
      { authorization: `Bearer ${customer.token}` },
    ];
    for (const headers of sessionAsKey) {
      const answer = await send('GET', '/api/v2/account', { headers });
      expect(outcome(answer)).toMatchObject({ status: 401, code: 5001 });
    }
  });

  it('allow-list: X-Forwarded-For cannot move the client address (TRUST_PROXY off); an IPv4 client on a dual-stack socket matches IPv4 blocks', async () => {
    const listed = await customerWithKey(t.app, t.database, { allow_list: ['198.51.100.0/24'] });
    for (const forwarded of ['198.51.100.7', '198.51.100.7, 127.0.0.1', '127.0.0.1, 198.51.100.7']) {
      const answer = await send('GET', '/api/v2/account', {
        key: listed.key,
        headers: { 'x-forwarded-for': forwarded, 'x-real-ip': '198.51.100.7', forwarded: 'for=198.51.100.7' },
      });
      expect(outcome(answer), forwarded).toMatchObject({ status: 403, code: 403 });
      expect(answer.body.data).toMatchObject({ reason: 'address_not_allowed' });
    }
    // The socket's own address (127.0.0.1 here) in a block: accepted, as IPv4 or as its mapped IPv6 form.
    for (const entry of [
      '127.0.0.0/8',
      '127.0.0.1',
      '::ffff:127.0.0.1',
      '::ffff:127.0.0.0/104',
      '0.0.0.0/0',
    ]) {
      const allowed = await customerWithKey(t.app, t.database, { allow_list: [entry] });
      const answer = await send('GET', '/api/v2/account', { key: allowed.key });
      expect(answer.status, entry).toBe(200);
    }
    // (`::/1` would hold every IPv4 client as ::ffff:a.b.c.d: 8000::/1 holds none.)
    for (const entry of ['127.0.0.2', '128.0.0.0/1', '::1', '8000::/1', '::ffff:127.0.0.2']) {
      const refused = await customerWithKey(t.app, t.database, { allow_list: [entry] });
      const answer = await send('GET', '/api/v2/account', { key: refused.key });
      expect(answer.status, entry).toBe(403);
    }
  });

  it('a locked account’s keys stop at once and work again when unlocked; a deleted account’s keys are refused', async () => {
    const customer = await customerWithKey(t.app, t.database);
    const { headers } = await operatorSession(t.database, 'support');
    const lock = (locked: boolean) =>
      send('POST', `/api/admin/customers/${customer.user.uid}/lock`, {
        headers,
        body: { locked, reason: 'attack test' },
      });
    expect((await send('GET', '/api/v2/account', { key: customer.key })).status).toBe(200);
    expect((await lock(true)).status).toBe(200);
    const locked = await send('GET', '/api/v2/account', { key: customer.key });
    expect(outcome(locked)).toMatchObject({ status: 403, code: 403 });
    expect(locked.body.data).toMatchObject({ reason: 'account_locked' });
    const spend = await send('POST', '/api/v2/traffic/purchases', {
      key: customer.key,
      body: { package_id: 'x' },
    });
    expect(spend.status).toBe(403);
    expect((await lock(false)).status).toBe(200);
    expect((await send('GET', '/api/v2/account', { key: customer.key })).status).toBe(200);

    // Deleted (even if a key row were somehow left live): refused as unknown.
    await t.database.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, customer.user.id));
    const deleted = await send('GET', '/api/v2/account', { key: customer.key });
    expect(outcome(deleted)).toMatchObject({ status: 401, code: 5001 });
  });

  it('the same Idempotency-Key used by two customers gives each their own proxy, never a replay of the other’s', async () => {
    const a = await customerWithKey(t.app, t.database, { balance: 10_000_000n });
    const b = await customerWithKey(t.app, t.database, { balance: 10_000_000n });
    const body = { type: 'residential', country: 'US', days: 1, count: 1 };
    const headers = { 'idempotency-key': 'shared-order-1' };
    const first = await send('POST', '/api/v2/proxies/static-ip', { key: a.key, body, headers });
    expect(first.body.code).toBe(0);
    const second = await send('POST', '/api/v2/proxies/static-ip', { key: b.key, body, headers });
    expect(second.body.code).toBe(0);
    expect(second.headers.get('idempotent-replayed')).toBeNull();
    const [mine] = first.body.data.data;
    const [theirs] = second.body.data.data;
    expect(theirs.id).not.toBe(mine.id);
    expect(theirs.password).not.toBe(mine.password);
    expect(theirs.username).not.toBe(mine.username);
    expect(await countProxies(t.database.db, a.user.id)).toBe(1);
    expect(await countProxies(t.database.db, b.user.id)).toBe(1);
  });

  it('refuses an unusable Idempotency-Key with 1002 before anything runs', async () => {
    const customer = await customerWithKey(t.app, t.database, { balance: 10_000_000n });
    const body = { type: 'residential', country: 'US', days: 1, count: 1 };
    for (const value of ['x'.repeat(256), 'x'.repeat(10_000), 'a\tb']) {
      const answer = await send('POST', '/api/v2/proxies/static-ip', {
        key: customer.key,
        body,
        headers: { 'idempotency-key': value },
      });
      expect(outcome(answer), value.slice(0, 20)).toMatchObject({ status: 400, code: 1002 });
    }
    // NUL and other control characters never reach the server over HTTP/1.1 (the client refuses
    // them); through inject they are refused with 1002 too.
    for (const value of ['a\u0000b', 'a\u0001b']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v2/proxies/static-ip',
        headers: { 'x-api-key': customer.key, 'idempotency-key': value },
        payload: body,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 1002 });
    }
    expect(await countProxies(t.database.db, customer.user.id)).toBe(0);
  });

  it('answers huge bodies, wrong content types and prototype-pollution JSON with clean codes, never 500', async () => {
    const customer = await customerWithKey(t.app, t.database, { balance: 10_000_000n });
    const path = '/api/v2/proxies/static-ip';
    const huge = await send('POST', path, {
      key: customer.key,
      raw: `{"type":"residential","country":"US","pad":"${'x'.repeat(2 * 1024 * 1024)}"}`,
      headers: { 'content-type': 'application/json' },
    });
    // Refused by the 1 MiB body limit as a protocol error, the body never parsed.
    expect(outcome(huge)).toMatchObject({ status: 400, code: -1001 });
    for (const type of [
      'text/plain',
      'application/xml',
      'multipart/form-data; boundary=x',
      'application/x-www-form-urlencoded',
    ]) {
      const answer = await send('POST', path, {
        key: customer.key,
        raw: 'type=residential&country=US',
        headers: { 'content-type': type },
      });
      expect(answer.status, type).toBeGreaterThanOrEqual(400);
      expect(answer.status, type).toBeLessThan(500);
      expect([-1001, 1001, 1002], type).toContain(answer.body.code);
    }
    for (const raw of [
      '{"__proto__":{"admin":true},"type":"residential","country":"US","days":1}',
      '{"constructor":{"prototype":{"admin":true}},"type":"residential","country":"US","days":1}',
      '{"type":"residential","country":"US","days":1,"exit_ids":{"__proto__":[]}}',
    ]) {
      const answer = await send('POST', path, {
        key: customer.key,
        raw,
        headers: { 'content-type': 'application/json' },
      });
      expect(answer.status, raw).toBeGreaterThanOrEqual(400);
      expect(answer.status, raw).toBeLessThan(500);
      expect([1001, 1002], raw).toContain(answer.body.code);
      expect(({} as Record<string, unknown>).admin).toBeUndefined();
    }
    expect(await countProxies(t.database.db, customer.user.id)).toBe(0);
  });

  it('with a balance for one, 20 concurrent purchases, generations or renewals under different Idempotency-Keys cannot overspend', async () => {
    const probe = await customerWithKey(t.app, t.database);
    const plans = await send('GET', '/api/v2/traffic/packages', { key: probe.key });
    const cheapest = [...plans.body.data].sort(
      (x: { amount: string }, y: { amount: string }) => Number(x.amount) - Number(y.amount),
    )[0];
    const price = BigInt(Math.round(Number(cheapest.amount) * 1_000_000));
    // Enough for one package and not two.
    const customer = await customerWithKey(t.app, t.database, { balance: price + price / 2n });
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        send('POST', '/api/v2/traffic/purchases', {
          key: customer.key,
          body: { package_id: cheapest.id },
          headers: { 'idempotency-key': `race-${index}` },
        }),
      ),
    );
    const codes = answers.map((answer) => answer.body.code);
    expect(codes.filter((code) => code === 0)).toHaveLength(1);
    expect(codes.filter((code) => code !== 0 && code !== 3002 && code !== 3005)).toEqual([]);
    const spent = await readBalanceAndSum(t.database.db, customer.user.id);
    expect(spent?.balance).toBe(spent?.sum);
    expect(spent?.balance).toBe(price / 2n);

    // And generations: a balance for one static proxy, 20 concurrent orders.
    const quote = await send('GET', '/api/v2/price?family=static-ip&type=residential&days=1&count=1', {
      key: probe.key,
    });
    const unit = BigInt(Math.round(Number(quote.body.data.total) * 1_000_000));
    const buyer = await customerWithKey(t.app, t.database, { balance: unit + unit / 2n });
    const orders = await Promise.all(
      Array.from({ length: 20 }, async (_, index) => {
        await allowNextGeneration(t.database.db, buyer.user.id);
        return send('POST', '/api/v2/proxies/static-ip', {
          key: buyer.key,
          body: { type: 'residential', country: 'US', days: 1, count: 1 },
          headers: { 'idempotency-key': `gen-race-${index}` },
        });
      }),
    );
    expect(orders.filter((answer) => answer.body.code === 0).length).toBeLessThanOrEqual(1);
    const after = await readBalanceAndSum(t.database.db, buyer.user.id);
    expect(after?.balance).toBe(after?.sum);
    expect(after?.balance).toBeGreaterThanOrEqual(0n);
    expect(await countProxies(t.database.db, buyer.user.id)).toBeLessThanOrEqual(1);

    // And renewals: 20 concurrent renewals of one proxy, a balance for one more cycle.
    const renewer = await customerWithKey(t.app, t.database, { balance: 2n * unit + unit / 2n });
    const bought = await send('POST', '/api/v2/proxies/static-ip', {
      key: renewer.key,
      body: { type: 'residential', country: 'US', days: 1, count: 1 },
      headers: { 'idempotency-key': 'renew-base' },
    });
    expect(bought.body.code).toBe(0);
    const id = bought.body.data.data[0].id as string;
    const renewals = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        send('POST', `/api/v2/proxies/${id}/renew`, {
          key: renewer.key,
          headers: { 'idempotency-key': `renew-race-${index}` },
        }),
      ),
    );
    const renewCodes = renewals.map((answer) => answer.body.code);
    expect(renewCodes.filter((code) => code === 0)).toHaveLength(1);
    expect(renewCodes.filter((code) => code !== 0 && code !== 3002)).toEqual([]);
    const renewed = await readBalanceAndSum(t.database.db, renewer.user.id);
    expect(renewed?.balance).toBe(renewed?.sum);
    expect(renewed?.balance).toBe(unit / 2n);
  });
});
