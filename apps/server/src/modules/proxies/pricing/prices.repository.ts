import { DEFAULT_PRICES, type Micro, type PriceKey } from '@ptc/contracts';
import { type Database, prices } from '@ptc/db';

/** Adds the default prices that are missing (an operator's edits are kept). */
export const insertMissingPrices = async (db: Database) => {
  await db
    .insert(prices)
    .values(Object.entries(DEFAULT_PRICES).map(([key, { price, unit }]) => ({ key, price, unit })))
    .onConflictDoNothing();
};

/** The stored rows of the price table. */
export const listStoredPrices = (db: Database) => db.select().from(prices);

/** Stores one price (insert or update); answers the stored row. */
export const upsertPrice = async (db: Database, key: PriceKey, price: Micro) => {
  const { unit } = DEFAULT_PRICES[key];
  const [row] = await db
    .insert(prices)
    .values({ key, price, unit })
    .onConflictDoUpdate({ target: prices.key, set: { price, updatedAt: new Date() } })
    .returning();
  if (!row) throw new Error('upsert returned no price');
  return row;
};
