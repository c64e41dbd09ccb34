import { type ChargeNote, type Checkout, formatPtc, type TopUpOrder } from '@ptc/contracts';
import type { OrderRow } from './orders.repository';

/** Shapes an order for the console (amounts as exact decimal strings). */
export const presentOrder = (order: OrderRow): TopUpOrder => ({
  order_no: order.orderNo,
  method: order.method,
  plan: order.plan,
  status: order.status,
  amount: formatPtc(order.amount),
  bonus: formatPtc(order.bonus),
  fee: formatPtc(order.fee),
  total: formatPtc(order.amount + order.fee),
  pay_currency: order.payCurrency,
  pay_amount: formatPtc(order.payAmount, order.payCurrency === 'USDT' ? 6 : 2),
  sandbox: order.provider === 'sandbox',
  created_at: order.createdAt.toISOString(),
  expires_at: order.expiresAt.toISOString(),
  paid_at: order.paidAt?.toISOString() ?? null,
  checkout: (order.checkout as Checkout | null) ?? null,
});

/** The text an operator reads when the provider says a payment failed (`applyPaymentNotification`). */
export const PROVIDER_FAILED_REASON = 'the provider reported a failed payment';

/**
 * A billing record's note as a code: the order's state, or why it failed. The failure reason kept
 * on the order is the provider's or the adapter's own English text, for operators.
 */
export const noteOf = (order: OrderRow): ChargeNote => {
  if (order.status !== 'failed') return order.status;
  if (order.kind === 'auto_topup') return 'auto_charge_failed';
  return order.failureReason === PROVIDER_FAILED_REASON ? 'provider_failed' : 'checkout_failed';
};
