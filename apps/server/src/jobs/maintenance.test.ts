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
    // What PostgreSQL knows of the table: the planner's row estimate (-1 until it is analysed)
    // and how many times it was vacuumed and analysed by hand.
    const upkeep = async () =>
      (
        await queryRows<{ estimate: number; vacuums: number; analyses: number }>(
          handle.db,
          sql`select c.reltuples::int as estimate, s.vacuum_count::int as vacuums, s.analyze_count::int as analyses
              from pg_class c join pg_stat_user_tables s on s.relid = c.oid
              where c.relname = 'proxies'`,
        )
      )[0];
    expect(await upkeep()).toEqual({ estimate: -1, vacuums: 0, analyses: 0 });
    await jobs[0]?.run(new Date());
    expect(await upkeep()).toEqual({ estimate: 5, vacuums: 1, analyses: 1 });
  });
});
