import type { PaymentMethod, topUpRequestSchema } from '@ptc/contracts';
import type { RequestOf } from '../../shared/api/contract-types';
import type { RequestOptions } from '../../shared/api/http-client';
import type { EpayChannel } from './payment-methods';

/** Body of a top-up order: the amount as typed or from a package ("200", "199.99"). */
export type TopUpRequest = RequestOf<typeof topUpRequestSchema>;

/** Where each method creates its order (SPEC §7 Charges). */
const ORDER_PATHS: Readonly<Record<Exclude<PaymentMethod, 'epay'>, string>> = {
  card: '/proxy/charges/stripe',
  stripe_wechat: '/proxy/charges/stripe_wechat',
  alipay: '/proxy/charges/alipay',
  wechat: '/proxy/charges/wechat/pay/new',
  usdt: '/proxy/charges/usdt',
  wire: '/proxy/charges/wire',
};

/**
 * The call that creates a top-up order for `method`: a form body everywhere, except the epay
 * aggregator, which takes the fields as query parameters on `/api/epay/{payway_id}`. No plan is
 * sent: the order is on the account's own plan, which an operator sets.
 */
export const buildTopUpRequest = (
  method: PaymentMethod,
  data: { amount: string },
  epayChannel: EpayChannel = 'alipay',
): RequestOptions => {
  const body: TopUpRequest = { amount: data.amount };
  if (method === 'epay') {
    return {
      method: 'POST',
      path: '/api/epay/{payway_id}',
      params: { payway_id: epayChannel },
      data: body,
      bodyKind: 'query',
    };
  }
  return { method: 'POST', path: ORDER_PATHS[method], data: body, bodyKind: 'form' };
};
