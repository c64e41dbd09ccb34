import type {
  AdminChargePage,
  AdminDailyReport,
  AdminDailyReportQuery,
  AdminOrderDetail,
  AdminOrderPage,
  AdminOrdersQuery,
  AdminRefund,
  AdminRefundRequest,
} from '@ptc/contracts';
import { isAppError } from '@ptc/contracts';
import type { RequestOptions } from '../../../shared/api/http-client';
import { isTokenError } from '../../../shared/api/request-errors';
import { operatorRequest, signOutOperatorLocally } from '../admin.api';

/** The filters of the orders table; empty ones are left out of the query. */
export type OrderFilters = Partial<
  Pick<AdminOrdersQuery, 'status' | 'provider' | 'customer' | 'from' | 'to'>
>;

/** `POST /admin/orders/:order_no/confirm`: what was received for a wire transfer order. */
export interface TransferConfirmation {
  /** What arrived, in the order's pay currency (decimal, up to 6 places). */
  amount: string;
  /** The bank's reference of the transfer. */
  reference?: string;
}

/** What confirming a transfer answers: `credited`, or `duplicate` when it was credited before. */
export interface TransferConfirmed {
  outcome: string;
}

const withSignal = (signal: AbortSignal | undefined) => (signal ? { signal } : {});

/**
 * A change whose refusal the dialog explains in its own words (no toast of the bare code text),
 * except a lost session, which leads to the operator sign-in as every other call does.
 */
const explainedRequest = async <T>(options: RequestOptions): Promise<T> => {
  try {
    return await operatorRequest<T>({ ...options, silent: true });
  } catch (error) {
    if (isAppError(error) && isTokenError(error)) signOutOperatorLocally();
    throw error;
  }
};

/** One page of payment orders of every provider, newest first (owner, finance, support). */
export const searchOrders = (
  filters: OrderFilters,
  paging: { page: number; pageSize: number },
  signal?: AbortSignal,
) => {
  const query = Object.fromEntries(
    Object.entries(filters)
      .map(([key, value]) => [key, typeof value === 'string' ? value.trim() : value] as const)
      .filter(([, value]) => Boolean(value)),
  );
  return operatorRequest<AdminOrderPage>({
    path: '/admin/orders',
    query: { ...query, page: paging.page, page_size: paging.pageSize },
    ...withSignal(signal),
  });
};

/** A payment order with the ledger entries it credited and the provider's notifications. */
export const getOrder = (orderNo: string, signal?: AbortSignal) =>
  operatorRequest<AdminOrderDetail>({
    path: '/admin/orders/{order_no}',
    params: { order_no: orderNo },
    ...withSignal(signal),
  });

/** Confirms a received wire transfer (owner, finance); the dialog shows failures itself. */
export const confirmTransfer = (orderNo: string, confirmation: TransferConfirmation) =>
  explainedRequest<TransferConfirmed>({
    method: 'POST',
    path: '/admin/orders/{order_no}/confirm',
    params: { order_no: orderNo },
    data: confirmation,
  });

/** A customer's charges (by uid or email) with what of each was refunded, newest first. */
export const searchCharges = (
  customer: string,
  paging: { page: number; pageSize: number },
  signal?: AbortSignal,
) =>
  operatorRequest<AdminChargePage>({
    path: '/admin/charges',
    query: { customer: customer.trim(), page: paging.page, page_size: paging.pageSize },
    ...withSignal(signal),
  });

/** Refunds a charge to the balance, once per charge (owner, finance); the dialog shows failures. */
export const refundCharge = (refund: AdminRefundRequest) =>
  explainedRequest<AdminRefund>({ method: 'POST', path: '/admin/refunds', data: refund });

/** The daily report of a range of UTC days (owner, finance). */
export const getDailyReport = (range: Required<AdminDailyReportQuery>, signal?: AbortSignal) =>
  operatorRequest<AdminDailyReport>({
    path: '/admin/reports/daily',
    query: range,
    ...withSignal(signal),
  });

/**
 * The daily report as a CSV file. Fetched with the operator session header, which a plain link
 * could not carry, and handed to the browser as a download by the caller.
 */
export const downloadDailyReportCsv = (range: Required<AdminDailyReportQuery>) =>
  operatorRequest<Blob>({
    path: '/admin/reports/daily.csv',
    query: range,
    responseType: 'blob',
  });
