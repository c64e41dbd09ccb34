import {
  createDecipheriv,
  createPrivateKey,
  createPublicKey,
  createSign,
  createVerify,
  randomBytes,
} from 'node:crypto';
import type { Micro } from '@ptc/contracts';
import { z } from 'zod';
import type { Config } from '../../config';
import type { NotificationRequest, PaymentNotification, PaymentProvider } from './payment-provider';

type WechatConfig = NonNullable<Config['payments']['wechat']>;

const AUTH_SCHEMA = 'WECHATPAY2-SHA256-RSA2048';
const TIMEOUT_MS = 15_000;
/** WeChat Pay's replay window for signed messages. */
const MAX_SKEW_SECONDS = 5 * 60;
const MICRO_PER_FEN = 10_000n;
const BEIJING_OFFSET_MS = 8 * 3600_000;
const GCM_TAG_BYTES = 16;

const notificationSchema = z.object({
  id: z.string(),
  event_type: z.string(),
  resource: z.object({
    algorithm: z.string(),
    ciphertext: z.string(),
    nonce: z.string(),
    associated_data: z.string().optional(),
  }),
});

const transactionSchema = z.object({
  mchid: z.string(),
  appid: z.string(),
  out_trade_no: z.string().min(1),
  transaction_id: z.string().optional(),
  trade_state: z.string(),
  amount: z.object({ total: z.number().int().nonnegative(), currency: z.string() }),
});

/** Headers of a signed WeChat Pay message, read from a response or a notification. */
interface SignedMessage {
  signature: string | undefined;
  timestamp: string | undefined;
  nonce: string | undefined;
  serial: string | undefined;
  body: Buffer;
}

/**
 * WeChat Pay API v3, native payment (QR code): orders are placed with a merchant-signed request,
 * answers and notifications are checked against the platform key, notifications decrypted with
 * the APIv3 key.
 */
export const createWechatPayProvider = (config: WechatConfig): PaymentProvider => {
  const merchantKey = createPrivateKey(pemText(config.mchPrivateKey));
  // A "WeChat Pay public key" (PUB_KEY_ID_…) or the platform certificate: both are accepted.
  const platformKey = createPublicKey(pemText(config.platformPublicKey));
  const apiV3Key = Buffer.from(config.apiV3Key, 'utf8');
  const endpoint = `${config.apiUrl.replace(/\/+$/, '')}/v3/pay/transactions/native`;

  const authorization = (method: string, url: string, body: string): string => {
    const { pathname, search } = new URL(url);
    const timestamp = Math.floor(Date.now() / 1000).toString();
    const nonce = randomBytes(16).toString('hex').toUpperCase();
    const signature = createSign('RSA-SHA256')
      .update(`${method}\n${pathname}${search}\n${timestamp}\n${nonce}\n${body}\n`, 'utf8')
      .sign(merchantKey, 'base64');
    return `${AUTH_SCHEMA} mchid="${config.mchId}",nonce_str="${nonce}",signature="${signature}",timestamp="${timestamp}",serial_no="${config.mchSerial}"`;
  };

  /** Checks serial, freshness and the platform's RSA-SHA256 signature over `timestamp\nnonce\nbody\n`. */
  const isGenuine = (message: SignedMessage): boolean => {
    const { signature, timestamp, nonce, serial } = message;
    if (!signature || !timestamp || !nonce || serial !== config.platformSerial) return false;
    // Probes WeChat Pay sends to test that merchants do verify signatures.
    if (signature.startsWith('WECHATPAY/SIGNTEST/')) return false;
    if (!/^\d{1,12}$/.test(timestamp)) return false;
    if (Math.abs(Date.now() / 1000 - Number(timestamp)) > MAX_SKEW_SECONDS) return false;
    const signed = Buffer.concat([
      Buffer.from(`${timestamp}\n${nonce}\n`, 'utf8'),
      message.body,
      Buffer.from('\n'),
    ]);
    return createVerify('RSA-SHA256').update(signed).verify(platformKey, signature, 'base64');
  };

  const decrypt = (resource: z.infer<typeof notificationSchema>['resource']): string | null => {
    if (resource.algorithm !== 'AEAD_AES_256_GCM') return null;
    const data = Buffer.from(resource.ciphertext, 'base64');
    if (data.length <= GCM_TAG_BYTES) return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', apiV3Key, Buffer.from(resource.nonce, 'utf8'));
      decipher.setAuthTag(data.subarray(data.length - GCM_TAG_BYTES));
      decipher.setAAD(Buffer.from(resource.associated_data ?? '', 'utf8'));
      return Buffer.concat([
        decipher.update(data.subarray(0, data.length - GCM_TAG_BYTES)),
        decipher.final(),
      ]).toString('utf8');
    } catch {
      return null;
    }
  };

  return {
    name: 'wechat',

    createCheckout: async (request) => {
      if (request.currency !== 'CNY') throw new Error(`WeChat Pay charges CNY, not ${request.currency}`);
      const body = JSON.stringify({
        appid: config.appId,
        mchid: config.mchId,
        description: request.description.slice(0, 127),
        out_trade_no: request.orderNo,
        time_expire: rfc3339Beijing(request.expiresAt),
        notify_url: request.notifyUrl,
        amount: { total: toFen(request.payAmount), currency: 'CNY' },
      });
      const response = await fetch(endpoint, {
        method: 'POST',
        headers: {
          authorization: authorization('POST', endpoint, body),
          accept: 'application/json',
          'content-type': 'application/json',
          'user-agent': 'ptc-proxy-console',
        },
        body,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      }).catch((error: unknown) => {
        throw new Error(`WeChat Pay could not be reached: ${errorName(error)}`, { cause: error });
      });
      const text = Buffer.from(await response.arrayBuffer());
      if (!response.ok) {
        throw new Error(`WeChat Pay refused the order: HTTP ${response.status}${errorCode(text)}`);
      }
      const signed: SignedMessage = {
        signature: response.headers.get('wechatpay-signature') ?? undefined,
        timestamp: response.headers.get('wechatpay-timestamp') ?? undefined,
        nonce: response.headers.get('wechatpay-nonce') ?? undefined,
        serial: response.headers.get('wechatpay-serial') ?? undefined,
        body: text,
      };
      if (!isGenuine(signed)) throw new Error('WeChat Pay answered without a valid platform signature');
      const codeUrl = parseJson(text)?.code_url;
      if (typeof codeUrl !== 'string' || codeUrl === '') throw new Error('WeChat Pay answered no code_url');
      return { kind: 'qr', codeUrl };
    },

    verifyNotification: async (request) => {
      const signed: SignedMessage = {
        signature: header(request, 'wechatpay-signature'),
        timestamp: header(request, 'wechatpay-timestamp'),
        nonce: header(request, 'wechatpay-nonce'),
        serial: header(request, 'wechatpay-serial'),
        body: request.rawBody,
      };
      if (!isGenuine(signed)) return null;
      const parsed = notificationSchema.safeParse(parseJson(request.rawBody));
      if (!parsed.success) return null;
      const plain = decrypt(parsed.data.resource);
      if (plain === null) return null;
      if (!parsed.data.event_type.startsWith('TRANSACTION.')) {
        // Refund results and the like: genuine, nothing to apply to the order they name.
        const other = parseJson(Buffer.from(plain, 'utf8'));
        if (other?.mchid !== config.mchId) return null;
        return ignored(typeof other.out_trade_no === 'string' ? other.out_trade_no : '', parsed.data.id);
      }
      const transaction = transactionSchema.safeParse(parseJson(Buffer.from(plain, 'utf8')));
      if (!transaction.success) return null;
      const { mchid, appid, out_trade_no: orderNo, transaction_id, trade_state, amount } = transaction.data;
      if (mchid !== config.mchId || appid !== config.appId) return null;
      const providerRef = transaction_id ?? parsed.data.id;
      if (trade_state !== 'SUCCESS' && trade_state !== 'PAYERROR') return ignored(orderNo, providerRef);
      if (amount.currency !== 'CNY') return null;
      return {
        ...ignored(orderNo, providerRef),
        status: trade_state === 'SUCCESS' ? 'paid' : 'failed',
        // `total` is the order amount we asked for; `payer_total` is after WeChat-side coupons.
        paidAmount: BigInt(amount.total) * MICRO_PER_FEN,
      };
    },

    acknowledge: (accepted) =>
      accepted
        ? { status: 200, contentType: 'application/json', body: JSON.stringify({ code: 'SUCCESS' }) }
        : {
            status: 500,
            contentType: 'application/json',
            body: JSON.stringify({ code: 'FAIL', message: '失败' }),
          },
  };
};

const ignored = (orderNo: string, providerRef: string): PaymentNotification => ({
  type: 'payment',
  orderNo,
  providerRef,
  status: 'ignored',
  paidAmount: 0n,
  currency: 'CNY',
});

// Keys pasted into an environment variable often carry `\n` literally.
const pemText = (text: string): string => text.replace(/\\n/g, '\n').trim();

/** Micro-CNY to integer fen; a fraction of a fen is refused, never rounded. */
const toFen = (amount: Micro): number => {
  if (amount <= 0n || amount % MICRO_PER_FEN !== 0n) {
    throw new RangeError(
      `a WeChat Pay amount must be a positive number of whole fen (got ${amount} micro-CNY)`,
    );
  }
  const fen = amount / MICRO_PER_FEN;
  if (fen > BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError('amount too large for WeChat Pay');
  return Number(fen); // exact integer: whole fen, checked safe above
};

/** RFC 3339 in Beijing time, as WeChat Pay writes it: `2025-01-01T12:30:00+08:00`. */
const rfc3339Beijing = (date: Date): string =>
  `${new Date(date.getTime() + BEIJING_OFFSET_MS).toISOString().slice(0, 19)}+08:00`;

const header = (request: NotificationRequest, name: string): string | undefined => {
  const value = request.headers[name];
  return Array.isArray(value) ? undefined : value;
};

const parseJson = (body: Buffer): Record<string, unknown> | null => {
  try {
    const value: unknown = JSON.parse(body.toString('utf8'));
    return value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
};

// Only WeChat Pay's error code: its messages may quote the request.
const errorCode = (body: Buffer): string => {
  const code = parseJson(body)?.code;
  return typeof code === 'string' ? ` (${code})` : '';
};

const errorName = (error: unknown): string => {
  if (!(error instanceof Error)) return 'unknown error';
  if (error.name === 'TimeoutError') return 'timed out';
  const code = (error.cause as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' ? code : error.name;
};
