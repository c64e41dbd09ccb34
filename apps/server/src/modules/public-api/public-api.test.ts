import { eq, ledgerEntries } from '@ptc/db';
import { createExit } from '@ptc/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allowNextGeneration, countProxies, createStaticExits, ledgerOf } from '../../test/proxies';
import { createTestApp, type TestApp } from '../../test/test-app';
import { callWithKey, createV1Key, customerWithKey } from './public-api.test-helpers';

describe('public API V2 with a key', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ GATEWAY_PUBLIC_HOST: 'gw.example.test', GATEWAY_PORT: '8000' });
    await createExit(t.database.db, { country: 'US', state: 'NY', city: 'newyork', line: 1 });
    await createStaticExits(t.database.db, 3, { prefix: '203.0.113' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers the key owner’s account and balance, and refuses a call without a key (5001)', async () => {
    const customer = await customerWithKey(t.app, t.database, { balance: 12_500_000n });
    const account = await callWithKey(t.app, customer.key, 'GET', '/api/v2/account');
    expect(account.status).toBe(200);
    expect(account.body.data).toMatchObject({ uid: customer.user.uid, balance: '12.500000' });
    const balance = await callWithKey(t.app, customer.key, 'GET', '/api/v2/balance');
    expect(balance.body.data).toMatchObject({ balance: '12.500000', traffic_left: { bytes: '0' } });

    const anonymous = await t.app.inject({ method: 'GET', url: '/api/v2/account' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ code: 5001 });
    // A console session is not a key.
    const session = await t.app.inject({
      method: 'GET',
      url: '/api/v2/account',
      headers: { authorization: customer.token },
    });
    expect(session.statusCode).toBe(401);
  });

  it('a read-only key reads but cannot spend: the generation is refused and nothing is charged', async () => {
    const customer = await customerWithKey(t.app, t.database, { scope: 'read' });
    expect((await callWithKey(t.app, customer.key, 'GET', '/api/v2/proxies?family=static-ip')).status).toBe(
      200,
    );
    const refused = await callWithKey(t.app, customer.key, 'POST', '/api/v2/proxies/static-ip', {
      body: { type: 'residential', country: 'US', days: 1 },
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 403 });
    const traffic = await callWithKey(t.app, customer.key, 'POST', '/api/v2/traffic/purchases', {
      body: { package_id: 'anything' },
    });
    expect(traffic.status).toBe(403);
    expect(await countProxies(t.database.db, customer.user.id)).toBe(0);
    expect((await ledgerOf(t.database.db, customer.user.id)).map((entry) => entry.kind)).toEqual(['topup']);
  });

  it('a key with an allow-list is refused from another address and accepted from its own', async () => {
    const customer = await customerWithKey(t.app, t.database, { allow_list: ['198.51.100.0/24'] });
    const outside = await callWithKey(t.app, customer.key, 'GET', '/api/v2/account', { ip: '192.0.2.10' });
    expect(outside.status).toBe(403);
    expect(outside.body.code).toBe(403);
    const inside = await callWithKey(t.app, customer.key, 'GET', '/api/v2/account', { ip: '198.51.100.20' });
    expect(inside.status).toBe(200);
  });

  it('every public answer carries the rate-limit headers', async () => {
    const customer = await customerWithKey(t.app, t.database);
    const first = await callWithKey(t.app, customer.key, 'GET', '/api/v2/balance');
    const second = await callWithKey(t.app, customer.key, 'GET', '/api/v2/areas/countries');
    for (const answer of [first, second]) {
      expect(answer.headers['ratelimit-limit']).toBe('600');
      expect(answer.headers['ratelimit-reset']).toMatch(/^\d+$/);
    }
    expect(Number(second.headers['ratelimit-remaining'])).toBe(
      Number(first.headers['ratelimit-remaining']) - 1,
    );
  });

  it('ten concurrent retries of a generation with one Idempotency-Key charge once and answer the same proxy', async () => {
    const customer = await customerWithKey(t.app, t.database, { balance: 10_000_000n });
    const retries = await Promise.all(
      Array.from({ length: 10 }, () =>
        callWithKey(t.app, customer.key, 'POST', '/api/v2/proxies/static-ip', {
          body: { type: 'residential', country: 'US', days: 1, count: 1 },
          headers: { 'idempotency-key': 'order-7f3c' },
        }),
      ),
    );
    const succeeded = retries.filter((answer) => answer.status === 200);
    expect(succeeded.length).toBeGreaterThan(0);
    expect(new Set(succeeded.map((answer) => answer.body.data.data[0].id)).size).toBe(1);
    const purchases = (await ledgerOf(t.database.db, customer.user.id)).filter(
      (entry) => entry.kind === 'purchase',
    );
    expect(purchases).toHaveLength(1);
    // The money trail records the key the purchase came through.
    expect(purchases[0]?.apiKeyId).not.toBeNull();
    expect(await countProxies(t.database.db, customer.user.id)).toBe(1);

    // A retry after the one-per-second limit has passed still answers the first result, charging
    // nothing; a new Idempotency-Key buys again.
    await allowNextGeneration(t.database.db, customer.user.id);
    const later = await callWithKey(t.app, customer.key, 'POST', '/api/v2/proxies/static-ip', {
      body: { type: 'residential', country: 'US', days: 1, count: 1 },
      headers: { 'idempotency-key': 'order-7f3c' },
    });
    expect(later.status).toBe(200);
    expect(later.body.data.data[0].id).toBe(succeeded[0]?.body.data.data[0].id);
    expect(await countProxies(t.database.db, customer.user.id)).toBe(1);
    await allowNextGeneration(t.database.db, customer.user.id);
    const another = await callWithKey(t.app, customer.key, 'POST', '/api/v2/proxies/static-ip', {
      body: { type: 'residential', country: 'US', days: 1, count: 1 },
      headers: { 'idempotency-key': 'order-8a01' },
    });
    expect(another.status).toBe(200);
    expect(await countProxies(t.database.db, customer.user.id)).toBe(2);
    const entries = await t.database.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.userId, customer.user.id));
    expect(entries.filter((entry) => entry.kind === 'purchase')).toHaveLength(2);
  });

  it('ten concurrent retries of a traffic package purchase with one Idempotency-Key charge once', async () => {
    const customer = await customerWithKey(t.app, t.database, { balance: 1_000_000_000n });
    const plans = await callWithKey(t.app, customer.key, 'GET', '/api/v2/traffic/packages');
    // A package without a per-user limit: only the Idempotency-Key stands between ten retries and ten charges.
    const plan = (plans.body.data as { id: string; limit_per_user: number | null }[]).find(
      (candidate) => candidate.limit_per_user === null,
    );
    if (!plan) throw new Error('no traffic package on sale');
    const retries = await Promise.all(
      Array.from({ length: 10 }, () =>
        callWithKey(t.app, customer.key, 'POST', '/api/v2/traffic/purchases', {
          body: { package_id: plan.id },
          headers: { 'idempotency-key': 'traffic-1' },
        }),
      ),
    );
    const succeeded = retries.filter((answer) => answer.status === 200);
    expect(succeeded.length).toBeGreaterThan(0);
    expect(new Set(succeeded.map((answer) => answer.body.data.pool.id)).size).toBe(1);
    const purchases = (await ledgerOf(t.database.db, customer.user.id)).filter(
      (entry) => entry.kind === 'purchase',
    );
    expect(purchases).toHaveLength(1);
    const purchased = await callWithKey(t.app, customer.key, 'GET', '/api/v2/traffic/purchases');
    expect(purchased.body.data.total).toBe(1);
  });

  it('downloads the proxy list as text in both line formats, with country and session parameters', async () => {
    const customer = await customerWithKey(t.app, t.database);
    const generated = await callWithKey(t.app, customer.key, 'POST', '/api/v2/proxies/dynamic-traffic', {
      body: { country: 'US', count: 2 },
    });
    expect(generated.status).toBe(200);
    const rows = generated.body.data.data as { username: string; password: string }[];

    const plain = await callWithKey(
      t.app,
      customer.key,
      'GET',
      '/api/v2/proxies/download?family=dynamic-traffic&format=host:port:user:pass',
    );
    expect(plain.status).toBe(200);
    expect(plain.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect((plain.body as string).split('\n').filter(Boolean).sort()).toEqual(
      rows.map((row) => `gw.example.test:8000:${row.username}:${row.password}`).sort(),
    );

    const at = await callWithKey(
      t.app,
      customer.key,
      'GET',
      `/api/v2/proxies/download?family=dynamic-traffic&format=${encodeURIComponent('user:pass@host:port')}&exit_country=us&session=random&session_life=30&lines_per_proxy=3`,
    );
    const lines = (at.body as string).split('\n').filter(Boolean);
    expect(lines).toHaveLength(6);
    for (const line of lines) {
      expect(line).toMatch(/^[^-:]+-country-us-session-[a-z0-9]{12}-life-30:[^@]+@gw\.example\.test:8000$/);
    }
    expect(new Set(lines).size).toBe(6);

    const wrong = await callWithKey(
      t.app,
      customer.key,
      'GET',
      '/api/v2/proxies/download?family=dynamic-traffic&format=csv',
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe(1002);
  });

  it('switches, renames, and deletes a proxy through the key; another customer’s proxy answers 4005', async () => {
    const customer = await customerWithKey(t.app, t.database);
    const other = await customerWithKey(t.app, t.database);
    const generated = await callWithKey(t.app, customer.key, 'POST', '/api/v2/proxies/dynamic-traffic', {
      body: { country: 'US' },
    });
    const id = generated.body.data.data[0].id as string;
    const off = await callWithKey(t.app, customer.key, 'PUT', `/api/v2/proxies/${id}/switch`, {
      body: { switch: 'off' },
    });
    expect(off.body.data).toMatchObject({ id, switch: 6 });
    const remark = await callWithKey(t.app, customer.key, 'PUT', `/api/v2/proxies/${id}/remark`, {
      body: { remark: 'scraper A' },
    });
    expect(remark.body.data.remark).toBe('scraper A');
    const foreign = await callWithKey(t.app, other.key, 'GET', `/api/v2/proxies/${id}`);
    expect(foreign.body.code).toBe(4005);
    const usage = await callWithKey(t.app, customer.key, 'GET', `/api/v2/proxies/${id}/usage?days=3`);
    expect(usage.body.data).toMatchObject({ id, total: '0' });
    expect(usage.body.data.days).toHaveLength(3);
    expect((await callWithKey(t.app, customer.key, 'DELETE', `/api/v2/proxies/${id}`)).status).toBe(200);
    expect((await callWithKey(t.app, customer.key, 'GET', `/api/v2/proxies/${id}`)).body.code).toBe(4005);
  });

  it('V1 takes only the V1 key, and every V1 answer says it is deprecated', async () => {
    const customer = await customerWithKey(t.app, t.database);
    const v1Key = await createV1Key(t.app, customer.token);
    const balance = await callWithKey(t.app, v1Key, 'GET', '/api/v1/balance');
    expect(balance.status).toBe(200);
    expect(balance.headers.deprecation).toBe('@1767225600');
    expect(balance.headers.link).toContain('rel="successor-version"');
    const v2KeyOnV1 = await callWithKey(t.app, customer.key, 'GET', '/api/v1/balance');
    expect(v2KeyOnV1.status).toBe(401);
    expect(v2KeyOnV1.headers.deprecation).toBe('@1767225600');
    expect((await callWithKey(t.app, v1Key, 'GET', '/api/v2/balance')).status).toBe(401);
  });
});

describe('public API documents, and its rate limit at 3 a minute', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ API_RATE_LIMIT: '3' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('serves V2 and V1 documents apart from the console API’s, each operation with curl, Python and Node samples', async () => {
    const v2 = (await t.app.inject({ method: 'GET', url: '/api/v2/openapi.json' })).json();
    const v1 = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    const consoleDocument = (await t.app.inject({ method: 'GET', url: '/api-docs/openapi.json' })).json();
    expect(v2.openapi).toBe('3.1.0');
    expect(Object.keys(v2.paths).every((path) => path.startsWith('/api/v2/'))).toBe(true);
    expect(Object.keys(v1.paths).every((path) => path.startsWith('/api/v1/'))).toBe(true);
    expect(Object.keys(consoleDocument.paths).some((path) => /^\/api\/v[12]\//.test(path))).toBe(false);
    expect(v2.components.securitySchemes.apiKey).toEqual(
      expect.objectContaining({ in: 'header', name: 'X-API-Key' }),
    );
    type Operations = Record<
      string,
      Record<string, { deprecated?: boolean; 'x-codeSamples': { label: string; source: string }[] }>
    >;
    for (const document of [v2, v1]) {
      for (const [path, item] of Object.entries(document.paths as Operations)) {
        for (const operation of Object.values(item)) {
          const samples = operation['x-codeSamples'];
          expect(
            samples.map((sample) => sample.label),
            path,
          ).toEqual(['curl', 'Python (requests)', 'Node.js (fetch)']);
          const fixedPart = path.split('{')[0] ?? path;
          for (const sample of samples) expect(sample.source).toContain(fixedPart);
        }
      }
    }
    expect(v1.info.description).toContain('Deprecated');
    expect(
      Object.values(v1.paths as Operations).every((item) => Object.values(item).every((op) => op.deprecated)),
    ).toBe(true);
    const generate = v2.paths['/api/v2/proxies/static-ip'].post;
    expect(generate.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ in: 'header', name: 'idempotency-key' })]),
    );
    expect(generate['x-codeSamples'][0].source).toContain(
      'Idempotency-Key: $(uuidgen 2>/dev/null || cat /proc/sys/kernel/random/uuid)',
    );
    expect(v2.paths['/api/v2/proxies/download'].get.responses['200'].content['text/plain']).toBeDefined();
    // The reference shows a successful envelope's code and message, not an integer's bounds.
    const envelope = generate.responses['200'].content['application/json'].schema;
    const properties = (envelope.properties ??
      v2.components.schemas[envelope.$ref?.split('/').pop()]?.properties) as
      | Record<string, { examples?: unknown[] }>
      | undefined;
    expect(properties?.code?.examples).toEqual([0]);
    expect(properties?.msg?.examples).toEqual(['success']);
  });

  it('answers 429 (101) with Retry-After and RateLimit headers past the key’s limit, on V2 and V1 alike', async () => {
    const customer = await customerWithKey(t.app, t.database);
    const answers = [];
    for (const url of [
      '/api/v2/balance',
      '/api/v2/proxies?family=dynamic-ip',
      '/api/v2/usage',
      '/api/v2/account',
    ]) {
      answers.push(await callWithKey(t.app, customer.key, 'GET', url));
    }
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 429]);
    const refused = answers[3];
    expect(refused?.body).toMatchObject({ code: 101 });
    expect(refused?.headers['retry-after']).toMatch(/^\d+$/);
    expect(refused?.headers).toMatchObject({ 'ratelimit-limit': '3', 'ratelimit-remaining': '0' });
    const v1Key = await createV1Key(t.app, customer.token);
    const v1Answers = [];
    for (let index = 0; index < 4; index += 1)
      v1Answers.push(await callWithKey(t.app, v1Key, 'GET', '/api/v1/balance'));
    expect(v1Answers.map((answer) => answer.status)).toEqual([200, 200, 200, 429]);
    expect(v1Answers[3]?.headers).toMatchObject({ 'ratelimit-remaining': '0', deprecation: '@1767225600' });
  });

  it('renders the references at /api-v2/docs/ and /api-v1/docs/ under a policy that allows their inline script only', async () => {
    for (const path of ['/api-v2/docs', '/api-v1/docs']) {
      const redirect = await t.app.inject({ method: 'GET', url: path });
      expect(redirect.statusCode).toBe(301);
      expect(redirect.headers.location).toBe(`${path}/`);
      const page = await t.app.inject({ method: 'GET', url: `${path}/` });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain(path.includes('v2') ? '/api/v2/openapi.json' : '/api/v1/openapi.json');
      expect(String(page.headers['content-security-policy'])).toMatch(/script-src 'self' 'sha256-/);
      const script = await t.app.inject({ method: 'GET', url: `${path}/js/scalar.js` });
      expect(script.statusCode).toBe(200);
    }
  });
});
