import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProxyCredential } from '../ports';
import { curl } from '../testing/curl';
import { makeCredential } from '../testing/factories';
import { socksExchange } from '../testing/socks-client';
import { startHttpTarget, type TestTarget } from '../testing/targets';
import { startTestGateway, type TestGateway } from '../testing/test-gateway';

const TEN_MB = 10 * 1024 * 1024;

const forwardUser = makeCredential();
const connectUser = makeCredential();
const socksUser = makeCredential({ protocol: 'socks5' });
const refusedUser = makeCredential({ admission: { ok: false, reason: 'no_funds' } });
const failingUser = makeCredential();
const failingSocksUser = makeCredential({ protocol: 'socks5' });

let gw: TestGateway;
let dir: string;
let upload: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'gateway-metering-'));
  upload = join(dir, 'upload.bin');
  await writeFile(upload, Buffer.alloc(TEN_MB, 'u'));
  gw = await startTestGateway({
    credentials: [forwardUser, connectUser, socksUser, refusedUser, failingUser, failingSocksUser],
  });
});

afterAll(async () => {
  await gw.close();
  await rm(dir, { recursive: true, force: true });
});

/** Waits until the metered totals of a proxy match what the target saw, within 1%. */
const expectMeteredLike = async (credential: ProxyCredential, target: TestTarget) => {
  await target.settled();
  const { received, sent } = target.traffic;
  expect(received).toBeGreaterThan(TEN_MB);
  expect(sent).toBeGreaterThan(TEN_MB);
  await expect
    .poll(() => {
      const totals = gw.sink.totals(credential.proxyId);
      return (
        Math.abs(totals.bytesUp - received) <= received * 0.01 &&
        Math.abs(totals.bytesDown - sent) <= sent * 0.01
      );
    })
    .toBe(true);
  return gw.sink.totals(credential.proxyId);
};

describe('metering', () => {
  it('counts a 10 MB upload and a 10 MB download through the forward proxy', async () => {
    const target = await startHttpTarget();
    const url = `http://127.0.0.1:${target.port}`;
    const up = await curl(['-x', gw.proxyUrl(forwardUser), '--data-binary', `@${upload}`, `${url}/upload`]);
    const down = await curl(['-x', gw.proxyUrl(forwardUser), '-o', '/dev/null', `${url}/bytes/${TEN_MB}`]);
    expect(up.body).toBe(String(TEN_MB));
    expect(down.status).toBe(200);
    const totals = await expectMeteredLike(forwardUser, target);
    expect(totals.connections).toBe(2);
    await target.close();
  });

  it('counts a 10 MB upload and a 10 MB download through CONNECT', async () => {
    const target = await startHttpTarget();
    const url = `http://127.0.0.1:${target.port}`;
    const up = await curl([
      '-p',
      '-x',
      gw.proxyUrl(connectUser),
      '--data-binary',
      `@${upload}`,
      `${url}/upload`,
    ]);
    const down = await curl([
      '-p',
      '-x',
      gw.proxyUrl(connectUser),
      '-o',
      '/dev/null',
      `${url}/bytes/${TEN_MB}`,
    ]);
    expect(up.body).toBe(String(TEN_MB));
    expect(down.status).toBe(200);
    await expectMeteredLike(connectUser, target);
    await target.close();
  });

  it('counts a 10 MB upload and a 10 MB download through SOCKS5', async () => {
    const target = await startHttpTarget();
    const url = `http://127.0.0.1:${target.port}`;
    const socks = [
      '--socks5-hostname',
      `127.0.0.1:${gw.port}`,
      '--proxy-user',
      `${socksUser.username}:${socksUser.password}`,
    ];
    const up = await curl([...socks, '--data-binary', `@${upload}`, `${url}/upload`]);
    const down = await curl([...socks, '-o', '/dev/null', `${url}/bytes/${TEN_MB}`]);
    expect(up.body).toBe(String(TEN_MB));
    expect(down.status).toBe(200);
    await expectMeteredLike(socksUser, target);
    await target.close();
  });

  it('counts nothing for refusals and failed dials', async () => {
    const target = await startHttpTarget();
    const closedPort = target.port;
    await target.close();
    const refused = await curl(['-x', gw.proxyUrl(refusedUser), `http://127.0.0.1:${closedPort}/`]);
    expect(refused.status).toBe(403);
    const failedForward = await curl(['-x', gw.proxyUrl(failingUser), `http://127.0.0.1:${closedPort}/`]);
    expect(failedForward.status).toBe(502);
    const failedConnect = await curl([
      '-p',
      '-x',
      gw.proxyUrl(failingUser),
      `http://127.0.0.1:${closedPort}/`,
    ]);
    expect(failedConnect.connectStatus).toBe(502);
    const failedSocks = await socksExchange(gw.port, { ...failingSocksUser, port: closedPort });
    expect(failedSocks.reply).toBe(0x05);
    failedSocks.socket.destroy();
    await gw.gateway.close();
    for (const credential of [refusedUser, failingUser, failingSocksUser]) {
      expect(gw.sink.totals(credential.proxyId)).toEqual({ bytesUp: 0, bytesDown: 0, connections: 0 });
    }
  });
});
