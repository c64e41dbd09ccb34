import { connect, type Socket } from 'node:net';
import { spliceRelay } from '@ptc/relay';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveRelay } from './gateway';
import { SOCKS_REPLY } from './refusals';
import { curl } from './testing/curl';
import { makeCredential } from './testing/factories';
import { socksExchange } from './testing/socks-client';
import { startEchoTarget, startHttpTarget } from './testing/targets';
import { startTestGateway } from './testing/test-gateway';

let target: Awaited<ReturnType<typeof startHttpTarget>>;
let echo: Awaited<ReturnType<typeof startEchoTarget>>;

beforeAll(async () => {
  [target, echo] = await Promise.all([startHttpTarget(), startEchoTarget()]);
});

afterAll(async () => {
  await Promise.all([target.close(), echo.close()]);
});

const url = (path: string) => `http://127.0.0.1:${target.port}${path}`;

/** Resolves when the peer closes the socket, with everything it sent. */
const untilClosed = (socket: Socket) =>
  new Promise<string>((resolve) => {
    let text = '';
    socket.on('data', (chunk: Buffer) => {
      text += chunk.toString('latin1');
    });
    socket.on('error', () => {});
    socket.once('close', () => resolve(text));
  });

const socksArgs = (port: number, credential: { username: string; password: string }) => [
  '--socks5-hostname',
  `127.0.0.1:${port}`,
  '--proxy-user',
  `${credential.username}:${credential.password}`,
];

/** Opens a CONNECT tunnel to the echo target and answers once the gateway accepted it. */
const openConnectTunnel = async (port: number, credential: { username: string; password: string }) => {
  const socket = connect(port, '127.0.0.1');
  const auth = Buffer.from(`${credential.username}:${credential.password}`).toString('base64');
  let answer = '';
  socket.on('data', (chunk: Buffer) => {
    answer += chunk.toString('latin1');
  });
  socket.write(
    `CONNECT 127.0.0.1:${echo.port} HTTP/1.1\r\nHost: 127.0.0.1:${echo.port}\r\n` +
      `Proxy-Authorization: Basic ${auth}\r\n\r\n`,
  );
  await expect.poll(() => answer).toMatch(/^HTTP\/1\.1 200/);
  return socket;
};

describe('listeners', () => {
  it('serves HTTP and SOCKS5 on one auto port, and each on its dedicated port', async () => {
    const user = makeCredential();
    const socksUser = makeCredential({ protocol: 'socks5' });
    const gw = await startTestGateway({
      credentials: [user, socksUser],
      listeners: [
        { host: '127.0.0.1', port: 0, protocol: 'auto' },
        { host: '127.0.0.1', port: 0, protocol: 'http' },
        { host: '127.0.0.1', port: 0, protocol: 'socks5' },
      ],
    });
    const [auto, http, socks] = gw.listeners.map((listener) => listener.port);
    expect(gw.listeners.map((listener) => listener.protocol)).toEqual(['auto', 'http', 'socks5']);
    expect(new Set([auto, http, socks]).size).toBe(3);
    const viaHttp = (port?: number) =>
      curl(['-x', `http://${user.username}:${user.password}@127.0.0.1:${port}`, url('/hello')]);
    const viaSocks = (port?: number) => curl([...socksArgs(port ?? 0, socksUser), url('/hello')]);
    expect((await viaHttp(auto)).body).toBe('hello');
    expect((await viaSocks(auto)).body).toBe('hello');
    expect((await viaHttp(http)).body).toBe('hello');
    expect((await viaSocks(socks)).body).toBe('hello');
    expect((await viaSocks(http)).exitCode).not.toBe(0);
    expect((await viaHttp(socks)).exitCode).not.toBe(0);
    await gw.close();
  });

  it('closes connections that do not finish their handshake in time', async () => {
    const gw = await startTestGateway({ timeouts: { handshakeMs: 200 } });
    const silent = connect(gw.port, '127.0.0.1');
    const halfSocks = connect(gw.port, '127.0.0.1', () => halfSocks.write(Buffer.from([5, 1])));
    const halfHttp = connect(gw.port, '127.0.0.1', () => halfHttp.write('GET http://x/ HTTP/1.1\r\nHost'));
    // None of them ends on its own or could be answered: the gateway closes each, saying nothing.
    const answers = await Promise.all([untilClosed(silent), untilClosed(halfSocks), untilClosed(halfHttp)]);
    expect(answers).toEqual(['', '', '']);
    await gw.close();
  });

  it('answers 431 to a request head over the size limit', async () => {
    const user = makeCredential();
    const gw = await startTestGateway({ credentials: [user] });
    const result = await curl(['-x', gw.proxyUrl(user), '-H', `X-Big: ${'a'.repeat(20_000)}`, url('/hello')]);
    expect(result.status).toBe(431);
    await gw.close();
  });
});

describe('authentication', () => {
  it('refuses bad username parameters with a 407 that names the problem', async () => {
    const user = makeCredential();
    const gw = await startTestGateway({ credentials: [user] });
    const cases = [
      [`${user.username}-colour-red`, 'unknown parameter "colour"'],
      [`${user.username}-country`, 'parameter "country" has no value'],
      [`${user.username}-country-us-country-de`, 'given twice'],
      [`${user.username}-country-usa`, 'country must be 2 letters'],
      [`${user.username}-life-0`, 'life must be minutes from 1 to 1440'],
      [`${user.username}-session-${'x'.repeat(33)}`, 'session must be 1–32 letters or digits'],
    ];
    for (const [username, problem] of cases) {
      const result = await curl(['-x', gw.proxyUrl(user, username), url('/hello')]);
      expect(result.status).toBe(407);
      expect(result.body).toContain(problem);
    }
    await gw.close();
  });

  it('caches credential lookups briefly and drops them when the store announces a change', async () => {
    const user = makeCredential();
    const gw = await startTestGateway({ credentials: [user], credentialTtlMs: 60_000 });
    for (let i = 0; i < 3; i += 1) await curl(['-x', gw.proxyUrl(user), url('/hello')]);
    expect(gw.store.lookups).toBe(1);
    gw.store.update(user.proxyId, { password: 'changed-password' });
    expect((await curl(['-x', gw.proxyUrl(user), url('/hello')])).status).toBe(200);
    gw.store.notifyChange(user.proxyId);
    expect((await curl(['-x', gw.proxyUrl(user), url('/hello')])).status).toBe(407);
    expect(gw.store.lookups).toBe(2);
    await gw.close();
  });

  it('slows down repeated failures from one address without holding up others', async () => {
    const user = makeCredential();
    const gw = await startTestGateway({
      credentials: [user],
      limits: { authFailuresPerMinute: 2, authDelayMaxMs: 1_000 },
    });
    const wrong = `http://${user.username}:wrong@127.0.0.1:${gw.port}`;
    const answers: string[] = [];
    const ask = async (name: string, proxy: string) => {
      const { status } = await curl(['-x', proxy, url('/hello')]);
      answers.push(`${name} ${status}`);
    };
    // The free failures of the minute.
    await ask('free', wrong);
    await ask('free', wrong);
    // Past them each failure waits, doubling from 250 ms to the cap (250, 500, 1 000 ms), while the
    // right password from the same address goes through.
    const startedAt = Date.now();
    await Promise.all([
      ask('slowed', wrong),
      ask('slowed', wrong),
      ask('slowed', wrong),
      ask('meanwhile', gw.proxyUrl(user)),
    ]);
    const waited = Date.now() - startedAt;
    expect(answers.slice(0, 2)).toEqual(['free 407', 'free 407']);
    expect(answers.slice(2).sort()).toEqual(['meanwhile 200', 'slowed 407', 'slowed 407', 'slowed 407']);
    expect(answers.at(-1)).toBe('slowed 407');
    // A lower bound (load only makes it longer): the last failure was answered after its delay.
    expect(waited).toBeGreaterThanOrEqual(1_000);
    await gw.close();
  });

  it('answers 503 while the credential store is unavailable', async () => {
    const user = makeCredential();
    const gw = await startTestGateway({ credentials: [user] });
    gw.store.isFailing = true;
    expect((await curl(['-x', gw.proxyUrl(user), url('/hello')])).status).toBe(503);
    gw.store.isFailing = false;
    await gw.close();
  });
});

describe('limits', () => {
  it('refuses connections over the per-proxy limit with 429 and SOCKS 0x02', async () => {
    const user = makeCredential();
    const socksUser = makeCredential({ protocol: 'socks5' });
    const other = makeCredential();
    const gw = await startTestGateway({
      credentials: [user, socksUser, other],
      limits: { maxConnectionsPerProxy: 1 },
    });
    const open = await socksExchange(gw.port, { ...socksUser, port: echo.port });
    expect(open.reply).toBe(0);
    const socks = await socksExchange(gw.port, { ...socksUser, port: echo.port });
    expect(socks.reply).toBe(SOCKS_REPLY.notAllowed);
    const openHttp = await openConnectTunnel(gw.port, user);
    const connect = await curl(['-i', '-p', '-x', gw.proxyUrl(user), url('/hello')]);
    expect(connect.connectStatus).toBe(429);
    expect(connect.body).toMatch(/X-PTC-Error: 4101/i);
    expect((await curl(['-x', gw.proxyUrl(other), url('/hello')])).body).toBe('hello');
    expect(gw.gateway.stats().perProxy.get(socksUser.proxyId)).toBe(1);
    expect(gw.gateway.stats().perProxy.get(user.proxyId)).toBe(1);
    open.socket.destroy();
    openHttp.destroy();
    await expect.poll(() => gw.gateway.stats().perProxy.get(socksUser.proxyId)).toBeUndefined();
    await expect.poll(() => gw.gateway.stats().perProxy.get(user.proxyId)).toBeUndefined();
    const reopened = await socksExchange(gw.port, { ...socksUser, port: echo.port });
    expect(reopened.reply).toBe(0);
    reopened.socket.destroy();
    expect((await curl(['-x', gw.proxyUrl(user), url('/hello')])).body).toBe('hello');
    await gw.close();
  });

  it('refuses connections over the total limit with 429', async () => {
    const [first, second] = [makeCredential({ protocol: 'socks5' }), makeCredential()];
    const gw = await startTestGateway({ credentials: [first, second], limits: { maxConnections: 1 } });
    const open = await socksExchange(gw.port, { ...first, port: echo.port });
    expect(open.reply).toBe(0);
    const refused = await curl(['-i', '-x', gw.proxyUrl(second), url('/hello')]);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatch(/X-PTC-Error: 101/i);
    expect(gw.gateway.stats().connections).toBeGreaterThanOrEqual(1);
    open.socket.destroy();
    await gw.close();
  });
});

describe('shutdown and usage delivery', () => {
  it('flushes the last bytes on close, including those of tunnels still open', async () => {
    const user = makeCredential();
    const socksUser = makeCredential({ protocol: 'socks5' });
    const gw = await startTestGateway({ credentials: [user, socksUser], flushIntervalMs: 60_000 });
    const done = await curl(['-x', gw.proxyUrl(user), '--data-binary', 'x'.repeat(10_000), url('/upload')]);
    expect(done.body).toBe('10000');
    const open = await socksExchange(gw.port, { ...socksUser, port: echo.port });
    open.socket.write('abcdef');
    const echoed = new Promise<void>((resolve) => open.socket.once('data', () => resolve()));
    open.socket.resume();
    await echoed;
    expect(gw.sink.batches).toEqual([]);
    const cut = new Promise<void>((resolve) => open.socket.once('close', () => resolve()));
    await gw.close();
    await cut;
    await Promise.all([target.settled(), echo.settled()]);
    const totals = gw.sink.totals(user.proxyId);
    const tunnelTotals = gw.sink.totals(socksUser.proxyId);
    expect(totals.connections).toBe(1);
    expect(totals.bytesUp).toBeGreaterThan(10_000);
    expect(tunnelTotals).toEqual({
      bytesUp: 'abcdef'.length,
      bytesDown: 'echo:abcdef'.length,
      connections: 1,
    });
  });

  it('retries a batch the sink refused with the same batch id', async () => {
    const user = makeCredential();
    const gw = await startTestGateway({ credentials: [user], flushIntervalMs: 100 });
    gw.sink.failNext(2);
    expect((await curl(['-x', gw.proxyUrl(user), url('/hello')])).body).toBe('hello');
    await expect.poll(() => gw.sink.batches.length, { timeout: 5_000 }).toBeGreaterThan(0);
    const [failedOnce, failedTwice, applied] = gw.sink.attempts;
    expect(failedOnce?.ok).toBe(false);
    expect(failedTwice).toEqual({ batchId: failedOnce?.batchId, ok: false });
    expect(applied).toEqual({ batchId: failedOnce?.batchId, ok: true });
    expect(gw.sink.totals(user.proxyId).connections).toBe(1);
    await gw.close();
  });

  it('stops accepting connections on close', async () => {
    const gw = await startTestGateway();
    await gw.close();
    const socket = connect(gw.port, '127.0.0.1');
    const failed = await new Promise<boolean>((resolve) => {
      socket.once('error', () => resolve(true));
      socket.once('connect', () => resolve(false));
    });
    socket.destroy();
    expect(failed).toBe(true);
  });
});

describe('tunnel relay', () => {
  it('relays with splice where it can run unless told to use streams', async () => {
    expect(resolveRelay('stream')).toBeNull();
    expect(resolveRelay('auto')).toBe(spliceRelay);
    if (spliceRelay) expect(resolveRelay('splice')).toBe(spliceRelay);
    else expect(() => resolveRelay('splice')).toThrow(/cannot run here/);
    const gw = await startTestGateway();
    const expected = process.env.PTC_TEST_RELAY === 'stream' || !spliceRelay ? 'stream' : 'splice';
    expect(gw.gateway.stats().relay).toBe(expected);
    await gw.close();
  });
});

describe('idle tunnels', () => {
  it('closes a tunnel idle both ways for the idle timeout, and not one that carries bytes', async () => {
    const user = makeCredential({ protocol: 'socks5' });
    const gw = await startTestGateway({ credentials: [user], timeouts: { idleMs: 1_000 } });
    const events: string[] = [];
    const open = async (name: string) => {
      const exchange = await socksExchange(gw.port, { ...user, port: echo.port });
      expect(exchange.reply).toBe(0);
      exchange.socket.resume();
      const closed = untilClosed(exchange.socket).then(() => {
        events.push(`${name} closed`);
      });
      return { socket: exchange.socket, closed };
    };
    // Before the tunnel opens, so that its idle time can only be longer than measured.
    const idleSince = Date.now();
    const idle = await open('idle');
    const busy = await open('busy');
    // The busy one talks every 100 ms (its echo comes back: both directions move).
    const talk = setInterval(() => busy.socket.write('ping'), 100);
    await idle.closed;
    // A lower bound (load only makes it longer): not closed before its idle timeout.
    expect(Date.now() - idleSince).toBeGreaterThanOrEqual(1_000);
    // The busy one talks on for longer than the idle timeout, then falls quiet: it goes too.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    clearInterval(talk);
    events.push('busy quiet');
    await busy.closed;
    expect(events).toEqual(['idle closed', 'busy quiet', 'busy closed']);
    await gw.close();
  });
});
