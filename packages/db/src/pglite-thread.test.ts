import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { eq, sql } from './index';
import { type DatabaseHandle, isUniqueViolation, openDatabase, queryRows } from './open-database';
import { users } from './schema';
import { createUser } from './testing';

// The embedded database of a data directory runs in a worker thread (pglite-thread.ts). These
// tests open one as the server does and check that it behaves as PGlite in this thread would,
// and that a long statement no longer stops this thread's event loop.
describe.runIf(inject('ptcTestDatabase').driver === 'pglite')(
  'the embedded database in its own thread',
  () => {
    const dir = mkdtempSync(join(tmpdir(), 'ptc-thread-'));
    let handle: DatabaseHandle;
    beforeAll(async () => {
      handle = await openDatabase({ dataDir: dir });
    });
    afterAll(async () => {
      await handle?.close();
      rmSync(dir, { recursive: true, force: true });
    });

    it('answers Drizzle queries with parameters, bigints, JSON and timestamps as PGlite does', async () => {
      const user = await createUser(handle.db, { username: 'threaded', balance: 12_345_678_901n });
      const [row] = await handle.db.select().from(users).where(eq(users.id, user.id));
      expect(row?.balance).toBe(12_345_678_901n);
      expect(row?.createdAt).toBeInstanceOf(Date);
      const [raw] = await queryRows<{ n: string; j: unknown; t: string }>(
        handle.db,
        sql`select ${'x\u00e9'}::text as n, '{"a":[1,2]}'::jsonb as j, timestamptz '2026-11-24 10:00:00+00' as t`,
      );
      expect(raw).toEqual({ n: 'xé', j: { a: [1, 2] }, t: '2026-11-24 10:00:00+00' });
    });

    it('keeps the fields of database errors (a unique violation is recognised)', async () => {
      await createUser(handle.db, { username: 'twice' });
      const error = await createUser(handle.db, { username: 'twice' }).catch((caught: unknown) => caught);
      expect(isUniqueViolation(error)).toBe(true);
      expect((error as { cause?: { constraint?: string } }).cause?.constraint).toMatch(/username/);
    });

    it('commits a transaction, rolls back a failed one and its savepoints', async () => {
      await handle.db.transaction(async (tx) => {
        await createUser(tx, { username: 'committed' });
        await tx
          .transaction(async (inner) => {
            await createUser(inner, { username: 'savepoint-undone' });
            throw new Error('undo the savepoint');
          })
          .catch(() => undefined);
      });
      await expect(
        handle.db.transaction(async (tx) => {
          await createUser(tx, { username: 'rolled-back' });
          throw new Error('roll back');
        }),
      ).rejects.toThrow('roll back');
      const names = (await handle.db.select({ username: users.username }).from(users)).map((u) => u.username);
      expect(names).toContain('committed');
      expect(names).not.toContain('savepoint-undone');
      expect(names).not.toContain('rolled-back');
    });

    it('runs statements outside a transaction after it, not inside it', async () => {
      let outside: Promise<unknown> | null = null;
      await expect(
        handle.db.transaction(async (tx) => {
          await createUser(tx, { username: 'inside' });
          // Sent while the transaction is open: it waits for the end, so the rollback cannot undo it.
          outside = createUser(handle.db, { username: 'outside' });
          await new Promise((resolve) => setTimeout(resolve, 50));
          throw new Error('roll back the inside');
        }),
      ).rejects.toThrow('roll back the inside');
      await outside;
      const names = (await handle.db.select({ username: users.username }).from(users)).map((u) => u.username);
      expect(names).toContain('outside');
      expect(names).not.toContain('inside');
    });

    it('delivers notifications to listeners until they unsubscribe', async () => {
      const received: string[] = [];
      const unlisten = await handle.listen('thread_test', (payload) => received.push(payload));
      await handle.notify('thread_test', 'one');
      await expect.poll(() => received).toEqual(['one']);
      await unlisten();
      await handle.notify('thread_test', 'two');
      await handle.ping();
      expect(received).toEqual(['one']);
    });

    it('keeps this thread turning while a long statement runs', async () => {
      let longestGap = 0;
      let last = performance.now();
      const timer = setInterval(() => {
        const now = performance.now();
        longestGap = Math.max(longestGap, now - last);
        last = now;
      }, 2);
      const started = performance.now();
      try {
        await queryRows(handle.db, sql`select count(*) from generate_series(1, 2000000)`);
      } finally {
        clearInterval(timer);
      }
      // The gap up to now counts too (in this thread the timer would not have run at all).
      longestGap = Math.max(longestGap, performance.now() - last);
      const took = performance.now() - started;
      // The statement takes a few hundred milliseconds; run in this thread, the gap would be as long.
      expect(took).toBeGreaterThan(150);
      expect(longestGap).toBeLessThan(took / 3);
    });

    it('refuses queries once closed, with a clear error', async () => {
      const other = mkdtempSync(join(tmpdir(), 'ptc-thread-closed-'));
      try {
        const closing = await openDatabase({ dataDir: other });
        await closing.close();
        await expect(closing.ping()).rejects.toThrow(/closed/);
      } finally {
        rmSync(other, { recursive: true, force: true });
      }
    });
  },
);
