import {
  and,
  count,
  type Database,
  desc,
  eq,
  gte,
  inArray,
  lte,
  or,
  paymentNotifications,
  paymentOrders,
  sql,
} from '@ptc/db';

export type OrderRow = typeof paymentOrders.$inferSelect;
type NewOrder = typeof paymentOrders.$inferInsert;

/** Stores a new order. */
export const insertOrder = async (db: Database, order: NewOrder): Promise<OrderRow> => {
  const [row] = await db.insert(paymentOrders).values(order).returning();
  if (!row) throw new Error('insert returned no order');
  return row;
};

/** An order by its public number. */
export const findOrderByNo = async (db: Database, orderNo: string) => {
  const [row] = await db.select().from(paymentOrders).where(eq(paymentOrders.orderNo, orderNo)).limit(1);
  return row ?? null;
};

/** An order of this user; another user's order answers like a missing one. */
export const findUserOrder = async (db: Database, userId: bigint, orderNo: string) => {
  const [row] = await db
    .select()
    .from(paymentOrders)
    .where(and(eq(paymentOrders.orderNo, orderNo), eq(paymentOrders.userId, userId)))
    .limit(1);
  return row ?? null;
};

/** Records what the provider answered for the checkout. */
export const saveCheckout = async (
  db: Database,
  id: bigint,
  checkout: Record<string, unknown>,
  providerRef: string | null,
) => {
  await db.update(paymentOrders).set({ checkout, providerRef }).where(eq(paymentOrders.id, id));
};

/** Moves an open order (pending, or expired/failed when money still arrives) to paid; false if it was paid already. */
export const markOrderPaid = async (db: Database, id: bigint, providerRef: string, now: Date) => {
  const rows = await db
    .update(paymentOrders)
    .set({ status: 'paid', paidAt: now, providerRef })
    .where(and(eq(paymentOrders.id, id), inArray(paymentOrders.status, ['pending', 'expired', 'failed'])))
    .returning({ id: paymentOrders.id });
  return rows.length === 1;
};

/** Marks a pending order failed. */
export const markOrderFailed = async (db: Database, id: bigint, reason: string) => {
  await db
    .update(paymentOrders)
    .set({ status: 'failed', failureReason: reason })
    .where(and(eq(paymentOrders.id, id), eq(paymentOrders.status, 'pending')));
};

/** Expires pending orders whose time is up; answers how many. */
export const expirePendingOrders = async (db: Database, now: Date) => {
  const rows = await db
    .update(paymentOrders)
    .set({ status: 'expired' })
    .where(and(eq(paymentOrders.status, 'pending'), lte(paymentOrders.expiresAt, now)))
    .returning({ id: paymentOrders.id });
  return rows.length;
};

/** Pending USDT amounts, to pick a unique one for a new order. */
export const findOpenUsdtAmounts = async (db: Database) => {
  const rows = await db
    .select({ payAmount: paymentOrders.payAmount })
    .from(paymentOrders)
    .where(and(eq(paymentOrders.provider, 'usdt'), eq(paymentOrders.status, 'pending')));
  return new Set(rows.map((row) => row.payAmount));
};

/** USDT orders that may still receive a transfer: pending, or expired within the last day. */
export const findWatchedUsdtOrders = async (db: Database, now: Date) =>
  db
    .select()
    .from(paymentOrders)
    .where(
      and(
        eq(paymentOrders.provider, 'usdt'),
        inArray(paymentOrders.status, ['pending', 'expired']),
        gte(paymentOrders.expiresAt, new Date(now.getTime() - 24 * 3_600_000)),
      ),
    )
    .orderBy(paymentOrders.createdAt);

/**
 * Whether a USDT Transfer event (`ref` = `<txid>:<event index>`) already paid some order. Orders
 * paid before events were told apart carry the bare txid: that one paid the order of its amount.
 */
export const isUsdtEventUsed = async (db: Database, event: { txid: string; ref: string; amount: bigint }) => {
  const [row] = await db
    .select({ n: count() })
    .from(paymentOrders)
    .where(
      and(
        eq(paymentOrders.provider, 'usdt'),
        eq(paymentOrders.status, 'paid'),
        or(
          eq(paymentOrders.providerRef, event.ref),
          and(eq(paymentOrders.providerRef, event.txid), eq(paymentOrders.payAmount, event.amount)),
        ),
      ),
    );
  return (row?.n ?? 0) > 0;
};

/** A page of a user's orders, newest first, optionally within a time range. */
export const listUserOrders = async (
  db: Database,
  userId: bigint,
  options: { offset: number; limit: number; start?: Date; end?: Date },
) => {
  const where = and(
    eq(paymentOrders.userId, userId),
    options.start ? gte(paymentOrders.createdAt, options.start) : undefined,
    options.end ? lte(paymentOrders.createdAt, options.end) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(paymentOrders)
      .where(where)
      .orderBy(desc(paymentOrders.createdAt), desc(paymentOrders.id))
      .limit(options.limit)
      .offset(options.offset),
    db.select({ n: count() }).from(paymentOrders).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
};

/** Audit trail of a notification. */
export const recordNotification = async (db: Database, row: typeof paymentNotifications.$inferInsert) => {
  await db.insert(paymentNotifications).values(row);
};

/** Notifications recorded for an order (tests, support). */
export const listNotifications = async (db: Database, orderNo: string) =>
  db
    .select()
    .from(paymentNotifications)
    .where(eq(paymentNotifications.orderNo, orderNo))
    .orderBy(sql`${paymentNotifications.id}`);
