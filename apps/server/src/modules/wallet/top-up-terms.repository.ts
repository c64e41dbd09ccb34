import { catalogueSettings, type Database, sql } from '@ptc/db';

/** The names of the catalogue's stored settings (`catalogue_settings.name`). */
export type CatalogueSettingName = 'top_up_packages' | 'top_up_bonus' | 'top_up_fees';

// Serialises operators' changes to the settings, so a change's "before" is what it replaced.
const SETTINGS_LOCK_KEY = 7_407_016;

/** Every stored setting, by name (a name with no row keeps its default). */
export const findCatalogueSettings = async (db: Database) => {
  const rows = await db.select().from(catalogueSettings);
  return new Map(rows.map((row) => [row.name as CatalogueSettingName, row.value]));
};

/** Waits for other changes to the settings to commit; held until the transaction ends. */
export const lockCatalogueSettings = (tx: Database) =>
  tx.execute(sql`select pg_advisory_xact_lock(${SETTINGS_LOCK_KEY})`);

/** Stores one setting (insert or replace). */
export const upsertCatalogueSetting = async (db: Database, name: CatalogueSettingName, value: unknown) => {
  await db
    .insert(catalogueSettings)
    .values({ name, value })
    .onConflictDoUpdate({ target: catalogueSettings.name, set: { value, updatedAt: new Date() } });
};
