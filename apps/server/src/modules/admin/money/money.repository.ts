import {
  and,
  count,
  type Database,
  desc,
  eq,
  gte,
  inArray,
  ledgerEntries,
  lt,
  or,
  paymentNotifications,
  paymentOrders,
  proxies,
  sql,
  users,
} from '@ptc/db';

/** The ledger kinds that are charges: what a refund may credit back. */
export const CHARGE_KINDS = ['purchase', 'renewal', 'usage'] as const;

// The correlated subqueries name the outer row as `ledger_entries` in so many words: drizzle leaves
// columns of a single-table query unqualified, and an unqualified name would bind to the inner table.

/** Where a charge's money went: a proxy's family, a traffic package, a remote PC, or something else. */
const productOf = sql<string>`case
  when ledger_entries.reference_type = 'traffic_pool' then 'traffic-package'
  when ledger_entries.reference_type = 'vm' then 'remote-pc'
  when ledger_entries.reference_type = 'proxy' then coalesce(
    (select p.family from proxies p where p.public_id = ledger_entries.reference_id),
    (select p.family from proxies p where p.user_id = ledger_entries.user_id
      and p.id::text = ledger_entries.reference_id limit 1),
    'other')
  else 'other' end`;

/**
 * What was credited back for a charge already: operator refunds naming the entry, and automatic
 * ones (a failed dynamic IP) naming the same proxy or package the charge names. Counting the
 * latter against every charge of that reference can only refund less, never twice.
 */
const refundedOf = sql<string>`(select coalesce(sum(r.amount), 0)::text from ledger_entries r
  where r.user_id = ledger_entries.user_id and r.kind = 'refund' and (
    (r.reference_type = 'ledger_entry' and r.reference_id = ledger_entries.id::text)
    or (ledger_entries.reference_type <> 'ledger_entry'
      and r.reference_type = ledger_entries.reference_type
      and r.reference_id = ledger_entries.reference_id)))`;

/** Users whose uid is `text`, or whose email is `text` (case-insensitive). */
const usersNamed = (db: Database, text: string) =>
  db
    .select({ id: users.id })
    .from(users)
    .where(or(eq(users.uid, text), sql`lower(${users.email}) = ${text.toLowerCase()}`));

/** The customer a uid or an email names (the live account first), if any. */
export const findCustomerByUidOrEmail = async (db: Database, text: string) => {
  const [row] = await db
    .select()
    .from(users)
    .where(or(eq(users.uid, text), sql`lower(${users.email}) = ${text.toLowerCase()}`))
    .orderBy(sql`${users.deletedAt} is not null`, desc(users.id))
    .limit(1);
  return row ?? null;
};

/** A customer by id. */
export const findCustomerById = async (db: Database, id: bigint) => {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
};

/** Filters of the order list; times are instants, `to` excluded. */
export interface OrderFilter {
  status?: (typeof paymentOrders.$inferSelect)['status'];
  provider?: string;
  customer?: string;
  from?: Date;
  to?: Date;
}

const orderColumns = {
  order: paymentOrders,
  uid: users.uid,
  email: users.email,
};

/** One page of payment orders of every provider matching `filter`, newest first, and how many match. */
export const listPaymentOrders = async (
  db: Database,
  filter: OrderFilter,
  page: { limit: number; offset: number },
) => {
  const conditions: ReturnType<typeof eq>[] = [];
  if (filter.status) conditions.push(eq(paymentOrders.status, filter.status));
  if (filter.provider) conditions.push(eq(paymentOrders.provider, filter.provider));
  if (filter.customer) conditions.push(inArray(paymentOrders.userId, usersNamed(db, filter.customer)));
  if (filter.from) conditions.push(gte(paymentOrders.createdAt, filter.from));
  if (filter.to) conditions.push(lt(paymentOrders.createdAt, filter.to));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select(orderColumns)
      .from(paymentOrders)
      .innerJoin(users, eq(users.id, paymentOrders.userId))
      .where(where)
      .orderBy(desc(paymentOrders.createdAt), desc(paymentOrders.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(paymentOrders).where(where),
  ]);
  return { rows, total: total?.total ?? 0 };
};

/** A payment order by its public number, with its customer. */
export const findPaymentOrder = async (db: Database, orderNo: string) => {
  const [row] = await db
    .select(orderColumns)
    .from(paymentOrders)
    .innerJoin(users, eq(users.id, paymentOrders.userId))
    .where(eq(paymentOrders.orderNo, orderNo))
    .limit(1);
  return row ?? null;
};

/** The ledger entries an order credited (top-up and bonus), oldest first. */
export const listOrderEntries = (db: Database, orderNo: string) =>
  db
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.referenceType, 'payment_order'), eq(ledgerEntries.referenceId, orderNo)))
    .orderBy(ledgerEntries.id);

/** The provider notifications received for an order, oldest first. */
export const listOrderNotifications = (db: Database, orderNo: string) =>
  db
    .select()
    .from(paymentNotifications)
    .where(eq(paymentNotifications.orderNo, orderNo))
    .orderBy(paymentNotifications.id);

const chargeColumns = {
  entry: ledgerEntries,
  product: productOf,
  refunded: refundedOf,
};

/** A ledger entry with what of it was refunded and the product it paid for. */
export type ChargeRow = {
  entry: typeof ledgerEntries.$inferSelect;
  product: string;
  refunded: string;
};

/** A ledger entry by id, with its product and what of it was refunded. */
export const findCharge = async (db: Database, entryId: bigint): Promise<ChargeRow | null> => {
  const [row] = await db
    .select(chargeColumns)
    .from(ledgerEntries)
    .where(eq(ledgerEntries.id, entryId))
    .limit(1);
  return row ?? null;
};

/** One page of a customer's charges, newest first. */
export const listCharges = (
  db: Database,
  userId: bigint,
  page: { limit: number; offset: number },
): Promise<ChargeRow[]> =>
  db
    .select(chargeColumns)
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.userId, userId), inArray(ledgerEntries.kind, [...CHARGE_KINDS])))
    .orderBy(desc(ledgerEntries.id))
    .limit(page.limit)
    .offset(page.offset);

/**
 * The ledger between two instants (`to` excluded), summed per UTC day, kind and product (the
 * family of the proxy a charge names, a traffic package, a remote PC, or other).
 */
export const sumLedgerByDay = (db: Database, from: Date, to: Date) =>
  db
    .select({
      day: sql<string>`to_char(${ledgerEntries.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`,
      kind: ledgerEntries.kind,
      product: productOf,
      count: sql<number>`count(*)::int`,
      sum: sql<string>`sum(${ledgerEntries.amount})::text`,
    })
    .from(ledgerEntries)
    .where(and(gte(ledgerEntries.createdAt, from), lt(ledgerEntries.createdAt, to)))
    // By position: the same expressions again would carry parameters of their own.
    .groupBy(sql`1`, sql`2`, sql`3`);

/**
 * The live proxies a purchase or renewal paid for, locked, oldest first: a renewal names its proxy;
 * a purchase names the first of its batch, bought with it in the same moment (one transaction).
 */
export const lockProxiesPaidBy = async (
  db: Database,
  entry: { kind: string; referenceType: string | null; referenceId: string | null; userId: bigint },
) => {
  if (entry.referenceType !== 'proxy' || !entry.referenceId) return [];
  if (entry.kind !== 'purchase' && entry.kind !== 'renewal') return [];
  const [named] = await db.select().from(proxies).where(eq(proxies.publicId, entry.referenceId));
  if (!named || named.userId !== entry.userId) return [];
  return db
    .select({ id: proxies.id, costTotal: proxies.costTotal })
    .from(proxies)
    .where(
      entry.kind === 'renewal' || named.purchasedAt === null
        ? eq(proxies.id, named.id)
        : and(
            eq(proxies.userId, named.userId),
            eq(proxies.family, named.family),
            eq(proxies.purchasedAt, named.purchasedAt),
          ),
    )
    .orderBy(proxies.id)
    .for('update');
};

/** Takes a refunded amount off the cost of the proxies it paid for, never below zero. */
export const takeOffCost = async (
  db: Database,
  paidFor: { id: bigint; costTotal: bigint }[],
  amount: bigint,
) => {
  let left = amount;
  for (const proxy of paidFor) {
    if (left <= 0n) break;
    const taken = proxy.costTotal < left ? proxy.costTotal : left;
    if (taken <= 0n) continue;
    await db
      .update(proxies)
      .set({ costTotal: sql`${proxies.costTotal} - ${taken}` })
      .where(eq(proxies.id, proxy.id));
    left -= taken;
  }
};
