// Seeds a database for the benchmarks that run the built product (wrk-forward.mjs): one user with a
// prepaid balance that came through the ledger, and one dynamic-traffic proxy of that user.
// Run by wrk-forward.mjs as `node --import tsx bench/gateway/seed.ts …` (the workspace packages ship
// TypeScript source); prints one JSON line: { userId, proxyId, username, password, balance }.
//
//   --data-dir DIR | --database-url postgres://…   where (PGlite in DIR/pglite, or PostgreSQL)
//   --migrations DIR                               the migrations the built server ships
//                                                  (apps/server/dist/migrations), so that the
//                                                  server finds its schema exactly as it expects it
//   --balance MICRO                                the balance in micro-PTC (1 PTC = 1 000 000)
//
// The rows are written with plain SQL naming only the columns that matter, rather than with the
// `@ptc/db/testing` factories: those insert and return every column of the *source* schema, which
// may be ahead of the built server's migrations while someone works on the schema.
import { randomBytes } from 'node:crypto';
import { openDatabase, queryRows, sql } from '@ptc/db';

const option = (name: string): string | undefined => {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1] : undefined;
};

const dataDir = option('data-dir');
const databaseUrl = option('database-url');
const migrationsFolder = option('migrations');
const balance = BigInt(option('balance') ?? '0');
if ((!dataDir && !databaseUrl) || !migrationsFolder || balance <= 0n) {
  process.stderr.write(
    'usage: node --import tsx bench/gateway/seed.ts (--data-dir DIR | --database-url URL) --migrations DIR --balance MICRO>0\n',
  );
  process.exit(2);
}

const handle = await openDatabase({ dataDir, databaseUrl, migrationsFolder });
try {
  const id = randomBytes(6).toString('hex');
  const username = `u${id}`;
  const password = `pw${randomBytes(8).toString('hex')}`;
  const seeded = await handle.db.transaction(async (tx) => {
    const db = tx as unknown as typeof handle.db;
    const [user] = await queryRows<{ id: string }>(
      db,
      sql`insert into users (uid, email, username, invite_code, balance, total_top_up)
          values (${`u_${id}`}, ${`bench-${id}@example.test`}, ${`bench_${id}`}, ${id.toUpperCase()}, ${balance}, ${balance})
          returning id::text as id`,
    );
    if (!user) throw new Error('insert returned no user');
    // The balance came from a top-up: balance == sum(entries) holds, as the ledger service keeps it.
    await db.execute(
      sql`insert into ledger_entries (user_id, amount, kind, idempotency_key, balance_after, note)
          values (${BigInt(user.id)}, ${balance}, 'topup', ${`bench-seed-topup-${id}`}, ${balance}, 'gateway benchmark seed')`,
    );
    const [proxy] = await queryRows<{ id: string }>(
      db,
      sql`insert into proxies (public_id, user_id, family, username, password)
          values (${`p_${id}`}, ${BigInt(user.id)}, 'dynamic-traffic', ${username}, ${password})
          returning id::text as id`,
    );
    if (!proxy) throw new Error('insert returned no proxy');
    return { userId: user.id, proxyId: proxy.id };
  });
  process.stdout.write(`${JSON.stringify({ ...seeded, username, password, balance: balance.toString() })}\n`);
} finally {
  await handle.close();
}
