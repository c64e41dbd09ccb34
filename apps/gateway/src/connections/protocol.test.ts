import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOCKS_REPLY } from '../refusals';
import { curl } from '../testing/curl';
import { makeCredential } from '../testing/factories';
import { socksExchange } from '../testing/socks-client';
import { startEchoTarget, startHttpTarget } from '../testing/targets';
import { startTestGateway, type TestGateway } from '../testing/test-gateway';

// A proxy is used over the protocol it was generated for (SPEC 4008, README "Refusals"): an HTTP
// proxy is refused over SOCKS5, a SOCKS5 proxy over HTTP forward and CONNECT.
const httpProxy = makeCredential({ protocol: 'http' });
const socksProxy = makeCredential({ protocol: 'socks5' });

let gw: TestGateway;
let target: Awaited<ReturnType<typeof startHttpTarget>>;
let echo: Awaited<ReturnType<typeof startEchoTarget>>;

beforeAll(async () => {
  [gw, target, echo] = await Promise.all([
    startTestGateway({ credentials: [httpProxy, socksProxy] }),
    startHttpTarget(),
    startEchoTarget(),
  ]);
});

afterAll(async () => {
  await Promise.all([gw.close(), target.close(), echo.close()]);
});

const url = (path: string) => `http://127.0.0.1:${target.port}${path}`;
const viaSocks = (credential: { username: string; password: string }) =>
  curl([
    '--socks5-hostname',
    `127.0.0.1:${gw.port}`,
    '--proxy-user',
    `${credential.username}:${credential.password}`,
    url('/hello'),
  ]);

describe('the protocol a proxy was generated for', () => {
  it('carries an HTTP proxy over HTTP forward and CONNECT, and refuses it over SOCKS5 (0x02)', async () => {
    expect(await curl(['-x', gw.proxyUrl(httpProxy), url('/hello')])).toMatchObject({
      status: 200,
      body: 'hello',
    });
    expect(await curl(['-p', '-x', gw.proxyUrl(httpProxy), url('/hello')])).toMatchObject({
      connectStatus: 200,
      body: 'hello',
    });
    const refused = await socksExchange(gw.port, { ...httpProxy, port: echo.port });
    expect(refused).toMatchObject({ authStatus: 0x00, reply: SOCKS_REPLY.notAllowed });
    expect((await viaSocks(httpProxy)).exitCode).not.toBe(0);
  });

  it('carries a SOCKS5 proxy over SOCKS5, and refuses it over HTTP with 403 and 4008', async () => {
    expect(await viaSocks(socksProxy)).toMatchObject({ exitCode: 0, status: 200, body: 'hello' });
    const forward = await curl(['-i', '-x', gw.proxyUrl(socksProxy), url('/hello')]);
    expect(forward.status).toBe(403);
    expect(forward.body).toMatch(/X-PTC-Error: 4008/i);
    expect(forward.body).toContain('proxy supports SOCKS5 only');
    const tunnel = await curl(['-p', '-x', gw.proxyUrl(socksProxy), url('/hello')]);
    expect(tunnel.connectStatus).toBe(403);
  });

  it('answers an HTTP proxy used over SOCKS5 before dialling anything, and meters nothing for it', async () => {
    const own = await startTestGateway({ credentials: [httpProxy] });
    const dialled = echo.traffic.connections;
    const refused = await socksExchange(own.port, { ...httpProxy, port: echo.port });
    expect(refused.reply).toBe(SOCKS_REPLY.notAllowed);
    await own.close();
    expect(echo.traffic.connections).toBe(dialled);
    expect(own.sink.totals(httpProxy.proxyId)).toEqual({ bytesUp: 0, bytesDown: 0, connections: 0 });
  });
});
