import {
  and,
  asc,
  count,
  type Database,
  desc,
  eq,
  ipAllowlistEntries,
  isNull,
  ne,
  proxies,
  sql,
} from '@ptc/db';

/** An entry with the proxy it stands for. */
export type AllowListRow = Awaited<ReturnType<typeof listEntries>>[number];

/** A customer's entries, oldest first, with their proxies. */
export const listEntries = (db: Database, userId: bigint) =>
  db
    .select({
      id: ipAllowlistEntries.id,
      network: ipAllowlistEntries.network,
      note: ipAllowlistEntries.note,
      portRules: ipAllowlistEntries.portRules,
      createdAt: ipAllowlistEntries.createdAt,
      proxy: {
        country: proxies.country,
        state: proxies.state,
        city: proxies.city,
        publicId: proxies.publicId,
        username: proxies.username,
        protocol: proxies.protocol,
        status: proxies.status,
        switch: proxies.switch,
        deletedAt: proxies.deletedAt,
      },
    })
    .from(ipAllowlistEntries)
    .innerJoin(proxies, eq(proxies.id, ipAllowlistEntries.proxyId))
    .where(eq(ipAllowlistEntries.userId, userId))
    .orderBy(asc(ipAllowlistEntries.createdAt), asc(ipAllowlistEntries.id));

/**
 * Serialises changes of every customer's allow-list until the transaction ends: the overlap check
 * of one addition and the insert of another cannot interleave (PGlite has no exclusion
 * constraint over `inet` with `<>` on the owner).
 */
export const lockAllowLists = async (db: Database) => {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('ptc:ip-allowlist'))`);
};

/** How many entries a customer has. */
export const countEntries = async (db: Database, userId: bigint) => {
  const [row] = await db
    .select({ n: count() })
    .from(ipAllowlistEntries)
    .where(eq(ipAllowlistEntries.userId, userId));
  return row?.n ?? 0;
};

/** Whether another customer lists a network overlapping `network` (either contains the other). */
export const overlapsOtherAccount = async (db: Database, userId: bigint, network: string) => {
  const [row] = await db
    .select({ id: ipAllowlistEntries.id })
    .from(ipAllowlistEntries)
    .where(and(ne(ipAllowlistEntries.userId, userId), sql`${ipAllowlistEntries.network} && ${network}::cidr`))
    .limit(1);
  return row !== undefined;
};

/** Whether the customer lists exactly this network already. */
export const isListed = async (db: Database, userId: bigint, network: string) => {
  const [row] = await db
    .select({ id: ipAllowlistEntries.id })
    .from(ipAllowlistEntries)
    .where(and(eq(ipAllowlistEntries.userId, userId), sql`${ipAllowlistEntries.network} = ${network}::cidr`))
    .limit(1);
  return row !== undefined;
};

/** A customer's live (not deleted) proxy by its public id. */
export const findOwnProxy = async (db: Database, userId: bigint, publicId: string) => {
  const [row] = await db
    .select({ id: proxies.id })
    .from(proxies)
    .where(and(eq(proxies.userId, userId), eq(proxies.publicId, publicId), isNull(proxies.deletedAt)))
    .limit(1);
  return row ?? null;
};

/** The customer's live proxies, newest first: what a range may be listed for. */
export const listProxyChoices = (db: Database, userId: bigint, limit: number) =>
  db
    .select({
      publicId: proxies.publicId,
      username: proxies.username,
      protocol: proxies.protocol,
      family: proxies.family,
      remark: proxies.remark,
    })
    .from(proxies)
    .where(and(eq(proxies.userId, userId), isNull(proxies.deletedAt)))
    .orderBy(desc(proxies.id))
    .limit(limit);

/** Stores an entry; answers its id. */
export const insertEntry = async (
  db: Database,
  entry: { userId: bigint; proxyId: bigint; network: string; note: string | null },
) => {
  const [row] = await db.insert(ipAllowlistEntries).values(entry).returning({ id: ipAllowlistEntries.id });
  if (!row) throw new Error('the entry was not stored');
  return row.id;
};

/** Deletes a customer's entry; false when it has none of this id. */
export const deleteEntry = async (db: Database, userId: bigint, id: bigint) => {
  const rows = await db
    .delete(ipAllowlistEntries)
    .where(and(eq(ipAllowlistEntries.userId, userId), eq(ipAllowlistEntries.id, id)))
    .returning({ id: ipAllowlistEntries.id });
  return rows.length > 0;
};

/** Replaces a customer's entry's port rules; false when it has none of this id. */
export const updatePortRules = async (
  db: Database,
  userId: bigint,
  id: bigint,
  rules: Record<string, string>,
) => {
  const rows = await db
    .update(ipAllowlistEntries)
    .set({ portRules: rules })
    .where(and(eq(ipAllowlistEntries.userId, userId), eq(ipAllowlistEntries.id, id)))
    .returning({ id: ipAllowlistEntries.id });
  return rows.length > 0;
};
