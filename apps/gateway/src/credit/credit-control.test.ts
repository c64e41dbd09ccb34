import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProxyCredential } from '../ports';
import { type DownloadPath, type DownloadResult, downloadThrough, uploadThrough } from '../testing/downloads';
import { makeCredential, TEST_PRICE_PER_GB } from '../testing/factories';
import { startHttpTarget, type TestTarget } from '../testing/targets';
import { startTestGateway, type TestGateway } from '../testing/test-gateway';

const MIB = 1_048_576;
/**
 * What one open connection may carry past its owner's credit (README: "Credit control"): splice
 * none; the stream relay and HTTP forwarding one read per direction that crosses the allowance
 * (128 KiB from the target, 64 KiB from the client), plus the heads.
 */
const BOUND_PER_CONNECTION = 256 * 1024;
/** Far more than any owner here can pay for: only a cut ends these downloads early. */
const HUGE = 1024 * MIB;
const PATHS: DownloadPath[] = ['connect', 'socks5', 'forward'];
/** Micro-PTC that `bytes` of traffic cost at the test price. */
const moneyFor = (bytes: number) => (bytes * TEST_PRICE_PER_GB) / 1_073_741_824;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let owners = 0;
/** A credential of an owner of its own. */
const ownCredential = (overrides: Partial<ProxyCredential> = {}) => {
  owners += 1;
  return makeCredential({ userId: `owner-${owners}`, ...overrides });
};

describe('credit control in the gateway: traffic is carried only against credit held for its owner', () => {
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

  const download = (credential: ProxyCredential, via: DownloadPath, path = `/bytes/${HUGE}`) =>
    downloadThrough(t.port, credential, target.port, path, via);

  /** Rounds of `count` downloads until the gateway refuses the owner; the answers that carried bytes. */
  const useUp = async (credential: ProxyCredential, via: DownloadPath, count: number) => {
    const results: DownloadResult[] = [];
    for (let round = 0; round < 10; round += 1) {
      const answers = await Promise.all(Array.from({ length: count }, () => download(credential, via)));
      results.push(...answers.filter((answer) => answer.refusal === null));
      const refused = answers.find((answer) => answer.refusal !== null);
      if (refused) return { results, refusal: refused.refusal };
    }
    throw new Error('the gateway never refused the owner');
  };
  const totalOf = (results: DownloadResult[]) => results.reduce((sum, result) => sum + result.bytes, 0);
  const refusalOf = (via: DownloadPath) =>
    via === 'socks5' ? { status: 2, code: null } : { status: 403, code: '3002' };
  /** A credential of an owner of its own, for the protocol `via` speaks. */
  const credentialFor = (via: DownloadPath) =>
    ownCredential({ protocol: via === 'socks5' ? 'socks5' : 'http' });

  for (const via of PATHS) {
    for (const count of [1, 4]) {
      it(`carries what the balance pays for and the bound, no more, over ${via} with ${count} connection(s)`, async () => {
        const credential = credentialFor(via);
        t.store.put(credential);
        const affordable = 2 * MIB;
        t.credit.setCredit(credential.userId, { money: moneyFor(affordable) });
        const overrunBefore = t.credit.overrun.money;
        const { results, refusal } = await useUp(credential, via, count);
        expect(refusal).toEqual(refusalOf(via));
        const total = totalOf(results);
        expect(total).toBeGreaterThan(affordable / 2);
        expect(total).toBeLessThanOrEqual(affordable + BOUND_PER_CONNECTION * results.length);
        // Every connection that got bytes was cut within 1 s of its last one.
        for (const result of results) expect(result.closedAt - result.lastByteAt).toBeLessThan(1_000);
        // What was carried past the holds came out of the owner's credit: never more than the bound.
        await sleep(300);
        expect(t.credit.overrun.money - overrunBefore).toBeLessThanOrEqual(
          moneyFor(BOUND_PER_CONNECTION * results.length) + 1,
        );
      });
    }
  }

  for (const via of PATHS) {
    it(`bounds uploads the same way: the target receives what the balance pays for and the bound, over ${via}`, async () => {
      const credential = credentialFor(via);
      t.store.put(credential);
      const affordable = 2 * MIB;
      t.credit.setCredit(credential.userId, { money: moneyFor(affordable) });
      const sink = await startHttpTarget();
      try {
        let connections = 0;
        for (let round = 0; round < 10; round += 1) {
          const answers = await Promise.all(
            Array.from({ length: 2 }, () =>
              uploadThrough(t.port, credential, sink.port, '/upload', HUGE * 16, via),
            ),
          );
          connections += answers.filter((answer) => !answer.refused).length;
          if (answers.some((answer) => answer.refused)) break;
        }
        await sink.settled();
        expect(connections).toBeGreaterThan(0);
        expect(sink.traffic.received).toBeGreaterThan(affordable / 2);
        expect(sink.traffic.received).toBeLessThanOrEqual(affordable + BOUND_PER_CONNECTION * connections);
        // Refused now (3002 / SOCKS 0x02).
        expect((await download(credential, via, '/bytes/1024')).refusal).toEqual(refusalOf(via));
      } finally {
        await sink.close();
      }
    });
  }

  it('carries a traffic package the same way, and lets the owner back in once credit returns', async () => {
    const credential = ownCredential();
    t.store.put(credential);
    const packageBytes = 3 * MIB;
    t.credit.setCredit(credential.userId, { packageBytes });
    const { results, refusal } = await useUp(credential, 'connect', 2);
    expect(refusal).toEqual(refusalOf('connect'));
    expect(totalOf(results)).toBeGreaterThan(packageBytes / 2);
    expect(totalOf(results)).toBeLessThanOrEqual(packageBytes + BOUND_PER_CONNECTION * results.length);
    // A top-up: within a few seconds (the refusal window is 1 s) the owner is carried again.
    t.credit.setCredit(credential.userId, { money: moneyFor(MIB) });
    const deadline = Date.now() + 5_000;
    let answer = await download(credential, 'connect', '/bytes/1024');
    while (answer.refusal !== null && Date.now() < deadline) {
      await sleep(100);
      answer = await download(credential, 'connect', '/bytes/1024');
    }
    expect(answer.refusal).toBeNull();
    expect(answer.bytes).toBeGreaterThan(1024);
  });

  it('does not meter proxies paid in advance against credit', async () => {
    const credential = ownCredential({ family: 'static-ip', pricePerGb: null });
    t.store.put(credential);
    t.credit.setCredit(credential.userId, { money: 0 });
    const before = t.credit.requests.length;
    const answer = await download(credential, 'connect', `/bytes/${4 * MIB}`);
    expect(answer.refusal).toBeNull();
    expect(answer.bytes).toBeGreaterThan(4 * MIB);
    expect(t.credit.requests.slice(before).filter((r) => r.userId === credential.userId)).toEqual([]);
  });

  it('asks for bigger grants when a busy owner comes back within a second', async () => {
    const credential = ownCredential();
    t.store.put(credential);
    const before = t.credit.requests.length;
    const answer = await download(credential, 'connect', `/bytes/${64 * MIB}`);
    expect(answer.refusal).toBeNull();
    const sizes = t.credit.requests
      .slice(before)
      .filter((r) => r.userId === credential.userId)
      .map((r) => r.bytes);
    expect(sizes[0]).toBe(4 * MIB);
    expect(sizes.length).toBeGreaterThan(1);
    expect(sizes.length).toBeLessThan(10);
    expect(sizes.at(-1)).toBeGreaterThan(sizes[0] ?? 0);
  });

  it('gives back an idle owner’s credit after its usage is flushed', async () => {
    const credential = ownCredential();
    t.store.put(credential);
    t.credit.setCredit(credential.userId, { money: moneyFor(64 * MIB) });
    const answer = await download(credential, 'connect', `/bytes/${MIB}`);
    expect(answer.refusal).toBeNull();
    await expect
      .poll(() => t.credit.creditOf(credential.userId).held, { timeout: 3_000, interval: 50 })
      .toEqual({ money: 0, packageBytes: 0 });
    // The owner paid for what was carried: the spendable credit is what it was less about 1 MiB.
    const { spendable } = t.credit.creditOf(credential.userId);
    const paid = moneyFor(64 * MIB) - spendable.money;
    expect(paid).toBeGreaterThanOrEqual(moneyFor(MIB) - 1);
    expect(paid).toBeLessThan(moneyFor(MIB + 64 * 1024));
  });

  it('refuses new connections with 500 (503) while credit cannot be asked for, and recovers', async () => {
    const credential = ownCredential();
    const socksCredential = makeCredential({ userId: credential.userId, protocol: 'socks5' });
    t.store.put(credential);
    t.store.put(socksCredential);
    t.credit.isFailing = true;
    try {
      expect((await download(credential, 'connect', '/bytes/1024')).refusal).toEqual({
        status: 503,
        code: '500',
      });
      expect((await download(socksCredential, 'socks5', '/bytes/1024')).refusal).toEqual({
        status: 1,
        code: null,
      });
    } finally {
      t.credit.isFailing = false;
    }
    await sleep(600);
    expect((await download(credential, 'connect', '/bytes/1024')).refusal).toBeNull();
  });

  it('holds that were not renewed are not carved from; connections wait and go on once renewed', async () => {
    const credential = ownCredential();
    t.store.put(credential);
    t.credit.failRenewals = true;
    let isDone = false;
    try {
      await sleep(600); // past staleAfterMs
      const pending = download(credential, 'connect', `/bytes/${MIB}`).then((answer) => {
        isDone = true;
        return answer;
      });
      await sleep(500);
      expect(isDone, 'no bytes carried on stale holds').toBe(false);
      t.credit.failRenewals = false;
      const answer = await pending;
      expect(answer.refusal).toBeNull();
      expect(answer.bytes).toBeGreaterThan(MIB);
    } finally {
      t.credit.failRenewals = false;
    }
  });
});
