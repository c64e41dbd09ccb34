// Seeds the data directory of the console benchmark (run.mjs) before the server opens it:
// a customer who has used the product (a balance, one dynamic-traffic proxy, 30 days of traffic,
// so the overview draws its charts) and a customer who has just registered (nothing at all, the
// overview's first-run state). Prints one JSON line: { active: token, fresh: token }.
//
//   node --import tsx bench/console/seed.ts --data-dir DIR
import { openDatabase, proxyUsageHourly } from '@ptc/db';
import { createProxy, createSession, createUser } from '@ptc/db/testing';

const at = process.argv.indexOf('--data-dir');
const dataDir = at >= 0 ? process.argv[at + 1] : undefined;
if (!dataDir) {
  process.stderr.write('usage: node --import tsx bench/console/seed.ts --data-dir DIR\n');
  process.exit(2);
}

const HOUR_MS = 3_600_000;

const handle = await openDatabase({ dataDir });
try {
  const active = await createUser(handle.db, { username: 'bench_active', balance: 125_500_000n });
  const proxy = await createProxy(handle.db, active.id);
  const now = Math.floor(Date.now() / HOUR_MS) * HOUR_MS;
  // One row every 3 hours over 30 days: both charts (24 hours by hour, 30 days by day) have bars.
  const rows = Array.from({ length: 240 }, (_, index) => ({
    proxyId: proxy.id,
    hour: new Date(now - index * 3 * HOUR_MS),
    bytesUp: BigInt(5_000_000 + ((index * 7_919) % 40_000_000)),
    bytesDown: BigInt(50_000_000 + ((index * 104_729) % 400_000_000)),
    connections: 10 + (index % 50),
  }));
  await handle.db.insert(proxyUsageHourly).values(rows);
  const fresh = await createUser(handle.db, { username: 'bench_fresh' });
  const [activeToken, freshToken] = await Promise.all([
    createSession(handle.db, active.id),
    createSession(handle.db, fresh.id),
  ]);
  process.stdout.write(`${JSON.stringify({ active: activeToken, fresh: freshToken })}\n`);
} finally {
  await handle.close();
}
