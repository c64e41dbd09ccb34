import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOCKS } from '../socks5/socks5-protocol';
import { HandshakeReader } from '../streams/handshake-reader';
import { curl } from '../testing/curl';
import { makeCredential } from '../testing/factories';
import { MemoryAllowListStore } from '../testing/memory-allowlist';
import { startEchoTarget, startHttpTarget } from '../testing/targets';
import { startTestGateway, type TestGateway } from '../testing/test-gateway';

// IP allow-list authentication (issue #21 item 3): loopback addresses stand for customers' networks
// (every 127.x.y.z reaches the gateway on Linux; the client binds the one it needs).
const httpProxy = makeCredential({ protocol: 'http' });
const socksProxy = makeCredential({ protocol: 'socks5' });
const offProxy = makeCredential({ protocol: 'http', admission: { ok: false, reason: 'off' } });
const passwordProxy = makeCredential({ protocol: 'http' });

const HTTP_CLIENT = '127.0.0.11';
const SOCKS_CLIENT = '127.0.0.12';
const OFF_CLIENT = '127.0.0.13';
const UNLISTED = '127.0.0.99';

let gw: TestGateway;
let allowList: MemoryAllowListStore;
let target: Awaited<ReturnType<typeof startHttpTarget>>;
let echo: Awaited<ReturnType<typeof startEchoTarget>>;

beforeAll(async () => {
  allowList = new MemoryAllowListStore();
  allowList.add(`${HTTP_CLIENT}/32`, httpProxy);
  allowList.add('127.0.0.12/32', socksProxy);
  allowList.add(`${OFF_CLIENT}/32`, offProxy);
  [gw, target, echo] = await Promise.all([
    startTestGateway({
      credentials: [httpProxy, socksProxy, offProxy, passwordProxy],
      allowList,
      // Only notifications reload in these tests (the periodic reload has its own).
      allowListReloadMs: 60_000,
    }),
    startHttpTarget(),
    startEchoTarget(),
  ]);
});

afterAll(async () => {
  await Promise.all([gw.close(), target.close(), echo.close()]);
});

const url = (path: string) => `http://127.0.0.1:${target.port}${path}`;
const proxy = () => `http://127.0.0.1:${gw.port}`;
const waitFor = async (condition: () => boolean, ms = 5_000) => {
  const until = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

/** A SOCKS5 client offering only "no authentication", from `source`: the method chosen, then the reply. */
const socksNoAuth = async (source: string, port: number) => {
  const socket: Socket = connect({ port: gw.port, host: '127.0.0.1', localAddress: source });
  socket.on('error', () => {});
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  const reader = new HandshakeReader(socket);
  socket.write(Buffer.from([SOCKS.version, 1, SOCKS.method.none]));
  const method = (await reader.read(2))[1];
  if (method !== SOCKS.method.none) return { method, reply: null, socket };
  socket.write(Buffer.from([5, 1, 0, 1, 127, 0, 0, 1, port >> 8, port & 0xff]));
  const reply = (await reader.read(10))[1];
  reader.release();
  return { method, reply, socket };
};

describe('IP allow-list authentication in the gateway', () => {
  it('carries HTTP forward and CONNECT requests without credentials from a listed address as its proxy, metered to it', async () => {
    const forward = await curl(['--interface', HTTP_CLIENT, '-x', proxy(), url('/bytes/5000')]);
    expect(forward).toMatchObject({ status: 200 });
    expect(forward.body).toHaveLength(5000);
    const tunnel = await curl(['--interface', HTTP_CLIENT, '-p', '-x', proxy(), url('/hello')]);
    expect(tunnel).toMatchObject({ connectStatus: 200, status: 200, body: 'hello' });
    await waitFor(() => gw.sink.totals(httpProxy.proxyId).connections >= 2);
    expect(gw.sink.totals(httpProxy.proxyId).bytesDown).toBeGreaterThan(5000);
  });

  it('chooses "no authentication" for a listed SOCKS5 client and carries it as its proxy', async () => {
    const result = await curl([
      '--interface',
      SOCKS_CLIENT,
      '--socks5-hostname',
      `127.0.0.1:${gw.port}`,
      url('/hello'),
    ]);
    expect(result).toMatchObject({ status: 200, body: 'hello' });
    const raw = await socksNoAuth(SOCKS_CLIENT, echo.port);
    expect(raw).toMatchObject({ method: SOCKS.method.none, reply: 0 });
    raw.socket.destroy();
    await waitFor(() => gw.sink.totals(socksProxy.proxyId).bytesDown >= 5);
  });

  it('refuses clients without credentials from other addresses: 407 over HTTP, no acceptable method over SOCKS5', async () => {
    expect(await curl(['--interface', UNLISTED, '-x', proxy(), url('/hello')])).toMatchObject({
      status: 407,
    });
    expect(await curl(['--interface', UNLISTED, '-p', '-x', proxy(), url('/hello')])).toMatchObject({
      connectStatus: 407,
    });
    const raw = await socksNoAuth(UNLISTED, echo.port);
    expect(raw.method).toBe(SOCKS.method.noneAcceptable);
    raw.socket.destroy();
  });

  it('keeps password authentication for clients that present credentials, listed or not', async () => {
    for (const source of [HTTP_CLIENT, UNLISTED]) {
      const result = await curl(['--interface', source, '-x', gw.proxyUrl(passwordProxy), url('/hello')]);
      expect(result).toMatchObject({ status: 200, body: 'hello' });
    }
    const wrong = await curl([
      '--interface',
      HTTP_CLIENT,
      '-x',
      `http://${passwordProxy.username}:wrong@127.0.0.1:${gw.port}`,
      url('/hello'),
    ]);
    expect(wrong.status).toBe(407);
  });

  it('applies the proxy admission and protocol rules as for password clients', async () => {
    const off = await curl(['--interface', OFF_CLIENT, '-i', '-x', proxy(), url('/hello')]);
    expect(off.status).toBe(403);
    expect(off.body).toMatch(/X-PTC-Error: 4013/i);
    // The SOCKS5 proxy's address over HTTP: 4008.
    const wrongProtocol = await curl(['--interface', SOCKS_CLIENT, '-i', '-x', proxy(), url('/hello')]);
    expect(wrongProtocol.status).toBe(403);
    expect(wrongProtocol.body).toMatch(/X-PTC-Error: 4008/i);
  });

  it('closes open tunnels of an address taken off the list on the change notice, and refuses it afterwards', async () => {
    const local = new MemoryAllowListStore();
    const proxyOfRange = makeCredential({ protocol: 'socks5' });
    local.add('127.0.0.32/30', proxyOfRange);
    const own = await startTestGateway({
      credentials: [proxyOfRange],
      allowList: local,
      allowListReloadMs: 60_000,
    });
    try {
      const open = async (source: string) => {
        const socket = connect({ port: own.port, host: '127.0.0.1', localAddress: source });
        socket.on('error', () => {});
        await new Promise((resolve) => socket.once('connect', resolve));
        const reader = new HandshakeReader(socket);
        socket.write(Buffer.from([5, 1, 0]));
        const method = (await reader.read(2))[1];
        if (method !== 0) return { method, socket };
        socket.write(Buffer.from([5, 1, 0, 1, 127, 0, 0, 1, echo.port >> 8, echo.port & 0xff]));
        expect((await reader.read(10))[1]).toBe(0);
        reader.release();
        return { method, socket };
      };
      const first = await open('127.0.0.33');
      expect(first.method).toBe(0);
      const closed = new Promise<void>((resolve) => first.socket.once('close', () => resolve()));
      first.socket.resume();
      expect(own.gateway.stats().perProxy.get(proxyOfRange.proxyId)).toBe(1);

      // A narrower entry of another proxy inside the range takes its address over: the tunnel ends.
      const other = makeCredential({ protocol: 'socks5' });
      own.store.put(other);
      local.add('127.0.0.33/32', other);
      local.notifyChange();
      await closed;
      const moved = await open('127.0.0.33');
      expect(moved.method).toBe(0);
      expect(own.gateway.stats().perProxy.get(other.proxyId)).toBe(1);
      const neighbour = await open('127.0.0.34');
      expect(own.gateway.stats().perProxy.get(proxyOfRange.proxyId)).toBe(1);

      local.remove('127.0.0.33/32');
      local.remove('127.0.0.32/30');
      local.notifyChange();
      await waitFor(() => moved.socket.destroyed || moved.socket.readableEnded);
      await waitFor(() => own.gateway.stats().perProxy.size === 0);
      expect((await open('127.0.0.34')).method).toBe(SOCKS.method.noneAcceptable);
      neighbour.socket.destroy();
      moved.socket.destroy();
    } finally {
      await own.close();
    }
  });

  it('reloads the whole list periodically (a lost notice), and keeps the entries it holds through a failed reload', async () => {
    const local = new MemoryAllowListStore();
    const listed = makeCredential({ protocol: 'http' });
    const own = await startTestGateway({ credentials: [listed], allowList: local, allowListReloadMs: 200 });
    try {
      const fetchFrom = () =>
        curl(['--interface', '127.0.0.41', '-x', `http://127.0.0.1:${own.port}`, url('/hello')]);
      expect((await fetchFrom()).status).toBe(407);
      local.add('127.0.0.41/32', listed);
      const loads = local.loads;
      await waitFor(() => local.loads > loads + 1);
      expect(await fetchFrom()).toMatchObject({ status: 200, body: 'hello' });
      local.isFailing = true;
      const failed = local.loads;
      await waitFor(() => local.loads > failed + 1);
      expect((await fetchFrom()).status).toBe(200);
    } finally {
      await own.close();
    }
  });
});
