import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseExitSeen } from '@ptc/contracts';
import { createExit } from '@ptc/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningGateway, startGateway } from '../../../gateway';
import { call } from '../../../test/accounts';
import { customerWithBalance } from '../../../test/factories';
import { freePort, gatewayTestEnv, generateOk } from '../../../test/proxies';
import { createTestApp, type TestApp } from '../../../test/test-app';

describe('reading an IP-echo answer', () => {
  it('reads the address and country of the common IP-echo services', () => {
    expect(parseExitSeen('{"ip":"203.0.113.7","city":"Austin","country":"US"}')).toEqual({
      ip: '203.0.113.7',
      country: 'US',
    });
    expect(parseExitSeen('{"query":"198.51.100.2","countryCode":"de","country":"Germany"}')).toEqual({
      ip: '198.51.100.2',
      country: 'DE',
    });
    expect(parseExitSeen('{"ip":"2001:db8::1","country_code":"JP","country":"Japan"}')).toEqual({
      ip: '2001:db8::1',
      country: 'JP',
    });
    expect(parseExitSeen('192.0.2.44\n')).toEqual({ ip: '192.0.2.44', country: null });
  });

  it('says nothing for answers that are not IP echoes', () => {
    expect(parseExitSeen('<html>Sign in to the hotel wifi</html>')).toEqual({ ip: null, country: null });
    expect(parseExitSeen('{"ip":"not an address","country":"United States"}')).toEqual({
      ip: null,
      country: null,
    });
    expect(parseExitSeen('[1,2]')).toEqual({ ip: null, country: null });
  });
});

describe('checking a proxy through a real gateway', () => {
  let t: TestApp;
  let gateway: RunningGateway;
  let echo: Server;
  let echoPort: number;
  const seen: string[] = [];

  beforeAll(async () => {
    const port = await freePort();
    echo = createServer((request, response) => {
      seen.push(request.url ?? '');
      if (request.url === '/text') response.end('<html>no address here</html>');
      else response.end(JSON.stringify({ ip: request.socket.remoteAddress, country: 'us' }));
    });
    await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', () => resolve()));
    echoPort = (echo.address() as AddressInfo).port;
    t = await createTestApp(gatewayTestEnv(port));
    await createExit(t.database.db, { country: 'US', state: 'NY', city: 'newyork', line: 1 });
    gateway = await startGateway(t.app.config, t.database, t.app.log);
  });
  afterAll(async () => {
    await gateway?.close();
    await new Promise<void>((resolve) => (echo ? echo.close(() => resolve()) : resolve()));
    await t?.close();
  });

  const check = async (token: string, id: string, url: string) => {
    t.app.config.ipCheckUrl = url;
    return (await call(t.app, 'POST', '/proxy/check', { token, form: { token_id: id } })).data;
  };

  it("answers the exit's IP and country over HTTP and SOCKS5, and a SPEC code when it fails", async () => {
    const buyer = await customerWithBalance(t.database, 5_000_000n);
    const [httpRow] = (await generateOk(t.app, t.database.db, buyer, 'dynamic/traffic', { country: 'US' }))
      .data;
    const [socksRow] = (
      await generateOk(t.app, t.database.db, buyer, 'dynamic/traffic', { country: 'US', protocol: 'socks5' })
    ).data;
    const url = `http://127.0.0.1:${echoPort}/json`;
    for (const row of [httpRow, socksRow]) {
      const result = await check(buyer.token, row.id, url);
      expect(result, row.protocol).toMatchObject({
        state: 'completed',
        ip: '127.0.0.1',
        country: 'US',
        code: null,
      });
      expect(result.latency_ms).toBeGreaterThanOrEqual(0);
    }
    expect(seen.filter((path) => path === '/json')).toHaveLength(2);

    // An answer without an address: -1001, not a made-up exit.
    expect(await check(buyer.token, httpRow.id, `http://127.0.0.1:${echoPort}/text`)).toMatchObject({
      state: 'error',
      ip: null,
      code: -1001,
    });
    // A target that does not answer, through a working proxy: 703.
    const closedPort = await freePort();
    expect(await check(buyer.token, httpRow.id, `http://127.0.0.1:${closedPort}/`)).toMatchObject({
      state: 'error',
      code: 703,
    });
    // Switched off: the gateway's own code.
    await call(t.app, 'PUT', `/proxy/token/status/${httpRow.id}?switch=6`, { token: buyer.token });
    await expect
      .poll(async () => (await check(buyer.token, httpRow.id, url)).code, { timeout: 5_000 })
      .toBe(4013);
  });

  it("answers 4005 for another customer's proxy", async () => {
    const [owner, intruder] = await Promise.all([
      customerWithBalance(t.database, 5_000_000n),
      customerWithBalance(t.database, 5_000_000n),
    ]);
    const [row] = (await generateOk(t.app, t.database.db, owner, 'dynamic/traffic', { country: 'US' })).data;
    const answer = await call(t.app, 'POST', '/proxy/check', {
      token: intruder.token,
      form: { token_id: row.id },
    });
    expect(answer.code).toBe(4005);
  });
});
