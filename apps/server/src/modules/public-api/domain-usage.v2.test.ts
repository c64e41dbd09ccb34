import { domainUsageHourly } from '@ptc/db';
import { createProxy } from '@ptc/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { callWithKey, customerWithKey } from './public-api.test-helpers';

const HOUR_MS = 3_600_000;

describe('public API V2: per-domain usage (issue #21), the console figures with any key', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A customer with a read-only key and two proxies, with domain hours written as the usage flush does. */
  const customerWithDomains = async () => {
    const db = t.database.db;
    const customer = await customerWithKey(t.app, t.database, { scope: 'read' });
    const first = await createProxy(db, customer.user.id, { family: 'dynamic-traffic' });
    const second = await createProxy(db, customer.user.id, { family: 'dynamic-traffic' });
    const hour = new Date(Math.floor(Date.now() / HOUR_MS) * HOUR_MS);
    const longAgo = new Date(hour.getTime() - 3 * 24 * HOUR_MS);
    const row = (proxyId: bigint, at: Date, domain: string, bytes: bigint, requests: bigint) => ({
      proxyId,
      userId: customer.user.id,
      hour: at,
      domain,
      bytes,
      requests,
    });
    await db
      .insert(domainUsageHourly)
      .values([
        row(first.id, hour, 'big.example', 5_000n, 1n),
        row(first.id, hour, 'chatty.example', 100n, 40n),
        row(second.id, hour, 'big.example', 1_000n, 2n),
        row(second.id, longAgo, 'old.example', 9_000n, 3n),
      ]);
    return { ...customer, first, second };
  };

  it('GET /domain-usage: every proxy, sorted by bytes or requests, limited, by range or from/to', async () => {
    const { key, token } = await customerWithDomains();
    const byBytes = await callWithKey(t.app, key, 'GET', '/api/v2/domain-usage?range=24h');
    expect(byBytes.status).toBe(200);
    expect(byBytes.body.data).toMatchObject({
      sort: 'bytes',
      enabled: true,
      total_bytes: 6_100,
      total_requests: 43,
      domain_count: 2,
      domains: [
        { domain: 'big.example', bytes: 6_000, requests: 3 },
        { domain: 'chatty.example', bytes: 100, requests: 40 },
      ],
    });
    // The same answer as the console's call.
    const console = await t.app.inject({
      method: 'GET',
      url: '/api/proxy/domain_usage?range=24h',
      headers: { authorization: token },
    });
    expect(console.json().data.domains).toEqual(byBytes.body.data.domains);

    const byRequests = await callWithKey(
      t.app,
      key,
      'GET',
      '/api/v2/domain-usage?range=7d&sort=requests&limit=1',
    );
    expect(byRequests.body.data.domains).toEqual([{ domain: 'chatty.example', bytes: 100, requests: 40 }]);
    expect(byRequests.body.data.domain_count).toBe(3);

    const from = new Date(Date.now() - 4 * 24 * HOUR_MS).toISOString();
    const to = new Date(Date.now() - 2 * 24 * HOUR_MS).toISOString();
    const window = await callWithKey(
      t.app,
      key,
      'GET',
      `/api/v2/domain-usage?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`,
    );
    expect(window.body.data).toMatchObject({
      from,
      to,
      total_bytes: 9_000,
      domains: [{ domain: 'old.example', bytes: 9_000, requests: 3 }],
    });
  });

  it("GET /proxies/{id}/domain-usage: one proxy's domains; another customer's proxy is 4005", async () => {
    const { key, first, second } = await customerWithDomains();
    const one = await callWithKey(
      t.app,
      key,
      'GET',
      `/api/v2/proxies/${second.publicId}/domain-usage?range=30d`,
    );
    expect(one.status).toBe(200);
    expect(one.body.data).toMatchObject({
      total_bytes: 10_000,
      domains: [
        { domain: 'old.example', bytes: 9_000, requests: 3 },
        { domain: 'big.example', bytes: 1_000, requests: 2 },
      ],
    });
    const other = await customerWithKey(t.app, t.database, { scope: 'read' });
    const foreign = await callWithKey(
      t.app,
      other.key,
      'GET',
      `/api/v2/proxies/${first.publicId}/domain-usage`,
    );
    expect(foreign.status).toBe(404);
    expect(foreign.body.code).toBe(4005);
    const missing = await callWithKey(t.app, key, 'GET', '/api/v2/proxies/nosuchproxy/domain-usage');
    expect(missing.body.code).toBe(4005);
  });

  it('refuses a bad query with 1002 and a call without a key with the API key codes', async () => {
    const { key } = await customerWithDomains();
    for (const query of [
      'range=1y',
      'sort=size',
      'limit=0',
      'limit=100000',
      `from=${encodeURIComponent(new Date().toISOString())}`,
      'from=2026-01-02T00:00:00Z&to=2026-01-01T00:00:00Z',
      'from=nonsense&to=nonsense',
    ]) {
      const answer = await callWithKey(t.app, key, 'GET', `/api/v2/domain-usage?${query}`);
      expect(answer.status, query).toBe(400);
      expect(answer.body.code, query).toBe(1002);
    }
    const noKey = await t.app.inject({ method: 'GET', url: '/api/v2/domain-usage' });
    expect(noKey.statusCode).toBe(401);
    expect(noKey.json()).toMatchObject({ code: 5001 });
  });

  it('documents both operations in /api/v2/openapi.json with their query', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/v2/openapi.json' })).json();
    const customer = document.paths['/api/v2/domain-usage'].get;
    const proxy = document.paths['/api/v2/proxies/{id}/domain-usage'].get;
    expect(customer.operationId).toBe('getDomainUsage');
    expect(proxy.operationId).toBe('getProxyDomainUsage');
    const names = (operation: { parameters: { name: string }[] }) =>
      operation.parameters.map((parameter) => parameter.name).sort();
    expect(names(customer)).toEqual(['from', 'limit', 'range', 'sort', 'to']);
    expect(names(proxy)).toEqual(['from', 'id', 'limit', 'range', 'sort', 'to']);
  });
});
