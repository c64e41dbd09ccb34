import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthenticatedClient } from '../auth/authenticator';
import { parseUsername } from '../auth/username-params';
import type { GatewayLogger } from '../gateway.types';
import type { Exit, ProxyCredential } from '../ports';
import { curl } from '../testing/curl';
import { makeCredential, makeExit } from '../testing/factories';
import { MemoryExitCatalog } from '../testing/memory-stores';
import { startHttpTarget } from '../testing/targets';
import { startTestGateway } from '../testing/test-gateway';
import { startHttpUpstream, type TestUpstream } from '../testing/upstream-proxies';
import { DialError, type DialRequest } from './exit-dialer';
import { ExitRouter } from './exit-router';
import { StickySessions } from './sticky-sessions';

const MINUTE = 60_000;
const silent: GatewayLogger = { info() {}, warn() {}, error() {}, debug() {} };
const target = { host: 'example.com', port: 443, addresses: ['93.184.216.34'] };

/** A router over ten exits whose dials succeed (or fail for `failing` exits), on a clock we move. */
const routerWith = (exits: Exit[], failing: Set<string> = new Set()) => {
  const clock = { now: 1_000_000 };
  const catalog = new MemoryExitCatalog(exits);
  const dialed: string[] = [];
  const router = new ExitRouter({
    catalog,
    sessions: new StickySessions({ maxSessions: 1_000, now: () => clock.now }),
    dialAttempts: 3,
    dialTimeoutMs: 1_000,
    sendHostnameUpstream: false,
    log: silent,
    dial: async (request: DialRequest) => {
      dialed.push(request.exit.id);
      if (failing.has(request.exit.id)) throw new DialError('exit', 'unreachable', 'down');
      return {
        exit: request.exit,
        socket: null as never,
        address: request.target.addresses[0] ?? '',
        baseline: { read: 0, written: 0 },
        reads: null,
      };
    },
  });
  const exitFor = async (credential: ProxyCredential, username: string) => {
    const parsed = parseUsername(username);
    if (!parsed.ok) throw new Error(parsed.problem);
    const client: AuthenticatedClient = { credential, params: parsed.params, area: credential.area };
    return (await router.connect(client, target)).exit.id;
  };
  return { clock, catalog, dialed, exitFor };
};

const tenExits = () => Array.from({ length: 10 }, () => makeExit());

describe('sticky exits', () => {
  it('keeps the exit of a session id for its lifetime', async () => {
    const { clock, exitFor } = routerWith(tenExits());
    const user = makeCredential();
    const first = await exitFor(user, `${user.username}-session-abc-life-10`);
    for (let i = 0; i < 5; i += 1) {
      clock.now += MINUTE;
      expect(await exitFor(user, `${user.username}-session-abc-life-10`)).toBe(first);
    }
  });

  it('spreads different session ids over more than one exit', async () => {
    const { exitFor } = routerWith(tenExits());
    const user = makeCredential();
    const used = new Set<string>();
    for (let i = 0; i < 40; i += 1) used.add(await exitFor(user, `${user.username}-session-s${i}`));
    expect(used.size).toBeGreaterThan(1);
  });

  it('lets the exit change when a -life-1 session expires', async () => {
    const { clock, exitFor } = routerWith(tenExits());
    const user = makeCredential();
    const epochs = new Set<string>();
    for (let i = 0; i < 12; i += 1) {
      const exit = await exitFor(user, `${user.username}-session-abc-life-1`);
      expect(await exitFor(user, `${user.username}-session-abc-life-1`)).toBe(exit);
      epochs.add(exit);
      clock.now += MINUTE + 1;
    }
    expect(epochs.size).toBeGreaterThan(1);
  });

  it('expires sessions without -life- after 1 to 3 minutes', async () => {
    const sessions = new StickySessions({ maxSessions: 100, now: () => clock.now });
    const clock = { now: 0 };
    const user = makeCredential();
    const params = { session: 'abc' };
    const first = sessions.choose(user, params);
    expect(first.lifeMinutes).toBeGreaterThanOrEqual(1);
    expect(first.lifeMinutes).toBeLessThanOrEqual(3);
    clock.now = MINUTE - 1;
    expect(sessions.choose(user, params).epoch).toBe(0);
    clock.now = 3 * MINUTE;
    expect(sessions.choose(user, params).epoch).toBe(1);
  });

  it('rotates a dynamic traffic proxy without session every 3 to 5 minutes, and keeps static exits', async () => {
    const clock = { now: 0 };
    const sessions = new StickySessions({ maxSessions: 100, now: () => clock.now });
    const rotating = makeCredential({ family: 'dynamic-traffic' });
    const perIp = makeCredential({ family: 'dynamic-ip' });
    const leased = makeCredential({ family: 'static-ip', exitId: 'exit-9' });
    const start = sessions.choose(rotating, {});
    clock.now = 3 * MINUTE - 1;
    expect(sessions.choose(rotating, {}).seed).toBe(start.seed);
    clock.now = 5 * MINUTE;
    expect(sessions.choose(rotating, {}).seed).not.toBe(start.seed);
    const ip = sessions.choose(perIp, {});
    const fixed = sessions.choose(leased, {});
    clock.now = 24 * 60 * MINUTE;
    expect(sessions.choose(perIp, {}).seed).toBe(ip.seed);
    expect(sessions.choose(leased, {}).seed).toBe(fixed.seed);
  });

  it('keeps the session table bounded', () => {
    const sessions = new StickySessions({ maxSessions: 10, now: () => 0 });
    const user = makeCredential();
    for (let i = 0; i < 100; i += 1) sessions.choose(user, { session: `s${i}` });
    expect(sessions.size).toBe(10);
  });

  it('moves a session to the next exit when its exit fails, and stays there', async () => {
    const exits = tenExits();
    const user = makeCredential();
    const probe = routerWith(exits);
    const preferred = await probe.exitFor(user, `${user.username}-session-xyz-life-30`);
    const { dialed, catalog, exitFor } = routerWith(exits, new Set([preferred]));
    const fallback = await exitFor(user, `${user.username}-session-xyz-life-30`);
    expect(fallback).not.toBe(preferred);
    expect(dialed).toEqual([preferred, fallback]);
    expect(catalog.failures.map((failure) => failure.exitId)).toEqual([preferred]);
    expect(await exitFor(user, `${user.username}-session-xyz-life-30`)).toBe(fallback);
  });
});

describe('sticky exits through the gateway (clock option)', () => {
  let upstreams: TestUpstream[];
  let httpTarget: Awaited<ReturnType<typeof startHttpTarget>>;

  beforeAll(async () => {
    [httpTarget, ...upstreams] = await Promise.all([
      startHttpTarget(),
      startHttpUpstream(),
      startHttpUpstream(),
      startHttpUpstream(),
      startHttpUpstream(),
    ]);
  });

  afterAll(async () => {
    await Promise.all([httpTarget.close(), ...upstreams.map((upstream) => upstream.close())]);
  });

  it('keeps a session on one upstream until -life-1 ends, then may move it', async () => {
    const clock = { now: Date.now() };
    const user = makeCredential();
    const exits = upstreams.map((upstream) =>
      makeExit({ kind: 'http', host: '127.0.0.1', port: upstream.port }),
    );
    const gw = await startTestGateway({
      credentials: [user],
      exits,
      now: () => clock.now,
      credentialTtlMs: 0,
    });
    // Which upstream carried the request (forward requests may reuse a pooled tunnel through it).
    const usedUpstream = async (username: string) => {
      const before = upstreams.map((upstream) => upstream.relayed);
      const result = await curl([
        '-x',
        gw.proxyUrl(user, username),
        `http://127.0.0.1:${httpTarget.port}/hello`,
      ]);
      expect(result.body).toBe('hello');
      return upstreams.findIndex((upstream, index) => upstream.relayed > (before[index] ?? 0));
    };
    const first = await usedUpstream(`${user.username}-session-keep-life-1`);
    expect(await usedUpstream(`${user.username}-session-keep-life-1`)).toBe(first);
    const across = new Set<number>();
    for (let i = 0; i < 8; i += 1) {
      clock.now += MINUTE + 1;
      across.add(await usedUpstream(`${user.username}-session-keep-life-1`));
    }
    expect(across.size).toBeGreaterThan(1);
    const sessions = new Set<number>();
    for (let i = 0; i < 8; i += 1) sessions.add(await usedUpstream(`${user.username}-session-n${i}`));
    expect(sessions.size).toBeGreaterThan(1);
    await gw.close();
  });
});
