import { DEFAULT_PRICES, discountedPrice, type Micro, trafficPriceKey } from '@ptc/contracts';
import { type Database, prices } from '@ptc/db';

/** The price table, by price key: the stored prices, the defaults for keys not stored. */
export type PriceTable = Map<string, Micro>;

/** Reads the price table (one query). */
export const readPriceTable = async (db: Database): Promise<PriceTable> => {
  const table: PriceTable = new Map(Object.entries(DEFAULT_PRICES).map(([key, { price }]) => [key, price]));
  for (const row of await db.select({ key: prices.key, price: prices.price }).from(prices)) {
    table.set(row.key, row.price);
  }
  return table;
};

/**
 * Micro-PTC per GB of a proxy billed by traffic (its line's or exit type's price), less its
 * owner's custom discount in basis points (the server's rule, `discountedPrice`).
 */
export const trafficPriceOf = (
  proxy: Parameters<typeof trafficPriceKey>[0],
  table: PriceTable,
  discountBasisPoints = 0,
): Micro => {
  const key = trafficPriceKey(proxy);
  return discountedPrice(table.get(key) ?? DEFAULT_PRICES[key].price, discountBasisPoints);
};
