import { eq, exits } from '@ptc/db';
import { createExit } from '@ptc/db/testing';
import { SOCKS_REPLY } from '@ptc/gateway';
import { curl } from '@ptc/gateway/testing/curl';
import { socksExchange } from '@ptc/gateway/testing/socks-client';
import { startHttpTarget, type TestTarget } from '@ptc/gateway/testing/targets';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { type RunningGateway, startGateway } from '../../gateway';
import { call } from '../../test/accounts';
import { customerWithBalance } from '../../test/factories';
import { createStaticExits, freePort, gatewayTestEnv, generateOk, proxyByPublicId } from '../../test/proxies';
import { createTestApp, type TestApp } from '../../test/test-app';

describe('generated proxies carry traffic through a real gateway', () => {
  let t: TestApp;
  let gateway: RunningGateway;
  let target: TestTarget;
  let port: number;

  beforeAll(async () => {
    port = await freePort();
    [t, target] = await Promise.all([createTestApp(gatewayTestEnv(port)), startHttpTarget()]);
    await createExit(t.database.db, { country: 'US', state: 'NY', city: 'newyork', line: 1 });
    await createStaticExits(t.database.db, 1, { prefix: '203.0.113' });
    gateway = await startGateway(t.app.config, t.database, t.app.log);
    setSpeedTestUrl(`http://127.0.0.1:${target.port}/bytes/262144`);
  });
  afterAll(async () => {
    await gateway?.close();
    await target?.close();
    await t?.close();
  });

  /** Points the speed test somewhere else (it reads the configuration on every call). */
  const setSpeedTestUrl = (url: string) => {
    t.app.config.speedTestUrl = url;
  };
  const hello = () => `http://127.0.0.1:${target.port}/hello`;
  const viaHttp = (row: { username: string; password: string; address: string; port: number }) => [
    '-x',
    `http://${row.username}:${row.password}@${row.address}:${row.port}`,
  ];
  const viaSocks = (row: { username: string; password: string; address: string; port: number }) => [
    '--socks5-hostname',
    `${row.address}:${row.port}`,
    '--proxy-user',
    `${row.username}:${row.password}`,
  ];
  /** The gateway's answer to an HTTP request through a proxy: status and `X-PTC-Error` code (null when none). */
  const httpAnswer = async (row: { username: string; password: string; address: string; port: number }) => {
    const result = await curl(['-i', ...viaHttp(row), hello()]);
    const code = /^X-PTC-Error:[ \t]*(-?\d+)\r?$/im.exec(result.body)?.[1];
    return { status: result.status, code: code === undefined ? null : Number(code) };
  };
  /** The gateway's answer to a SOCKS5 CONNECT through a proxy: the RFC 1929 status, then the RFC 1928 reply. */
  const socksAnswer = async (row: { username: string; password: string; port: number }) => {
    const exchange = await socksExchange(row.port, {
      username: row.username,
      password: row.password,
      host: '127.0.0.1',
      port: target.port,
    });
    exchange.socket.destroy();
    return { authStatus: exchange.authStatus, reply: exchange.reply };
  };

  it('a dynamic proxy generated through the API answers 200 through the gateway, and stops when switched off', async () => {
    const buyer = await customerWithBalance(t.database, 5_000_000n);
    const { data } = await generateOk(t.app, t.database.db, buyer, 'dynamic/traffic', {
      country: 'US',
      line: 1,
    });
    const row = data[0];
    expect(row).toMatchObject({ address: '127.0.0.1', port });
    expect(await curl([...viaHttp(row), hello()])).toMatchObject({ exitCode: 0, status: 200, body: 'hello' });
    const session = { ...row, username: `${row.username}-session-${row.session}` };
    expect(await curl([...viaHttp(session), hello()])).toMatchObject({ status: 200, body: 'hello' });

    const test = await call(t.app, 'POST', '/proxy/test', { token: buyer.token, form: { token_id: row.id } });
    expect(test.data).toMatchObject({ state: 'completed', error: null });
    expect(test.data.latency_ms).toBeGreaterThanOrEqual(0);
    expect(test.data.total_ms).toBeGreaterThanOrEqual(test.data.latency_ms);
    expect(test.data.speed_kbps).toBeGreaterThan(0);

    // An https target is reached through CONNECT: the tunnel opens (the gateway meters the TLS
    // hello it carries) and TLS then meets a plain HTTP server.
    const tunnelled = (await generateOk(t.app, t.database.db, buyer, 'dynamic/traffic', { country: 'US' }))
      .data[0];
    setSpeedTestUrl(`https://127.0.0.1:${target.port}/hello`);
    const tls = await call(t.app, 'POST', '/proxy/test', {
      token: buyer.token,
      form: { token_id: tunnelled.id },
    });
    setSpeedTestUrl(`http://127.0.0.1:${target.port}/bytes/262144`);
    expect(tls.data).toMatchObject({ state: 'error', error: 'the TLS handshake with the target failed' });
    await expect
      .poll(async () => (await proxyByPublicId(t.database.db, tunnelled.id)).bytesUp, { timeout: 8_000 })
      .toBeGreaterThan(0n);

    await call(t.app, 'PUT', `/proxy/token/status/${row.id}?switch=6`, { token: buyer.token });
    // Switched off: refused as not admitted, with the reason's code (4013: temporarily disabled).
    await expect.poll(() => httpAnswer(row), { timeout: 5_000 }).toEqual({ status: 403, code: 4013 });
    for (const url of [`http://127.0.0.1:${target.port}/hello`, `https://127.0.0.1:${target.port}/hello`]) {
      setSpeedTestUrl(url);
      const failed = await call(t.app, 'POST', '/proxy/test', {
        token: buyer.token,
        form: { token_id: row.id },
      });
      expect(failed.data, url).toEqual({
        state: 'error',
        latency_ms: null,
        total_ms: null,
        speed_kbps: null,
        error: 'the proxy answered HTTP 403',
        failure: 'proxy',
      });
    }
  });

  it('a dynamic IP exits through the address it was given, and only through it', async () => {
    const db = t.database.db;
    await createExit(db, { country: 'US', state: 'CA', city: 'losangeles', line: 1, ip: '198.51.110.1' });
    const given = await createExit(db, {
      country: 'US',
      state: 'CA',
      city: 'losangeles',
      line: 1,
      ip: '198.51.110.2',
    });
    const buyer = await customerWithBalance(t.database, 5_000_000n);
    const byIp = (await generateOk(t.app, db, buyer, 'dynamic/ip/by_ip', { ip: '198.51.110.2' })).data[0];
    expect(byIp).toMatchObject({ ip: '198.51.110.2', area: { country: 'US', city: 'losangeles' } });
    const rotating = (
      await generateOk(t.app, db, buyer, 'dynamic/traffic', {
        country: 'US',
        state: 'CA',
        city: 'losangeles',
      })
    ).data[0];
    expect(await curl([...viaHttp(byIp), hello()])).toMatchObject({ status: 200, body: 'hello' });

    // Its address goes down: the proxy has no other (4004), the area's rotating proxy goes on.
    await db.update(exits).set({ isHealthy: false }).where(eq(exits.id, given.id));
    await expect.poll(() => httpAnswer(byIp), { timeout: 8_000 }).toEqual({ status: 502, code: 4004 });
    expect(await curl([...viaHttp(rotating), hello()])).toMatchObject({ status: 200, body: 'hello' });
    await db.update(exits).set({ isHealthy: true }).where(eq(exits.id, given.id));
  });

  it("succeeds with the default target (the gateway's own) and tells a target refused by policy from a proxy refused", async () => {
    const buyer = await customerWithBalance(t.database, 5_000_000n);
    const [httpRow] = (await generateOk(t.app, t.database.db, buyer, 'dynamic/traffic', { country: 'US' }))
      .data;
    const [socksRow] = (
      await generateOk(t.app, t.database.db, buyer, 'dynamic/traffic', { country: 'US', protocol: 'socks5' })
    ).data;
    const closed = await startHttpTarget();
    const closedPort = closed.port;
    await closed.close();
    const speedTest = async (row: { id: string }) =>
      (await call(t.app, 'POST', '/proxy/test', { token: buyer.token, form: { token_id: row.id } })).data;
    setSpeedTestUrl(loadConfig({}).speedTestUrl);
    for (const row of [httpRow, socksRow]) {
      const result = await speedTest(row);
      expect(result, row.id).toMatchObject({ state: 'completed', error: null });
      expect(result.speed_kbps).toBeGreaterThan(0);
    }
    // A private target is refused by the gateway's SSRF guard (4009): the configuration's fault.
    setSpeedTestUrl('http://10.11.12.13/');
    expect(await speedTest(httpRow)).toMatchObject({
      state: 'error',
      error: 'the target was refused by the gateway policy (a private, loopback or reserved address or port)',
      failure: 'policy',
    });
    // A target that does not answer, through a working proxy, is the target's failure.
    setSpeedTestUrl(`http://127.0.0.1:${closedPort}/`);
    expect(await speedTest(httpRow)).toMatchObject({ state: 'error', failure: 'target' });
    setSpeedTestUrl(`http://127.0.0.1:${target.port}/bytes/262144`);
  });

  it('tests the speed of a SOCKS5 proxy over SOCKS5 (an HTTP test would be refused with 4008)', async () => {
    const buyer = await customerWithBalance(t.database, 5_000_000n);
    const { data } = await generateOk(t.app, t.database.db, buyer, 'dynamic/traffic', {
      country: 'US',
      line: 1,
      protocol: 'socks5',
    });
    const row = data[0];
    setSpeedTestUrl(`http://127.0.0.1:${target.port}/bytes/262144`);
    const test = await call(t.app, 'POST', '/proxy/test', { token: buyer.token, form: { token_id: row.id } });
    expect(test.data).toMatchObject({ state: 'completed', error: null });
    expect(test.data.speed_kbps).toBeGreaterThan(0);
    // An https target through the SOCKS5 tunnel: TLS then meets a plain HTTP server.
    setSpeedTestUrl(`https://127.0.0.1:${target.port}/hello`);
    const tls = await call(t.app, 'POST', '/proxy/test', { token: buyer.token, form: { token_id: row.id } });
    setSpeedTestUrl(`http://127.0.0.1:${target.port}/bytes/262144`);
    expect(tls.data).toMatchObject({
      state: 'error',
      error: 'the TLS handshake with the target failed',
      failure: 'target',
    });

    await call(t.app, 'PUT', `/proxy/token/status/${row.id}?switch=6`, { token: buyer.token });
    await expect
      .poll(
        async () =>
          (await call(t.app, 'POST', '/proxy/test', { token: buyer.token, form: { token_id: row.id } })).data
            .error,
        { timeout: 5_000 },
      )
      .toBe('the proxy refused the connection (SOCKS5: not allowed)');
  });

  it('a static IP proxy leases its exit and answers 200 over SOCKS5, the protocol it was generated for (HTTP: 4008); deleted, it is refused', async () => {
    const buyer = await customerWithBalance(t.database, 5_000_000n);
    const { data } = await generateOk(t.app, t.database.db, buyer, 'static/ip', {
      type: 'residential',
      country: 'US',
      days: 1,
      protocol: 'socks5',
    });
    const row = data[0];
    expect(row.ip).toBe('203.0.113.1');
    expect(await curl([...viaSocks(row), hello()])).toMatchObject({
      exitCode: 0,
      status: 200,
      body: 'hello',
    });
    expect(await httpAnswer(row)).toEqual({ status: 403, code: 4008 });
    const qr = await call(t.app, 'GET', `/proxy/token/qr_code?token_id=${row.id}`, { token: buyer.token });
    expect(qr.data.url).toMatch(/^socks5:\/\//);
    expect(await curl(['-x', qr.data.url, hello()])).toMatchObject({ status: 200, body: 'hello' });

    expect(await socksAnswer(row)).toEqual({ authStatus: 0, reply: SOCKS_REPLY.succeeded });
    expect((await call(t.app, 'DELETE', `/proxy/token/${row.id}`, { token: buyer.token })).code).toBe(0);
    await expect
      .poll(() => socksAnswer(row), { timeout: 5_000 })
      .toEqual({ authStatus: 0, reply: SOCKS_REPLY.notAllowed });
  });
});
