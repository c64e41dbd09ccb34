import type { TopUpOrder } from '@ptc/contracts';

/** How often a pending order is asked for again (the server also confirms by webhook). */
export const ORDER_POLL_INTERVAL_MS = 3_000;

/**
 * How long polling goes on after an order's expiry: a payment made in its last seconds is
 * still confirmed by the provider a little later.
 */
export const ORDER_EXPIRY_GRACE_MS = 60_000;

/** What an order page shows: loading, waiting for the payment, or one of the final states. */
export type OrderView = 'loading' | 'pending' | 'paid' | 'failed' | 'expired' | 'error';

/** What a page knows about an order it polls. */
export interface OrderSnapshot {
  /** The last answer, if any. */
  order: Pick<TopUpOrder, 'status' | 'expires_at'> | null | undefined;
  /** The last poll failed (the "system error" of SPEC §4). */
  isError: boolean;
  /** Current time in ms since the epoch. */
  now: number;
}

const expiresAtMs = (order: Pick<TopUpOrder, 'expires_at'>): number => Date.parse(order.expires_at);

/** True once the order's countdown has run out (an unreadable expiry never runs out). */
export const isPastExpiry = (order: Pick<TopUpOrder, 'expires_at'>, now: number, graceMs = 0): boolean =>
  now >= expiresAtMs(order) + graceMs;

/**
 * Maps an order and the state of its polling to what the page shows (SPEC §4 WeChat order:
 * pending, expired after the countdown, system error, success). A paid order is paid whatever
 * the clock says; a pending one whose countdown ran out shows as expired.
 */
export const toOrderView = ({ order, isError, now }: OrderSnapshot): OrderView => {
  if (order?.status === 'paid') return 'paid';
  if (isError) return 'error';
  if (!order) return 'loading';
  if (order.status === 'failed') return 'failed';
  if (order.status === 'expired') return 'expired';
  return isPastExpiry(order, now) ? 'expired' : 'pending';
};

/**
 * True while the order should be asked for again: it is pending, the last poll worked, and its
 * expiry (plus a grace for late confirmations) has not passed. Leaving the page stops it too.
 */
export const shouldPollOrder = ({ order, isError, now }: OrderSnapshot): boolean => {
  if (isError || !order) return false;
  if (order.status !== 'pending') return false;
  return !isPastExpiry(order, now, ORDER_EXPIRY_GRACE_MS);
};

/** The interval for TanStack Query's `refetchInterval`: every 3 s while {@link shouldPollOrder}. */
export const orderPollInterval = (snapshot: OrderSnapshot): number | false =>
  shouldPollOrder(snapshot) ? ORDER_POLL_INTERVAL_MS : false;

/** What the browser does after an order was created. */
export type CheckoutStep =
  /** Leave for the provider's page (card, Alipay, the aggregator, the sandbox). */
  | { kind: 'redirect'; url: string }
  /** Show the QR code on the console's WeChat page. */
  | { kind: 'wechat'; orderNo: string }
  /** Stay on the charge page and show the order (USDT address, wire instructions, a final state). */
  | { kind: 'show'; orderNo: string };

/** Chooses the next step from the created order's checkout. */
export const getCheckoutStep = (
  order: Pick<TopUpOrder, 'order_no' | 'status' | 'checkout'>,
): CheckoutStep => {
  const { checkout } = order;
  if (order.status === 'pending' && checkout?.kind === 'redirect')
    return { kind: 'redirect', url: checkout.url };
  if (order.status === 'pending' && checkout?.kind === 'qr')
    return { kind: 'wechat', orderNo: order.order_no };
  return { kind: 'show', orderNo: order.order_no };
};
