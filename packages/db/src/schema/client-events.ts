import { bigint, bigserial, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { instant } from './columns';
import { users } from './users';

/** Console analytics events posted to `/api/statistics/log`. */
export const clientEvents = pgTable(
  'client_events',
  {
    id: bigserial({ mode: 'bigint' }).primaryKey(),
    userId: bigint({ mode: 'bigint' }).references(() => users.id, { onDelete: 'set null' }),
    event: text().notNull(),
    page: text(),
    detail: jsonb().$type<Record<string, unknown>>(),
    lang: text(),
    tz: text(),
    createdAt: instant().notNull().defaultNow(),
  },
  (table) => [index('client_events_created_at_idx').on(table.createdAt)],
);
