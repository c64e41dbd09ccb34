import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { apiKeys } from './api-keys';
import { instant, micro, timestamps } from './columns';
import { users } from './users';

/**
 * Every balance change, immutable (DESIGN §4 Ledger). `users.balance` equals the sum of a
 * user's entries; the idempotency key makes a retried request or webhook a no-op.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial({ mode: 'bigint' }).primaryKey(),
    userId: bigint({ mode: 'bigint' })
      .notNull()
      .references(() => users.id),
    /** Signed micro-PTC: credits positive, debits negative. */
    amount: micro().notNull(),
    kind: text({
      enum: [
        'topup',
        'bonus',
        'purchase',
        'usage',
        'renewal',
        'refund',
        'reward',
        'referral',
        'adjustment',
        // A static address replaced at no charge (issue #21): the only kind recorded with amount 0.
        'replacement',
      ],
    }).notNull(),
    /** What the money is for: an order, a proxy, a VM … */
    referenceType: text(),
    referenceId: text(),
    idempotencyKey: text().notNull(),
    /** Balance right after this entry. */
    balanceAfter: micro().notNull(),
    note: text(),
    /** The API key of the request that moved the money (issue #17), null for the console and jobs. */
    apiKeyId: bigint({ mode: 'bigint' }).references(() => apiKeys.id, { onDelete: 'set null' }),
    createdAt: instant().notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('ledger_entries_idempotency_key').on(table.idempotencyKey),
    index('ledger_entries_user_idx').on(table.userId, table.createdAt),
    // The operators' daily report reads every account's entries of a date range.
    index('ledger_entries_created_idx').on(table.createdAt),
    check('ledger_entries_amount_non_zero', sql`${table.amount} <> 0 or ${table.kind} = 'replacement'`),
    check('ledger_entries_balance_after_non_negative', sql`${table.balanceAfter} >= 0`),
  ],
);

/** Top-up orders (DESIGN §4 Orders and payments). */
export const paymentOrders = pgTable(
  'payment_orders',
  {
    id: bigserial({ mode: 'bigint' }).primaryKey(),
    /** Public order number, sent to providers. */
    orderNo: text().notNull(),
    userId: bigint({ mode: 'bigint' })
      .notNull()
      .references(() => users.id),
    /** `topup` by the customer, or `auto_topup` by the job. */
    kind: text({ enum: ['topup', 'auto_topup'] }).notNull(),
    plan: text({ enum: ['personal', 'enterprise'] }).notNull(),
    method: text({
      enum: ['card', 'stripe_wechat', 'alipay', 'wechat', 'epay', 'usdt', 'wire', 'auto'],
    }).notNull(),
    /** Who collects it: sandbox, stripe, alipay, wechat, epay, usdt, wire. */
    provider: text().notNull(),
    /** PTC bought, bonus credited with it, and the fee on top (micro-PTC ≈ micro-USD). */
    amount: micro().notNull(),
    bonus: micro().notNull(),
    fee: micro().notNull(),
    /** What the provider must collect, in micro-units of `payCurrency`. */
    payCurrency: text({ enum: ['USD', 'CNY', 'USDT'] }).notNull(),
    payAmount: micro().notNull(),
    status: text({ enum: ['pending', 'paid', 'expired', 'failed'] })
      .notNull()
      .default('pending'),
    providerRef: text(),
    /** What the browser does next (redirect URL, QR code, crypto address, wire instructions). */
    checkout: jsonb().$type<Record<string, unknown>>(),
    failureReason: text(),
    expiresAt: instant().notNull(),
    paidAt: instant(),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('payment_orders_order_no_key').on(table.orderNo),
    index('payment_orders_user_idx').on(table.userId, table.createdAt),
    index('payment_orders_pending_idx').on(table.status, table.expiresAt),
    // The operators' order list, newest first across every account.
    index('payment_orders_created_idx').on(table.createdAt),
    // A USDT amount identifies its order while it is open.
    uniqueIndex('payment_orders_open_usdt_amount_key')
      .on(table.payAmount)
      .where(sql`${table.provider} = 'usdt' and ${table.status} = 'pending'`),
    check('payment_orders_amounts_positive', sql`${table.amount} > 0 and ${table.payAmount} > 0`),
  ],
);

/** Every provider notification received, verified or not: the audit trail of the webhooks. */
export const paymentNotifications = pgTable(
  'payment_notifications',
  {
    id: bigserial({ mode: 'bigint' }).primaryKey(),
    provider: text().notNull(),
    orderNo: text(),
    providerRef: text(),
    /** credited, duplicate, failed, ignored, rejected. */
    outcome: text().notNull(),
    reason: text(),
    receivedAt: instant().notNull().defaultNow(),
  },
  (table) => [index('payment_notifications_order_idx').on(table.orderNo)],
);

/** The card a customer saved for auto top-up. */
export const savedCards = pgTable('saved_cards', {
  userId: bigint({ mode: 'bigint' })
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  provider: text().notNull(),
  customerRef: text().notNull(),
  paymentMethodRef: text().notNull(),
  brand: text().notNull(),
  last4: text().notNull(),
  exp: text().notNull(),
  ...timestamps,
});

/** Auto top-up settings (SPEC §3): charge `amount` when the balance falls below `threshold`. */
export const autoTopUps = pgTable('auto_top_ups', {
  userId: bigint({ mode: 'bigint' })
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  enabled: boolean().notNull().default(false),
  amount: micro().notNull(),
  threshold: micro().notNull(),
  /** Fires once per crossing: disarmed when it fires, re-armed when the balance recovers. */
  armed: boolean().notNull().default(true),
  /** Language of the failure notices (the console's, when the settings were saved). */
  lang: text().notNull().default('en-US'),
  lastAttemptAt: instant(),
  lastError: text(),
  ...timestamps,
});

/** Balance alarm settings (SPEC §3): one notification per crossing below `threshold`. */
export const balanceAlarms = pgTable('balance_alarms', {
  userId: bigint({ mode: 'bigint' })
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  enabled: boolean().notNull().default(false),
  threshold: micro().notNull(),
  method: text({ enum: ['email', 'sms'] }).notNull(),
  address: text().notNull(),
  armed: boolean().notNull().default(true),
  /** Language of the alarm message (the console's, when the alarm was saved). */
  lang: text().notNull().default('en-US'),
  lastNotifiedAt: instant(),
  ...timestamps,
});
