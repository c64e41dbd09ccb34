import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { curl } from '../testing/curl';
import { makeCredential } from '../testing/factories';
import { startTestGateway, type TestGateway } from '../testing/test-gateway';
import { SPEED_TEST_HOST } from './built-in-target';

// The gateway answers its own speed-test target over every path, after authentication and
// admission, without dialling anything (the SSRF guard would refuse a loopback target: 4009).
const httpProxy = makeCredential({ protocol: 'http' });
const socksProxy = makeCredential({ protocol: 'socks5' });
const switchedOff = makeCredential({ protocol: 'http', admission: { ok: false, reason: 'off' } });

let gw: TestGateway;

beforeAll(async () => {
  gw = await startTestGateway({ credentials: [httpProxy, socksProxy, switchedOff] });
});

afterAll(async () => {
  await gw.close();
});

const url = (path: string) => `http://${SPEED_TEST_HOST}${path}`;
const viaSocks = (path: string) =>
  curl([
    '--socks5-hostname',
    `127.0.0.1:${gw.port}`,
    '--proxy-user',
    `${socksProxy.username}:${socksProxy.password}`,
    url(path),
  ]);

describe('the built-in speed-test target', () => {
  it('answers the bytes asked for over HTTP forward, CONNECT and SOCKS5, dialling nothing', async () => {
    const lookups = gw.catalog.lookups.length;
    const forward = await curl(['-x', gw.proxyUrl(httpProxy), url('/bytes/100000')]);
    expect(forward).toMatchObject({ exitCode: 0, status: 200 });
    expect(forward.body).toHaveLength(100_000);
    const tunnel = await curl(['-p', '-x', gw.proxyUrl(httpProxy), url('/bytes/70000')]);
    expect(tunnel).toMatchObject({ exitCode: 0, connectStatus: 200, status: 200 });
    expect(tunnel.body).toHaveLength(70_000);
    const socks = await viaSocks('/bytes/5');
    expect(socks).toMatchObject({ exitCode: 0, status: 200, body: 'xxxxx' });
    expect(gw.catalog.lookups.length).toBe(lookups);
  });

  it('keeps a keep-alive forward connection usable after an answer', async () => {
    // curl sends both requests on one connection (it prints its status line after each).
    const both = await curl(['-v', '-x', gw.proxyUrl(httpProxy), url('/bytes/3'), url('/bytes/4')]);
    expect(both).toMatchObject({ exitCode: 0, status: 200 });
    expect(both.body.replace(/\n@@curl@@\d+ \d+/g, '')).toBe('xxxxxxx');
    expect(both.stderr).toMatch(/Re-using existing connection/i);
  });

  it('answers 404 off its paths and caps what it sends at 8 MiB', async () => {
    expect((await curl(['-x', gw.proxyUrl(httpProxy), url('/elsewhere')])).status).toBe(404);
    const big = await curl(['-x', gw.proxyUrl(httpProxy), url('/bytes/999999999')]);
    expect(big).toMatchObject({ exitCode: 0, status: 200 });
    expect(big.body).toHaveLength(8 * 1024 * 1024);
  });

  it('is reached only by an authenticated proxy that may carry traffic', async () => {
    expect((await curl(['-x', `http://127.0.0.1:${gw.port}`, url('/bytes/10')])).status).toBe(407);
    expect((await curl(['-x', gw.proxyUrl(switchedOff), url('/bytes/10')])).status).toBe(403);
    // A proxy over the other protocol than its own is refused here too (4008).
    const wrong = await curl(['-i', '-x', gw.proxyUrl(socksProxy), url('/bytes/10')]);
    expect(wrong.status).toBe(403);
    expect(wrong.body).toMatch(/X-PTC-Error: 4008/i);
  });
});
