import { eq, subUserGrants, subUserUsageDaily } from '@ptc/db';
import { createExit } from '@ptc/db/testing';
import { createGateway, type Gateway } from '@ptc/gateway';
import { createDbGatewayStores } from '@ptc/gateway/store';
import { type DownloadPath, type DownloadResult, downloadThrough } from '@ptc/gateway/testing/downloads';
import { startHttpTarget, type TestTarget } from '@ptc/gateway/testing/targets';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../test/accounts';
import { customerWithBalance } from '../../test/factories';
import { freePort, gatewayTestEnv } from '../../test/proxies';
import { createTestApp, type TestApp } from '../../test/test-app';

const MIB = 1_048_576;
/** What one open connection may carry past its credit (README "Credit control"), as for owners. */
const BOUND_PER_CONNECTION = 256 * 1024;
/** Far more than any limit here: only the gateways' enforcement ends these downloads early. */
const HUGE = 256 * MIB;

/**
 * Issue #21, item 2: a sub-user's limit is held in the database per gateway process (as an owner's
 * credit is), so what every process carries for one sub-user stays within its limit plus the
 * bound per open connection, summed over the processes.
 */
describe('sub-user limits held across gateway processes: two processes on one database carry no more than the limit and 256 KiB per connection', () => {
  let t: TestApp;
  let target: TestTarget;
  const gateways: { gateway: Gateway; port: number; close: () => Promise<void> }[] = [];

  beforeAll(async () => {
    [t, target] = await Promise.all([
      createTestApp({ ...gatewayTestEnv(await freePort()), GATEWAY_FLUSH_INTERVAL_MS: '200' }),
      startHttpTarget(),
    ]);
    await createExit(t.database.db, { country: 'US', line: 1 });
    // Two gateway processes: each its own stores (its own holder of grants) on the one database.
    for (let i = 0; i < 2; i += 1) {
      const stores = createDbGatewayStores(t.database, { creditTtlMs: 5_000 });
      const gateway = createGateway({
        ...stores,
        creditOptions: { ...stores.creditOptions, idleReleaseMs: 300 },
        listeners: [{ host: '127.0.0.1', port: 0, protocol: 'auto' }],
        allowPrivateTargets: ['127.0.0.0/8'],
        flushIntervalMs: 200,
        enforcementIntervalMs: 500,
        credentialTtlMs: 300,
      });
      const [bound] = await gateway.listen();
      gateways.push({
        gateway,
        port: bound?.port ?? 0,
        close: async () => {
          await gateway.close();
          await stores.credentials.close();
          await stores.allowList.close();
        },
      });
    }
  });
  afterAll(async () => {
    for (const gateway of gateways) await gateway.close();
    await target?.close();
    await t?.close();
  });

  /** A sub-user of a customer who could pay for far more than its limit. */
  const subUserWithLimit = async (trafficLimitBytes: number) => {
    const { token } = await customerWithBalance(t.database, 100_000_000n);
    const created = await call(t.app, 'POST', '/sub_users', {
      token,
      body: { name: 'shared', traffic_limit_bytes: trafficLimitBytes, period: 'day' },
    });
    expect(created.code).toBe(0);
    return created.data as { id: string; username: string; password: string };
  };

  /**
   * Rounds of `perProcess` downloads through each process at once, until a round is refused
   * everywhere: answers every connection that carried bytes, and the refusals.
   */
  const useUp = async (
    proxy: { username: string; password: string },
    via: DownloadPath,
    perProcess: number,
  ) => {
    const carried: DownloadResult[] = [];
    const refusals: NonNullable<DownloadResult['refusal']>[] = [];
    for (let round = 0; round < 10; round += 1) {
      const answers = await Promise.all(
        gateways.flatMap(({ port }) =>
          Array.from({ length: perProcess }, () =>
            downloadThrough(port, proxy, target.port, `/bytes/${HUGE}`, via),
          ),
        ),
      );
      carried.push(...answers.filter((answer) => answer.refusal === null));
      for (const answer of answers) if (answer.refusal) refusals.push(answer.refusal);
      if (answers.every((answer) => answer.refusal !== null)) return { carried, refusals };
    }
    throw new Error('the gateways never refused the sub-user');
  };
  const totalOf = (results: DownloadResult[]) => results.reduce((sum, result) => sum + result.bytes, 0);

  for (const via of ['connect', 'forward'] as const) {
    it(`a 1 MB traffic limit, one download through each process at once over ${via}: at most 1 MB and the bound per connection in all`, async () => {
      const subUser = await subUserWithLimit(MIB);
      const { carried, refusals } = await useUp(subUser, via, 1);
      // Without grants held in the database each process would carry its own 1 MB.
      expect(totalOf(carried)).toBeGreaterThan(MIB / 2);
      expect(totalOf(carried)).toBeLessThanOrEqual(MIB + BOUND_PER_CONNECTION * carried.length);
      expect(refusals.length).toBeGreaterThan(0);
      for (const refusal of refusals) expect(refusal).toEqual({ status: 403, code: '4017' });
    });
  }

  it('a 6 MB limit, two downloads through each process at once: the sum stays within the limit and the bound; the grants go back once it is idle', async () => {
    const subUser = await subUserWithLimit(6 * MIB);
    const { carried } = await useUp(subUser, 'connect', 2);
    expect(totalOf(carried)).toBeGreaterThan(3 * MIB);
    expect(totalOf(carried)).toBeLessThanOrEqual(6 * MIB + BOUND_PER_CONNECTION * carried.length);
    // The flushed figure agrees; the grants are consumed and given back once the sub-user is idle.
    const id = BigInt(subUser.id);
    await expect
      .poll(
        async () =>
          (await t.database.db.select().from(subUserGrants).where(eq(subUserGrants.subUserId, id))).length,
        { timeout: 10_000 },
      )
      .toBe(0);
    const [day] = await t.database.db
      .select({ bytes: subUserUsageDaily.bytes })
      .from(subUserUsageDaily)
      .where(eq(subUserUsageDaily.subUserId, id));
    expect(Number(day?.bytes ?? 0)).toBeLessThanOrEqual(6 * MIB + BOUND_PER_CONNECTION * carried.length);
    expect(Number(day?.bytes ?? 0)).toBeGreaterThanOrEqual(totalOf(carried) - carried.length * 4096);
  });
});
