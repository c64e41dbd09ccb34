import { createHash, timingSafeEqual } from 'node:crypto';
import { formatPtc, type Micro } from '@ptc/contracts';
import type { Config } from '../../config';
import type { NotificationRequest, PaymentNotification, PaymentProvider } from './payment-provider';

type EpayConfig = NonNullable<Config['payments']['epay']>;

const MICRO = 1_000_000n;
const MICRO_PER_FEN = 10_000n;
const AMOUNT = /^\d{1,10}(?:\.\d{1,2})?$/;
const MD5_HEX = /^[0-9a-f]{32}$/i;

/**
 * A "彩虹易支付" (epay) aggregator: the customer is sent to `submit.php` with MD5-signed
 * parameters; the aggregator calls our notify URL (GET or POST) with signed parameters.
 */
export const createEpayProvider = (config: EpayConfig): PaymentProvider => {
  const base = config.url.replace(/\/+$/, '');
  return {
    name: 'epay',

    createCheckout: async (request) => {
      // Aggregators charge CNY: `money` is taken as CNY, so any other currency would misprice.
      if (request.currency !== 'CNY')
        throw new Error(`the epay aggregator charges CNY, not ${request.currency}`);
      if (request.payAmount <= 0n || request.payAmount % MICRO_PER_FEN !== 0n) {
        throw new RangeError(
          `an epay amount must be a positive number of whole fen (got ${request.payAmount})`,
        );
      }
      const params: Record<string, string> = {
        pid: config.pid,
        type: request.channel ?? 'alipay',
        out_trade_no: request.orderNo,
        notify_url: request.notifyUrl,
        return_url: request.returnUrl,
        name: request.description,
        money: formatPtc(request.payAmount, 2),
      };
      const query = new URLSearchParams({ ...params, sign: epaySign(params, config.key), sign_type: 'MD5' });
      return { kind: 'redirect', url: `${base}/submit.php?${query}` };
    },

    verifyNotification: async (request) => {
      const params = notifyParams(request);
      if (!params) return null;
      const signature = params.sign ?? '';
      if (!MD5_HEX.test(signature)) return null;
      const expected = Buffer.from(epaySign(params, config.key), 'utf8');
      if (!timingSafeEqual(expected, Buffer.from(signature.toLowerCase(), 'utf8'))) return null;
      if (params.pid !== config.pid) return null;
      return toNotification(params);
    },

    acknowledge: (accepted) => ({
      status: accepted ? 200 : 400,
      contentType: 'text/plain; charset=utf-8',
      body: accepted ? 'success' : 'fail',
    }),
  };
};

/**
 * The epay signature: non-empty parameters except `sign` and `sign_type`, sorted by name,
 * `name=value` joined with `&`, the merchant key appended directly, MD5 in lowercase hex.
 */
const epaySign = (params: Record<string, string>, key: string): string => {
  const content = Object.entries(params)
    .filter(([name, value]) => name !== 'sign' && name !== 'sign_type' && value !== '')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  return createHash('md5').update(`${content}${key}`, 'utf8').digest('hex');
};

/** Parameters of a notification: the form of a POST, else the query; null when a name repeats. */
const notifyParams = (request: NotificationRequest): Record<string, string> | null => {
  const entries =
    request.method.toUpperCase() === 'POST' && request.rawBody.length > 0
      ? [...new URLSearchParams(request.rawBody.toString('utf8'))]
      : Object.entries(request.query);
  const params: Record<string, string> = {};
  for (const [name, value] of entries) {
    if (Object.hasOwn(params, name)) return null;
    params[name] = value;
  }
  return params;
};

const toNotification = (params: Record<string, string>): PaymentNotification | null => {
  const { out_trade_no: orderNo, trade_no: tradeNo, money } = params;
  if (!orderNo || !tradeNo || !money || !AMOUNT.test(money)) return null;
  const isPaid = params.trade_status === 'TRADE_SUCCESS';
  return {
    type: 'payment',
    orderNo,
    providerRef: tradeNo,
    // Aggregators only notify successful payments; anything else is acknowledged and left alone.
    status: isPaid ? 'paid' : 'ignored',
    paidAmount: isPaid ? parseFenAmount(money) : 0n,
    currency: 'CNY',
  };
};

/** "1471.83" → 1 471 830 000 micro-CNY, by string arithmetic. */
const parseFenAmount = (text: string): Micro => {
  const [whole = '0', fraction = ''] = text.split('.');
  return BigInt(whole) * MICRO + BigInt(fraction.padEnd(2, '0')) * MICRO_PER_FEN;
};
