import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { instant, micro, timestamps } from './columns';
import { proxies } from './proxies';
import { bytea } from './sessions';
import { users } from './users';

/**
 * Configurations of remote PCs for sale (SPEC §3 VM payway `vm_conf`; issue #19): names in the
 * three languages, the limits the provider applies, and the price. Seeded by migration 0020;
 * operators may edit the rows (a price change applies to later purchases and renewals).
 */
export const vmConfigurations = pgTable(
  'vm_configurations',
  {
    id: serial().primaryKey(),
    name: text().notNull(),
    enName: text().notNull(),
    ruName: text().notNull(),
    cpu: integer().notNull(),
    memoryMb: integer().notNull(),
    /** Micro-PTC per day (1 and 7 days are charged at this rate). */
    pricePerDay: micro().notNull(),
    /** Micro-PTC of a 30-day period (cheaper than 30 single days). */
    price30Days: micro('price_30_days').notNull(),
    /** Offered for new PCs; PCs of a withdrawn configuration keep it. */
    active: boolean().notNull().default(true),
    sortOrder: integer().notNull().default(0),
    ...timestamps,
  },
  (table) => [
    check(
      'vm_configurations_names_length',
      sql`char_length(${table.name}) between 1 and 64 and char_length(${table.enName}) between 1 and 64 and char_length(${table.ruName}) between 1 and 64`,
    ),
    check('vm_configurations_cpu_range', sql`${table.cpu} between 1 and 64`),
    check('vm_configurations_memory_range', sql`${table.memoryMb} between 256 and 262144`),
    check('vm_configurations_prices_positive', sql`${table.pricePerDay} > 0 and ${table.price30Days} > 0`),
  ],
);

/** Remote PC statuses (SPEC §4), as `VM_STATUSES` in the contracts. */
const VM_STATUS_VALUES = [
  'creating',
  'running',
  'failed',
  'starting',
  'stopping',
  'restarting',
  'expired',
  'offline',
  'stopped',
] as const;

/**
 * Remote PCs (SPEC §3 VM; issue #19). A customer may have one in `creating` at a time (the
 * partial unique index answers 20004 to a second one, however many arrive at once).
 */
export const vms = pgTable(
  'vms',
  {
    id: bigserial({ mode: 'bigint' }).primaryKey(),
    /** Public, opaque id (/^[a-z0-9-]{1,64}$/): the provider names the desktop by it too. */
    publicId: text().notNull(),
    userId: bigint({ mode: 'bigint' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Country code chosen at creation (area list `use_in=vm`). */
    area: text().notNull(),
    configurationId: integer()
      .notNull()
      .references(() => vmConfigurations.id),
    /** The customer's proxy the PC's browser goes out through (null once the proxy row is gone). */
    proxyId: bigint({ mode: 'bigint' }).references(() => proxies.id, { onDelete: 'set null' }),
    /** Days of the last period bought (creation or renewal); auto renew buys as many again. */
    days: integer().notNull(),
    autoRenew: boolean().notNull().default(false),
    status: text({ enum: VM_STATUS_VALUES }).notNull(),
    /** Which provider holds it ('local', …). */
    provider: text().notNull(),
    /** Connection details the provider gave (shown to the customer); null until created. */
    accessAddress: text(),
    accessUsername: text(),
    accessPassword: text(),
    /** Why creation or the last operation failed, in words. */
    failureReason: text(),
    /** Micro-PTC charged for it so far (creation and renewals, less refunds). */
    costTotal: micro().notNull().default(sql`0`),
    expiresAt: instant().notNull(),
    /** When the expired PC was destroyed (24 h after expiry); it can no longer be renewed. */
    releasedAt: instant(),
    /**
     * Until when a process works on it (creation, start, stop, restart in the background); after
     * that the reconcile job settles a status left transitional by a process that ended.
     */
    workLeaseUntil: instant(),
    /** The expiry an auto-renew notice (renewed, or not for lack of balance) was last sent for. */
    renewNoticeFor: instant(),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('vms_public_id_key').on(table.publicId),
    uniqueIndex('vms_one_creating_per_user').on(table.userId).where(sql`${table.status} = 'creating'`),
    index('vms_user_idx').on(table.userId, table.createdAt, table.id),
    index('vms_expiry_idx').on(table.expiresAt).where(sql`${table.releasedAt} is null`),
    index('vms_status_idx').on(table.status),
    check('vms_area_code', sql`${table.area} ~ '^[A-Z]{2}$'`),
    check('vms_days_range', sql`${table.days} between 1 and 3650`),
    check('vms_failure_reason_length', sql`char_length(${table.failureReason}) <= 500`),
  ],
);

/**
 * Single-use tickets of the remote-control WebSocket (issue #19): a random token given once to
 * the console, stored as its SHA-256 only, bound to one PC and its owner, valid 30 seconds.
 */
export const vmRemoteTickets = pgTable(
  'vm_remote_tickets',
  {
    id: bigserial({ mode: 'bigint' }).primaryKey(),
    tokenHash: bytea().notNull(),
    vmId: bigint({ mode: 'bigint' })
      .notNull()
      .references(() => vms.id, { onDelete: 'cascade' }),
    userId: bigint({ mode: 'bigint' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: instant().notNull(),
    usedAt: instant(),
    createdAt: instant().notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('vm_remote_tickets_token_hash_key').on(table.tokenHash),
    index('vm_remote_tickets_expiry_idx').on(table.expiresAt),
    index('vm_remote_tickets_vm_idx').on(table.vmId),
  ],
);
