import { bigint, timestamp } from 'drizzle-orm/pg-core';

/** A micro-PTC amount (DESIGN §4): 64-bit integer read as `bigint`. */
export const micro = (name?: string) =>
  name ? bigint(name, { mode: 'bigint' }) : bigint({ mode: 'bigint' });

/** A UTC instant. */
export const instant = (name?: string) =>
  name
    ? timestamp(name, { withTimezone: true, mode: 'date' })
    : timestamp({ withTimezone: true, mode: 'date' });

/** `created_at` / `updated_at` pair every mutable table carries. */
export const timestamps = {
  createdAt: instant().notNull().defaultNow(),
  updatedAt: instant()
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};
