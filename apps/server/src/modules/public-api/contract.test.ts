import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { idempotencyKeys } from '@ptc/db';
import { createExit, createProxy } from '@ptc/db/testing';
import { Validator } from '@seriousme/openapi-schema-validator';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { credit, signedInCustomer } from '../../test/factories';
import { allowNextGeneration, createStaticExits } from '../../test/proxies';
import { createTestApp, type TestApp } from '../../test/test-app';

const run = promisify(execFile);

interface Operation {
  method: string;
  path: string;
  operationId: string;
  pattern: RegExp;
  samples: { label: string; source: string }[];
}

type Document = {
  paths: Record<string, Record<string, { operationId: string; 'x-codeSamples': Operation['samples'] }>>;
};

/** The operations of a document, each with a pattern matching its concrete paths. */
const operationsOf = (document: Document): Operation[] =>
  Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      operationId: operation.operationId,
      pattern: new RegExp(`^${path.replace(/\{[^}]+\}/g, '[^/]+')}$`),
      samples: operation['x-codeSamples'],
    })),
  );

/**
 * A client of the running server that records which documented operation every call exercised,
 * and fails a call that matches none or does not succeed.
 */
const recordingClient = (base: string, key: string, operations: Operation[]) => {
  const exercised = new Set<string>();
  const call = async (
    method: string,
    url: string,
    options: { body?: unknown; headers?: Record<string, string> } = {},
  ) => {
    const path = new URL(url, base).pathname;
    const operation = operations.find(
      (candidate) => candidate.method === method && candidate.pattern.test(path),
    );
    if (!operation) throw new Error(`${method} ${path} is not a documented operation`);
    const response = await fetch(`${base}${url}`, {
      method,
      headers: {
        'x-api-key': key,
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...options.headers,
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    const isJson = (response.headers.get('content-type') ?? '').startsWith('application/json');
    // biome-ignore lint/suspicious/noExplicitAny: the test reads the answers it asserts on.
    const body: any = isJson ? await response.json() : await response.text();
    if (response.status !== 200 || (isJson && body.code !== 0)) {
      throw new Error(`${operation.operationId}: HTTP ${response.status} ${JSON.stringify(body)}`);
    }
    exercised.add(operation.operationId);
    return { body, headers: response.headers };
  };
  const unexercised = () =>
    operations.map((operation) => operation.operationId).filter((id) => !exercised.has(id));
  return { call, unexercised };
};

describe('public API contract: the documents are valid OpenAPI and every documented operation works with a real key', () => {
  let t: TestApp;
  let base: string;

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    await createExit(db, { country: 'US', state: 'NY', city: 'newyork', line: 1, ip: '198.51.100.1' });
    await createStaticExits(db, 2, { prefix: '203.0.113' });
    await createStaticExits(db, 2, { prefix: '192.0.2', type: 'datacenter' });
    base = await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A customer whose key is made through the console call on the running server. */
  const customerWithRealKey = async (path: '/api/api/key' | '/api/api/key/v1') => {
    const customer = await signedInCustomer(t.database);
    await credit(t.database.db, customer.user.id, 100_000_000n);
    const response = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { authorization: customer.token, 'content-type': 'application/json' },
      body: path === '/api/api/key' ? JSON.stringify({ name: 'contract test' }) : '{}',
    });
    const answer = (await response.json()) as { code: number; data: { password?: string; id?: string } };
    if (answer.code !== 0) throw new Error(`no key: ${JSON.stringify(answer)}`);
    return { ...customer, key: (answer.data.password ?? answer.data.id) as string };
  };

  /** Loads a document from the running server and validates it as OpenAPI 3.1. */
  const loadDocument = async (url: string) => {
    const document = (await (await fetch(`${base}${url}`)).json()) as Document;
    const validator = new Validator();
    const result = await validator.validate(document as unknown as Record<string, unknown>);
    expect(result.errors ?? [], JSON.stringify(result.errors)).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
    return document;
  };

  it('V2: exercises every operation of /api/v2/openapi.json', async () => {
    const document = await loadDocument('/api/v2/openapi.json');
    const operations = operationsOf(document);
    expect(operations.length).toBeGreaterThanOrEqual(30);
    const customer = await customerWithRealKey('/api/api/key');
    const { call, unexercised } = recordingClient(base, customer.key, operations);
    const nextGeneration = () => allowNextGeneration(t.database.db, customer.user.id);
    const spend = (n: number) => ({ 'idempotency-key': `contract-${n}` });

    await call('GET', '/api/v2/account');
    await call('GET', '/api/v2/balance');
    await call('GET', '/api/v2/areas/countries?use_in=dynamic_traffic');
    await call('GET', '/api/v2/areas/states?country=US');
    await call('GET', '/api/v2/areas/cities?country=US&state=NY');
    await call('GET', '/api/v2/areas/ip-prefixes?country=US');
    const quote = await call('GET', '/api/v2/price?family=static-ip&type=residential&days=30&count=2');
    expect(quote.body.data).toMatchObject({ unit: '30days' });
    const store = await call('GET', '/api/v2/store/static?type=residential&country=US');
    expect(store.body.data.records.length).toBeGreaterThan(0);

    const universal = await call('POST', '/api/v2/proxies/dynamic-traffic/universal', {
      body: { country: 'US' },
      headers: spend(1),
    });
    await nextGeneration();
    const regional = await call('POST', '/api/v2/proxies/dynamic-traffic', {
      body: { country: 'US', state: 'NY', route: 'premier', line: 1, count: 2 },
      headers: spend(2),
    });
    await nextGeneration();
    await call('POST', '/api/v2/proxies/dynamic-ip/by-ip', {
      body: { ip: '198.51.100.*' },
      headers: spend(3),
    });
    await nextGeneration();
    await call('POST', '/api/v2/proxies/dynamic-ip/by-area', { body: { country: 'US' }, headers: spend(4) });
    await nextGeneration();
    await call('POST', '/api/v2/proxies/static-traffic', {
      body: { type: 'datacenter', country: 'US' },
      headers: spend(5),
    });
    await nextGeneration();
    const staticIp = await call('POST', '/api/v2/proxies/static-ip', {
      body: { type: 'residential', exit_ids: [store.body.data.records[0].id], days: 1 },
      headers: spend(6),
    });

    const rotating = regional.body.data.data[0];
    const leased = staticIp.body.data.data[0];
    const list = await call(
      'GET',
      '/api/v2/proxies?family=dynamic-traffic&status=all&sort=create_time&order=desc&page_size=50',
    );
    expect(list.body.data.total).toBe(3);
    const text = await call(
      'GET',
      '/api/v2/proxies/download?family=dynamic-traffic&format=host:port:user:pass',
    );
    expect(text.body.trim().split('\n')).toHaveLength(3);
    await call('GET', `/api/v2/proxies/${rotating.id}`);
    await call('GET', `/api/v2/proxies/${rotating.id}/usage?days=7`);
    await call('GET', '/api/v2/usage');
    // Per-domain usage (issue #21): nothing carried yet, so no domains.
    const domains = await call('GET', '/api/v2/domain-usage?range=30d&sort=requests&limit=5');
    expect(domains.body.data).toMatchObject({ enabled: true, domain_count: 0, domains: [] });
    await call('GET', `/api/v2/proxies/${rotating.id}/domain-usage?range=24h`);
    await call('PUT', `/api/v2/proxies/${rotating.id}/switch`, { body: { switch: 'off' } });
    await call('POST', '/api/v2/proxies/switch', { body: { ids: [rotating.id], switch: 'on' } });
    const rotation = await call('PUT', `/api/v2/proxies/${rotating.id}/rotation`, {
      body: { rotation: true },
    });
    expect(rotation.body.data.rotation).toBe(true);
    const renewed = await call('POST', `/api/v2/proxies/${leased.id}/renew`, { headers: spend(7) });
    expect(renewed.body.data.data[0].id).toBe(leased.id);
    await call('PUT', `/api/v2/proxies/${leased.id}/auto-renew`, { body: { auto_renew: true } });
    // The leased address is replaced by another free one of its area (issue #21).
    await call('GET', `/api/v2/proxies/${leased.id}/replacements`);
    const replaced = await call('POST', `/api/v2/proxies/${leased.id}/replace`, {
      body: { reason: 'slow', request_id: 'contract-replace-1' },
    });
    expect(replaced.body.data).toMatchObject({ old_ip: leased.ip, proxy: { id: leased.id } });
    expect(replaced.body.data.new_ip).not.toBe(leased.ip);
    await call('PUT', `/api/v2/proxies/${leased.id}/remark`, { body: { remark: 'contract' } });
    // The IP allow-list (issue #21): a range for a proxy, listed, then removed.
    const listed = await call('POST', '/api/v2/allowlist', {
      body: { network: '198.51.100.9/24', token_id: rotating.id, note: 'contract' },
    });
    expect(listed.body.data).toMatchObject({ network: '198.51.100.0/24', proxy: { id: rotating.id } });
    const allowList = await call('GET', '/api/v2/allowlist');
    expect(allowList.body.data.items).toHaveLength(1);
    // No GATEWAY_TARGET_PORTS here: an empty set of port rules is all an entry can take.
    const ports = await call('PUT', `/api/v2/allowlist/${listed.body.data.id}/ports`, {
      body: { rules: [] },
    });
    expect(ports.body.data.port_rules).toEqual([]);
    await call('DELETE', `/api/v2/allowlist/${listed.body.data.id}`);
    await call('DELETE', `/api/v2/proxies/${universal.body.data.data[0].id}`);
    const expired = await createProxy(t.database.db, customer.user.id, {
      family: 'static-ip',
      expiresAt: new Date(Date.now() - 86_400_000),
    });
    const deleted = await call('POST', '/api/v2/proxies/delete-expired', {
      body: { ids: [expired.publicId] },
    });
    expect(deleted.body.data).toEqual({ deleted: 1 });
    // No gateway listens in this test: both answer, in their envelope, that the request failed.
    const speed = await call('POST', `/api/v2/proxies/${rotating.id}/speed-test`);
    expect(speed.body.data.state).toBe('error');
    const check = await call('POST', `/api/v2/proxies/${rotating.id}/check`);
    expect(check.body.data.state).toBe('error');

    // Sub-users (issue #21): made, listed, paused, a new password, usage, deleted.
    const subUser = await call('POST', '/api/v2/sub-users', {
      body: { name: 'contract', traffic_limit_bytes: 1_048_576, period: 'week' },
    });
    expect(subUser.body.data).toMatchObject({ name: 'contract', status: 'active', used_bytes: 0 });
    const subUsers = await call('GET', '/api/v2/sub-users');
    expect(subUsers.body.data.list).toHaveLength(1);
    const paused = await call('PUT', `/api/v2/sub-users/${subUser.body.data.id}`, {
      body: { status: 'paused' },
    });
    expect(paused.body.data.status).toBe('paused');
    const newPassword = await call('POST', `/api/v2/sub-users/${subUser.body.data.id}/password`);
    expect(newPassword.body.data.password).not.toBe(subUser.body.data.password);
    const subUserUsage = await call('GET', `/api/v2/sub-users/${subUser.body.data.id}/usage?days=7`);
    expect(subUserUsage.body.data).toEqual({ days: [] });
    await call('DELETE', `/api/v2/sub-users/${subUser.body.data.id}`);

    const packages = await call('GET', '/api/v2/traffic/packages');
    await call('POST', '/api/v2/traffic/purchases', {
      body: { package_id: packages.body.data[0].id },
      headers: spend(8),
    });
    await call('GET', '/api/v2/traffic/purchases?state=usable');
    const remaining = await call('GET', '/api/v2/traffic/remaining');
    expect(BigInt(remaining.body.data.bytes)).toBeGreaterThan(0n);
    const ledger = await call('GET', '/api/v2/ledger?kind=purchase,renewal');
    expect(ledger.body.data.total).toBeGreaterThan(0);
    // The money trail says which key spent: "via API key <name>".
    expect(
      new Set(ledger.body.data.data.map((entry: { api_key_name: string | null }) => entry.api_key_name)),
    ).toEqual(new Set(['contract test']));

    expect(unexercised()).toEqual([]);
  }, 90_000); // Spawns processes and makes dozens of calls: generous for a loaded machine.

  it('V1: exercises every operation of /api/v1/openapi.json with the V1 key', async () => {
    const document = await loadDocument('/api/v1/openapi.json');
    const operations = operationsOf(document);
    const customer = await customerWithRealKey('/api/api/key/v1');
    const { call, unexercised } = recordingClient(base, customer.key, operations);
    const balance = await call('GET', '/api/v1/balance');
    expect(balance.headers.get('deprecation')).toMatch(/^@\d+$/);
    await call('GET', '/api/v1/proxies?family=static-ip');
    await call('GET', '/api/v1/proxies/download?family=static-ip&format=url');
    expect(unexercised()).toEqual([]);
  }, 90_000); // Spawns processes and makes dozens of calls: generous for a loaded machine.

  it('the generated curl, Python and Node samples run as written: a read, a generation with its Idempotency-Key, the text download', async () => {
    const document = await loadDocument('/api/v2/openapi.json');
    const customer = await customerWithRealKey('/api/api/key');
    const operations = operationsOf(document);
    const env = { ...process.env, PTC_API_KEY: customer.key };
    const pointed = (source: string) => source.replaceAll('https://console.example.test', base);
    const runSample = async (sample: { label: string; source: string }) => {
      const source = pointed(sample.source);
      const { stdout } =
        sample.label === 'curl'
          ? await run('sh', ['-c', source], { env })
          : sample.label.startsWith('Python')
            ? await run('python3', ['-c', source], { env })
            : await run(process.execPath, ['--input-type=module', '-e', source], { env });
      return stdout;
    };
    const samplesOf = (operationId: string) => {
      const operation = operations.find((candidate) => candidate.operationId === operationId);
      if (!operation) throw new Error(`${operationId} is not documented`);
      expect(operation.samples.map((sample) => sample.label)).toEqual([
        'curl',
        'Python (requests)',
        'Node.js (fetch)',
      ]);
      return operation.samples;
    };

    for (const sample of samplesOf('getAccount')) {
      expect(await runSample(sample), sample.label).toContain(customer.user.uid);
    }
    // Each language generates ten proxies once (a fresh Idempotency-Key per run).
    for (const sample of samplesOf('generateDynamicTraffic')) {
      await allowNextGeneration(t.database.db, customer.user.id);
      expect(await runSample(sample), sample.label).toMatch(/['"]?code['"]?: ?0,/);
    }
    // Each sample sent an Idempotency-Key of its own (an empty header would claim none).
    const claimed = await t.database.db
      .select({ key: idempotencyKeys.key })
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.userId, customer.user.id));
    expect(claimed).toHaveLength(3);
    for (const { key } of claimed) expect(key).toMatch(/^[0-9a-f-]{36}$/i);
    const list = await fetch(`${base}/api/v2/proxies?family=dynamic-traffic&page_size=1`, {
      headers: { 'x-api-key': customer.key },
    });
    expect(((await list.json()) as { data: { total: number } }).data.total).toBe(30);
    for (const sample of samplesOf('downloadProxies')) {
      const lines = (await runSample(sample)).trim().split('\n');
      // 30 proxies, 10 lines each with a session of its own, in host:port:user:pass.
      expect(lines, sample.label).toHaveLength(300);
      expect(lines[0], sample.label).toMatch(/^[^:]+:\d+:[a-z0-9]+-country-us-session-[a-z0-9]{12}:[^:]+$/);
    }
  }, 90_000); // Spawns processes and makes dozens of calls: generous for a loaded machine.
});
