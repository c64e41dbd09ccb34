// The database side of the API benchmark, one process per database: it migrates and seeds the
// benchmark account (100 000 proxies in bulk SQL, the supply, the balance, a session), derives the
// fixture the scenarios need, and measures the bare-SQL baseline: the very statements the server
// runs for each scenario (captured from the server's own repository and service code through a
// logging Drizzle instance), replayed on the same driver with no HTTP, no validation and no
// presentation. run.mjs bundles this file with esbuild and forks it before it starts the server
// (PGlite is opened by one process at a time).
//
//   argv: <postgres|pglite> <DATABASE_URL|DATA_DIR> <settings as JSON>
//   answers over IPC: { type: 'result', fixture, seed, baselines } or { type: 'error', error }.
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { PGlite } from '@electric-sql/pglite';
import {
  dynamicTrafficRequestSchema,
  GENERATION_MAX_COUNT,
  type Micro,
  proxyExportRequestSchema,
  proxyListQuerySchema,
  staticIpRequestSchema,
} from '@ptc/contracts';
import { type Database, demoExits, lockDataDir, openDatabase, queryRows, sql } from '@ptc/db';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { downloadExport, exportProxies } from '../../apps/server/src/modules/proxies/export/export.service';
import {
  planDynamicTraffic,
  planStaticIp,
} from '../../apps/server/src/modules/proxies/generation/generation.plans';
import { generateProxies } from '../../apps/server/src/modules/proxies/generation/generation.service';
import { listProxies } from '../../apps/server/src/modules/proxies/list/list.repository';
import type { ProxiesDeps } from '../../apps/server/src/modules/proxies/proxies.deps';
import { familyOf } from '../../apps/server/src/modules/proxies/proxy-entity';
import { moveMoney } from '../../apps/server/src/modules/wallet/ledger.service';
import { createSession, createUser } from '../../packages/db/src/testing/factories';
import {
  EXPORT_COUNT,
  exportScenarios,
  GENERATION_MAX,
  generationScenarios,
  listScenarios,
  PAGE_SIZE,
} from './scenarios.mjs';

const [mode, target, settingsJson] = process.argv.slice(2);
if ((mode !== 'postgres' && mode !== 'pglite') || !target || !settingsJson) {
  throw new Error('usage: db-process <postgres|pglite> <DATABASE_URL|DATA_DIR> <settings JSON>');
}
const settings = JSON.parse(settingsJson) as {
  proxies: number;
  staticExits: number;
  requests: number;
  warmup: number;
  generations: number;
  exports: number;
};

/** The server's migrations (the bundle cannot find them relative to itself). */
const migrationsFolder = process.env.BENCH_API_MIGRATIONS;
if (!migrationsFolder) throw new Error('BENCH_API_MIGRATIONS is not set');

if (GENERATION_MAX !== GENERATION_MAX_COUNT) {
  throw new Error(
    `scenarios.mjs says the API allows ${GENERATION_MAX} proxies per generation, it allows ${GENERATION_MAX_COUNT}`,
  );
}

const log = (line: string) => process.stderr.write(`[bench:${mode}] ${line}\n`);

/** The seeded account's balance: plenty for every generation of the run (micro-PTC). */
const SEED_BALANCE: Micro = 1_000_000n * 1_000_000n;
/** Seconds between two seeded proxies' creation times (100 000 × 315 s ≈ one year). */
const CREATION_STEP_S = 315;
const BATCH = 10_000;

// ---------------------------------------------------------------- drivers

/** One statement as the server sends it: text with $n placeholders, and the driver values. */
interface Statement {
  text: string;
  params: unknown[];
}

/** The raw driver: pg.Client on PostgreSQL, the PGlite instance on PGlite. */
interface RawDriver {
  query(text: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  close(): Promise<void>;
}

const captured: Statement[] = [];
let isCapturing = false;
const logger = {
  logQuery: (text: string, params: unknown[]) => {
    if (isCapturing) captured.push({ text, params });
  },
};

const open = async () => {
  if (mode === 'postgres') {
    const handle = await openDatabase({ databaseUrl: target, poolSize: 2, migrationsFolder });
    const client = new pg.Client({ connectionString: target });
    await client.connect();
    const capturePool = new pg.Pool({ connectionString: target, max: 1 });
    const driver: RawDriver = {
      query: (text, params) => client.query(text, params as unknown[]),
      close: async () => {
        await client.end();
        await capturePool.end();
        await handle.close();
      },
    };
    const captureDb = drizzlePg({ client: capturePool, casing: 'snake_case', logger }) as unknown as Database;
    return { db: handle.db, driver, captureDb };
  }
  const release = lockDataDir(target);
  const pglite = new PGlite(join(target, 'pglite'));
  await pglite.waitReady;
  const handle = await openDatabase({ pglite, migrationsFolder });
  const driver: RawDriver = {
    query: (text, params) => pglite.query<Record<string, unknown>>(text, params),
    close: async () => {
      try {
        await handle.close();
      } finally {
        release();
      }
    },
  };
  const captureDb = drizzlePglite({ client: pglite, casing: 'snake_case', logger }) as unknown as Database;
  return { db: handle.db, driver, captureDb };
};

class Rollback extends Error {}

/** Transaction control that Drizzle logs too (begin, savepoints of nested transactions, the end). */
const TRANSACTION_CONTROL = /^\s*(begin|commit|rollback|savepoint|release\s+savepoint)\b/i;

/**
 * The statements `work` sends, run once for real on a logging Drizzle instance inside a
 * transaction that is then rolled back (so capturing a generation or an export changes nothing).
 * Transaction control is left out: the replay runs its own (one transaction for writes).
 */
const capture = async (captureDb: Database, work: (db: Database) => Promise<unknown>) => {
  captured.length = 0;
  isCapturing = true;
  try {
    await captureDb.transaction(async (tx) => {
      await work(tx as unknown as Database);
      throw new Rollback();
    });
  } catch (error) {
    if (!(error instanceof Rollback)) throw error;
  } finally {
    isCapturing = false;
  }
  return captured.filter((statement) => !TRANSACTION_CONTROL.test(statement.text));
};

/** Replays statements on the raw driver; writes run in a transaction that is rolled back. */
const replay = async (driver: RawDriver, statements: Statement[], inTransaction: boolean) => {
  const startedAt = performance.now();
  if (inTransaction) await driver.query('begin');
  const results: Record<string, unknown>[][] = [];
  try {
    for (const statement of statements)
      results.push((await driver.query(statement.text, statement.params)).rows);
  } finally {
    if (inTransaction) await driver.query('rollback');
  }
  return { ms: performance.now() - startedAt, results };
};

const timeReplays = async (
  driver: RawDriver,
  statements: Statement[],
  options: { count: number; warmup: number; inTransaction: boolean },
) => {
  for (let i = 0; i < options.warmup; i += 1) await replay(driver, statements, options.inTransaction);
  const samples: number[] = [];
  let first: Record<string, unknown>[][] = [];
  for (let i = 0; i < options.count; i += 1) {
    const run = await replay(driver, statements, options.inTransaction);
    samples.push(run.ms);
    if (i === 0) first = run.results;
  }
  return { samples, first };
};

// ---------------------------------------------------------------- seed

const literal = (value: string | null) => (value === null ? 'null' : `'${value.replace(/'/g, "''")}'`);

/**
 * The places proxies and static exits are spread over: the demo supply's places, the five US
 * ones twice (about 40 % of everything is in the US, where the generation scenarios buy).
 */
const placeSlots = async () => {
  const seen = new Map<
    string,
    { country: string; state: string | null; city: string | null; label: string | null }
  >();
  for (const exit of await demoExits()) {
    const key = `${exit.country}/${exit.state}/${exit.city}`;
    if (!seen.has(key))
      seen.set(key, {
        country: exit.country,
        state: exit.state ?? null,
        city: exit.city ?? null,
        label: exit.label ?? null,
      });
  }
  const places = [...seen.values()];
  const slots = [...places.filter((place) => place.country === 'US'), ...places];
  return slots
    .map(
      (place, slot) =>
        `(${slot}, ${literal(place.country)}, ${literal(place.state)}, ${literal(place.city)}, ${literal(place.label)})`,
    )
    .join(',\n');
};

const seed = async (db: Database, now: Date) => {
  const startedAt = performance.now();
  const slots = await placeSlots();
  const slotCount = slots.split('\n').length;
  const places = `places(slot, country, state, city, label) as (values ${slots})`;

  // Rotating supply: the demo's rotating exits (every place, line and type), then a static
  // inventory of our own in 198.18.0.0/15 (RFC 2544 benchmark addresses), 70 % residential.
  const demo = (await demoExits()).filter((exit) => !exit.isStatic);
  await db.execute(
    sql.raw(
      `insert into exits (kind, type, line, country, state, city, label, is_demo) values ${demo
        .map(
          (exit) =>
            `('direct', ${literal(exit.type)}, ${exit.line}, ${literal(exit.country)}, ${literal(exit.state ?? null)}, ${literal(
              exit.city ?? null,
            )}, ${literal(exit.label ?? null)}, false)`,
        )
        .join(', ')}`,
    ),
  );
  await db.execute(
    sql.raw(`with ${places}
      insert into exits (kind, type, line, country, state, city, label, ip, is_static, is_demo)
      select 'direct', case when mod(n, 10) < 7 then 'residential' else 'datacenter' end, 1,
        p.country, p.state, p.city, p.label,
        '198.' || (18 + n / 65536) || '.' || mod(n / 256, 256) || '.' || mod(n, 256), true, false
      from generate_series(1, ${settings.staticExits}) n
      join places p on p.slot = mod(n * 7, ${slotCount})`),
  );

  const user = await createUser(db, { username: 'bench_api', email: 'bench-api@example.test' });
  const token = await createSession(db, user.id);
  await moveMoney(db, {
    userId: user.id,
    amount: SEED_BALANCE,
    kind: 'adjustment',
    idempotencyKey: `bench-api:seed:${user.id}`,
    note: 'API benchmark balance',
  });

  // 100 000 proxies in batches of one INSERT … SELECT each. Every attribute is a deterministic
  // function of the row number, so both databases hold the same data: families 75 / 12 / 5 / 8 %,
  // one creation every 315 s over a year, statuses as the lifecycle jobs would have left them
  // (expired after their validity, static addresses released a day later), 2 % unhealthy, 1 %
  // invalid, 10 % switched off, 4 % deleted, 10 % with a remark, traffic already billed.
  const start = new Date(now.getTime() - settings.proxies * CREATION_STEP_S * 1000);
  for (let lo = 1; lo <= settings.proxies; lo += BATCH) {
    const hi = Math.min(settings.proxies, lo + BATCH - 1);
    await db.execute(sql`with ${sql.raw(places)},
      base as (
        select d.*,
          case when d.f < 75 then 'dynamic-traffic'
               when d.f < 87 then 'dynamic-ip'
               when d.f < 92 then 'static-traffic'
               else 'static-ip' end as family,
          ${start}::timestamptz + make_interval(secs => d.g * ${CREATION_STEP_S}) as created
        from (
          select g,
            mod(abs(hashint8(g)::bigint), 100) as f,
            mod(abs(hashint8(g + 1000000000)::bigint), 1000) as r,
            mod(abs(hashint8(g + 2000000000)::bigint), 1000) as q,
            mod(abs(hashint8(g + 3000000000)::bigint), 100) as d,
            mod(abs(hashint8(g + 4000000000)::bigint), 1000) as m,
            mod(abs(hashint8(g + 5000000000)::bigint) * 97, 200000000) as up,
            mod(abs(hashint8(g + 6000000000)::bigint), ${slotCount}) as slot
          from generate_series(${lo}::bigint, ${hi}::bigint) g
        ) d
      ),
      timed as (
        select b.*,
          case b.family
            when 'dynamic-ip' then b.created + interval '1 day'
            when 'static-ip' then b.created + case when b.q < 200 then interval '1 day' else interval '30 days' end
          end as expires,
          b.family in ('dynamic-traffic', 'static-traffic') as by_traffic,
          b.family like 'static%' as is_static
        from base b
      )
      insert into proxies (public_id, user_id, family, username, password, protocol, status, switch,
        country, state, city, line, exit_type, remark, generate_type, precision, session, auto_renew,
        rotation, renew_days, released_at, billed_bytes, cost_total, purchased_at, expires_at, deleted_at,
        bytes_up, bytes_down, last_used_at, created_at, updated_at)
      select
        substr(md5('p' || t.g), 1, 14) || lpad(t.g::text, 6, '0'),
        ${user.id},
        t.family,
        'u' || lpad(t.g::text, 6, '0') || substr(md5('u' || t.g), 1, 5),
        substr(md5('w' || t.g), 1, 8) || upper(substr(md5('x' || t.g), 1, 8)),
        case when mod(t.m, 5) = 0 then 'socks5' else 'http' end,
        case when t.expires is not null and t.expires <= ${now} then 3
             when t.r < 20 then 4
             when t.r < 30 then 2
             else 1 end,
        case when t.r >= 900 then 6 else 5 end,
        p.country,
        case when t.is_static or mod(t.q, 10) >= 5 then p.state end,
        case when t.is_static or mod(t.q, 10) >= 7 then p.city end,
        case when t.family = 'dynamic-traffic' then 1 + mod(t.g, 4) end,
        case when t.is_static then case when mod(t.q, 10) < 7 then 'residential' else 'datacenter' end end,
        case when t.m < 100 then 'shop-' || lpad(mod(t.m, 50)::text, 2, '0') end,
        case when t.family = 'dynamic-traffic' and t.q < 300 then 'by_common'
             when t.family = 'dynamic-ip' and t.q < 200 then 'by_ip'
             else 'by_area' end,
        case when t.is_static or mod(t.q, 10) >= 7 then 'city' when mod(t.q, 10) >= 5 then 'state' else 'country' end,
        case when not t.is_static then substr(md5('s' || t.g), 1, 8) end,
        t.family = 'static-ip' and t.expires > ${now}::timestamptz + interval '1 day' and mod(t.q, 3) = 0,
        t.family = 'dynamic-traffic' and p.country in ('US', 'TW') and mod(t.q, 10) = 0,
        case when t.family = 'static-ip' then case when t.q < 200 then 1 else 30 end end,
        case when t.family = 'static-ip' and t.expires <= ${now}::timestamptz - interval '1 day'
             then t.expires + interval '1 day' end,
        case when t.by_traffic then t.up * 6 else 0 end,
        case when t.by_traffic then t.up * 6 * 5000000 / 1073741824
             when t.family = 'dynamic-ip' then 150000
             when t.q < 200 then 500000
             else 7990000 end,
        t.created,
        t.expires,
        case when t.d < 4 then least(t.created + interval '2 days', ${now}::timestamptz) end,
        case when t.by_traffic then t.up else 0 end,
        case when t.by_traffic then t.up * 5 else 0 end,
        case when t.by_traffic and mod(t.g, 2) = 0 then least(t.created + interval '1 day', ${now}::timestamptz) end,
        t.created,
        t.created
      from timed t join places p on p.slot = t.slot`);
    log(`seeded ${hi.toLocaleString('en-US')} proxies`);
  }

  // Leases: every live static proxy that still holds an address gets one of the inventory's
  // (oldest first, as a shop that has sold for a year), and takes that address's place.
  await db.execute(sql`with wanted as (
      select id, exit_type, row_number() over (partition by exit_type order by id) as n
      from proxies
      where user_id = ${user.id} and family in ('static-traffic', 'static-ip')
        and deleted_at is null and status <> 2 and released_at is null
    ),
    stock as (
      select id, type, country, state, city, row_number() over (partition by type order by id) as n
      from exits where is_static
    )
    update proxies set exit_id = s.id, country = s.country, state = s.state, city = s.city
    from wanted w join stock s on s.type = w.exit_type and s.n = w.n
    where proxies.id = w.id`);
  await db.execute(sql.raw('vacuum analyze'));
  return { user, token, seconds: (performance.now() - startedAt) / 1000 };
};

// ---------------------------------------------------------------- fixture

const iso = (value: unknown) => new Date(value as string | Date).toISOString();

const deriveFixture = async (db: Database, userId: bigint, now: Date) => {
  const families = await queryRows<{ family: string; deleted: boolean; n: number }>(
    db,
    sql`select family, deleted_at is not null as deleted, count(*)::int as n from proxies
        where user_id = ${userId} group by 1, 2 order by 1, 2`,
  );
  const live = (family: string) => families.find((row) => row.family === family && !row.deleted)?.n ?? 0;
  const liveDynamicTraffic = live('dynamic-traffic');
  const lastPage = Math.ceil(liveDynamicTraffic / PAGE_SIZE);
  const slice = (offset: number, limit: number) =>
    queryRows<{ public_id: string; created_at: string | Date; username: string }>(
      db,
      sql`select public_id, created_at, username from proxies
          where user_id = ${userId} and family = 'dynamic-traffic' and deleted_at is null
          order by created_at desc, id desc offset ${offset} limit ${limit}`,
    );
  const exportRows = await slice(10_000, EXPORT_COUNT);
  const selected = await slice(20_000, EXPORT_COUNT);
  const [sample] = await slice(30_000, 1);
  const leased = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from exits where is_static and exists (
          select 1 from proxies where exit_id = exits.id and deleted_at is null and status <> 2)`,
  );
  const monthEnd = new Date(now.getTime() - 60 * 86_400_000);
  return {
    userId: userId.toString(),
    families: Object.fromEntries(
      families.map((row) => [`${row.family}${row.deleted ? ' (deleted)' : ''}`, row.n]),
    ),
    total: families.reduce((sum, row) => sum + row.n, 0),
    liveDynamicTraffic,
    leasedExits: leased[0]?.n ?? 0,
    lastPage,
    middlePage: Math.max(1, Math.floor(lastPage / 2)),
    usernamePrefix: (sample?.username ?? 'u0').slice(0, 6),
    monthStart: new Date(monthEnd.getTime() - 30 * 86_400_000).toISOString(),
    monthEnd: monthEnd.toISOString(),
    exportStart: iso(exportRows.at(-1)?.created_at),
    exportEnd: iso(exportRows[0]?.created_at),
    exportIds: selected.map((row) => row.public_id),
  };
};

// ---------------------------------------------------------------- baselines

/** Query values as the HTTP client sends them (strings), parsed by the route's own schema. */
const asQuery = (query: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(query).map(([key, value]) => [key, String(value)]));

const GENERATION_PLANS = {
  'dynamic/traffic': (form: Record<string, unknown>) =>
    planDynamicTraffic(dynamicTrafficRequestSchema.parse(form)),
  'static/ip': (form: Record<string, unknown>) => planStaticIp(staticIpRequestSchema.parse(form)),
} as const;

/**
 * The bare-SQL baselines. The writes go first (each replay runs in a transaction that is rolled
 * back), then VACUUM ANALYZE: their dead rows would otherwise sit in half the table's pages and
 * cost the lists heap visits that neither the server nor the bare SQL would meet in the HTTP
 * phase (which reads the lists before it writes anything).
 */
const baselines = async (
  driver: RawDriver,
  captureDb: Database,
  user: Awaited<ReturnType<typeof createUser>>,
  fixture: Awaited<ReturnType<typeof deriveFixture>>,
) => {
  const results: Record<string, unknown> = {};
  // Generation and export write: each replay runs in a transaction that is rolled back.
  const deps = {
    db: captureDb,
    database: { db: captureDb },
    config: { gateway: { publicHost: 'localhost', port: 8000 } },
  } as unknown as ProxiesDeps;
  for (const scenario of generationScenarios()) {
    const plan = GENERATION_PLANS[scenario.path as keyof typeof GENERATION_PLANS](scenario.form);
    const statements = await capture(captureDb, (db) =>
      generateProxies({ ...deps, db, database: { db } } as unknown as ProxiesDeps, user, plan, new Date()),
    );
    const { samples } = await timeReplays(driver, statements, {
      count: settings.generations,
      warmup: 1,
      inTransaction: true,
    });
    results[scenario.key] = { statements: statements.length, samples };
    log(`bare SQL ${scenario.key}: ${statements.length} statement(s), ${samples.length} runs`);
  }
  for (const scenario of exportScenarios(fixture)) {
    const request = proxyExportRequestSchema.parse(scenario.body);
    const [generate, proxyType] = scenario.path.split('/') as ['dynamic' | 'static', 'traffic' | 'ip'];
    const statements = await capture(captureDb, async (db) => {
      const scoped = { ...deps, db, database: { db } } as unknown as ProxiesDeps;
      const file = await exportProxies(scoped, user, { generate, proxy_type: proxyType }, request);
      await downloadExport(scoped, user, file.url.split('/').at(-1) ?? '');
    });
    const { samples } = await timeReplays(driver, statements, {
      count: settings.exports,
      warmup: 1,
      inTransaction: true,
    });
    results[scenario.key] = { statements: statements.length, samples };
    log(`bare SQL ${scenario.key}: ${statements.length} statement(s), ${samples.length} runs`);
  }
  await driver.query('vacuum analyze');
  const now = new Date();
  for (const scenario of listScenarios(fixture)) {
    const [generate, proxyType] = scenario.path.split('/') as ['dynamic' | 'static', 'traffic' | 'ip'];
    const filters = proxyListQuerySchema.parse(asQuery(scenario.query));
    const statements = await capture(captureDb, (db) =>
      listProxies(db, user.id, familyOf(generate, proxyType), filters, now),
    );
    const { samples, first } = await timeReplays(driver, statements, {
      count: settings.requests,
      warmup: settings.warmup,
      inTransaction: false,
    });
    // The page is the answer with proxy rows, the total the answer of one row and one column
    // (the server may read a total kept in a table before the page, or count after it).
    const page = first.find((rows) => rows[0] && 'public_id' in rows[0]) ?? [];
    const single = first.find((rows) => rows.length === 1 && rows[0] && Object.keys(rows[0]).length === 1);
    const counted = single ? Object.values(single[0] ?? {})[0] : undefined;
    results[scenario.key] = {
      statements: statements.length,
      sql: statements.map((statement) => statement.text),
      params: statements.map((statement) => statement.params.map(String)),
      samples,
      ids: page.map((row) => row.public_id),
      total: counted === undefined ? null : Number(counted),
    };
    log(`bare SQL ${scenario.key}: ${statements.length} statement(s), ${samples.length} runs`);
  }

  return results;
};

// ---------------------------------------------------------------- main

const main = async () => {
  const { db, driver, captureDb } = await open();
  try {
    const now = new Date();
    log(`seeding ${settings.proxies.toLocaleString('en-US')} proxies`);
    const seeded = await seed(db, now);
    log(`seeded in ${seeded.seconds.toFixed(1)} s`);
    const fixture = await deriveFixture(db, seeded.user.id, now);
    const measured = await baselines(driver, captureDb, seeded.user, fixture);
    process.send?.({
      type: 'result',
      token: seeded.token,
      fixture,
      seedSeconds: seeded.seconds,
      baselines: measured,
    });
  } finally {
    await driver.close();
  }
};

main().then(
  () => process.disconnect?.(),
  (error: unknown) => {
    // Drizzle wraps driver errors ("Failed query: …"); the cause says what the database refused.
    const cause = (error as { cause?: { message?: string } })?.cause?.message;
    const message = `${String((error as Error)?.message ?? error).split('\n')[0]}${cause ? `: ${cause}` : ''}`;
    process.stderr.write(`[bench:${mode}] failed: ${message}\n${(error as Error)?.stack ?? ''}\n`);
    process.send?.({ type: 'error', error: message }, () => process.exit(1));
  },
);
