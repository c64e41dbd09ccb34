import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { instant, micro, timestamps } from './columns';

/** Customers of the console, registered or tourist. */
export const users = pgTable(
  'users',
  {
    id: bigserial({ mode: 'bigint' }).primaryKey(),
    /** Public, opaque id shown in URLs and `user/info`. */
    uid: text().notNull(),
    email: text(),
    phone: text(),
    username: text().notNull(),
    /** argon2id hash; null for accounts created without a password (OAuth, phone). */
    passwordHash: text(),
    /** 'overseas' or 'china' as chosen at registration. */
    region: text().notNull().default('overseas'),
    /** 'personal' or 'enterprise', set by an operator (never by the customer's own requests). */
    plan: text({ enum: ['personal', 'enterprise'] })
      .notNull()
      .default('personal'),
    /** The enterprise custom discount off every proxy price, in basis points (0 to 9000). */
    discountBasisPoints: integer().notNull().default(0),
    /** The user's own referral code. */
    inviteCode: text().notNull(),
    /** Referral code of whoever invited this user. */
    referrerCode: text(),
    isTourist: boolean().notNull().default(false),
    /** Balance in micro-PTC; only the ledger service changes it (DESIGN §4 Ledger). */
    balance: micro().notNull().default(sql`0`),
    /**
     * Micro-PTC of the balance held for traffic (DESIGN §4 Credit control): gateways' grants and
     * carried traffic not settled yet. What the customer can spend is `balance - held`.
     */
    held: micro().notNull().default(sql`0`),
    /** Traffic-package bytes held the same way (grants and carried, unsettled package traffic). */
    heldPackageBytes: bigint({ mode: 'bigint' }).notNull().default(sql`0`),
    /** Sum of completed top-ups, which unlocks the invitation programme. */
    totalTopUp: micro().notNull().default(sql`0`),
    /**
     * A new customer (user info `is_new_user`, issue #20): true until they finish or dismiss the
     * new-user guide, or their first top-up is credited, whichever comes first.
     */
    isNewUser: boolean().notNull().default(true),
    /** When the customer stopped being new; the survey window waits a day after it. */
    newUserEndedAt: instant(),
    questionSwitch: boolean().notNull().default(false),
    showQuestionnaireWindows: boolean().notNull().default(false),
    toBandPhone: boolean().notNull().default(false),
    hasGift: boolean().notNull().default(false),
    /** Last proxy generation (one per second, SPEC §9). */
    lastGenerationAt: instant(),
    /** Locked by an operator: no sign-in, no session, no proxy carries traffic (issue #15). */
    lockedAt: instant(),
    deletedAt: instant(),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('users_uid_key').on(table.uid),
    uniqueIndex('users_invite_code_key').on(table.inviteCode),
    // Deleted accounts free their email, phone and name for reuse.
    uniqueIndex('users_email_key').on(sql`lower(${table.email})`).where(sql`${table.deletedAt} is null`),
    uniqueIndex('users_phone_key').on(table.phone).where(sql`${table.deletedAt} is null`),
    uniqueIndex('users_username_key')
      .on(sql`lower(${table.username})`)
      .where(sql`${table.deletedAt} is null`),
    index('users_referrer_code_idx').on(table.referrerCode),
    check('users_balance_non_negative', sql`${table.balance} >= 0`),
    check('users_held_non_negative', sql`${table.held} >= 0 and ${table.heldPackageBytes} >= 0`),
    check('users_total_top_up_non_negative', sql`${table.totalTopUp} >= 0`),
    check('users_discount_range', sql`${table.discountBasisPoints} between 0 and 9000`),
  ],
);
