import { writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type DatabaseHandle, eq, exits, proxies, proxyUsageHourly } from '@ptc/db';
import { createExit, createProxy, createTestDatabase, createUser, expectLedgerAddsUp } from '@ptc/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGateway } from '../gateway';
import type { Gateway } from '../gateway.types';
import { curl } from '../testing/curl';
import { startHttpTarget, type TestTarget } from '../testing/targets';
import { startHttpUpstream, startSocksUpstream, type TestUpstream } from '../testing/upstream-proxies';
import { notifyProxyChanged } from './credential-store';
import { createDbGatewayStores } from './gateway-stores';

const MB10 = 10 * 1024 * 1024;

describe('the gateway on the database', () => {
  let handle: DatabaseHandle;
  let gateway: Gateway;
  let credentials: ReturnType<typeof createDbGatewayStores>['credentials'];
  let port: number;
  let target: TestTarget & { requests: unknown[] };
  let httpUpstream: TestUpstream;
  let socksUpstream: TestUpstream;
  let userId: bigint;
  const uploadFile = join(tmpdir(), `ptc-upload-${process.pid}.bin`);

  beforeAll(async () => {
    handle = await createTestDatabase();
    [target, httpUpstream, socksUpstream] = await Promise.all([
      startHttpTarget(),
      startHttpUpstream({ password: 'supplier-secret' }),
      startSocksUpstream({ password: 'supplier-secret' }),
    ]);
    writeFileSync(uploadFile, Buffer.alloc(MB10, 7));
    userId = (await createUser(handle.db, { balance: 100_000_000n })).id;
    await createExit(handle.db, { country: 'US', state: 'NY', city: 'newyork', line: 1 });
    for (const [kind, upstream] of [
      ['http', httpUpstream],
      ['socks5', socksUpstream],
    ] as const) {
      await createExit(handle.db, {
        kind,
        host: '127.0.0.1',
        port: upstream.port,
        account: 'acct',
        usernameTemplate: '{user}-country-{cc}-session-{sid}',
        passwordTemplate: 'supplier-secret',
        country: 'DE',
        state: 'BE',
        city: 'berlin',
        line: kind === 'http' ? 2 : 3,
      });
    }
    // A second supplier account on the same upstream and line, for sticky sessions.
    await createExit(handle.db, {
      kind: 'http',
      host: '127.0.0.1',
      port: httpUpstream.port,
      account: 'acct2',
      usernameTemplate: '{user}-country-{cc}-session-{sid}',
      passwordTemplate: 'supplier-secret',
      country: 'DE',
      state: 'BE',
      city: 'berlin',
      line: 2,
    });
    const stores = createDbGatewayStores(handle);
    credentials = stores.credentials;
    gateway = createGateway({
      ...stores,
      listeners: [{ host: '127.0.0.1', port: 0, protocol: 'auto' }],
      allowPrivateTargets: ['127.0.0.0/8'],
      flushIntervalMs: 300,
      enforcementIntervalMs: 1_000,
      credentialTtlMs: 500,
    });
    const [bound] = await gateway.listen();
    port = bound?.port ?? 0;
  });
  afterAll(async () => {
    await gateway?.close();
    await credentials?.close();
    await Promise.all([target?.close(), httpUpstream?.close(), socksUpstream?.close()]);
    await handle?.close();
  });

  const proxy = (overrides: Parameters<typeof createProxy>[2] = {}) =>
    createProxy(handle.db, userId, { country: 'US', ...overrides });
  const url = (path: string) => `http://127.0.0.1:${target.port}${path}`;
  const via = {
    forward: (user: string, pass: string) => ['-x', `http://${user}:${pass}@127.0.0.1:${port}`],
    connect: (user: string, pass: string) => ['-p', '-x', `http://${user}:${pass}@127.0.0.1:${port}`],
    socks: (user: string, pass: string) => [
      '--socks5-hostname',
      `127.0.0.1:${port}`,
      '--proxy-user',
      `${user}:${pass}`,
    ],
  };

  /** The protocol a proxy used over `path` is generated for (the gateway enforces it: 4008). */
  const protocolOf = (path: 'forward' | 'connect' | 'socks') =>
    path === 'socks' ? ('socks5' as const) : ('http' as const);

  it('carries traffic for a valid credential on all three paths, and refuses wrong, off and expired ones', async () => {
    for (const path of ['forward', 'connect', 'socks'] as const) {
      const protocol = protocolOf(path);
      const good = await proxy({ protocol });
      const off = await proxy({ switch: 6, protocol });
      const expired = await proxy({ expiresAt: new Date(Date.now() - 60_000), protocol });
      const ok = await curl([...via[path](good.username, good.password), url('/hello')]);
      expect(ok, path).toMatchObject({ exitCode: 0, status: 200, body: 'hello' });
      const wrong = await curl([...via[path](good.username, 'wrong-password'), url('/hello')]);
      const offAnswer = await curl([...via[path](off.username, off.password), url('/hello')]);
      const expiredAnswer = await curl([...via[path](expired.username, expired.password), url('/hello')]);
      if (path === 'socks') {
        for (const answer of [wrong, offAnswer, expiredAnswer]) expect(answer.exitCode, path).not.toBe(0);
      } else {
        const status = (answer: typeof wrong) => (path === 'forward' ? answer.status : answer.connectStatus);
        expect(status(wrong), path).toBe(407);
        expect(status(offAnswer), path).toBe(403);
        expect(status(expiredAnswer), path).toBe(403);
      }
    }
  });

  it('meters 10 MB each way within 1% into the hourly buckets, on all three paths', async () => {
    for (const path of ['forward', 'connect', 'socks'] as const) {
      const metered = await proxy({ protocol: protocolOf(path) });
      const before = { ...target.traffic };
      const down = await curl([
        ...via[path](metered.username, metered.password),
        '-o',
        '/dev/null',
        url(`/bytes/${MB10}`),
      ]);
      const up = await curl([
        ...via[path](metered.username, metered.password),
        '--data-binary',
        `@${uploadFile}`,
        '-H',
        'Content-Type: application/octet-stream',
        url('/upload'),
      ]);
      expect([down.exitCode, up.exitCode, up.body], path).toEqual([0, 0, String(MB10)]);
      await target.settled();
      const sent = target.traffic.sent - before.sent;
      const received = target.traffic.received - before.received;
      await expect
        .poll(
          async () => {
            const [row] = await handle.db
              .select()
              .from(proxyUsageHourly)
              .where(eq(proxyUsageHourly.proxyId, metered.id));
            return row ? [Number(row.bytesDown), Number(row.bytesUp)] : [0, 0];
          },
          { timeout: 10_000 },
        )
        .toSatisfy(
          ([down, up]) => Math.abs(down - sent) / sent < 0.01 && Math.abs(up - received) / received < 0.01,
        );
    }
    // Metered traffic is accrued and held, never taken from the balance outside the ledger.
    await expectLedgerAddsUp(handle.db, userId);
  });

  it('chains through HTTP and SOCKS5 suppliers with templated usernames', async () => {
    for (const [line, upstream] of [
      [2, httpUpstream],
      [3, socksUpstream],
    ] as const) {
      const chained = await proxy({ country: 'DE', line, protocol: 'socks5' });
      const answer = await curl([
        ...via.socks(`${chained.username}-session-ab12`, chained.password),
        url('/hello'),
      ]);
      expect(answer.body).toBe('hello');
      expect(upstream.seen.at(-1)).toMatchObject({
        username: expect.stringMatching(/^acct2?-country-de-session-ab12$/),
        password: 'supplier-secret',
        port: target.port,
      });
    }
  });

  it('cuts an open tunnel within 5 s of switching its proxy off', async () => {
    for (const announce of [true, false]) {
      const live = await proxy();
      const socket = connect(port, '127.0.0.1');
      const auth = Buffer.from(`${live.username}:${live.password}`).toString('base64');
      socket.write(`CONNECT 127.0.0.1:${target.port} HTTP/1.1\r\nProxy-Authorization: Basic ${auth}\r\n\r\n`);
      await new Promise<void>((resolve) => socket.once('data', () => resolve()));
      const closed = new Promise<number>((resolve) => socket.once('close', () => resolve(Date.now())));
      const switchedAt = Date.now();
      await handle.db.update(proxies).set({ switch: 6 }).where(eq(proxies.id, live.id));
      if (announce) await notifyProxyChanged(handle, live.id);
      expect((await closed) - switchedAt).toBeLessThan(5_000);
    }
  });

  it('keeps a session on one supplier exit', async () => {
    const sticky = await proxy({ country: 'DE', line: 2 });
    const accounts = new Set<string>();
    for (let i = 0; i < 4; i += 1) {
      await curl([...via.forward(`${sticky.username}-session-keepme`, sticky.password), url('/hello')]);
      accounts.add(httpUpstream.seen.at(-1)?.username?.split('-')[0] ?? '');
    }
    expect(accounts.size).toBe(1);
    const across = new Set<string>();
    for (let i = 0; i < 12; i += 1) {
      await curl([...via.forward(`${sticky.username}-session-s${i}`, sticky.password), url('/hello')]);
      across.add(httpUpstream.seen.at(-1)?.username?.split('-')[0] ?? '');
    }
    expect(across).toEqual(new Set(['acct', 'acct2']));
    expect(await handle.db.$count(exits)).toBeGreaterThan(3);
  });
});
