import {
  and,
  apiKeys,
  count,
  type Database,
  desc,
  eq,
  gte,
  inArray,
  ledgerEntries,
  lte,
  paymentOrders,
  proxies,
  sql,
  trafficPlans,
  trafficPools,
  users,
} from '@ptc/db';

type LedgerKindName = (typeof ledgerEntries.$inferSelect)['kind'];

/** The entry recorded under an idempotency key, if any. */
export const findEntryByKey = async (db: Database, idempotencyKey: string) => {
  const [entry] = await db
    .select()
    .from(ledgerEntries)
    .where(eq(ledgerEntries.idempotencyKey, idempotencyKey))
    .limit(1);
  return entry ?? null;
};

/**
 * Adds `amount` to a live user's balance; answers the new balance, or null when the guard refused.
 * A debit must fit in what the user can spend, the balance less what is held for traffic
 * (`held`, DESIGN §4 Credit control); a settlement (`isSettlement`: a debit of held money, whose
 * holds the caller takes down) only in the balance. The row lock serialises concurrent movements
 * of one user, and the guard is checked on the locked row.
 */
export const addToBalance = async (
  db: Database,
  userId: bigint,
  amount: bigint,
  topUp: bigint,
  isSettlement = false,
) => {
  const guard =
    amount >= 0n || isSettlement
      ? sql`${users.balance} + ${amount} >= 0`
      : sql`${users.balance} - ${users.held} + ${amount} >= 0`;
  const [row] = await db
    .update(users)
    .set({
      balance: sql`${users.balance} + ${amount}`,
      totalTopUp: sql`${users.totalTopUp} + ${topUp}`,
      // The first credited top-up ends the customer's time as a new one (users/new-user.ts).
      ...(topUp > 0n
        ? {
            isNewUser: false,
            newUserEndedAt: sql`case when ${users.isNewUser} then now() else ${users.newUserEndedAt} end`,
          }
        : {}),
    })
    .where(and(eq(users.id, userId), guard))
    .returning({ balance: users.balance });
  return row?.balance ?? null;
};

/** Appends an entry. */
export const insertEntry = async (db: Database, entry: typeof ledgerEntries.$inferInsert) => {
  const [row] = await db.insert(ledgerEntries).values(entry).returning();
  if (!row) throw new Error('insert returned no entry');
  return row;
};

/** A user's balance and the sum of their entries (for invariant checks). */
export const readBalanceAndSum = async (db: Database, userId: bigint) => {
  const [[user], [entries]] = await Promise.all([
    db.select({ balance: users.balance }).from(users).where(eq(users.id, userId)),
    db
      .select({ sum: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)::text` })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.userId, userId)),
  ]);
  return user ? { balance: user.balance, sum: BigInt(entries?.sum ?? '0') } : null;
};

/** What a movement of the money trail refers to, read with it. */
export interface TrailRow {
  entry: typeof ledgerEntries.$inferSelect;
  proxy: {
    family: (typeof proxies.$inferSelect)['family'];
    exitType: (typeof proxies.$inferSelect)['exitType'];
    country: string | null;
    state: string | null;
    city: string | null;
    renewDays: number | null;
  } | null;
  packageGb: number | null;
  /** The name of the API key the movement was made through, if any (revoked keys keep theirs). */
  apiKeyName: string | null;
  order: {
    method: (typeof paymentOrders.$inferSelect)['method'];
    kind: (typeof paymentOrders.$inferSelect)['kind'];
  } | null;
}

/**
 * One page of a user's entries, newest first, within a time range and of some kinds, each with
 * the proxy, traffic package or order it refers to (only the user's own: a reference never
 * reaches another account's row).
 */
export const listTrailEntries = async (
  db: Database,
  userId: bigint,
  options: { offset: number; limit: number; start?: Date; end?: Date; kinds: LedgerKindName[] },
): Promise<{ rows: TrailRow[]; total: number }> => {
  const where = and(
    eq(ledgerEntries.userId, userId),
    options.start ? gte(ledgerEntries.createdAt, options.start) : undefined,
    options.end ? lte(ledgerEntries.createdAt, options.end) : undefined,
    options.kinds.length > 0 ? inArray(ledgerEntries.kind, options.kinds) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        entry: ledgerEntries,
        family: proxies.family,
        exitType: proxies.exitType,
        country: proxies.country,
        state: proxies.state,
        city: proxies.city,
        renewDays: proxies.renewDays,
        proxyId: proxies.id,
        packageGb: trafficPlans.gb,
        orderMethod: paymentOrders.method,
        orderKind: paymentOrders.kind,
        apiKeyName: apiKeys.name,
      })
      .from(ledgerEntries)
      .leftJoin(
        proxies,
        and(
          eq(ledgerEntries.referenceType, 'proxy'),
          eq(proxies.publicId, ledgerEntries.referenceId),
          eq(proxies.userId, ledgerEntries.userId),
        ),
      )
      .leftJoin(
        trafficPools,
        and(
          eq(ledgerEntries.referenceType, 'traffic_pool'),
          sql`${trafficPools.id}::text = ${ledgerEntries.referenceId}`,
          eq(trafficPools.userId, ledgerEntries.userId),
        ),
      )
      .leftJoin(trafficPlans, eq(trafficPlans.id, trafficPools.planId))
      .leftJoin(
        apiKeys,
        and(eq(apiKeys.id, ledgerEntries.apiKeyId), eq(apiKeys.userId, ledgerEntries.userId)),
      )
      .leftJoin(
        paymentOrders,
        and(
          eq(ledgerEntries.referenceType, 'payment_order'),
          eq(paymentOrders.orderNo, ledgerEntries.referenceId),
          eq(paymentOrders.userId, ledgerEntries.userId),
        ),
      )
      .where(where)
      .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id))
      .limit(options.limit)
      .offset(options.offset),
    db.select({ n: count() }).from(ledgerEntries).where(where),
  ]);
  return {
    total: total?.n ?? 0,
    rows: rows.map((row) => ({
      entry: row.entry,
      proxy:
        row.proxyId === null || row.family === null
          ? null
          : {
              family: row.family,
              exitType: row.exitType,
              country: row.country,
              state: row.state,
              city: row.city,
              renewDays: row.renewDays,
            },
      packageGb: row.packageGb,
      apiKeyName: row.apiKeyName,
      order: row.orderMethod && row.orderKind ? { method: row.orderMethod, kind: row.orderKind } : null,
    })),
  };
};
