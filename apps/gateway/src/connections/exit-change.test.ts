import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCredential, makeExit } from '../testing/factories';
import { socksExchange } from '../testing/socks-client';
import { startEchoTarget } from '../testing/targets';
import { startTestGateway } from '../testing/test-gateway';
import { startSocksUpstream, type TestUpstream } from '../testing/upstream-proxies';

let echo: Awaited<ReturnType<typeof startEchoTarget>>;
let oldUpstream: TestUpstream;
let newUpstream: TestUpstream;

beforeAll(async () => {
  [echo, oldUpstream, newUpstream] = await Promise.all([
    startEchoTarget(),
    startSocksUpstream({ password: 'secret' }),
    startSocksUpstream({ password: 'secret' }),
  ]);
});

afterAll(async () => {
  await Promise.all([echo.close(), oldUpstream.close(), newUpstream.close()]);
});

const upstreamExit = (upstream: TestUpstream) =>
  makeExit({
    kind: 'socks5',
    host: '127.0.0.1',
    port: upstream.port,
    usernameTemplate: '{user}',
    passwordTemplate: 'secret',
    account: 'acct',
  });

describe('a static proxy whose address is replaced (issue #21)', () => {
  it('closes the tunnels through the old exit on the change notice and sends new ones through the new exit', async () => {
    const oldExit = upstreamExit(oldUpstream);
    const newExit = upstreamExit(newUpstream);
    const proxy = makeCredential({
      protocol: 'socks5',
      family: 'static-ip',
      pricePerGb: null,
      exitId: oldExit.id,
    });
    // A dynamic proxy of the same gateway keeps its tunnel: only the replaced proxy's are cut.
    const other = makeCredential({ protocol: 'socks5' });
    const gw = await startTestGateway({
      credentials: [proxy, other],
      exits: [oldExit, newExit],
      enforcementIntervalMs: 60_000,
    });
    const before = await socksExchange(gw.port, { ...proxy, port: echo.port });
    expect(before.reply).toBe(0);
    const closed = new Promise<void>((resolve) => before.socket.once('close', () => resolve()));
    before.socket.resume();
    const bystander = await socksExchange(gw.port, { ...other, port: echo.port });
    expect(bystander.reply).toBe(0);
    let isBystanderClosed = false;
    bystander.socket.once('close', () => {
      isBystanderClosed = true;
    });
    bystander.socket.resume();
    const [oldSeen, newSeen] = [oldUpstream.seen.length, newUpstream.seen.length];
    expect(oldSeen).toBeGreaterThanOrEqual(1);

    // A notice that changes nothing for the proxy keeps its tunnel.
    gw.store.notifyChange(proxy.proxyId);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(gw.gateway.stats().perProxy.get(proxy.proxyId)).toBe(1);

    gw.store.update(proxy.proxyId, { exitId: newExit.id });
    gw.store.notifyChange(proxy.proxyId);
    await closed;
    const after = await socksExchange(gw.port, { ...proxy, port: echo.port });
    expect(after.reply).toBe(0);
    expect(newUpstream.seen).toHaveLength(newSeen + 1);
    expect(oldUpstream.seen).toHaveLength(oldSeen);
    expect(isBystanderClosed).toBe(false);
    after.socket.destroy();
    bystander.socket.destroy();
    await gw.close();
  });
});
