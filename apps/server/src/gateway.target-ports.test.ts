import { eq, ipAllowlistEntries } from '@ptc/db';
import { createExit } from '@ptc/db/testing';
import { notifyAllowListChanged } from '@ptc/gateway/store';
import { curl } from '@ptc/gateway/testing/curl';
import { startHttpTarget, type TestTarget } from '@ptc/gateway/testing/targets';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';
import { type RunningGateway, startGateway } from './gateway';
import { createKey } from './modules/public-api/public-api.test-helpers';
import { call } from './test/accounts';
import { customerWithBalance } from './test/factories';
import { freePort, gatewayTestEnv, generateOk } from './test/proxies';
import { createTestApp, type TestApp } from './test/test-app';

const PTC = 1_000_000n;

/** The problem `loadConfig` reports for an environment (empty when it loads). */
const problemOf = (env: Record<string, string>) => {
  try {
    loadConfig(env);
    return '';
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
};

describe('GATEWAY_TARGET_PORTS: the targeting ports of the IP allow-list (issue #21)', () => {
  it('reads ports and ranges, none by default, and refuses wrong, repeated, clashing or too many ports', () => {
    expect(loadConfig({}).gateway.targetPorts).toEqual([]);
    expect(loadConfig({ GATEWAY_TARGET_PORTS: '10000-10003, 10010' }).gateway.targetPorts).toEqual([
      10000, 10001, 10002, 10003, 10010,
    ]);
    expect(loadConfig({ GATEWAY_TARGET_PORTS: '10000-10999' }).gateway.targetPorts).toHaveLength(1_000);
    for (const [value, problem] of [
      ['10000-', 'must be ports or ranges'],
      ['http:10000', 'must be ports or ranges'],
      ['0', 'ports go from 1 to 65535'],
      ['65536', 'ports go from 1 to 65535'],
      ['10010-10000', 'low to high'],
      ['10000-11000', 'at most 1000 ports'],
      ['10000-10005,10005', 'must not repeat a port'],
      ['8000', 'port 8000 is already'],
      ['8080', 'port 8080 is already'],
    ] as const) {
      expect(problemOf({ GATEWAY_TARGET_PORTS: value }), value).toContain(problem);
      expect(problemOf({ GATEWAY_TARGET_PORTS: value }), value).toContain('GATEWAY_TARGET_PORTS');
    }
    expect(problemOf({ GATEWAY_TARGET_PORTS: '1080', GATEWAY_LISTENERS: 'socks5:1080' })).toContain(
      'port 1080 is already',
    );
  });
});

describe('the gateway listens on GATEWAY_TARGET_PORTS as on its main port (issue #21)', () => {
  let t: TestApp;
  let gateway: RunningGateway;
  let target: TestTarget;
  let targetPorts: number[];

  beforeAll(async () => {
    const main = await freePort();
    targetPorts = [await freePort(), await freePort()];
    [t, target] = await Promise.all([
      createTestApp({
        ...gatewayTestEnv(main),
        GATEWAY_TARGET_PORTS: targetPorts.join(','),
        IP_ALLOWLIST_ALLOW_PRIVATE: 'true',
      }),
      startHttpTarget(),
    ]);
    await createExit(t.database.db, { country: 'US', line: 1 });
    gateway = await startGateway(t.app.config, t.database, t.app.log);
  });
  afterAll(async () => {
    await gateway?.close();
    await target?.close();
    await t?.close();
  });

  it('binds every targeting port with protocol auto-detection', () => {
    for (const port of targetPorts) {
      expect(gateway.addresses).toContainEqual({ host: '127.0.0.1', port, protocol: 'auto' });
    }
  });

  it('carries password clients over HTTP and SOCKS5, and allow-listed sources without credentials, on each port', async () => {
    const customer = await customerWithBalance(t.database, 5n * PTC);
    const http = (await generateOk(t.app, t.database.db, customer, 'dynamic/traffic', { country: 'US' }))
      .data[0];
    const socks = (
      await generateOk(t.app, t.database.db, customer, 'dynamic/traffic', {
        country: 'US',
        protocol: 'socks5',
      })
    ).data[0];
    const added = await call(t.app, 'POST', '/proxy/allowlist', {
      token: customer.token,
      body: { network: '127.0.0.71', token_id: http.id },
    });
    expect(added.code).toBe(0);
    const url = `http://127.0.0.1:${target.port}/hello`;
    for (const port of targetPorts) {
      expect(
        await curl(['-x', `http://${http.username}:${http.password}@127.0.0.1:${port}`, url]),
      ).toMatchObject({ status: 200, body: 'hello' });
      expect(
        await curl([
          '--socks5-hostname',
          `127.0.0.1:${port}`,
          '-U',
          `${socks.username}:${socks.password}`,
          url,
        ]),
      ).toMatchObject({ status: 200, body: 'hello' });
      expect((await curl(['-x', `http://${http.username}:wrong@127.0.0.1:${port}`, url])).status).toBe(407);
      await expect
        .poll(
          async () =>
            (await curl(['--interface', '127.0.0.71', '-x', `http://127.0.0.1:${port}`, url])).status,
          {
            timeout: 3_000,
          },
        )
        .toBe(200);
      // An address not listed presents no credentials: 407, as on the main port.
      expect((await curl(['--interface', '127.0.0.72', '-x', `http://127.0.0.1:${port}`, url])).status).toBe(
        407,
      );
    }
  });

  it("takes an entry's port rules from the database (column port_rules) as the gateway's targeting on that port", async () => {
    const customer = await customerWithBalance(t.database, 5n * PTC);
    const http = (await generateOk(t.app, t.database.db, customer, 'dynamic/traffic', { country: 'US' }))
      .data[0];
    const added = await call(t.app, 'POST', '/proxy/allowlist', {
      token: customer.token,
      body: { network: '127.0.0.73', token_id: http.id },
    });
    expect(added.code).toBe(0);
    const [outside, nowhere] = targetPorts as [number, number];
    await t.database.db
      .update(ipAllowlistEntries)
      .set({ portRules: { [outside]: 'country-de', [nowhere]: 'state-tx' } })
      .where(eq(ipAllowlistEntries.id, BigInt(added.data.id)));
    await notifyAllowListChanged(t.database);
    const url = `http://127.0.0.1:${target.port}/hello`;
    const listed = (port: number) =>
      curl(['--interface', '127.0.0.73', '-x', `http://127.0.0.1:${port}`, url]);
    // A rule outside the proxy's area (US) is refused with the problem; a state without exits is 4004.
    await expect.poll(async () => (await listed(outside)).status, { timeout: 3_000 }).toBe(407);
    expect((await listed(outside)).body).toContain('outside');
    const noExit = await curl(['-i', '--interface', '127.0.0.73', '-x', `http://127.0.0.1:${nowhere}`, url]);
    expect(noExit.body).toMatch(/X-PTC-Error: 4004/i);
    // The main port keeps the proxy's own targeting.
    expect(await listed(t.app.config.gateway.port)).toMatchObject({ status: 200, body: 'hello' });
  });

  it('sets port rules through the console and the public API: validated (4026, 4023, 1002), shown with host:port, taken by the gateway', async () => {
    const customer = await customerWithBalance(t.database, 5n * PTC);
    const http = (await generateOk(t.app, t.database.db, customer, 'dynamic/traffic', { country: 'US' }))
      .data[0];
    const added = await call(t.app, 'POST', '/proxy/allowlist', {
      token: customer.token,
      body: { network: '127.0.0.74', token_id: http.id },
    });
    const [first, second] = targetPorts as [number, number];
    const put = (rules: unknown, id = added.data.id) =>
      call(t.app, 'PUT', `/proxy/allowlist/${id}/ports`, { token: customer.token, body: { rules } });
    for (const [rules, code] of [
      [[{ port: t.app.config.gateway.port, params: 'country-us' }], 4026],
      [[{ port: first, params: 'country-de' }], 4026],
      [[{ port: first, params: 'colour-red' }], 4026],
      [[{ port: first, params: 'session' }], 4026],
      [
        [
          { port: first, params: 'country-us' },
          { port: first, params: 'country-us' },
        ],
        1002,
      ],
      [[{ port: first, params: 'country-us\u0000' }], 1002],
      [[{ port: first, params: 'x'.repeat(201) }], 1002],
      [[{ port: 0, params: 'country-us' }], 1002],
    ] as const) {
      expect((await put(rules)).code, JSON.stringify(rules)).toBe(code);
    }
    expect((await put([], '999999999')).code).toBe(4023);
    const list = await call(t.app, 'GET', '/proxy/allowlist', { token: customer.token });
    expect(list.data.target_ports).toEqual(targetPorts);
    expect(list.data.items[0].port_rules).toEqual([]);

    const set = await put([
      { port: second, params: 'state-tx' },
      { port: first, params: 'country-US-session-a1' },
    ]);
    expect(set.code).toBe(0);
    // Sorted by port.
    expect(set.data.port_rules).toEqual(
      [
        { port: first, params: 'country-US-session-a1', host_port: `127.0.0.1:${first}` },
        { port: second, params: 'state-tx', host_port: `127.0.0.1:${second}` },
      ].sort((a, b) => a.port - b.port),
    );
    const url = `http://127.0.0.1:${target.port}/hello`;
    const listed = (port: number) =>
      curl(['-i', '--interface', '127.0.0.74', '-x', `http://127.0.0.1:${port}`, url]);
    // No exit in Texas: the rule reached the gateway. The other rule and the main port carry.
    await expect
      .poll(async () => (await listed(second)).body, { timeout: 3_000 })
      .toMatch(/X-PTC-Error: 4004/i);
    expect((await listed(first)).status).toBe(200);
    expect((await listed(t.app.config.gateway.port)).status).toBe(200);

    // The public API takes the same rules with a full key.
    const key = await createKey(t.app, customer.token);
    const viaApi = await t.app.inject({
      method: 'PUT',
      url: `/api/v2/allowlist/${added.data.id}/ports`,
      headers: { 'x-api-key': key },
      payload: { rules: [{ port: second, params: 'country-de' }] },
    });
    expect(viaApi.json()).toMatchObject({ code: 4026 });
    const cleared = await t.app.inject({
      method: 'PUT',
      url: `/api/v2/allowlist/${added.data.id}/ports`,
      headers: { 'x-api-key': key },
      payload: { rules: [] },
    });
    expect(cleared.json()).toMatchObject({ code: 0, data: { port_rules: [] } });
    await expect.poll(async () => (await listed(second)).status, { timeout: 3_000 }).toBe(200);
  });
});
