import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GatewayLogger } from '../gateway.types';
import type { Admission } from '../ports';
import { curl } from '../testing/curl';
import { makeCredential } from '../testing/factories';
import { socksExchange } from '../testing/socks-client';
import { startEchoTarget, startHttpTarget } from '../testing/targets';
import { startTestGateway, type TestGateway, type TestGatewayOptions } from '../testing/test-gateway';

let echo: Awaited<ReturnType<typeof startEchoTarget>>;

beforeAll(async () => {
  echo = await startEchoTarget();
});

afterAll(async () => {
  await echo.close();
});

/** Opens a SOCKS5 tunnel to the echo target and answers when it closes. */
const openTunnel = async (gw: TestGateway, credential: { username: string; password: string }) => {
  const exchange = await socksExchange(gw.port, { ...credential, port: echo.port });
  expect(exchange.reply).toBe(0);
  const closed = new Promise<void>((resolve) => exchange.socket.once('close', () => resolve()));
  exchange.socket.resume();
  exchange.socket.write('still here');
  return { socket: exchange.socket, closed };
};

/** Resolves when `text` comes back through a tunnel to the echo target. */
const echoes = (socket: Socket, text: string) =>
  new Promise<void>((resolve) => {
    let received = '';
    const onData = (chunk: Buffer) => {
      received += chunk.toString('latin1');
      if (!received.includes(`echo:${text}`)) return;
      socket.off('data', onData);
      resolve();
    };
    socket.on('data', onData);
    socket.write(text);
  });

/**
 * A test gateway whose enforcement is recorded in order: `check` for each admission check asked of
 * the store, `check failed` when one fails, `closed <reason>` when one closes a proxy's connections.
 * `until` resolves once the events satisfy a condition.
 */
const startWatchedGateway = async (options: TestGatewayOptions) => {
  const events: string[] = [];
  const waiters = new Set<() => void>();
  const record = (event: string) => {
    events.push(event);
    for (const waiter of waiters) waiter();
  };
  const log: GatewayLogger = {
    info: (fields, message) => {
      if (message === 'closed connections') record(`closed ${(fields as { reason: string }).reason}`);
    },
    warn: (_fields, message) => {
      if (message === 'admission check failed') record('check failed');
    },
    error() {},
    debug() {},
  };
  const gw = await startTestGateway({ ...options, log });
  const checkAdmission = gw.store.checkAdmission.bind(gw.store);
  gw.store.checkAdmission = (proxyIds) => {
    record('check');
    return checkAdmission(proxyIds);
  };
  const until = (isDone: (events: string[]) => boolean) =>
    new Promise<void>((resolve) => {
      const waiter = () => {
        if (!isDone(events)) return;
        waiters.delete(waiter);
        resolve();
      };
      waiters.add(waiter);
      waiter();
    });
  return { gw, events, until };
};

const switchedOff: Admission = { ok: false, reason: 'off' };

describe('enforcement of open connections', () => {
  it('closes an open tunnel at once when its proxy is switched off and the store says so', async () => {
    const user = makeCredential({ protocol: 'socks5' });
    const { gw, events } = await startWatchedGateway({ credentials: [user], enforcementIntervalMs: 60_000 });
    const tunnel = await openTunnel(gw, user);
    expect(gw.gateway.stats().perProxy.get(user.proxyId)).toBe(1);
    gw.store.setAdmission(user.proxyId, switchedOff);
    gw.store.notifyChange(user.proxyId);
    await tunnel.closed;
    // Cut by the check the notification asked for: the periodic one is a minute away.
    expect(events).toEqual(['check', 'closed off']);
    await expect.poll(() => gw.gateway.stats().perProxy.get(user.proxyId)).toBeUndefined();
    // New connections are refused at once too: the cached credential was dropped.
    const again = await socksExchange(gw.port, { ...user, port: echo.port });
    expect(again.reply).toBe(0x02);
    await gw.close();
  });

  it('also closes the target side of a tunnel it cuts', async () => {
    const own = await startEchoTarget();
    const user = makeCredential({ protocol: 'socks5' });
    const gw = await startTestGateway({ credentials: [user], enforcementIntervalMs: 60_000 });
    const exchange = await socksExchange(gw.port, { ...user, port: own.port });
    expect(exchange.reply).toBe(0);
    exchange.socket.resume();
    exchange.socket.write('still here');
    await expect.poll(() => own.received.length).toBe(1);
    gw.store.setAdmission(user.proxyId, switchedOff);
    gw.store.notifyChange(user.proxyId);
    // Resolves only once the gateway closed its connection to the target.
    await own.settled();
    await gw.close();
    await own.close();
  });

  it('closes an open tunnel within seconds through the periodic check, without a notification', async () => {
    const user = makeCredential({ protocol: 'socks5' });
    const { gw, events } = await startWatchedGateway({ credentials: [user], enforcementIntervalMs: 500 });
    const tunnel = await openTunnel(gw, user);
    gw.store.setAdmission(user.proxyId, { ok: false, reason: 'no_funds' });
    // Checks asked before (the store answers at once, so they found the proxy admitted).
    const before = events.length;
    await tunnel.closed;
    // The first periodic check after the change cut it: within one interval (half a second here).
    expect(events.slice(before, before + 2)).toEqual(['check', 'closed no_funds']);
    await gw.close();
  });

  it('closes every connection of the proxies that changed when told "anything changed"', async () => {
    const user = makeCredential({ protocol: 'socks5' });
    const other = makeCredential({ protocol: 'socks5' });
    const gw = await startTestGateway({ credentials: [user, other], enforcementIntervalMs: 60_000 });
    const [first, second, kept] = await Promise.all([
      openTunnel(gw, user),
      openTunnel(gw, user),
      openTunnel(gw, other),
    ]);
    gw.store.setAdmission(user.proxyId, { ok: false, reason: 'expired' });
    gw.store.notifyChange(null);
    await Promise.all([first.closed, second.closed]);
    expect(kept.socket.destroyed).toBe(false);
    kept.socket.destroy();
    await gw.close();
  });

  it('closes the tunnels of a deleted proxy and refuses it afterwards', async () => {
    const user = makeCredential({ protocol: 'socks5' });
    const gw = await startTestGateway({ credentials: [user], enforcementIntervalMs: 60_000 });
    const tunnel = await openTunnel(gw, user);
    gw.store.remove(user.proxyId);
    gw.store.notifyChange(user.proxyId);
    await tunnel.closed;
    const refused = await curl(['-x', gw.proxyUrl(user), `http://127.0.0.1:${echo.port}/`]);
    expect(refused.status).toBe(407);
    await gw.close();
  });

  it('closes an idle keep-alive forward connection of a switched-off proxy', async () => {
    const user = makeCredential();
    const target = await startHttpTarget();
    const gw = await startTestGateway({ credentials: [user], enforcementIntervalMs: 60_000 });
    const socket = connect(gw.port, '127.0.0.1');
    const auth = Buffer.from(`${user.username}:${user.password}`).toString('base64');
    let answer = '';
    socket.on('data', (chunk: Buffer) => {
      answer += chunk.toString();
    });
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    socket.write(
      `GET http://127.0.0.1:${target.port}/hello HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
        `Proxy-Authorization: Basic ${auth}\r\n\r\n`,
    );
    await expect.poll(() => answer).toContain('hello');
    expect(socket.destroyed).toBe(false);
    gw.store.setAdmission(user.proxyId, switchedOff);
    gw.store.notifyChange(user.proxyId);
    await closed;
    await Promise.all([gw.close(), target.close()]);
  });

  it('keeps connections open while the store is unavailable', async () => {
    const user = makeCredential({ protocol: 'socks5' });
    const { gw, events, until } = await startWatchedGateway({
      credentials: [user],
      enforcementIntervalMs: 100,
    });
    const tunnel = await openTunnel(gw, user);
    gw.store.isFailing = true;
    const from = events.length;
    const failed = (all: string[]) => all.slice(from).filter((event) => event === 'check failed');
    const closed = (all: string[]) => all.slice(from).filter((event) => event.startsWith('closed'));
    await until((all) => failed(all).length >= 2 || closed(all).length > 0);
    // Two checks failed and closed nothing: the tunnel still carries bytes both ways.
    expect(closed(events)).toEqual([]);
    await echoes(tunnel.socket, 'after the outage');
    gw.store.isFailing = false;
    tunnel.socket.destroy();
    await gw.close();
  });
});
