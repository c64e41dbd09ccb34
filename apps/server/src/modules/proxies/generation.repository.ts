import { and, asc, type Database, eq, exits, inArray, isNull, proxies, queryRows, sql, users } from '@ptc/db';
import { isExitLeased } from '../areas/supply';
import { sumUsableBytes } from '../traffic/traffic-pools.repository';
import { isAnyOf } from './proxies.repository';

/** A SQL condition. */
type SQL = ReturnType<typeof sql>;

/** An area as stored on proxies and exits: country upper case, city lower case. */
export interface Area {
  country: string | null;
  state: string | null;
  city: string | null;
}

/** The exits of an area (state compared case-insensitively, as the gateway does). */
export const inArea = (area: Area): SQL | undefined =>
  and(
    area.country ? eq(exits.country, area.country) : undefined,
    area.state ? sql`lower(${exits.state}) = lower(${area.state})` : undefined,
    area.city ? eq(exits.city, area.city) : undefined,
  );

/**
 * An exit is leased while a live proxy holds it: exactly the predicate of the unique index
 * `proxies_exit_lease_key`, so what we call free is what the index lets us take.
 */
export const isLeased = isExitLeased;

/**
 * Takes the user's generation slot: one per second (SPEC §9), decided by the database clock in
 * one statement, so concurrent requests of one user cannot both pass. Answers the balance and
 * what is held of it and of bought traffic, or null when the previous generation was less than a
 * second ago.
 */
export const claimGenerationSlot = async (db: Database, userId: bigint, intervalMs: number) => {
  const [row] = await db
    .update(users)
    .set({ lastGenerationAt: sql`now()` })
    .where(
      and(
        eq(users.id, userId),
        isNull(users.deletedAt),
        sql`(${users.lastGenerationAt} is null or ${users.lastGenerationAt} <= now() - make_interval(secs => ${intervalMs / 1000}))`,
      ),
    )
    .returning({ balance: users.balance, held: users.held, heldPackageBytes: users.heldPackageBytes });
  return row ?? null;
};

/** Bought traffic still usable (bytes). */
export const readTrafficLeft = sumUsableBytes;

/** How many exits the area has at all, and how many of them serve the request. */
export const countExits = async (db: Database, area: Area, serving: SQL | undefined) => {
  const [row] = await db
    .select({
      inArea: sql<number>`count(*)::int`,
      serving: sql<number>`(count(*) filter (where ${serving ?? sql`true`}))::int`,
    })
    .from(exits)
    .where(inArea(area));
  return { inArea: row?.inArea ?? 0, serving: row?.serving ?? 0 };
};

/** Healthy exits that carry rotating traffic (not part of the static inventory). */
export const servesRotating = (line: number | null) =>
  and(eq(exits.isHealthy, true), eq(exits.isStatic, false), line ? eq(exits.line, line) : undefined);

/** Healthy static-inventory exits of a type. */
export const servesStatic = (type: 'residential' | 'datacenter') =>
  and(eq(exits.isHealthy, true), eq(exits.isStatic, true), eq(exits.type, type));

const exitColumns = {
  id: exits.id,
  ip: exits.ip,
  label: exits.label,
  country: exits.country,
  state: exits.state,
  city: exits.city,
  type: exits.type,
  isStatic: exits.isStatic,
  isHealthy: exits.isHealthy,
};

/** An exit as generation and the store see it. */
export type ExitSummary = {
  id: bigint;
  ip: string | null;
  label: string | null;
  country: string;
  state: string | null;
  city: string | null;
  type: 'residential' | 'datacenter';
  isStatic: boolean;
  isHealthy: boolean;
};

/** Up to `limit` free static exits of a type in an area, oldest first. */
export const findFreeStaticExits = (
  db: Database,
  type: 'residential' | 'datacenter',
  area: Area,
  limit: number,
  narrower?: SQL | undefined,
): Promise<ExitSummary[]> =>
  db
    .select(exitColumns)
    .from(exits)
    .where(and(servesStatic(type), inArea(area), narrower, sql`not ${isLeased}`))
    .orderBy(asc(exits.id))
    .limit(limit);

/** The given exits, with whether each is leased now. */
export const findExitsWithLease = (db: Database, ids: bigint[]) =>
  db
    .select({ ...exitColumns, leased: sql<boolean>`${isLeased}` })
    .from(exits)
    .where(inArray(exits.id, ids));

/** Areas of rotating exits whose address matches a pattern (a regular expression). */
export const findRotatingExitsByIp = (db: Database, ipRegex: string, limit: number) =>
  db
    .select(exitColumns)
    .from(exits)
    .where(and(servesRotating(null), sql`${exits.ip} ~ ${ipRegex}`))
    .orderBy(asc(exits.id))
    .limit(limit);

type NewProxy = typeof proxies.$inferInsert;

/** A column's name in the database: the schema is declared in camelCase and stored in snake_case. */
const storedName = (key: string) => key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/** A value as JSON carries it to `json_to_recordset`, which reads it with the column's own type. */
const jsonValue = (value: unknown) =>
  value instanceof Date ? value.toISOString() : typeof value === 'bigint' ? value.toString() : value;

/**
 * Inserts the generated proxies in one statement and answers them, in order. The rows travel as
 * ONE JSON parameter unpacked by `json_to_recordset`: a multi-row VALUES of 500 proxies has
 * about 12 000 parameters, and building that statement cost more CPU than the database spent
 * running it. Every row carries the same columns (`proxyRows`); the inserted rows are then read
 * back through the typed select, which yields exactly what `insert … returning` would.
 */
export const insertProxies = async (db: Database, rows: NewProxy[]) => {
  const [first] = rows;
  if (!first) return [];
  const keys = Object.keys(first) as (keyof NewProxy)[];
  const names = keys.map(storedName);
  const columns = sql.join(
    names.map((name) => sql.identifier(name)),
    sql`, `,
  );
  const types = sql.join(
    keys.map(
      (key, index) => sql`${sql.identifier(names[index] ?? key)} ${sql.raw(proxies[key].getSQLType())}`,
    ),
    sql`, `,
  );
  const json = JSON.stringify(
    rows.map((row) => Object.fromEntries(keys.map((key, index) => [names[index], jsonValue(row[key])]))),
  );
  const inserted = await queryRows<{ id: string | number | bigint }>(
    db,
    sql`insert into ${proxies} (${columns})
        select ${columns} from json_to_recordset(${json}::json) as ${sql.identifier('generated')}(${types})
        returning ${sql.identifier('id')}`,
  );
  const ids = inserted.map((row) => BigInt(row.id));
  return db
    .select()
    .from(proxies)
    .where(isAnyOf(proxies.id, ids, 'bigint'))
    .orderBy(asc(proxies.id));
};
