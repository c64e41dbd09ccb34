import { z } from 'zod';
import { ORDER_STATUSES } from './charges';

/**
 * Money as operators handle it (issue #15, `/api/admin/…`): payment orders of every provider,
 * refunds of charges to the balance, and the daily report. Amounts are decimal PTC strings with
 * six places (the micro-PTC the ledger holds, never rounded); times are ISO 8601 UTC.
 */

/** A calendar day `YYYY-MM-DD` (UTC) that exists. */
export const isoDaySchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'a date YYYY-MM-DD')
  .refine((text) => {
    const day = new Date(`${text}T00:00:00Z`);
    return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(text);
  }, 'not a calendar date');

/** The longest span of the daily report, in days. */
export const ADMIN_REPORT_MAX_DAYS = 366;

/** `GET /api/admin/orders`: the filters and the page. */
export const adminOrdersQuerySchema = z.object({
  /** Only orders in this state. */
  status: z.enum(ORDER_STATUSES).optional(),
  /** Only orders collected by this provider (sandbox, stripe, alipay, wechat, epay, usdt, wire). */
  provider: z.string().trim().min(1).max(32).optional(),
  /** Only orders of this customer: a uid or an email (exact, case-insensitive). */
  customer: z.string().trim().min(1).max(254).optional(),
  /** Created on or after this UTC day. */
  from: isoDaySchema.optional(),
  /** Created on or before this UTC day. */
  to: isoDaySchema.optional(),
  /** Page number, from 1. */
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  /** Rows per page, at most 200. */
  page_size: z.coerce.number().int().min(1).max(200).default(50),
});
export type AdminOrdersQuery = z.output<typeof adminOrdersQuerySchema>;

/** A payment order as operators see it. */
export const adminOrderSchema = z.object({
  /** Public order number (what providers carry). */
  order_no: z.string(),
  /** The customer who placed it. */
  customer: z.object({ uid: z.string(), email: z.string().nullable() }),
  /** `topup` by the customer, `auto_topup` by the job. */
  kind: z.string(),
  /** Payment method chosen (card, alipay, usdt, wire …). */
  method: z.string(),
  /** Who collects it: sandbox, stripe, alipay, wechat, epay, usdt, wire. */
  provider: z.string(),
  /** The provider's reference (transaction id), once known. */
  provider_ref: z.string().nullable(),
  /** PTC bought. */
  amount: z.string(),
  /** Bonus PTC credited with it. */
  bonus: z.string(),
  /** Fee on top, in PTC. */
  fee: z.string(),
  /** What the provider collects, in `pay_currency`. */
  pay_amount: z.string(),
  /** USD, CNY or USDT. */
  pay_currency: z.string(),
  /** pending, paid, expired or failed. */
  status: z.enum(ORDER_STATUSES),
  /** Why it failed, when it did. */
  failure_reason: z.string().nullable(),
  created_at: z.string(),
  expires_at: z.string(),
  paid_at: z.string().nullable(),
});
export type AdminOrder = z.infer<typeof adminOrderSchema>;

/** Answer of `GET /api/admin/orders`: newest first. */
export const adminOrderPageSchema = z.object({
  records: z.array(adminOrderSchema),
  /** Orders matching the filters, over all pages. */
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type AdminOrderPage = z.infer<typeof adminOrderPageSchema>;

/** A ledger entry as operators see it. */
export const adminLedgerEntrySchema = z.object({
  /** The entry's id: what a refund names. */
  id: z.string(),
  /** topup, bonus, purchase, usage, renewal, refund, reward, referral, adjustment. */
  kind: z.string(),
  /** Signed PTC: credits positive, debits negative. */
  amount: z.string(),
  /** The balance right after it. */
  balance_after: z.string(),
  /** What it is for (payment_order, proxy, traffic_pool, ledger_entry, operator …). */
  reference_type: z.string().nullable(),
  reference_id: z.string().nullable(),
  note: z.string().nullable(),
  at: z.string(),
});
export type AdminLedgerEntry = z.infer<typeof adminLedgerEntrySchema>;

/** A provider notification received for an order (verified or not). */
export const adminPaymentNotificationSchema = z.object({
  provider: z.string(),
  provider_ref: z.string().nullable(),
  /** credited, duplicate, failed, ignored, rejected. */
  outcome: z.string(),
  reason: z.string().nullable(),
  received_at: z.string(),
});
export type AdminPaymentNotification = z.infer<typeof adminPaymentNotificationSchema>;

/** Answer of `GET /api/admin/orders/{order_no}`: the order, its ledger entries and notifications. */
export const adminOrderDetailSchema = z.object({
  order: adminOrderSchema,
  ledger: z.array(adminLedgerEntrySchema),
  notifications: z.array(adminPaymentNotificationSchema),
});
export type AdminOrderDetail = z.infer<typeof adminOrderDetailSchema>;

/** `GET /api/admin/charges`: a customer's charges, the ones a refund can name. */
export const adminChargesQuerySchema = z.object({
  /** The customer: a uid or an email (exact, case-insensitive). */
  customer: z.string().trim().min(1).max(254),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  page_size: z.coerce.number().int().min(1).max(200).default(50),
});

/** A charge (a purchase, renewal or usage debit) and what of it was refunded. */
export const adminChargeSchema = z.object({
  /** Ledger entry id of the charge. */
  entry_id: z.string(),
  /** purchase, renewal or usage. */
  kind: z.string(),
  /** What was charged, in PTC (positive). */
  amount: z.string(),
  /** What was credited back for it already (operator and automatic refunds). */
  refunded: z.string(),
  /** What a refund may still credit. */
  refundable: z.string(),
  /** dynamic-traffic, dynamic-ip, static-traffic, static-ip, traffic-package, remote-pc or other. */
  product: z.string(),
  reference_type: z.string().nullable(),
  reference_id: z.string().nullable(),
  note: z.string().nullable(),
  at: z.string(),
});
export type AdminCharge = z.infer<typeof adminChargeSchema>;

/** Answer of `GET /api/admin/charges`: newest first. */
export const adminChargePageSchema = z.object({
  records: z.array(adminChargeSchema),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type AdminChargePage = z.infer<typeof adminChargePageSchema>;

/** `POST /api/admin/refunds`: credit a charge back to the balance, once. */
export const adminRefundRequestSchema = z.object({
  /** Ledger entry id of the charge (a purchase, renewal or usage debit). */
  entry_id: z.string().regex(/^[1-9]\d{0,17}$/, 'a ledger entry id'),
  /** Why: shown in the customer's money trail as the refund's note. */
  reason: z.string().trim().min(3).max(500),
  /** PTC to credit (at most what was charged); the whole charge when absent. */
  amount: z
    .string()
    .regex(/^\d{1,9}(\.\d{1,6})?$/, 'a decimal PTC amount')
    .optional(),
});
export type AdminRefundRequest = z.infer<typeof adminRefundRequestSchema>;

/** Answer of `POST /api/admin/refunds`. */
export const adminRefundSchema = z.object({
  /** The refund's own ledger entry (kind `refund`, referencing the charge). */
  refund: adminLedgerEntrySchema,
  /** The charge after the refund. */
  charge: adminChargeSchema,
  /** The customer's uid and balance after the refund. */
  customer: z.object({ uid: z.string(), balance: z.string() }),
});
export type AdminRefund = z.infer<typeof adminRefundSchema>;

/** `GET /api/admin/reports/daily` (and `.csv`): UTC days, both ends included; the last 30 days by default. */
export const adminDailyReportQuerySchema = z.object({
  /** First UTC day. */
  from: isoDaySchema.optional(),
  /** Last UTC day (at most 366 days after `from`). */
  to: isoDaySchema.optional(),
});
export type AdminDailyReportQuery = z.infer<typeof adminDailyReportQuerySchema>;

/** Products the daily report splits spending by. */
export const REPORT_PRODUCTS = [
  'dynamic-traffic',
  'dynamic-ip',
  'static-traffic',
  'static-ip',
  'traffic-package',
  'remote-pc',
  'other',
] as const;
export type ReportProduct = (typeof REPORT_PRODUCTS)[number];

/** One UTC day of money, from the ledger (every amount a decimal PTC string, six places). */
export const adminDailyReportRowSchema = z.object({
  /** The UTC day, `YYYY-MM-DD`. */
  day: z.string(),
  /** Top-up credits (ledger kind `topup`: paid orders of every provider, confirmed wires). */
  topup_count: z.number().int(),
  topups: z.string(),
  /** Bonus credited with top-ups (ledger kind `bonus`). */
  bonuses: z.string(),
  /** Charges (purchase, renewal, usage debits) by product, as positive amounts. */
  spending: z.object({
    'dynamic-traffic': z.string(),
    'dynamic-ip': z.string(),
    'static-traffic': z.string(),
    'static-ip': z.string(),
    'traffic-package': z.string(),
    'remote-pc': z.string(),
    other: z.string(),
  }),
  /** All charges of the day. */
  spending_total: z.string(),
  /** Refunds credited (ledger kind `refund`: by operators and automatic). */
  refund_count: z.number().int(),
  refunds: z.string(),
  /** Operator adjustments (and balances cleared by account deletion), signed net. */
  adjustment_count: z.number().int(),
  adjustments: z.string(),
  /** Rewards and referral commissions credited (ledger kinds `reward`, `referral`). */
  rewards: z.string(),
  /** Revenue: what customers spent on products less what was refunded. */
  revenue: z.string(),
});
export type AdminDailyReportRow = z.infer<typeof adminDailyReportRowSchema>;

/** Answer of `GET /api/admin/reports/daily`: every day of the range, oldest first, and the totals. */
export const adminDailyReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  days: z.array(adminDailyReportRowSchema),
  /** The sums over the range (`day` holds `total`). */
  totals: adminDailyReportRowSchema,
});
export type AdminDailyReport = z.infer<typeof adminDailyReportSchema>;
