import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DataDirLockedError } from './data-dir-lock';
import { eq, sql } from './index';
import { MIGRATIONS_FOLDER } from './migrations-folder';
import { type DatabaseHandle, openDatabase, queryRows } from './open-database';
import { sessions, users } from './schema';
import { hashSessionToken } from './session-token';
import { createSession, createTestDatabase, createUser } from './testing';

describe('a test database', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(() => handle.close());

  it('is migrated and answers a ping', async () => {
    await handle.ping();
    const [row] = await handle.db.select({ n: sql<number>`count(*)::int` }).from(users);
    expect(row?.n).toBe(0);
  });

  it('keeps balances as exact 64-bit integers', async () => {
    const user = await createUser(handle.db, { balance: 9_007_199_254_740_993n });
    const [stored] = await handle.db.select().from(users).where(eq(users.id, user.id));
    expect(stored?.balance).toBe(9_007_199_254_740_993n);
  });

  it('refuses a negative balance with the check constraint', async () => {
    const user = await createUser(handle.db);
    await expect(
      handle.db.update(users).set({ balance: -1n }).where(eq(users.id, user.id)),
    ).rejects.toThrow();
    const [stored] = await handle.db.select().from(users).where(eq(users.id, user.id));
    expect(stored?.balance).toBe(0n);
  });

  it('refuses a second live account with the same email in another case', async () => {
    await createUser(handle.db, { email: 'Same@Example.test' });
    await expect(createUser(handle.db, { email: 'same@example.TEST' })).rejects.toThrow();
  });

  it('frees the email of a deleted account for reuse', async () => {
    const first = await createUser(handle.db, { email: 'reuse@example.test' });
    await handle.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, first.id));
    await expect(createUser(handle.db, { email: 'reuse@example.test' })).resolves.toBeTruthy();
  });

  it('delivers notifications to listeners until they unsubscribe', async () => {
    const received: string[] = [];
    const unlisten = await handle.listen('ptc_test_channel', (payload) => received.push(payload));
    await handle.notify('ptc_test_channel', 'first');
    await expect.poll(() => received).toEqual(['first']);
    await unlisten();
    await handle.notify('ptc_test_channel', 'second');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(received).toEqual(['first']);
  });

  it('stores only the hash of a session token', async () => {
    const user = await createUser(handle.db);
    const token = await createSession(handle.db, user.id);
    const rows = await handle.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(Buffer.from(rows[0]?.tokenHash ?? []).equals(Buffer.from(hashSessionToken(token)))).toBe(true);
    const stored = rows.map((row) => Object.values(row).map(String).join(' '));
    expect(stored.join()).not.toContain(token);
  });
});

describe.runIf(inject('ptcTestDatabase').driver === 'pglite')(
  'the embedded database in a data directory',
  () => {
    const dir = mkdtempSync(join(tmpdir(), 'ptc-datadir-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it('keeps data across a restart', async () => {
      const first = await openDatabase({ dataDir: dir });
      await createUser(first.db, { username: 'persisted' });
      await first.close();
      const second = await openDatabase({ dataDir: dir });
      const rows = await second.db.select().from(users).where(eq(users.username, 'persisted'));
      await second.close();
      expect(rows).toHaveLength(1);
      // Creating the database in an empty directory takes seconds; a loaded machine took over 20.
    }, 90_000);

    it('refuses a second opener of the same data directory with a clear message', async () => {
      const first = await openDatabase({ dataDir: dir });
      try {
        const second = openDatabase({ dataDir: dir });
        await expect(second).rejects.toBeInstanceOf(DataDirLockedError);
        await expect(second).rejects.toThrow(/already in use by another process/);
      } finally {
        await first.close();
      }
      const again = await openDatabase({ dataDir: dir });
      await again.close();
    });

    it('takes over the lock a crashed process left behind', async () => {
      const lockPath = join(dir, 'ptc.lock');
      // A pid far above pid_max belongs to no process.
      writeFileSync(lockPath, `99999999@${hostname()}`);
      const handle = await openDatabase({ dataDir: dir });
      try {
        expect(readFileSync(lockPath, 'utf8')).toBe(`${process.pid}@${hostname()}`);
        const rows = await handle.db.select().from(users).where(eq(users.username, 'persisted'));
        expect(rows).toHaveLength(1);
      } finally {
        await handle.close();
      }
      expect(existsSync(lockPath)).toBe(false);
    });
  },
);

describe.runIf(inject('ptcTestDatabase').driver === 'postgres')('PostgreSQL start-up', () => {
  it('elects exactly one job leader among processes, and a new one when it leaves', async () => {
    const context = inject('ptcTestDatabase');
    if (context.driver !== 'postgres') return;
    const { withDatabase } = await import('./testing/template');
    const name = `ptc_t_${context.runId}_leader`;
    const pg = (await import('pg')).default;
    const admin = new pg.Client({ connectionString: context.adminUrl });
    await admin.connect();
    await admin.query(`create database "${name}" template "${context.templateName}"`);
    try {
      const url = withDatabase(context.adminUrl, name);
      const [first, second] = await Promise.all(
        [1, 2].map(() => openDatabase({ databaseUrl: url, migrate: false, poolSize: 1 })),
      );
      if (!first || !second) throw new Error('not opened');
      const votes = await Promise.all([first.tryLeadership(), second.tryLeadership()]);
      expect(votes.filter(Boolean)).toHaveLength(1);
      const [leader, follower] = votes[0] ? [first, second] : [second, first];
      expect(await leader.tryLeadership()).toBe(true);
      await leader.close();
      await expect.poll(() => follower.tryLeadership(), { timeout: 5_000 }).toBe(true);
      await follower.close();
    } finally {
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    }
  });

  it('lets several processes migrate one empty database at once', async () => {
    const context = inject('ptcTestDatabase');
    if (context.driver !== 'postgres') return;
    const pg = (await import('pg')).default;
    const { withDatabase } = await import('./testing/template');
    const name = `ptc_t_${context.runId}_concurrent`;
    const admin = new pg.Client({ connectionString: context.adminUrl });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    try {
      const url = withDatabase(context.adminUrl, name);
      const handles = await Promise.all([1, 2, 3].map(() => openDatabase({ databaseUrl: url, poolSize: 1 })));
      try {
        const [first] = handles;
        if (!first) throw new Error('not opened');
        // Each migration of the journal was applied exactly once.
        const journalPath = join(MIGRATIONS_FOLDER, 'meta', '_journal.json');
        const { entries } = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: unknown[] };
        const applied = await queryRows<{ runs: number; migrations: number }>(
          first.db,
          sql`select count(*)::int as runs, count(distinct hash)::int as migrations from drizzle.__drizzle_migrations`,
        );
        expect(applied).toEqual([{ runs: entries.length, migrations: entries.length }]);
        // And every process works on the migrated schema.
        const user = await createUser(first.db);
        for (const handle of handles) expect(await handle.db.$count(users, eq(users.id, user.id))).toBe(1);
      } finally {
        await Promise.all(handles.map((h) => h.close()));
      }
    } finally {
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    }
  });
});
