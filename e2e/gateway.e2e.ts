import { execFile } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { eq, openDatabase, proxies, proxyUsageHourly } from '@ptc/db';
import { createProxy, createUser } from '@ptc/db/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  freePort,
  migratedDataDir,
  type RunningServer,
  spawnServer,
  startServer,
  waitForExit,
} from './support/server';

const run = promisify(execFile);

/** curl through a proxy; answers the HTTP status and body. */
const curlVia = async (proxyArgs: string[], url: string) => {
  const { stdout } = await run('curl', [
    '-s',
    '--max-time',
    '10',
    '-w',
    '\n%{http_code}',
    ...proxyArgs,
    url,
  ]).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '\n0' }));
  const at = stdout.lastIndexOf('\n');
  return { body: stdout.slice(0, at), status: Number(stdout.slice(at + 1)) };
};

describe('the proxy gateway of the built product', () => {
  let target: Server;
  let targetPort: number;
  beforeAll(async () => {
    target = createServer((_request, response) => response.end('through the gateway'));
    await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', () => resolve()));
    targetPort = (target.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => target.close(() => resolve())));

  it('carries traffic with a sold credential in npm start, and keeps its usage across a graceful stop', async () => {
    const dataDir = migratedDataDir();
    const seed = await openDatabase({ dataDir });
    const user = await createUser(seed.db, { balance: 10_000_000n });
    const proxy = await createProxy(seed.db, user.id);
    const socksProxy = await createProxy(seed.db, user.id, { protocol: 'socks5' });
    await seed.close();

    const gatewayPort = await freePort();
    const server: RunningServer = await startServer({
      dataDir,
      env: { GATEWAY_PORT: String(gatewayPort), GATEWAY_ALLOW_PRIVATE_TARGETS: '127.0.0.0/8' },
    });
    const url = `http://127.0.0.1:${targetPort}/`;
    const credentials = `${proxy.username}:${proxy.password}`;
    expect(await curlVia(['-x', `http://${credentials}@127.0.0.1:${gatewayPort}`], url)).toEqual({
      body: 'through the gateway',
      status: 200,
    });
    // Each proxy over the protocol it was generated for; the other one is refused (4008).
    const socksCredentials = `${socksProxy.username}:${socksProxy.password}`;
    expect(
      await curlVia(['--socks5-hostname', `127.0.0.1:${gatewayPort}`, '--proxy-user', socksCredentials], url),
    ).toEqual({ body: 'through the gateway', status: 200 });
    expect(
      (await curlVia(['--socks5-hostname', `127.0.0.1:${gatewayPort}`, '--proxy-user', credentials], url))
        .status,
    ).toBe(0);
    expect((await curlVia(['-x', `http://${socksCredentials}@127.0.0.1:${gatewayPort}`], url)).status).toBe(
      403,
    );
    expect(
      (await curlVia(['-x', `http://${proxy.username}:nope@127.0.0.1:${gatewayPort}`], url)).status,
    ).toBe(407);
    expect(await server.stop()).toBe(0);

    const after = await openDatabase({ dataDir });
    try {
      const [row] = await after.db.select().from(proxies).where(eq(proxies.id, proxy.id));
      expect(row?.bytesDown).toBeGreaterThan(0n);
      expect(await after.db.$count(proxyUsageHourly, eq(proxyUsageHourly.proxyId, proxy.id))).toBe(1);
    } finally {
      await after.close();
    }
  });

  it.runIf(process.env.TEST_DATABASE_URL)('runs alone as npm run gateway against PostgreSQL', async () => {
    const adminUrl = process.env.TEST_DATABASE_URL ?? '';
    const name = `ptc_e2e_gw_${process.pid}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    const databaseUrl = Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString();
    try {
      const database = await openDatabase({ databaseUrl });
      const user = await createUser(database.db, { balance: 10_000_000n });
      const proxy = await createProxy(database.db, user.id);
      await database.close();
      const gatewayPort = await freePort();
      const gateway = spawnServer(
        {
          DATABASE_URL: databaseUrl,
          GATEWAY_PORT: String(gatewayPort),
          GATEWAY_WORKERS: '2',
          GATEWAY_ALLOW_PRIVATE_TARGETS: '127.0.0.0/8',
        },
        'gateway.js',
      );
      const url = `http://127.0.0.1:${targetPort}/`;
      const through = ['-x', `http://${proxy.username}:${proxy.password}@127.0.0.1:${gatewayPort}`];
      await expect
        .poll(async () => (await curlVia(through, url)).status, { timeout: 20_000, interval: 250 })
        .toBe(200);
      gateway.child.kill('SIGTERM');
      expect((await waitForExit(gateway.child, gateway.output)).code).toBe(0);
    } finally {
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    }
  });
});
