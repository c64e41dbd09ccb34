/** What the money pages' tests share: orders, charges and reports as the server presents them. */
import {
  type AdminCharge,
  type AdminDailyReport,
  type AdminDailyReportRow,
  type AdminOrder,
  type AdminOrderDetail,
  type AdminRefund,
  REPORT_PRODUCTS,
} from '@ptc/contracts';

/** A payment order (a paid Stripe top-up of alice unless told). */
export const paymentOrder = (overrides: Partial<AdminOrder> = {}): AdminOrder => ({
  order_no: 'PTC20260103100000',
  customer: { uid: 'u-1001', email: 'alice@example.com' },
  kind: 'topup',
  method: 'card',
  provider: 'stripe',
  provider_ref: 'pi_123',
  amount: '100.000000',
  bonus: '5.000000',
  fee: '3.500000',
  pay_amount: '103.50',
  pay_currency: 'USD',
  status: 'paid',
  failure_reason: null,
  created_at: '2026-01-03T09:59:00.000Z',
  expires_at: '2026-01-03T10:29:00.000Z',
  paid_at: '2026-01-03T10:00:00.000Z',
  ...overrides,
});

/** A pending wire transfer of 2 000 PTC, waiting for the money. */
export const wireOrder = (overrides: Partial<AdminOrder> = {}): AdminOrder =>
  paymentOrder({
    order_no: 'PTC20260104120000',
    method: 'wire',
    provider: 'wire',
    provider_ref: null,
    amount: '2000.000000',
    bonus: '200.000000',
    fee: '0.000000',
    pay_amount: '2000.00',
    status: 'pending',
    paid_at: null,
    ...overrides,
  });

/** An order's page: what it credited and the provider's notification. */
export const orderDetail = (order: AdminOrder = paymentOrder()): AdminOrderDetail => ({
  order,
  ledger:
    order.status === 'paid'
      ? [
          {
            id: '41',
            kind: 'topup',
            amount: order.amount,
            balance_after: order.amount,
            reference_type: 'payment_order',
            reference_id: order.order_no,
            note: null,
            at: order.paid_at ?? order.created_at,
          },
        ]
      : [],
  notifications:
    order.status === 'paid'
      ? [
          {
            provider: order.provider,
            provider_ref: order.provider_ref,
            outcome: 'credited',
            reason: null,
            received_at: order.paid_at ?? order.created_at,
          },
        ]
      : [],
});

/** A charge of alice's (a purchase of 10 PTC of dynamic traffic, nothing refunded unless told). */
export const charge = (overrides: Partial<AdminCharge> = {}): AdminCharge => ({
  entry_id: '77',
  kind: 'purchase',
  amount: '10.000000',
  refunded: '0.000000',
  refundable: '10.000000',
  product: 'dynamic-traffic',
  reference_type: 'proxy',
  reference_id: 'p-9',
  note: null,
  at: '2026-01-05T08:00:00.000Z',
  ...overrides,
});

/** What a refund of `amount` of {@link charge} answers, leaving `balance`. */
export const refundAnswer = (amount: string, balance: string): AdminRefund => ({
  refund: {
    id: '90',
    kind: 'refund',
    amount,
    balance_after: balance,
    reference_type: 'ledger_entry',
    reference_id: '77',
    note: 'Proxy never worked',
    at: '2026-01-06T08:00:00.000Z',
  },
  charge: charge({ refunded: amount, refundable: '0.000000' }),
  customer: { uid: 'u-1001', balance },
});

const ZERO = '0.000000';

/** One day of the report: nothing happened unless told. */
export const reportDay = (
  day: string,
  overrides: Partial<AdminDailyReportRow> = {},
): AdminDailyReportRow => ({
  day,
  topup_count: 0,
  topups: ZERO,
  bonuses: ZERO,
  spending: Object.fromEntries(
    REPORT_PRODUCTS.map((product) => [product, ZERO]),
  ) as AdminDailyReportRow['spending'],
  spending_total: ZERO,
  refund_count: 0,
  refunds: ZERO,
  adjustment_count: 0,
  adjustments: ZERO,
  rewards: ZERO,
  revenue: ZERO,
  ...overrides,
});

/** A report of two days: a top-up and dynamic traffic on the first, a refund on the second. */
export const dailyReport = (): AdminDailyReport => {
  const first = reportDay('2026-01-05', {
    topup_count: 1,
    topups: '100.000000',
    bonuses: '5.000000',
    spending: { ...reportDay('').spending, 'dynamic-traffic': '10.000000' },
    spending_total: '10.000000',
    revenue: '10.000000',
  });
  const second = reportDay('2026-01-06', { refund_count: 1, refunds: '4.000000', revenue: '-4.000000' });
  return {
    from: '2026-01-05',
    to: '2026-01-06',
    days: [first, second],
    totals: reportDay('total', {
      topup_count: 1,
      topups: '100.000000',
      bonuses: '5.000000',
      spending: first.spending,
      spending_total: '10.000000',
      refund_count: 1,
      refunds: '4.000000',
      revenue: '6.000000',
    }),
  };
};
