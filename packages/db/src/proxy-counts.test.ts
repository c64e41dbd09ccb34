import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inArray, sql } from './index';
import { type DatabaseHandle, queryRows } from './open-database';
import { proxies } from './schema';
import { createProxy, createTestDatabase, createUser } from './testing';

/** Per account and family: what proxy_counts says, and what counting the proxies says. */
const bothCounts = async (handle: DatabaseHandle) => {
  const kept = await queryRows<{ user_id: string; family: string; live: number; deleted: number }>(
    handle.db,
    sql`select user_id::text, family, sum(live)::int as live, sum(deleted)::int as deleted
        from proxy_counts group by 1, 2 having sum(live) <> 0 or sum(deleted) <> 0 order by 1, 2`,
  );
  const counted = await queryRows<{ user_id: string; family: string; live: number; deleted: number }>(
    handle.db,
    sql`select user_id::text, family, (count(*) filter (where deleted_at is null))::int as live,
          (count(*) filter (where deleted_at is not null))::int as deleted
        from proxies group by 1, 2 order by 1, 2`,
  );
  return { kept, counted };
};

describe('proxy_counts, kept by triggers on proxies', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(() => handle.close());

  const expectExact = async () => {
    const { kept, counted } = await bothCounts(handle);
    expect(kept).toEqual(counted);
    return kept;
  };

  it('counts live and deleted proxies of each family through inserts, deletions, moves and removals', async () => {
    const db = handle.db;
    const [alice, bob] = [await createUser(db), await createUser(db)];
    await createProxy(db, alice.id);
    await createProxy(db, alice.id, { family: 'static-ip', deletedAt: new Date() });
    // One statement of 700 rows, spread over every slot.
    await db.insert(proxies).values(
      Array.from({ length: 700 }, (_, index) => ({
        publicId: `bulk-${alice.id}-${index}`,
        userId: alice.id,
        family: index % 2 ? ('dynamic-ip' as const) : ('dynamic-traffic' as const),
        username: `bulk${alice.id}x${index}`,
        password: 'secretsecret0000',
      })),
    );
    expect(await expectExact()).toEqual([
      { user_id: alice.id.toString(), family: 'dynamic-ip', live: 350, deleted: 0 },
      { user_id: alice.id.toString(), family: 'dynamic-traffic', live: 351, deleted: 0 },
      { user_id: alice.id.toString(), family: 'static-ip', live: 0, deleted: 1 },
    ]);

    // A batch soft delete, a repeated one that changes nothing, then an undelete of a few.
    const deleting = sql`${proxies.userId} = ${alice.id} and ${proxies.family} = 'dynamic-ip'`;
    await db.update(proxies).set({ deletedAt: new Date() }).where(deleting);
    await db.update(proxies).set({ deletedAt: new Date() }).where(deleting);
    const few = (
      await queryRows<{ id: string }>(db, sql`select id::text from proxies where ${deleting} limit 3`)
    ).map((row) => BigInt(row.id));
    await db.update(proxies).set({ deletedAt: null }).where(inArray(proxies.id, few));
    // Updates that do not change the bucket cost nothing and change nothing.
    await db.update(proxies).set({ bytesUp: 5n, remark: 'x' }).where(sql`${proxies.userId} = ${alice.id}`);
    // A move to another account and family.
    await db
      .update(proxies)
      .set({ userId: bob.id, family: 'static-traffic' })
      .where(inArray(proxies.id, few.slice(0, 2)));
    expect(await expectExact()).toEqual([
      { user_id: alice.id.toString(), family: 'dynamic-ip', live: 1, deleted: 347 },
      { user_id: alice.id.toString(), family: 'dynamic-traffic', live: 351, deleted: 0 },
      { user_id: alice.id.toString(), family: 'static-ip', live: 0, deleted: 1 },
      { user_id: bob.id.toString(), family: 'static-traffic', live: 2, deleted: 0 },
    ]);

    // Removals, and a rolled-back insert that leaves no trace.
    await db
      .delete(proxies)
      .where(sql`${proxies.userId} = ${alice.id} and ${proxies.family} = 'dynamic-traffic'`);
    await db
      .transaction(async (tx) => {
        await tx.insert(proxies).values({
          publicId: `gone-${bob.id}`,
          userId: bob.id,
          family: 'static-ip',
          username: `gone${bob.id}`,
          password: 'secretsecret0000',
        });
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect(await expectExact()).toEqual([
      { user_id: alice.id.toString(), family: 'dynamic-ip', live: 1, deleted: 347 },
      { user_id: alice.id.toString(), family: 'static-ip', live: 0, deleted: 1 },
      { user_id: bob.id.toString(), family: 'static-traffic', live: 2, deleted: 0 },
    ]);
  });

  it('soft-deletes thousands of proxies of one family in one statement quickly', async () => {
    const db = handle.db;
    const user = await createUser(db);
    await db.insert(proxies).values(
      Array.from({ length: 5_000 }, (_, index) => ({
        publicId: `many-${user.id}-${index}`,
        userId: user.id,
        family: 'dynamic-ip' as const,
        username: `many${user.id}x${index}`,
        password: 'secretsecret0000',
      })),
    );
    const started = performance.now();
    await db.update(proxies).set({ deletedAt: new Date() }).where(sql`${proxies.userId} = ${user.id}`);
    const elapsed = performance.now() - started;
    console.info(`soft-deleted 5 000 proxies on ${handle.driver} in ${elapsed.toFixed(0)} ms`);
    // One counter row updated 5 000 times in one transaction took seconds (quadratic); 64 slots do not.
    expect(elapsed).toBeLessThan(handle.driver === 'postgres' ? 3_000 : 10_000);
    await expectExact();
  });

  it('starts again from zero when the table is truncated', async () => {
    await handle.db.execute(sql`truncate proxies cascade`);
    expect(await expectExact()).toEqual([]);
    expect(await queryRows(handle.db, sql`select * from proxy_counts`)).toEqual([]);
  });
});
