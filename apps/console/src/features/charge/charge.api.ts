import type {
  autoTopUpRequestSchema,
  autoTopUpSchema,
  balanceAlarmRequestSchema,
  balanceAlarmSchema,
  bindCardResponseSchema,
  chargePackagesSchema,
  PaymentMethod,
  TopUpOrder,
} from '@ptc/contracts';
import { api } from '../../shared/api/api';
import type { RequestOf, ResponseOf } from '../../shared/api/contract-types';
import type { ChargeRecords, ChargeRecordsQuery } from './charge-records';
import type { EpayChannel, PaywayItem } from './payment-methods';
import { buildTopUpRequest } from './top-up-request';

/** Packages and limits of `GET /proxy/charges/list`. */
export type ChargePackages = ResponseOf<typeof chargePackagesSchema>;
/** Auto top-up settings and the saved card. */
export type AutoTopUp = ResponseOf<typeof autoTopUpSchema>;
/** Balance alarm settings. */
export type BalanceAlarm = ResponseOf<typeof balanceAlarmSchema>;

/** TanStack Query keys of the wallet, so a payment can refresh what it changed. */
export const WALLET_QUERY_KEYS = {
  packages: ['wallet', 'packages'] as const,
  payways: ['wallet', 'payways'] as const,
  records: ['wallet', 'records'] as const,
  order: (orderNo: string) => ['wallet', 'order', orderNo] as const,
  wechatOrder: (orderNo: string) => ['wallet', 'wechat-order', orderNo] as const,
  autoTopUp: ['wallet', 'auto-top-up'] as const,
  balanceAlarm: ['wallet', 'balance-alarm'] as const,
};

/** `GET /proxy/charges/list`: packages and limits. Silent: the page says 'failed to load'. */
export const fetchChargePackages = (signal?: AbortSignal) =>
  api.request<ChargePackages>({ path: '/proxy/charges/list', silent: true, ...(signal ? { signal } : {}) });

/** `GET /proxy/payway/charge`: the enabled payment methods with their fees. Silent as above. */
export const fetchPayways = (signal?: AbortSignal) =>
  api.request<PaywayItem[]>({ path: '/proxy/payway/charge', silent: true, ...(signal ? { signal } : {}) });

/**
 * Creates a top-up order for `method` (3003 amount, 3004 method, 3001 provider refused; the
 * client shows them). The answer's `checkout` says how to pay.
 */
export const createTopUpOrder = (
  method: PaymentMethod,
  data: { amount: string },
  epayChannel?: EpayChannel,
) => api.request<TopUpOrder>(buildTopUpRequest(method, data, epayChannel));

/** `GET /proxy/charges/order/{order_no}`: an order's state. Silent: a failed poll is a page state. */
export const fetchTopUpOrder = (orderNo: string, signal?: AbortSignal) =>
  api.request<TopUpOrder>({
    path: '/proxy/charges/order/{order_no}',
    params: { order_no: orderNo },
    silent: true,
    ...(signal ? { signal } : {}),
  });

/** `POST /proxy/charges/wechat/pay/{order_no}`: the WeChat order's state (the QR page's poll). */
export const pollWechatOrder = (orderNo: string, signal?: AbortSignal) =>
  api.request<TopUpOrder>({
    method: 'POST',
    path: '/proxy/charges/wechat/pay/{path}',
    params: { path: orderNo },
    silent: true,
    ...(signal ? { signal } : {}),
  });

/** `GET /proxy/charges/records`: a page of billing records. */
export const fetchChargeRecords = (query: ChargeRecordsQuery, signal?: AbortSignal) =>
  api.request<ChargeRecords>({
    path: '/proxy/charges/records',
    data: query,
    silent: true,
    ...(signal ? { signal } : {}),
  });

/** `GET /proxy/charges/stripe/info`: auto top-up settings and the saved card. */
export const fetchAutoTopUp = (signal?: AbortSignal) =>
  api.request<AutoTopUp>({ path: '/proxy/charges/stripe/info', silent: true, ...(signal ? { signal } : {}) });

/** `POST /proxy/charges/stripe/info`: saves auto top-up (3001 when enabled without a saved card). */
export const saveAutoTopUp = (data: RequestOf<typeof autoTopUpRequestSchema>) =>
  api.request<AutoTopUp>({ method: 'POST', path: '/proxy/charges/stripe/info', data, bodyKind: 'form' });

/** `POST /proxy/charges/stripe/band`: where to save a card; the browser comes back to `/stripe?card=saved`. */
export const startCardBinding = () =>
  api.request<ResponseOf<typeof bindCardResponseSchema>>({
    method: 'POST',
    path: '/proxy/charges/stripe/band',
  });

/** `DELETE /proxy/charges/stripe/band`: forgets the saved card. Silent: the card says 'unbind failed'. */
export const unbindCard = () =>
  api.request<{ done: boolean }>({ method: 'DELETE', path: '/proxy/charges/stripe/band', silent: true });

/** `GET /user/balance/alarm`. */
export const fetchBalanceAlarm = (signal?: AbortSignal) =>
  api.request<BalanceAlarm>({ path: '/user/balance/alarm', silent: true, ...(signal ? { signal } : {}) });

/** `POST /user/balance/alarm`. */
export const saveBalanceAlarm = (data: RequestOf<typeof balanceAlarmRequestSchema>) =>
  api.request<BalanceAlarm>({ method: 'POST', path: '/user/balance/alarm', data, bodyKind: 'form' });
