import { API_KEY_FAILURES_PER_MINUTE } from '@ptc/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../test/accounts';
import { allowNextGeneration, countProxies, createStaticExits, ledgerOf } from '../../test/proxies';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createKey, customerWithKey } from '../public-api/public-api.test-helpers';

const LIMIT = 8;

/** API keys and their guards attacked from outside (issue #17). */
describe('API keys under attack', () => {
  let t: TestApp;
  let base: string;

  beforeAll(async () => {
    t = await createTestApp({ API_RATE_LIMIT: String(LIMIT) });
    await createStaticExits(t.database.db, 3, { prefix: '203.0.113' });
    base = await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await t?.close();
  });

  const account = (key: string, ip = '192.0.2.1') =>
    t.app.inject({ method: 'GET', url: '/api/v2/account', headers: { 'x-api-key': key }, remoteAddress: ip });

  it("deleting another account's key, or a key id of any shape, answers 5003 or 1002 and revokes nothing", async () => {
    const a = await customerWithKey(t.app, t.database);
    const b = await customerWithKey(t.app, t.database);
    const bList = await call(t.app, 'GET', '/api/key/list', { token: b.token });
    const bKeyId = bList.data.list[0].key_id as string;
    const unknown = await call(t.app, 'DELETE', '/api/key/key_doesnotexist00000000', { token: a.token });
    expect(unknown).toMatchObject({ status: 404, code: 5003 });
    const theirs = await call(t.app, 'DELETE', `/api/key/${bKeyId}`, { token: a.token });
    expect({ status: theirs.status, code: theirs.code, msg: theirs.msg }).toEqual({
      status: unknown.status,
      code: unknown.code,
      msg: unknown.msg,
    });
    for (const id of [
      `${bKeyId}%00`,
      '%00',
      'x'.repeat(10_000),
      encodeURIComponent('ключ-🔑'),
      '-1',
      '0',
      encodeURIComponent("' OR 1=1 --"),
      encodeURIComponent(`${bKeyId}' OR '1'='1`),
      '%25',
      '..%2F..%2Fapi%2Fkey%2Flist',
      '%ED%A0%80',
      '%E0%A4%A',
    ]) {
      const response = await fetch(`${base}/api/api/key/${id}`, {
        method: 'DELETE',
        headers: { authorization: a.token },
      });
      const answer = (await response.json()) as { code: number };
      expect(response.status, id.slice(0, 40)).toBeLessThan(500);
      expect([404, 400], id.slice(0, 40)).toContain(response.status);
      expect([5003, 1002], id.slice(0, 40)).toContain(answer.code);
      // The router's refusals (a parameter over its length limit, a URL that does not decode)
      // are envelopes too, and do not echo the path.
      expect(Object.keys(answer).sort(), id.slice(0, 40)).toEqual(['code', 'data', 'msg']);
      expect(JSON.stringify(answer)).not.toContain('xxxxxxxxxx');
    }
    // B's key was never touched, nor A's own.
    expect((await account(b.key)).statusCode).toBe(200);
    expect((await account(a.key)).statusCode).toBe(200);
    expect((await call(t.app, 'GET', '/api/key/list', { token: b.token })).data.total).toBe(1);
  });

  it(`a burst of 40 concurrent requests with one key gets at most its ${LIMIT} a minute; every 429 carries the headers`, async () => {
    const customer = await customerWithKey(t.app, t.database);
    const answers = await Promise.all(
      Array.from({ length: 40 }, () =>
        fetch(`${base}/api/v2/balance`, { headers: { 'x-api-key': customer.key } }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(LIMIT);
    expect(statuses.filter((status) => status === 429)).toHaveLength(40 - LIMIT);
    for (const answer of answers.filter((response) => response.status === 429)) {
      expect(answer.headers.get('ratelimit-limit')).toBe(String(LIMIT));
      expect(answer.headers.get('ratelimit-remaining')).toBe('0');
      expect(Number(answer.headers.get('ratelimit-reset'))).toBeGreaterThanOrEqual(1);
      expect(Number(answer.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(((await answer.json()) as { code: number }).code).toBe(101);
    }
  });

  it('wrong keys exhaust nobody’s limit: not the key’s budget, nor a known key sent from the same address', async () => {
    const customer = await customerWithKey(t.app, t.database);
    const revoked = await createKey(t.app, customer.token, { name: 'old worker' });
    const shared = '198.51.100.40';
    const first = await account(customer.key, shared);
    expect(first.statusCode).toBe(200);
    // A forgotten worker behind the same address keeps sending the revoked key…
    const keyId = (await call(t.app, 'GET', '/api/key/list', { token: customer.token })).data.list.find(
      (key: { name: string }) => key.name === 'old worker',
    ).key_id;
    expect((await call(t.app, 'DELETE', `/api/key/${keyId}`, { token: customer.token })).code).toBe(0);
    for (let i = 0; i < API_KEY_FAILURES_PER_MINUTE + 5; i += 1) {
      expect((await account(revoked, shared)).statusCode).not.toBe(200);
    }
    // …and that key, and scans from there, are shed (no lookup) …
    expect((await account(revoked, shared)).statusCode).toBe(429);
    expect((await account(`ptc_v2_guess${'A'.repeat(43)}`, shared)).statusCode).toBe(429);
    // … but the live key already used from that address still works, its budget untouched by the failures.
    const after = await account(customer.key, shared);
    expect(after.statusCode).toBe(200);
    expect(Number(after.headers['ratelimit-remaining'])).toBe(
      Number(first.headers['ratelimit-remaining']) - 1,
    );
  });

  it('an IPv6 client cannot dodge the unknown-key limit by changing address inside its /64', async () => {
    for (let i = 1; i <= API_KEY_FAILURES_PER_MINUTE; i += 1) {
      const answer = await account(`ptc_v2_scan${i}`, `2001:db8:1:2::${i.toString(16)}`);
      expect(answer.statusCode).toBe(401);
    }
    const sameNetwork = await account('ptc_v2_scan_more', '2001:db8:1:2:ffff:ffff:ffff:ffff');
    expect(sameNetwork.statusCode).toBe(429);
    expect(sameNetwork.json()).toMatchObject({ code: 101 });
    expect((await account('ptc_v2_scan_more', '2001:db8:1:3::1')).statusCode).toBe(401);
  });

  it('a generation refused as too frequent (4003) is not replayed to its retry: the same Idempotency-Key runs again a second later', async () => {
    const customer = await customerWithKey(t.app, t.database, { balance: 10_000_000n });
    const order = (idempotencyKey: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v2/proxies/static-ip',
        headers: { 'x-api-key': customer.key, 'idempotency-key': idempotencyKey },
        payload: { type: 'residential', country: 'US', days: 1, count: 1 },
      });
    expect((await order('first-order')).json()).toMatchObject({ code: 0 });
    const tooSoon = await order('second-order');
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json()).toMatchObject({ code: 4003 });
    // The client waits the second the refusal asks for, and retries with the same key.
    await allowNextGeneration(t.database.db, customer.user.id);
    const retried = await order('second-order');
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
    expect(retried.json()).toMatchObject({ code: 0 });
    expect(await countProxies(t.database.db, customer.user.id)).toBe(2);
    // A further retry replays that success, charging nothing more.
    await allowNextGeneration(t.database.db, customer.user.id);
    const replayed = await order('second-order');
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    expect(replayed.json().data.data[0].id).toBe(retried.json().data.data[0].id);
    expect(
      (await ledgerOf(t.database.db, customer.user.id)).filter((e) => e.kind === 'purchase'),
    ).toHaveLength(2);
  });
});
