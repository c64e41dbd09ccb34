import { formatPtc, ok } from '@ptc/contracts';
import { eq, idempotencyKeys, ledgerEntries, sql, trafficPools } from '@ptc/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentUser } from '../../plugins/authentication';
import { call } from '../../test/accounts';
import { credit, signedInCustomer } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { readBalanceAndSum } from '../../test/wallet';
import { buyTrafficPackage } from '../traffic/traffic.service';
import { apiKeysJobs } from './api-keys.jobs';
import { withIdempotency } from './idempotency';

const PTC = 1_000_000n;

describe('idempotency keys', () => {
  let t: TestApp;
  let planId: string;
  let runs = 0;
  beforeAll(async () => {
    t = await createTestApp();
    // A spending call of the public API's shape: a real purchase through the ledger.
    t.app.post('/test/v2/traffic/buy', { preHandler: t.app.requireApiKey('write', 'v2') }, async (request) =>
      ok(
        await withIdempotency(request, async () => {
          runs += 1;
          const { package_id } = request.body as { package_id: string };
          const bought = await buyTrafficPackage(t.app.db, currentUser(request), package_id);
          return { pool_id: bought.pool.id, balance: formatPtc(bought.balance) };
        }),
      ),
    );
    const { token } = await signedInCustomer(t.database);
    const plans = await call(t.app, 'GET', '/proxy/traffic/payway', { token });
    planId = (plans.data as { id: string; gb: number }[]).find((plan) => plan.gb === 10)?.id ?? '';
  });
  afterAll(() => t.close());

  const customerWithKey = async (balance: bigint) => {
    const { user, token } = await signedInCustomer(t.database);
    if (balance > 0n) await credit(t.database.db, user.id, balance);
    const created = await call(t.app, 'POST', '/api/key', { token, body: { name: 'buyer' } });
    return { user, secret: created.data.password as string };
  };
  const buy = async (secret: string, idempotencyKey: string | null, packageId = planId) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/test/v2/traffic/buy',
      headers: {
        'x-api-key': secret,
        ...(idempotencyKey === null ? {} : { 'idempotency-key': idempotencyKey }),
      },
      payload: { package_id: packageId },
    });
    return { status: response.statusCode, headers: response.headers, ...response.json() };
  };
  const purchasesOf = async (userId: bigint) =>
    (await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, userId))).filter(
      (entry) => entry.kind === 'purchase',
    );

  it('charges once for ten concurrent retries with the same key, and answers all ten alike', async () => {
    const { user, secret } = await customerWithKey(100n * PTC);
    runs = 0;
    const answers = await Promise.all(Array.from({ length: 10 }, () => buy(secret, 'order-42')));
    expect(runs).toBe(1);
    for (const answer of answers)
      expect(answer).toMatchObject({ status: 200, code: 0, data: answers[0]?.data });
    expect(answers.filter((answer) => answer.headers['idempotent-replayed'] === 'true')).toHaveLength(9);
    expect(await purchasesOf(user.id)).toHaveLength(1);
    expect(
      await t.database.db.select().from(trafficPools).where(eq(trafficPools.userId, user.id)),
    ).toHaveLength(1);
    expect(await readBalanceAndSum(t.database.db, user.id)).toEqual({ balance: 55n * PTC, sum: 55n * PTC });
    // Another key is another purchase; no key at all runs every time.
    expect((await buy(secret, 'order-43')).data.balance).toBe('10.00');
    expect(await purchasesOf(user.id)).toHaveLength(2);
  });

  it('replays a refusal too, without running again, and refuses the key for a different request (1002)', async () => {
    const { user, secret } = await customerWithKey(1n * PTC);
    runs = 0;
    expect(await buy(secret, 'first')).toMatchObject({ status: 400, code: 3002 });
    await credit(t.database.db, user.id, 100n * PTC);
    const again = await buy(secret, 'first');
    expect(again).toMatchObject({ status: 400, code: 3002, headers: { 'idempotent-replayed': 'true' } });
    expect(runs).toBe(1);
    const reused = await buy(secret, 'first', '999999');
    expect(reused).toMatchObject({ status: 400, code: 1002, data: { reason: 'idempotency_key_reused' } });
    expect(await purchasesOf(user.id)).toHaveLength(0);
    expect(await buy(secret, 'x'.repeat(256))).toMatchObject({ code: 1002 });
    expect(await buy(secret, 'a\u0001b')).toMatchObject({ code: 1002 });
    expect((await buy(secret, null)).code).toBe(0);
    expect((await buy(secret, null)).code).toBe(0);
    expect(await purchasesOf(user.id)).toHaveLength(2);
  });

  it('tells a retry when the first request under its key never finished (a crash), instead of charging again', async () => {
    const { user, secret } = await customerWithKey(100n * PTC);
    // The same request under another key gives the fingerprint a claim of it carries.
    expect((await buy(secret, 'probe')).code).toBe(0);
    const [probe] = await t.database.db
      .select()
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.userId, user.id));
    await t.database.db.insert(idempotencyKeys).values({
      userId: user.id,
      key: 'crashed',
      fingerprint: probe?.fingerprint ?? '',
      createdAt: new Date(Date.now() - 11 * 60_000),
    });
    runs = 0;
    expect(await buy(secret, 'crashed')).toMatchObject({
      status: 400,
      code: 1002,
      data: { reason: 'idempotency_key_unfinished' },
    });
    expect(runs).toBe(0);
    expect(await purchasesOf(user.id)).toHaveLength(1);
  });

  it('keeps keys per account, and forgets them after 24 hours', async () => {
    const one = await customerWithKey(100n * PTC);
    const two = await customerWithKey(100n * PTC);
    expect((await buy(one.secret, 'shared-name')).code).toBe(0);
    expect((await buy(two.secret, 'shared-name')).code).toBe(0);
    expect(await purchasesOf(two.user.id)).toHaveLength(1);
    await t.database.db
      .update(idempotencyKeys)
      .set({ createdAt: sql`${idempotencyKeys.createdAt} - interval '25 hours'` })
      .where(eq(idempotencyKeys.userId, one.user.id));
    // An expired key runs anew (lazily), and the job removes what is left.
    expect((await buy(one.secret, 'shared-name')).headers['idempotent-replayed']).toBeUndefined();
    expect(await purchasesOf(one.user.id)).toHaveLength(2);
    await t.database.db
      .update(idempotencyKeys)
      .set({ createdAt: sql`${idempotencyKeys.createdAt} - interval '25 hours'` })
      .where(eq(idempotencyKeys.userId, one.user.id));
    const [job] = apiKeysJobs(t.database.db);
    expect(await job?.run(new Date())).toBeGreaterThanOrEqual(1);
    expect(
      await t.database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.userId, one.user.id)),
    ).toHaveLength(0);
  });
});
