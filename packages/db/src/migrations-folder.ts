import { fileURLToPath } from 'node:url';

/** The drizzle-kit migrations of this package, as shipped next to its source. */
export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../migrations', import.meta.url));
