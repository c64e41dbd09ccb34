import { createPrivateKey, createPublicKey, createVerify, type KeyObject } from 'node:crypto';
import { formatPtc, type Micro } from '@ptc/contracts';
import { AlipaySdk } from 'alipay-sdk';
import type { Config } from '../../config';
import type {
  CheckoutRequest,
  NotificationRequest,
  PaymentNotification,
  PaymentProvider,
} from './payment-provider';

type AlipayConfig = NonNullable<Config['payments']['alipay']>;

/** What Alipay needs beside its own configuration. */
export interface AlipayOptions {
  /** Micro-CNY per USD (`config.payments.cnyPerUsd`), for orders priced in USD. */
  cnyPerUsd: Micro;
}

const MICRO_PER_FEN = 10_000n;
const MICRO = 1_000_000n;
const BEIJING_OFFSET_MS = 8 * 3600_000;
const AMOUNT = /^\d{1,10}(?:\.\d{1,2})?$/;

/**
 * Alipay computer-website payment (`alipay.trade.page.pay`, RSA2): the customer is sent to a
 * signed gateway URL; Alipay posts a signed form to our notify URL when the trade changes.
 */
export const createAlipayProvider = (config: AlipayConfig, options: AlipayOptions): PaymentProvider => {
  const appKey = readRsaKey(config.privateKey, 'private');
  const alipayKey = readRsaKey(config.alipayPublicKey, 'public');
  const sdk = new AlipaySdk({
    appId: config.appId,
    // The SDK re-wraps the PEM body itself: hand it trimmed PKCS#8, whatever the configured form.
    privateKey: appKey.export({ type: 'pkcs8', format: 'pem' }).toString().trim(),
    keyType: 'PKCS8',
    signType: 'RSA2',
    gateway: config.gateway,
  });

  return {
    name: 'alipay',

    createCheckout: async (request) => {
      const amount = toCnyMicro(request, options.cnyPerUsd);
      const url = sdk.pageExecute('alipay.trade.page.pay', 'GET', {
        bizContent: {
          out_trade_no: request.orderNo,
          total_amount: formatPtc(amount, 2),
          subject: request.description,
          product_code: 'FAST_INSTANT_TRADE_PAY',
          time_expire: beijingTime(request.expiresAt),
        },
        notifyUrl: request.notifyUrl,
        returnUrl: request.returnUrl,
        // Alipay reads the timestamp as Beijing time; the SDK would write the server's local time.
        timestamp: beijingTime(new Date()),
      });
      return { kind: 'redirect', url };
    },

    verifyNotification: async (request) => {
      const params = notifyParams(request);
      if (!params) return null;
      const signature = params.get('sign');
      if (!signature || params.get('sign_type') !== 'RSA2') return null;
      if (
        !createVerify('RSA-SHA256').update(signContent(params), 'utf8').verify(alipayKey, signature, 'base64')
      ) {
        return null;
      }
      if (params.get('app_id') !== config.appId) return null;
      return toNotification(params);
    },

    acknowledge: (accepted) => ({
      status: accepted ? 200 : 400,
      contentType: 'text/plain; charset=utf-8',
      body: accepted ? 'success' : 'failure',
    }),
  };
};

/**
 * Reads an RSA key given as PEM (PKCS#1 or PKCS#8 / SPKI) or, as Alipay's tools show them, as
 * bare base64 DER; `\n` written literally in an environment variable counts as a line break.
 */
const readRsaKey = (text: string, kind: 'private' | 'public'): KeyObject => {
  const source = text.replace(/\\n/g, '\n').trim();
  if (source.includes('-----BEGIN'))
    return kind === 'private' ? createPrivateKey(source) : createPublicKey(source);
  const key = Buffer.from(source.replace(/\s+/g, ''), 'base64');
  const attempts =
    kind === 'private'
      ? [
          () => createPrivateKey({ key, format: 'der', type: 'pkcs8' }),
          () => createPrivateKey({ key, format: 'der', type: 'pkcs1' }),
        ]
      : [
          () => createPublicKey({ key, format: 'der', type: 'spki' }),
          () => createPublicKey({ key, format: 'der', type: 'pkcs1' }),
        ];
  for (const attempt of attempts) {
    try {
      return attempt();
    } catch {
      // Try the next encoding.
    }
  }
  throw new Error(`the Alipay ${kind} key is neither PEM nor base64 DER`);
};

/** The amount in micro-CNY, whole fen: CNY as given, USD converted at `cnyPerUsd` (half up to the fen). */
const toCnyMicro = (request: CheckoutRequest, cnyPerUsd: Micro): Micro => {
  let amount: Micro;
  if (request.currency === 'CNY') {
    amount = request.payAmount;
  } else if (request.currency === 'USD') {
    const scaledFen = MICRO * MICRO_PER_FEN;
    amount = ((request.payAmount * cnyPerUsd + scaledFen / 2n) / scaledFen) * MICRO_PER_FEN;
  } else {
    throw new Error(`Alipay charges CNY, not ${request.currency}`);
  }
  if (amount <= 0n || amount % MICRO_PER_FEN !== 0n) {
    throw new RangeError(`an Alipay amount must be a positive number of whole fen (got ${amount} micro-CNY)`);
  }
  return amount;
};

/** `yyyy-MM-dd HH:mm:ss` in Beijing time (UTC+8, no daylight saving), as Alipay expects. */
const beijingTime = (date: Date): string =>
  new Date(date.getTime() + BEIJING_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');

/** The notification's parameters, each once; null when a name repeats (nothing to trust then). */
const notifyParams = (request: NotificationRequest): Map<string, string> | null => {
  const entries =
    request.rawBody.length > 0
      ? [...new URLSearchParams(request.rawBody.toString('utf8'))]
      : Object.entries(request.query);
  const params = new Map<string, string>();
  for (const [name, value] of entries) {
    if (params.has(name)) return null;
    params.set(name, value);
  }
  return params;
};

/**
 * Alipay's string to verify: every parameter except `sign` and `sign_type`, decoded, sorted by
 * name, as `name=value` joined with `&`.
 */
const signContent = (params: Map<string, string>): string =>
  [...params]
    .filter(([name]) => name !== 'sign' && name !== 'sign_type')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');

const toNotification = (params: Map<string, string>): PaymentNotification | null => {
  const orderNo = params.get('out_trade_no');
  const tradeNo = params.get('trade_no');
  const total = params.get('total_amount');
  if (!orderNo || !tradeNo || !total || !AMOUNT.test(total)) return null;
  const notification = (status: PaymentNotification['status'], paidAmount: Micro): PaymentNotification => ({
    type: 'payment',
    orderNo,
    providerRef: tradeNo,
    status,
    paidAmount,
    currency: 'CNY',
  });
  // Refunds arrive on the same URL with the trade's status; they never pay an order.
  if (params.has('refund_fee') || params.has('gmt_refund')) return notification('ignored', 0n);
  switch (params.get('trade_status')) {
    case 'TRADE_SUCCESS':
    case 'TRADE_FINISHED':
      return notification('paid', parseFenAmount(total));
    case 'TRADE_CLOSED':
      // The amount of the trade that was not paid, as Alipay states it.
      return notification('failed', parseFenAmount(total));
    default:
      return notification('ignored', 0n);
  }
};

/** "1471.83" → 1 471 830 000 micro-CNY, by string arithmetic. */
const parseFenAmount = (text: string): Micro => {
  const [whole = '0', fraction = ''] = text.split('.');
  return BigInt(whole) * MICRO + BigInt(fraction.padEnd(2, '0')) * MICRO_PER_FEN;
};
