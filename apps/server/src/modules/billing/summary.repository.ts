import { alias, and, type Database, eq, inArray, isNull, ledgerEntries, proxies, sql } from '@ptc/db';

/** The charge an operator's refund names (`reference_type` 'ledger_entry'): its product is the refund's. */
const charged = alias(ledgerEntries, 'charged');

/** Ledger kinds that are spending on a product (refunds count negative). */
const COST_KINDS = ['purchase', 'renewal', 'usage', 'refund'] as const;

/** Net debits of one period for one product kind. */
export interface CostRow {
  period: string;
  referenceType: string | null;
  family: (typeof proxies.$inferSelect)['family'] | null;
  exitType: 'residential' | 'datacenter' | null;
  /** The proxy's line (dynamic traffic). */
  line: number | null;
  /** Signed sum of the entries: negative for net spending. */
  amount: bigint;
}

/**
 * A user's ledger entries on proxies, traffic packages and remote PCs between two local dates (`from` inclusive,
 * `to` exclusive, midnight in `tz`), summed per local day or month and per proxy family,
 * exit type and line. A proxy entry references the proxy by its public id or its numeric id.
 */
export const sumCostsByPeriod = async (
  db: Database,
  userId: bigint,
  range: { from: string; to: string; tz: string; unit: 'day' | 'month' },
): Promise<CostRow[]> => {
  const format = range.unit === 'day' ? 'YYYY-MM-DD' : 'YYYY-MM';
  // What an entry is for: its own reference, or for an operator's refund, the refunded charge's.
  const referenceType = sql<
    string | null
  >`coalesce(${charged.referenceType}, ${ledgerEntries.referenceType})`;
  const referenceId = sql<string | null>`coalesce(${charged.referenceId}, ${ledgerEntries.referenceId})`;
  const rows = await db
    .select({
      period: sql<string>`to_char(${ledgerEntries.createdAt} at time zone ${range.tz}, ${format})`,
      referenceType,
      family: proxies.family,
      exitType: proxies.exitType,
      line: proxies.line,
      amount: sql<string>`sum(${ledgerEntries.amount})::text`,
    })
    .from(ledgerEntries)
    .leftJoin(
      charged,
      and(
        eq(ledgerEntries.referenceType, 'ledger_entry'),
        eq(charged.userId, ledgerEntries.userId),
        sql`${charged.id}::text = ${ledgerEntries.referenceId}`,
      ),
    )
    .leftJoin(
      proxies,
      and(
        sql`${referenceType} = 'proxy'`,
        eq(proxies.userId, ledgerEntries.userId),
        sql`${referenceId} in (${proxies.publicId}, ${proxies.id}::text)`,
      ),
    )
    .where(
      and(
        eq(ledgerEntries.userId, userId),
        inArray(ledgerEntries.kind, [...COST_KINDS]),
        sql`${referenceType} in ('proxy', 'vm', 'traffic_pool')`,
        sql`${ledgerEntries.createdAt} >= (${range.from}::timestamp at time zone ${range.tz})`,
        sql`${ledgerEntries.createdAt} < (${range.to}::timestamp at time zone ${range.tz})`,
      ),
    )
    // By position: the same expression with its own parameters would not match the select's.
    .groupBy(sql`1`, sql`2`, proxies.family, proxies.exitType, proxies.line);
  return rows.map((row) => ({ ...row, amount: BigInt(row.amount) }));
};

/** A user's live proxies counted per family, lifecycle status, switch and whether expired. */
export const countProxiesByState = (db: Database, userId: bigint, now: Date) =>
  db
    .select({
      family: proxies.family,
      status: proxies.status,
      switch: proxies.switch,
      isExpired: sql<boolean>`(${proxies.status} = 3 or coalesce(${proxies.expiresAt} <= ${now}, false))`,
      count: sql<number>`count(*)::int`,
    })
    .from(proxies)
    .where(and(eq(proxies.userId, userId), isNull(proxies.deletedAt)))
    .groupBy(sql`1`, sql`2`, sql`3`, sql`4`);
