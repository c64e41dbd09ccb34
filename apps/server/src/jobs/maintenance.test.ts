import { type DatabaseHandle, queryRows, sql } from '@ptc/db';
import { createProxy, createTestDatabase, createUser } from '@ptc/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maintenanceJobs } from './maintenance';

describe('embedded database upkeep', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(() => handle.close());

  it('vacuums and analyses PGlite, and leaves PostgreSQL to its autovacuum', async () => {
    const jobs = maintenanceJobs(handle);
    if (handle.driver === 'postgres') {
      expect(jobs).toEqual([]);
      return;
    }
    expect(jobs.map((job) => job.name)).toEqual(['embedded-vacuum']);
    const user = await createUser(handle.db);
    for (let i = 0; i < 5; i += 1) await createProxy(handle.db, user.id);
    // The planner's row estimate: -1 until the table is analysed.
    const estimate = async () =>
      (
        await queryRows<{ n: number }>(
          handle.db,
          sql`select reltuples::int as n from pg_class where relname = 'proxies'`,
        )
      )[0]?.n;
    expect(await estimate()).toBe(-1);
    await expect(jobs[0]?.run(new Date())).resolves.toBe(1);
    expect(await estimate()).toBe(5);
  });
});
