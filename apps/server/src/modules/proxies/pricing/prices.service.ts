import {
  AppError,
  DEFAULT_PRICES,
  discountedPrice,
  type Micro,
  type PriceKey,
  type PriceUnit,
  parsePtc,
  trafficPriceKey,
} from '@ptc/contracts';
import type { Database } from '@ptc/db';
import { insertMissingPrices, listStoredPrices, upsertPrice } from './prices.repository';

type Unit = PriceUnit;

/** Adds the default prices that are missing (an operator's edits are kept). */
export const ensurePrices = (db: Database) => insertMissingPrices(db);

/**
 * The whole price table (defaults for keys not stored), as one customer pays it: every price less
 * the account's custom discount (`users.discount_basis_points`, 0 for list prices), rounded down
 * to the micro-PTC. This is the one place a discount is applied: quotes, purchases, renewals,
 * traffic packages and usage billing all read their prices here.
 */
export const readPrices = async (
  db: Database,
  discountBasisPoints = 0,
): Promise<Record<PriceKey, { price: Micro; unit: Unit }>> => {
  const rows = await listStoredPrices(db);
  const table = { ...DEFAULT_PRICES } as Record<PriceKey, { price: Micro; unit: Unit }>;
  for (const row of rows)
    if (row.key in table) table[row.key as PriceKey] = { price: row.price, unit: row.unit };
  for (const key of Object.keys(table) as PriceKey[]) {
    table[key] = { ...table[key], price: discountedPrice(table[key].price, discountBasisPoints) };
  }
  return table;
};

/** One price, less a customer's discount in basis points (see {@link readPrices}). */
export const readPrice = async (db: Database, key: PriceKey, discountBasisPoints = 0) =>
  (await readPrices(db, discountBasisPoints))[key];

/** What a purchase of `family` charges at once (SPEC §9), or null for families billed by traffic. */
export const prepaidPriceKey = (
  family: string,
  exitType: 'residential' | 'datacenter' | null,
  days: 1 | 30 | null,
): PriceKey | null => {
  if (family === 'dynamic-ip') return 'dynamic_ip';
  if (family === 'static-ip') return `static_ip_${exitType ?? 'residential'}_${days ?? 30}`;
  return null;
};

/**
 * `GET /proxy/price`: the unit price of a purchase and what it charges now, before it is made, as
 * the customer pays it (their discount off).
 */
export const quotePrice = async (
  db: Database,
  customer: { discountBasisPoints: number },
  query: {
    family: 'dynamic-traffic' | 'dynamic-ip' | 'static-traffic' | 'static-ip';
    line?: number;
    type?: 'residential' | 'datacenter';
    days?: 1 | 30;
    count: number;
  },
) => {
  const type = query.type ?? 'residential';
  const prepaid = prepaidPriceKey(query.family, type, query.days ?? 30);
  const key = prepaid ?? trafficPriceKey({ family: query.family, line: query.line ?? 1, exitType: type });
  const { price, unit } = await readPrice(db, key, customer.discountBasisPoints);
  return { price, unit, total: prepaid ? price * BigInt(query.count) : 0n };
};

const isPriceKey = (key: string): key is PriceKey => Object.hasOwn(DEFAULT_PRICES, key);

/** Operator call: sets one price from a decimal PTC text (above zero); answers the stored row. */
export const setPrice = async (db: Database, key: string, text: string) => {
  if (!isPriceKey(key)) throw new AppError('ERR_ARGUMENT_TYPE', { message: `Unknown price key: ${key}` });
  const price = parsePtc(text);
  if (price <= 0n) throw new AppError('ERR_PRICE_ERROR', { message: 'A price must be above zero' });
  return upsertPrice(db, key, price);
};
