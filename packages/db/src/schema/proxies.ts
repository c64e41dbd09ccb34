import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { instant, timestamps } from './columns';
import { users } from './users';

/**
 * Exits (DESIGN §4 Supply): direct egress from a gateway host, or an upstream supplier proxy
 * whose credentials are templates. The demo supply of the embedded default is marked `isDemo`.
 */
export const exits = pgTable(
  'exits',
  {
    id: bigserial({ mode: 'bigint' }).primaryKey(),
    kind: text({ enum: ['direct', 'http', 'socks5'] }).notNull(),
    host: text(),
    port: integer(),
    /** The supplier account `{user}` stands for in the templates. */
    account: text(),
    usernameTemplate: text(),
    passwordTemplate: text(),
    type: text({ enum: ['residential', 'datacenter'] }).notNull(),
    line: smallint().notNull().default(1),
    /** ISO 3166-1 alpha-2, upper case. */
    country: text().notNull(),
    /** State code as in the catalogue (e.g. NY). */
    state: text(),
    /** Lower-case city name without spaces (e.g. newyork). */
    city: text(),
    /** A display label ("New York, NY, US"). */
    label: text(),
    /** The egress address customers see, when known (shown in lists; matched by "generate by IP"). */
    ip: text(),
    /** Part of the static inventory: leased to one static proxy at a time. */
    isStatic: boolean().notNull().default(false),
    isHealthy: boolean().notNull().default(true),
    isDemo: boolean().notNull().default(false),
    failureCount: integer().notNull().default(0),
    lastFailureAt: instant(),
    /**
     * Taken out of service by an operator (or a static address retired): no new proxy, rotation
     * or connection uses it. Null while in service.
     */
    disabledAt: instant(),
    /** The last health check through this exit (issue #15): when, whether it passed, how fast, why not. */
    lastCheckedAt: instant(),
    lastCheckOk: boolean(),
    lastLatencyMs: integer(),
    lastError: text(),
    /**
     * A static address a customer replaced as blocked by a target site (issue #21): out of service
     * until then, so nobody leases it again at once. Null when not quarantined.
     */
    quarantinedUntil: instant(),
    ...timestamps,
  },
  (table) => [
    index('exits_area_idx').on(table.country, table.state, table.city),
    index('exits_ip_idx').on(table.ip),
    // One live static address per IP: an import cannot add a second, a retired one can come back.
    uniqueIndex('exits_static_ip_key')
      .on(table.ip)
      .where(sql`${table.isStatic} and ${table.disabledAt} is null`),
    check(
      'exits_upstream_has_address',
      sql`${table.kind} = 'direct' or (${table.host} is not null and ${table.port} is not null)`,
    ),
  ],
);

/** Health checks through exits (issue #15), kept a week: the success rate and latency operators see. */
export const exitHealthChecks = pgTable(
  'exit_health_checks',
  {
    id: bigserial({ mode: 'bigint' }).primaryKey(),
    exitId: bigint({ mode: 'bigint' })
      .notNull()
      .references(() => exits.id),
    checkedAt: instant().notNull().defaultNow(),
    isOk: boolean().notNull(),
    latencyMs: integer(),
    error: text(),
  },
  (table) => [index('exit_health_checks_exit_idx').on(table.exitId, table.checkedAt)],
);

/**
 * Proxies sold to customers (SPEC §3 Proxy). The gateway reads the credential, area and state
 * columns; the products module owns the rest.
 */
export const proxies = pgTable(
  'proxies',
  {
    id: bigserial({ mode: 'bigint' }).primaryKey(),
    /** Opaque public id used in URLs. */
    publicId: text().notNull(),
    userId: bigint({ mode: 'bigint' })
      .notNull()
      .references(() => users.id),
    family: text({ enum: ['dynamic-traffic', 'dynamic-ip', 'static-traffic', 'static-ip'] }).notNull(),
    /** Base username of the credential (letters and digits; parameters follow after '-'). */
    username: text().notNull(),
    /** Shown to the customer in the console, so kept retrievable. */
    password: text().notNull(),
    protocol: text({ enum: ['http', 'socks5'] })
      .notNull()
      .default('http'),
    /** Lifecycle (SPEC §4): 1 normal, 2 invalid, 3 expired, 4 unhealthy. */
    status: smallint().notNull().default(1),
    /** Switch (SPEC §4): 5 ON, 6 OFF. */
    switch: smallint().notNull().default(5),
    country: text(),
    state: text(),
    city: text(),
    line: smallint(),
    exitType: text({ enum: ['residential', 'datacenter'] }),
    /**
     * The exit a static proxy leases exclusively, or the rotating exit a dynamic-IP proxy was given
     * for its life (shared, not leased).
     */
    exitId: bigint({ mode: 'bigint' }).references(() => exits.id),
    remark: text(),
    /** How it was generated: universal (by_common), regional (by_area) or by IP pattern (by_ip). */
    generateType: text({ enum: ['by_common', 'by_area', 'by_ip'] })
      .notNull()
      .default('by_area'),
    /** Area precision chosen at generation. */
    precision: text({ enum: ['country', 'state', 'city'] })
      .notNull()
      .default('country'),
    /** Session id shown with the credential (sticky sessions of rotating proxies). */
    session: text(),
    autoRenew: boolean().notNull().default(false),
    rotation: boolean().notNull().default(false),
    /** Rental cycle of a static proxy paid per IP: 1 or 30 days. */
    renewDays: smallint(),
    lastRotatedAt: instant(),
    /** When an expired static proxy's address went back to the pool. */
    releasedAt: instant(),
    /** Bytes already billed, and the sub-micro-PTC remainder carried to the next charge (bytes × price mod 2^30). */
    billedBytes: bigint({ mode: 'bigint' }).notNull().default(sql`0`),
    billingRemainder: bigint({ mode: 'bigint' }).notNull().default(sql`0`),
    /**
     * Carried traffic priced at each usage flush but not settled into the ledger yet (DESIGN §4
     * Credit control): its bytes, the part of them covered by traffic packages, and the
     * micro-PTC owed for the rest (held in `users.held` until settled).
     */
    accruedBytes: bigint({ mode: 'bigint' }).notNull().default(sql`0`),
    accruedPackageBytes: bigint({ mode: 'bigint' }).notNull().default(sql`0`),
    accruedCost: bigint({ mode: 'bigint' }).notNull().default(sql`0`),
    /** Micro-PTC charged for this proxy so far (purchase, renewals, traffic). */
    costTotal: bigint({ mode: 'bigint' }).notNull().default(sql`0`),
    purchasedAt: instant().notNull().defaultNow(),
    expiresAt: instant(),
    deletedAt: instant(),
    /** Lifetime byte counters, kept by the usage flush. */
    bytesUp: bigint({ mode: 'bigint' }).notNull().default(sql`0`),
    bytesDown: bigint({ mode: 'bigint' }).notNull().default(sql`0`),
    lastUsedAt: instant(),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('proxies_public_id_key').on(table.publicId),
    uniqueIndex('proxies_username_key').on(table.username),
    index('proxies_user_idx').on(table.userId, table.createdAt),
    // The list of one family of one account (SPEC §2 proxy list): live proxies, with the columns of
    // the status and country filters so pages and counts can be read from the index alone, and
    // deleted ones apart. Ascending keys: walked backwards they give `created_at desc, id desc`
    // (nulls first, PostgreSQL's default for desc), forwards the oldest first. Keys declared
    // `.desc()` become DESC NULLS LAST, an order no query of the list asks for.
    index('proxies_live_list_idx')
      .on(table.userId, table.family, table.createdAt, table.id, table.status, table.expiresAt, table.country)
      .where(sql`${table.deletedAt} is null`),
    index('proxies_deleted_list_idx')
      .on(table.userId, table.family, table.createdAt, table.id)
      .where(sql`${table.deletedAt} is not null`),
    // The remark filter (a substring search) reads only the live proxies that have a remark, from
    // the index alone; remarks are at most 200 characters.
    index('proxies_remark_list_idx')
      .on(table.userId, table.family, table.createdAt, table.id, table.remark)
      .where(sql`${table.remark} is not null and ${table.deletedAt} is null`),
    // The list sorted by expiry, soonest first (static proxies to renew).
    index('proxies_expiry_list_idx')
      .on(table.userId, table.family, table.expiresAt, table.id)
      .where(sql`${table.deletedAt} is null`),
    // The username filter of the list is a prefix search.
    index('proxies_username_prefix_idx').on(table.username.op('text_pattern_ops')),
    index('proxies_expiry_idx').on(table.expiresAt),
    // One live static proxy per leased static exit (4007 when taken). Dynamic-IP proxies keep the
    // rotating exit they were given (shared by many customers) in the same column, unleased.
    uniqueIndex('proxies_exit_lease_key')
      .on(table.exitId)
      .where(
        sql`${table.exitId} is not null and ${table.deletedAt} is null and ${table.status} <> 2 and ${table.family} in ('static-traffic', 'static-ip')`,
      ),
    check('proxies_status_valid', sql`${table.status} between 1 and 4`),
    check('proxies_switch_valid', sql`${table.switch} in (5, 6)`),
  ],
);

/**
 * How many proxies each account holds per family, live and deleted: the total of an unfiltered
 * proxy list without counting up to 100 000 rows per request (the total is the sum over the
 * slots). Kept by the triggers of migration 0005 on every insert, delete and change of
 * deleted_at, user or family of `proxies`; never written by the application.
 */
export const proxyCounts = pgTable(
  'proxy_counts',
  {
    userId: bigint({ mode: 'bigint' })
      .notNull()
      .references(() => users.id),
    family: text({ enum: ['dynamic-traffic', 'dynamic-ip', 'static-traffic', 'static-ip'] }).notNull(),
    /**
     * `proxies.id % 64`: a batch that deletes thousands of proxies updates 64 rows a little
     * instead of one row thousands of times (each update of a row walks the versions the same
     * transaction already made of it, so one row would cost quadratic time).
     */
    slot: smallint().notNull(),
    live: integer().notNull().default(0),
    deleted: integer().notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.userId, table.family, table.slot] })],
);

/** Usage batches already applied: the idempotency keys of the gateway's flushes. */
export const usageBatches = pgTable('usage_batches', {
  batchId: uuid().primaryKey(),
  appliedAt: instant().notNull().defaultNow(),
});

/** Bytes per proxy per hour (feeds billing and the dashboard charts). */
export const proxyUsageHourly = pgTable(
  'proxy_usage_hourly',
  {
    proxyId: bigint({ mode: 'bigint' })
      .notNull()
      .references(() => proxies.id),
    /** Start of the UTC hour. */
    hour: instant().notNull(),
    bytesUp: bigint({ mode: 'bigint' }).notNull().default(sql`0`),
    bytesDown: bigint({ mode: 'bigint' }).notNull().default(sql`0`),
    connections: integer().notNull().default(0),
    updatedAt: instant().notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.proxyId, table.hour] }),
    index('proxy_usage_hourly_hour_idx').on(table.hour),
  ],
);

/**
 * An exit that may carry traffic: healthy, not taken out of service by an operator, not in
 * quarantine. Every place that picks exits (generation, areas, rotation, the gateway) asks this.
 */
export const exitInService = sql<boolean>`(${exits.isHealthy} and ${exits.disabledAt} is null and (${exits.quarantinedUntil} is null or ${exits.quarantinedUntil} <= now()))`;
