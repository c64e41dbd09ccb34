import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Admission } from '../ports';
import { curl } from '../testing/curl';
import { makeCredential } from '../testing/factories';
import { socksExchange } from '../testing/socks-client';
import { startEchoTarget, startHttpTarget } from '../testing/targets';
import { startTestGateway, type TestGateway } from '../testing/test-gateway';

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
  const closed = new Promise<number>((resolve) => exchange.socket.once('close', () => resolve(Date.now())));
  exchange.socket.resume();
  exchange.socket.write('still here');
  return { socket: exchange.socket, closed };
};

const switchedOff: Admission = { ok: false, reason: 'off' };

describe('enforcement of open connections', () => {
  it('closes an open tunnel at once when its proxy is switched off and the store says so', async () => {
    const user = makeCredential({ protocol: 'socks5' });
    const gw = await startTestGateway({ credentials: [user], enforcementIntervalMs: 60_000 });
    const tunnel = await openTunnel(gw, user);
    expect(gw.gateway.stats().perProxy.get(user.proxyId)).toBe(1);
    const at = Date.now();
    gw.store.setAdmission(user.proxyId, switchedOff);
    gw.store.notifyChange(user.proxyId);
    expect((await tunnel.closed) - at).toBeLessThan(1_000);
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
    const settled = await Promise.race([
      own.settled().then(() => true),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 2_000)),
    ]);
    expect(settled).toBe(true);
    await gw.close();
    await own.close();
  });

  it('closes an open tunnel within seconds through the periodic check, without a notification', async () => {
    const user = makeCredential({ protocol: 'socks5' });
    const gw = await startTestGateway({ credentials: [user], enforcementIntervalMs: 500 });
    const tunnel = await openTunnel(gw, user);
    const at = Date.now();
    gw.store.setAdmission(user.proxyId, { ok: false, reason: 'no_funds' });
    expect((await tunnel.closed) - at).toBeLessThan(5_000);
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
    const gw = await startTestGateway({ credentials: [user], enforcementIntervalMs: 100 });
    const tunnel = await openTunnel(gw, user);
    gw.store.isFailing = true;
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(tunnel.socket.destroyed).toBe(false);
    gw.store.isFailing = false;
    tunnel.socket.destroy();
    await gw.close();
  });
});
