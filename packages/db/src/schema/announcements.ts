import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { instant, timestamps } from './columns';
import { operators } from './operators';
import { users } from './users';

/**
 * Bulletins (SPEC §4, §7 `GET /proxy/announcements`; issue #20): written by operators, a title and
 * body in each of the console's three languages (at least one language; a customer sees theirs,
 * else en-US, else any), shown from `starts_at` until `ends_at` (open-ended when null). The limits
 * of the API (`ANNOUNCEMENT_*` in the contracts) hold in the table too.
 */
export const announcements = pgTable(
  'announcements',
  {
    id: bigserial({ mode: 'bigint' }).primaryKey(),
    /** Public, opaque id (`/api/proxy/announcements/{id}/…`, the console's bulletin list). */
    publicId: text().notNull(),
    titleEn: text(),
    bodyEn: text(),
    titleZh: text(),
    bodyZh: text(),
    titleRu: text(),
    bodyRu: text(),
    startsAt: instant().notNull().defaultNow(),
    endsAt: instant(),
    /** Operators who wrote and last changed it (null once that operator row is gone). */
    createdBy: bigint({ mode: 'bigint' }).references(() => operators.id, { onDelete: 'set null' }),
    updatedBy: bigint({ mode: 'bigint' }).references(() => operators.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('announcements_public_id_key').on(table.publicId),
    index('announcements_window_idx').on(table.startsAt, table.endsAt),
    check(
      'announcements_one_language',
      sql`${table.titleEn} is not null or ${table.titleZh} is not null or ${table.titleRu} is not null`,
    ),
    check(
      'announcements_language_pairs',
      sql`(${table.titleEn} is null) = (${table.bodyEn} is null) and (${table.titleZh} is null) = (${table.bodyZh} is null) and (${table.titleRu} is null) = (${table.bodyRu} is null)`,
    ),
    check(
      'announcements_title_length',
      sql`char_length(${table.titleEn}) between 1 and 200 and char_length(${table.titleZh}) between 1 and 200 and char_length(${table.titleRu}) between 1 and 200`,
    ),
    check(
      'announcements_body_length',
      sql`char_length(${table.bodyEn}) between 1 and 5000 and char_length(${table.bodyZh}) between 1 and 5000 and char_length(${table.bodyRu}) between 1 and 5000`,
    ),
    check('announcements_window_order', sql`${table.endsAt} is null or ${table.endsAt} > ${table.startsAt}`),
  ],
);

/**
 * What each customer did with a bulletin: read (seen) and closed, kept on the server so a bulletin
 * closed on one device stays closed on the others.
 */
export const announcementStates = pgTable(
  'announcement_states',
  {
    userId: bigint({ mode: 'bigint' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    announcementId: bigint({ mode: 'bigint' })
      .notNull()
      .references(() => announcements.id, { onDelete: 'cascade' }),
    readAt: instant(),
    closedAt: instant(),
    ...timestamps,
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.announcementId] }),
    index('announcement_states_announcement_idx').on(table.announcementId),
  ],
);
