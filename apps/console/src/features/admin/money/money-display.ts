import { isAppError, ORDER_STATUSES, type OrderStatus, parsePtc } from '@ptc/contracts';
import { OPERATOR_BASE_PATH } from '../../../routes.paths';
import type { TFunction } from '../../../shared/i18n/translator';
import type { OperatorRole } from '../admin.types';
import { operatorErrorText } from '../operator-errors';

/** What an operator may do with money, and the roles the server lets do it (reading is open to all). */
export const MONEY_ACTION_ROLES = {
  refund: ['owner', 'finance'],
  confirmTransfer: ['owner', 'finance'],
} as const satisfies Record<string, readonly OperatorRole[]>;

/** One of the actions of {@link MONEY_ACTION_ROLES}. */
export type MoneyAction = keyof typeof MONEY_ACTION_ROLES;

/** True when an operator with `role` may use `action` (the pages show it only then). */
export const canOperatorHandleMoney = (role: OperatorRole | undefined, action: MoneyAction): boolean =>
  role !== undefined && (MONEY_ACTION_ROLES[action] as readonly OperatorRole[]).includes(role);

/** The providers that collect orders, as `GET /admin/orders?provider=` names them. */
export const ORDER_PROVIDERS = ['sandbox', 'stripe', 'alipay', 'wechat', 'epay', 'usdt', 'wire'] as const;

/** The order states, for the status filter. */
export { ORDER_STATUSES };

/** The colour of each order state's tag. */
export const ORDER_STATUS_COLOURS: Readonly<Record<OrderStatus, string>> = {
  paid: 'green',
  pending: 'gold',
  expired: 'default',
  failed: 'red',
};

/** True for an order an operator confirms by hand once the money arrived: a pending wire transfer. */
export const isAwaitingTransfer = (order: { provider: string; status: string }): boolean =>
  order.provider === 'wire' && order.status === 'pending';

/** A decimal amount the confirm and refund calls accept: up to 9 digits and 6 decimals. */
const DECIMAL_AMOUNT = /^\d{1,9}(\.\d{1,6})?$/;

/** True for a positive decimal amount with at most 6 decimals. */
export const isPositiveAmount = (text: string): boolean =>
  DECIMAL_AMOUNT.test(text.trim()) && parsePtc(text) > 0n;

/** True when `amount` is not more than `limit` (decimal PTC strings). */
export const isAtMost = (amount: string, limit: string): boolean => parsePtc(amount) <= parsePtc(limit);

/** True for a zero amount ("0.000000"). */
export const isZeroAmount = (amount: string): boolean => parsePtc(amount) === 0n;

/** The server's bounds of a refund's reason (trimmed). */
export const REFUND_REASON_LENGTH = { min: 3, max: 500 } as const;

/** The report's default span: the last 30 UTC days, today included. */
export const DEFAULT_REPORT_DAYS = 30;

/** A range of UTC days `YYYY-MM-DD`, both ends included. */
export interface DayRange {
  from: string;
  to: string;
}

const DAY_MS = 86_400_000;
const utcDay = (instant: Date): string => instant.toISOString().slice(0, 10);

/** The last {@link DEFAULT_REPORT_DAYS} UTC days up to `now`, as the server counts them. */
export const defaultReportRange = (now: Date = new Date()): DayRange => ({
  from: utcDay(new Date(now.getTime() - (DEFAULT_REPORT_DAYS - 1) * DAY_MS)),
  to: utcDay(now),
});

/** The file a CSV download of the report is saved as. */
export const reportFileName = (range: DayRange): string => `daily-report-${range.from}-${range.to}.csv`;

/** The addresses of the money pages. */
export const ORDERS_PATH = `${OPERATOR_BASE_PATH}/orders`;
export const REFUNDS_PATH = `${OPERATOR_BASE_PATH}/refunds`;

/** The refunds page opened on a customer's charges. */
export const refundsPathFor = (customer: string): string =>
  `${REFUNDS_PATH}?customer=${encodeURIComponent(customer)}`;

/** What `POST /admin/refunds` says in its refusal's `data`. */
interface RefundRefusal {
  reason?: string;
  refunded?: string;
  refundable?: string;
  kind?: string;
}

/**
 * The text of a refused refund: a charge refunded already, more than is left of it, an entry that
 * is not a charge, or no such charge, in operator terms; anything else as the code table says.
 */
export const refundErrorText = (error: unknown, t: TFunction): string => {
  if (!isAppError(error)) return operatorErrorText(error, t);
  const refusal = (error.data ?? {}) as RefundRefusal;
  if (refusal.reason === 'already_refunded') {
    return t('admin.money.refund.alreadyRefunded', { refunded: refusal.refunded ?? '—' });
  }
  if (refusal.reason === 'exceeds_charge') {
    return t('admin.money.refund.exceedsCharge', { refundable: refusal.refundable ?? '—' });
  }
  if (refusal.reason === 'not_a_charge') return t('admin.money.refund.notACharge');
  if (error.key === 'ERR_NOT_FOUND') return t('admin.money.refund.noCharge');
  if (error.key === 'ERR_PRICE_ERROR') return t('admin.money.refund.wrongAmount');
  return operatorErrorText(error, t);
};

/** The text of a refused transfer confirmation: no such order, or a payment the ledger rejected. */
export const confirmErrorText = (error: unknown, t: TFunction): string => {
  if (isAppError(error) && error.key === 'ERR_NOT_FOUND') return t('admin.money.confirm.noOrder');
  if (isAppError(error) && error.key === 'ERR_PRICE_ERROR') {
    return t('admin.money.confirm.rejected', { reason: error.message.replace(/^Not confirmed:\s*/, '') });
  }
  return operatorErrorText(error, t);
};
