import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { curl } from '../testing/curl';
import { makeCredential, makeExit } from '../testing/factories';
import { MemoryAllowListStore } from '../testing/memory-allowlist';
import { startHttpTarget } from '../testing/targets';
import { startTestGateway, type TestGateway } from '../testing/test-gateway';
import { startHttpUpstream, type TestUpstream } from '../testing/upstream-proxies';

// Targeting by port (issue #21): an allow-listed source without credentials gets its entry's rule
// for the gateway port it connected to, the proxy's own area on any other port. Two exits in two
// states, each behind an upstream proxy of its own, tell which exit a connection went out by.
const TEMPLATES = { usernameTemplate: '{user}-session-{sid}', passwordTemplate: 'secret', account: 'acct' };
const proxy = makeCredential({ protocol: 'http', area: { country: 'US' } });
const socksProxy = makeCredential({ protocol: 'socks5', area: { country: 'US' } });
const CLIENT = '127.0.0.31';
const SOCKS_CLIENT = '127.0.0.32';

let gw: TestGateway;
let allowList: MemoryAllowListStore;
let target: Awaited<ReturnType<typeof startHttpTarget>>;
let newYork: TestUpstream;
let texas: TestUpstream;
let main: number;
let nyPort: number;
let txPort: number;
let badPort: number;

beforeAll(async () => {
  [target, newYork, texas] = await Promise.all([startHttpTarget(), startHttpUpstream(), startHttpUpstream()]);
  allowList = new MemoryAllowListStore();
  gw = await startTestGateway({
    credentials: [proxy, socksProxy],
    exits: [
      makeExit({
        kind: 'http',
        host: '127.0.0.1',
        port: newYork.port,
        country: 'US',
        state: 'ny',
        ...TEMPLATES,
      }),
      makeExit({
        kind: 'http',
        host: '127.0.0.1',
        port: texas.port,
        country: 'US',
        state: 'tx',
        ...TEMPLATES,
      }),
    ],
    listeners: [0, 1, 2, 3].map(() => ({ host: '127.0.0.1', port: 0, protocol: 'auto' as const })),
    allowList,
    allowListReloadMs: 60_000,
  });
  [main, nyPort, txPort, badPort] = gw.listeners.map((listener) => listener.port) as [
    number,
    number,
    number,
    number,
  ];
  const rules = { [nyPort]: 'state-ny', [txPort]: 'state-TX-session-abc123', [badPort]: 'country-de' };
  allowList.add(`${CLIENT}/32`, proxy, rules);
  allowList.add(`${SOCKS_CLIENT}/32`, socksProxy, rules);
  allowList.notifyChange();
  await new Promise((resolve) => setTimeout(resolve, 200));
});

afterAll(async () => {
  await Promise.all([gw.close(), target.close(), newYork.close(), texas.close()]);
});

const url = `http://127.0.0.1:${0}/hello`;
const hello = () => url.replace(':0/', `:${target.port}/`);
/** How many requests each exit's upstream saw while `run` ran. */
const exitsUsedBy = async (run: () => Promise<unknown>) => {
  const before = [newYork.seen.length, texas.seen.length];
  await run();
  return { ny: newYork.seen.length - (before[0] ?? 0), tx: texas.seen.length - (before[1] ?? 0) };
};
const viaHttp = (port: number, source = CLIENT, tunnel = false) =>
  curl(['--interface', source, ...(tunnel ? ['-p'] : []), '-x', `http://127.0.0.1:${port}`, hello()]);

describe('IP allow-list targeting by gateway port', () => {
  it("takes each port's rule for a listed source: New York on one port, Texas on the other, over HTTP forward and CONNECT", async () => {
    for (const tunnel of [true, false]) {
      const ny = await exitsUsedBy(async () => {
        for (let i = 0; i < 3; i += 1) expect((await viaHttp(nyPort, CLIENT, tunnel)).body).toBe('hello');
      });
      expect(gw.catalog.lookups.at(-1)).toMatchObject({ country: 'US', state: 'ny' });
      // Each CONNECT is an upstream connection of its own; forwarded requests may reuse one.
      expect(ny.tx).toBe(0);
      if (tunnel) expect(ny.ny).toBe(3);
      const tx = await exitsUsedBy(async () => {
        for (let i = 0; i < 3; i += 1) expect((await viaHttp(txPort, CLIENT, tunnel)).body).toBe('hello');
      });
      expect(gw.catalog.lookups.at(-1)).toMatchObject({ country: 'US', state: 'tx' });
      expect(tx.ny).toBe(0);
      if (tunnel) expect(tx.tx).toBe(3);
    }
    // The rule's session reaches the exit as a sticky session.
    expect(texas.seen.at(-1)?.username).toContain('session-');
  });

  it('takes the rules over SOCKS5 without authentication too', async () => {
    const socks = (port: number) =>
      curl(['--interface', SOCKS_CLIENT, '--socks5-hostname', `127.0.0.1:${port}`, hello()]);
    expect(await exitsUsedBy(async () => expect((await socks(nyPort)).body).toBe('hello'))).toEqual({
      ny: 1,
      tx: 0,
    });
    expect(await exitsUsedBy(async () => expect((await socks(txPort)).body).toBe('hello'))).toEqual({
      ny: 0,
      tx: 1,
    });
  });

  it("uses the proxy's own area on the main port (either state), and refuses a rule outside the proxy's area with the problem", async () => {
    const used = await exitsUsedBy(async () => {
      for (let i = 0; i < 4; i += 1) expect((await viaHttp(main, CLIENT, true)).body).toBe('hello');
    });
    expect(used.ny + used.tx).toBe(4);
    const lookup = gw.catalog.lookups.at(-1);
    expect(lookup).toMatchObject({ country: 'US' });
    expect(lookup?.state).toBeUndefined();
    const outside = await viaHttp(badPort);
    expect(outside.status).toBe(407);
    expect(outside.body).toContain('outside');
  });

  it('keeps password clients on a rule port as on the main port: their own username parameters, no rule', async () => {
    const withPassword = (port: number, username: string) =>
      curl(['-x', `http://${username}:${proxy.password}@127.0.0.1:${port}`, hello()]);
    expect(
      await exitsUsedBy(async () =>
        expect((await withPassword(nyPort, `${proxy.username}-state-tx`)).body).toBe('hello'),
      ),
    ).toEqual({ ny: 0, tx: 1 });
    expect((await withPassword(badPort, proxy.username)).status).toBe(200);
  });
});
