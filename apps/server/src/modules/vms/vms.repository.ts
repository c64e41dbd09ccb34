import type { VmStatus } from '@ptc/contracts';
import {
  and,
  asc,
  count,
  type Database,
  desc,
  eq,
  inArray,
  isNull,
  lt,
  lte,
  ne,
  or,
  proxies,
  type SQL,
  sql,
  users,
  vmConfigurations,
  vmRemoteTickets,
  vms,
} from '@ptc/db';

/** A stored remote PC. */
export type VmRow = typeof vms.$inferSelect;
/** A stored configuration. */
export type VmConfigurationRow = typeof vmConfigurations.$inferSelect;

/** What the list and every answer show of a PC's proxy. */
export interface VmProxyRecord {
  publicId: string;
  username: string;
  password: string;
}

/** A PC with its configuration and proxy, as answers present it. */
export interface VmRecord {
  vm: VmRow;
  configuration: VmConfigurationRow;
  proxy: VmProxyRecord | null;
}

/** Statuses in which the host runs (or is about to run) the PC's desktop: they use capacity. */
export const CAPACITY_STATUSES: readonly VmStatus[] = [
  'creating',
  'running',
  'starting',
  'stopping',
  'restarting',
];

/** Statuses a process is working on in the background (settled by it, or by the reconcile job). */
export const TRANSITIONAL_STATUSES: readonly VmStatus[] = ['creating', 'starting', 'stopping', 'restarting'];

// ---------------------------------------------------------------------------------------------
// Configurations

/** Configurations offered for new PCs, in their display order. */
export const listActiveConfigurations = (db: Database) =>
  db
    .select()
    .from(vmConfigurations)
    .where(eq(vmConfigurations.active, true))
    .orderBy(asc(vmConfigurations.sortOrder), asc(vmConfigurations.id));

/** One configuration, offered or not. */
export const findConfiguration = async (db: Database, id: number) => {
  const [row] = await db.select().from(vmConfigurations).where(eq(vmConfigurations.id, id));
  return row ?? null;
};

// ---------------------------------------------------------------------------------------------
// PCs

const recordColumns = {
  vm: vms,
  configuration: vmConfigurations,
  proxyPublicId: proxies.publicId,
  proxyUsername: proxies.username,
  proxyPassword: proxies.password,
};

type JoinedRow = {
  vm: VmRow;
  configuration: VmConfigurationRow;
  proxyPublicId: string | null;
  proxyUsername: string | null;
  proxyPassword: string | null;
};

const toRecord = (row: JoinedRow): VmRecord => ({
  vm: row.vm,
  configuration: row.configuration,
  proxy:
    row.proxyPublicId !== null && row.proxyUsername !== null && row.proxyPassword !== null
      ? { publicId: row.proxyPublicId, username: row.proxyUsername, password: row.proxyPassword }
      : null,
});

const selectRecords = (db: Database, where: SQL | undefined) =>
  db
    .select(recordColumns)
    .from(vms)
    .innerJoin(vmConfigurations, eq(vmConfigurations.id, vms.configurationId))
    .leftJoin(proxies, eq(proxies.id, vms.proxyId))
    .where(where);

/** One PC with its configuration and proxy, by internal id. */
export const findRecord = async (db: Database, id: bigint): Promise<VmRecord | null> => {
  const [row] = await selectRecords(db, eq(vms.id, id));
  return row ? toRecord(row) : null;
};

/** The user's PC of this public id; null when it is missing or someone else's. */
export const findOwnVm = async (db: Database, userId: bigint, publicId: string) => {
  const [row] = await db
    .select()
    .from(vms)
    .where(and(eq(vms.userId, userId), eq(vms.publicId, publicId)));
  return row ?? null;
};

/** The user's PCs, newest first, with the total. */
export const listRecords = async (db: Database, userId: bigint, limit: number, offset: number) => {
  const [rows, [total]] = await Promise.all([
    selectRecords(db, eq(vms.userId, userId))
      .orderBy(desc(vms.createdAt), desc(vms.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(vms).where(eq(vms.userId, userId)),
  ]);
  return { records: rows.map(toRecord), total: total?.n ?? 0 };
};

/** Locks the user's row until the transaction ends: one customer's creations queue. */
export const lockUser = async (db: Database, userId: bigint) => {
  await db.execute(sql`select ${users.id} from ${users} where ${users.id} = ${userId} for update`);
};

/** Locks a PC's row until the transaction ends. */
export const lockVm = async (db: Database, id: bigint) => {
  const [row] = await db.select().from(vms).where(eq(vms.id, id)).for('update');
  return row ?? null;
};

/**
 * Takes the host's capacity lock until the transaction ends, so two customers' creations or
 * starts never both take the last place.
 */
export const lockHostCapacity = async (db: Database) => {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('ptc:vm-host-capacity'))`);
};

/** Whether the user has a PC in `creating`. */
export const hasCreatingVm = async (db: Database, userId: bigint) => {
  const [row] = await db
    .select({ n: count() })
    .from(vms)
    .where(and(eq(vms.userId, userId), eq(vms.status, 'creating')));
  return (row?.n ?? 0) > 0;
};

/** PCs the user holds against the personal limit: not failed, not released. */
export const countHeldVms = async (db: Database, userId: bigint) => {
  const [row] = await db
    .select({ n: count() })
    .from(vms)
    .where(and(eq(vms.userId, userId), ne(vms.status, 'failed'), isNull(vms.releasedAt)));
  return row?.n ?? 0;
};

/** PCs using the host now (running or about to). */
export const countCapacityUse = async (db: Database) => {
  const [row] = await db
    .select({ n: count() })
    .from(vms)
    .where(and(inArray(vms.status, [...CAPACITY_STATUSES]), isNull(vms.releasedAt)));
  return row?.n ?? 0;
};

/** Stores a new PC. */
export const insertVm = async (db: Database, vm: typeof vms.$inferInsert) => {
  const [row] = await db.insert(vms).values(vm).returning();
  if (!row) throw new Error('insert returned no PC');
  return row;
};

/**
 * Changes a PC only while it is in one of `from` (and not released): answers the changed row, or
 * null when its status moved meanwhile (another request or job got there first).
 */
export const updateVmFrom = async (
  db: Database,
  id: bigint,
  from: readonly VmStatus[],
  changes: Partial<typeof vms.$inferInsert>,
) => {
  const [row] = await db
    .update(vms)
    .set(changes)
    .where(and(eq(vms.id, id), inArray(vms.status, [...from]), isNull(vms.releasedAt)))
    .returning();
  return row ?? null;
};

/** Changes a PC unconditionally. */
export const updateVm = async (db: Database, id: bigint, changes: Partial<typeof vms.$inferInsert>) => {
  const [row] = await db.update(vms).set(changes).where(eq(vms.id, id)).returning();
  if (!row) throw new Error('no such PC');
  return row;
};

/**
 * Claims background work on a PC in `status` whose lease ran out (or never existed), until
 * `until`: only one process gets it.
 */
export const claimStaleWork = async (db: Database, id: bigint, status: VmStatus, now: Date, until: Date) => {
  const [row] = await db
    .update(vms)
    .set({ workLeaseUntil: until })
    .where(
      and(
        eq(vms.id, id),
        eq(vms.status, status),
        isNull(vms.releasedAt),
        or(isNull(vms.workLeaseUntil), lte(vms.workLeaseUntil, now)),
      ),
    )
    .returning();
  return row ?? null;
};

/**
 * Turns auto renew off (after a renewal found too little balance), marking the notice sent for
 * this expiry: answers the PC only to the caller that turned it off.
 */
export const disableAutoRenew = async (db: Database, id: bigint) => {
  const [row] = await db
    .update(vms)
    .set({ autoRenew: false, renewNoticeFor: sql`${vms.expiresAt}` })
    .where(and(eq(vms.id, id), eq(vms.autoRenew, true)))
    .returning();
  return row ?? null;
};

// ---------------------------------------------------------------------------------------------
// What the jobs look for

/** PCs in `statuses` (not released), oldest first. */
export const findInStatuses = (db: Database, statuses: readonly VmStatus[], limit: number) =>
  db
    .select()
    .from(vms)
    .where(and(inArray(vms.status, [...statuses]), isNull(vms.releasedAt)))
    .orderBy(asc(vms.id))
    .limit(limit);

/** Transitional PCs whose work lease ran out: the process working on them ended. */
export const findStaleTransitional = (db: Database, now: Date, limit: number) =>
  db
    .select()
    .from(vms)
    .where(
      and(
        inArray(vms.status, [...TRANSITIONAL_STATUSES]),
        isNull(vms.releasedAt),
        or(isNull(vms.workLeaseUntil), lte(vms.workLeaseUntil, now)),
      ),
    )
    .orderBy(asc(vms.id))
    .limit(limit);

/** PCs whose period ended and that are not stopped for it yet. */
export const findDueExpiry = (db: Database, now: Date, limit: number) =>
  db
    .select()
    .from(vms)
    .where(
      and(
        inArray(vms.status, ['running', 'stopped', 'offline']),
        isNull(vms.releasedAt),
        lte(vms.expiresAt, now),
      ),
    )
    .orderBy(asc(vms.expiresAt))
    .limit(limit);

/** Expired PCs past the grace period: to be destroyed. */
export const findDueRelease = (db: Database, releaseBefore: Date, limit: number) =>
  db
    .select()
    .from(vms)
    .where(and(eq(vms.status, 'expired'), isNull(vms.releasedAt), lte(vms.expiresAt, releaseBefore)))
    .orderBy(asc(vms.expiresAt))
    .limit(limit);

/** PCs with auto renew on whose period ends before `dueBefore` (not failed, creating or released). */
export const findDueAutoRenewals = (db: Database, dueBefore: Date, limit: number) =>
  db
    .select({ id: vms.id })
    .from(vms)
    .where(
      and(
        eq(vms.autoRenew, true),
        isNull(vms.releasedAt),
        inArray(vms.status, [
          'running',
          'stopped',
          'offline',
          'expired',
          'starting',
          'stopping',
          'restarting',
        ]),
        lte(vms.expiresAt, dueBefore),
      ),
    )
    .orderBy(asc(vms.expiresAt))
    .limit(limit);

// ---------------------------------------------------------------------------------------------
// Remote-control tickets

/** Stores a ticket (its hash only). */
export const insertTicket = async (db: Database, ticket: typeof vmRemoteTickets.$inferInsert) => {
  await db.insert(vmRemoteTickets).values(ticket);
};

/**
 * Uses a ticket once: marks it used and answers it, or null when no unused ticket has this hash
 * (unknown, or used before). Expiry is the caller's to check.
 */
export const consumeTicket = async (db: Database, tokenHash: Uint8Array, now: Date) => {
  const [row] = await db
    .update(vmRemoteTickets)
    .set({ usedAt: now })
    .where(and(eq(vmRemoteTickets.tokenHash, tokenHash), isNull(vmRemoteTickets.usedAt)))
    .returning();
  return row ?? null;
};

/** The PC and owner state a ticket's use is checked against. */
export const findTicketTarget = async (db: Database, vmId: bigint) => {
  const [row] = await db
    .select({
      vm: vms,
      ownerDeletedAt: users.deletedAt,
      ownerLockedAt: users.lockedAt,
    })
    .from(vms)
    .innerJoin(users, eq(users.id, vms.userId))
    .where(eq(vms.id, vmId));
  return row ?? null;
};

/** Deletes tickets that expired before `before`. */
export const deleteOldTickets = async (db: Database, before: Date) =>
  (
    await db
      .delete(vmRemoteTickets)
      .where(lt(vmRemoteTickets.expiresAt, before))
      .returning({ id: vmRemoteTickets.id })
  ).length;
