import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProxyCredential, SubUserLimits } from '../ports';
import { type DownloadPath, type DownloadResult, downloadThrough, uploadThrough } from '../testing/downloads';
import { makeCredential, TEST_PRICE_PER_GB } from '../testing/factories';
import { socksExchange } from '../testing/socks-client';
import { startEchoTarget, startHttpTarget, type TestTarget } from '../testing/targets';
import { startTestGateway, type TestGateway } from '../testing/test-gateway';

const MIB = 1_048_576;
/** What one connection may carry past its allowance (as for owners, credit-control.test.ts). */
const BOUND_PER_CONNECTION = 256 * 1024;
const BIG = 50 * MIB;
const PATHS: DownloadPath[] = ['connect', 'socks5', 'forward'];
const moneyFor = (bytes: number) => (bytes * TEST_PRICE_PER_GB) / 1_073_741_824;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let sequence = 0;
/** A sub-user's credential: its own owner with plenty of money, and these limits. */
const subUserCredential = (via: DownloadPath, limits: Partial<SubUserLimits>): ProxyCredential => {
  sequence += 1;
  return makeCredential({
    userId: `sub-owner-${sequence}`,
    protocol: via === 'socks5' ? 'socks5' : 'http',
    subUser: {
      id: `sub-${sequence}`,
      trafficLimitBytes: null,
      spendingLimit: null,
      bytesUsed: 0,
      moneyUsed: 0,
      periodEndsAt: Date.now() + 86_400_000,
      ...limits,
    },
  });
};
/** SOCKS5 answers 0x02 (not allowed); HTTP says which limit: 4017. */
const limitRefusal = (via: DownloadPath) =>
  via === 'socks5' ? { status: 2, code: null } : { status: 403, code: '4017' };

describe("sub-users in the gateway: a sub-user's connections carry no more than its limit of the period", () => {
  let t: TestGateway;
  let target: TestTarget;
  beforeAll(async () => {
    target = await startHttpTarget();
    t = await startTestGateway({
      creditOptions: { idleReleaseMs: 300, renewIntervalMs: 100, staleAfterMs: 400 },
    });
  });
  afterAll(async () => {
    await t?.close();
    await target?.close();
  });

  const download = (credential: ProxyCredential, via: DownloadPath, path = `/bytes/${BIG}`) =>
    downloadThrough(t.port, credential, target.port, path, via);
  const totalOf = (results: DownloadResult[]) => results.reduce((sum, result) => sum + result.bytes, 0);

  /** Rounds of `count` downloads until the gateway refuses the sub-user; the answers that carried bytes. */
  const useUp = async (credential: ProxyCredential, via: DownloadPath, count: number) => {
    const results: DownloadResult[] = [];
    for (let round = 0; round < 10; round += 1) {
      const answers = await Promise.all(Array.from({ length: count }, () => download(credential, via)));
      results.push(...answers.filter((answer) => answer.refusal === null));
      const refused = answers.find((answer) => answer.refusal !== null);
      if (refused) return { results, refusal: refused.refusal };
    }
    throw new Error('the gateway never refused the sub-user');
  };

  for (const via of PATHS) {
    it(`a sub-user with a 1 MB traffic limit cannot move 50 MB in a long connection over ${via}; then it is refused (4017)`, async () => {
      const credential = subUserCredential(via, { trafficLimitBytes: MIB });
      t.store.put(credential);
      // The owner could pay for 1 GB: only the sub-user's limit stops the download.
      t.credit.setCredit(credential.userId, { money: moneyFor(1024 * MIB) });
      const first = await download(credential, via);
      expect(first.refusal).toBeNull();
      expect(first.bytes).toBeGreaterThan(MIB / 2);
      expect(first.bytes).toBeLessThanOrEqual(MIB + BOUND_PER_CONNECTION);
      expect(first.closedAt - first.lastByteAt).toBeLessThan(1_000);
      const { results, refusal } = await useUp(credential, via, 1);
      expect(refusal).toEqual(limitRefusal(via));
      expect(first.bytes + totalOf(results)).toBeLessThanOrEqual(
        MIB + BOUND_PER_CONNECTION * (1 + results.length),
      );
      // The owner's other proxies are not affected.
      const own = makeCredential({ userId: credential.userId, protocol: credential.protocol });
      t.store.put(own);
      const ownAnswer = await download(own, via, `/bytes/${2 * MIB}`);
      expect(ownAnswer.refusal).toBeNull();
      expect(ownAnswer.bytes).toBeGreaterThanOrEqual(2 * MIB);
    });
  }

  it('shares the limit among concurrent connections: four at a time carry the limit and the bound each, no more', async () => {
    const credential = subUserCredential('connect', { trafficLimitBytes: 3 * MIB });
    t.store.put(credential);
    t.credit.setCredit(credential.userId, { money: moneyFor(1024 * MIB) });
    const { results, refusal } = await useUp(credential, 'connect', 4);
    expect(refusal).toEqual(limitRefusal('connect'));
    expect(totalOf(results)).toBeGreaterThan(1.5 * MIB);
    expect(totalOf(results)).toBeLessThanOrEqual(3 * MIB + BOUND_PER_CONNECTION * results.length);
  });

  it("carves from grants of the sub-user's limit held in the store (shared with other processes), given back once it is idle", async () => {
    const credential = subUserCredential('connect', { trafficLimitBytes: 2 * MIB });
    const subUser = credential.subUser as SubUserLimits;
    t.store.put(credential);
    t.credit.setCredit(credential.userId, { money: moneyFor(1024 * MIB) });
    // Another process holds 1.5 MB of the 2 MB: this one carries what is left, and the bound.
    t.credit.holdForAnotherProcess(subUser.id, { bytes: 1.5 * MIB, money: 0 });
    const { results, refusal } = await useUp(credential, 'connect', 1);
    expect(refusal).toEqual(limitRefusal('connect'));
    expect(totalOf(results)).toBeGreaterThan(MIB / 4);
    expect(totalOf(results)).toBeLessThanOrEqual(MIB / 2 + BOUND_PER_CONNECTION * results.length);
    expect(
      t.credit.subUserRequests.filter((request) => request.subUserId === subUser.id).length,
    ).toBeGreaterThan(0);
    // Idle: what it held is given back (the other process's hold stays).
    await expect.poll(() => t.credit.subUserHeld(subUser.id).bytes, { timeout: 3_000 }).toBe(1.5 * MIB);
  });

  it('bounds uploads the same way', async () => {
    const credential = subUserCredential('connect', { trafficLimitBytes: 2 * MIB });
    t.store.put(credential);
    t.credit.setCredit(credential.userId, { money: moneyFor(1024 * MIB) });
    const sink = await startHttpTarget();
    try {
      await uploadThrough(t.port, credential, sink.port, '/upload', BIG, 'connect');
      await sink.settled();
      expect(sink.traffic.received).toBeGreaterThan(MIB);
      expect(sink.traffic.received).toBeLessThanOrEqual(2 * MIB + BOUND_PER_CONNECTION);
    } finally {
      await sink.close();
    }
  });

  it('counts what was used this period before, and a spending limit in money at the proxy price', async () => {
    const credential = subUserCredential('connect', {
      spendingLimit: Math.ceil(moneyFor(3 * MIB)),
      moneyUsed: Math.floor(moneyFor(2 * MIB)),
    });
    t.store.put(credential);
    t.credit.setCredit(credential.userId, { money: moneyFor(1024 * MIB) });
    const { results, refusal } = await useUp(credential, 'connect', 1);
    expect(refusal).toEqual(limitRefusal('connect'));
    expect(totalOf(results)).toBeGreaterThan(MIB / 2);
    expect(totalOf(results)).toBeLessThanOrEqual(MIB + BOUND_PER_CONNECTION * results.length + 1024);
  });

  it('a raised limit lets the sub-user carry on at once; what it used is kept', async () => {
    const credential = subUserCredential('connect', { trafficLimitBytes: MIB });
    t.store.put(credential);
    t.credit.setCredit(credential.userId, { money: moneyFor(1024 * MIB) });
    const first = await download(credential, 'connect');
    expect(first.bytes).toBeLessThanOrEqual(MIB + BOUND_PER_CONNECTION);
    const limits = credential.subUser as SubUserLimits;
    // The owner raises the limit by 2 MB: the server announces the change.
    t.store.update(credential.proxyId, { subUser: { ...limits, trafficLimitBytes: 3 * MIB } });
    t.store.notifyChange(credential.proxyId);
    await sleep(50);
    const second = await download(credential, 'connect');
    expect(second.refusal).toBeNull();
    expect(second.bytes).toBeGreaterThan(MIB);
    expect(first.bytes + second.bytes).toBeLessThanOrEqual(3 * MIB + 2 * BOUND_PER_CONNECTION);
  });

  it('a paused sub-user is refused with 4016, and its open tunnel is cut when the store says so', async () => {
    const echo = await startEchoTarget();
    try {
      const tunnelled = subUserCredential('socks5', {});
      const subUser = tunnelled.subUser as SubUserLimits;
      // Its HTTP credential of the same sub-user (a sub-user has one; two here to see both protocols).
      const http = makeCredential({ userId: tunnelled.userId, protocol: 'http', subUser });
      t.store.put(tunnelled);
      t.store.put(http);
      t.credit.setCredit(tunnelled.userId, { money: moneyFor(1024 * MIB) });
      const exchange = await socksExchange(t.port, { ...tunnelled, port: echo.port });
      expect(exchange.reply).toBe(0);
      const closed = new Promise<number>((resolve) =>
        exchange.socket.once('close', () => resolve(Date.now())),
      );
      exchange.socket.resume();
      exchange.socket.write('still here');
      await sleep(100);
      const pausedAt = Date.now();
      for (const credential of [tunnelled, http]) {
        t.store.setAdmission(credential.proxyId, { ok: false, reason: 'sub_user_paused' });
        t.store.notifyChange(credential.proxyId);
      }
      expect((await closed) - pausedAt).toBeLessThan(1_000);
      expect((await download(http, 'connect', '/bytes/1024')).refusal).toEqual({ status: 403, code: '4016' });
      expect((await download(http, 'forward', '/bytes/1024')).refusal).toEqual({ status: 403, code: '4016' });
      // Resumed: carried again.
      t.store.setAdmission(http.proxyId, { ok: true });
      t.store.notifyChange(http.proxyId);
      const resumed = await download(http, 'connect', '/bytes/1024');
      expect(resumed.refusal).toBeNull();
    } finally {
      await echo.close();
    }
  });
});
