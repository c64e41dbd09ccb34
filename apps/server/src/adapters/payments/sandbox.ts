import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Micro } from '@ptc/contracts';
import type {
  CardVault,
  CheckoutRequest,
  NotificationAck,
  NotificationRequest,
  PaymentProvider,
  ProviderCheckout,
  VerifiedNotification,
} from './payment-provider';

/** The sandbox's notification body: what a real provider would tell us, signed with HMAC-SHA256. */
export type SandboxEvent =
  | {
      type: 'payment';
      order_no: string;
      txn_id: string;
      status: 'paid' | 'failed';
      amount: string;
      currency: 'USD' | 'CNY' | 'USDT';
      ts: number;
    }
  | {
      type: 'card';
      user_uid: string;
      customer_ref: string;
      payment_method_ref: string;
      brand: string;
      last4: string;
      exp: string;
      ts: number;
    };

/** Header carrying the signature of a sandbox notification. */
export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';

// A notification older than this is a replay.
const MAX_AGE_MS = 10 * 60_000;

/**
 * The embedded stand-in for every payment provider (DESIGN §2): a local checkout page whose
 * Pay and Fail buttons send signed notifications through the same webhook as real providers.
 * No money moves; orders it serves are marked sandbox.
 */
export interface SandboxProvider extends PaymentProvider, CardVault {
  /** Signs an event as the sandbox "provider" would, ready to post to the webhook. */
  sign(event: SandboxEvent): { body: string; signature: string };
}

export const createSandboxProvider = (options: {
  /** Public URL of the console and API. */
  publicUrl: string;
  /** HMAC key; random per process unless given. */
  secret?: Buffer;
  /** Posts a signed event to our own webhook (off-session charges have no browser to do it). */
  deliver?: (signed: { body: string; signature: string }) => Promise<void>;
}): SandboxProvider => {
  const secret = options.secret ?? randomBytes(32);
  const mac = (body: string | Buffer) => createHmac('sha256', secret).update(body).digest();
  const sign = (event: SandboxEvent) => {
    const body = JSON.stringify(event);
    return { body, signature: mac(body).toString('hex') };
  };
  const page = (orderNo: string) =>
    `${options.publicUrl}/api/payments/sandbox/${encodeURIComponent(orderNo)}`;

  return {
    name: 'sandbox',
    sign,
    createCheckout: async (request: CheckoutRequest): Promise<ProviderCheckout> =>
      request.method === 'wechat'
        ? { kind: 'qr', codeUrl: page(request.orderNo) }
        : { kind: 'redirect', url: page(request.orderNo) },
    verifyNotification: async (request: NotificationRequest): Promise<VerifiedNotification | null> => {
      const header = request.headers[SANDBOX_SIGNATURE_HEADER];
      const given = Buffer.from(typeof header === 'string' ? header : '', 'hex');
      const expected = mac(request.rawBody);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      let event: SandboxEvent;
      try {
        event = JSON.parse(request.rawBody.toString('utf8')) as SandboxEvent;
      } catch {
        return null;
      }
      if (typeof event.ts !== 'number' || Math.abs(Date.now() - event.ts) > MAX_AGE_MS) return null;
      if (event.type === 'card') {
        return {
          type: 'card',
          userUid: event.user_uid,
          customerRef: event.customer_ref,
          paymentMethodRef: event.payment_method_ref,
          brand: event.brand,
          last4: event.last4,
          exp: event.exp,
        };
      }
      if (!/^\d+$/.test(event.amount)) return null;
      return {
        type: 'payment',
        orderNo: event.order_no,
        providerRef: event.txn_id,
        status: event.status,
        paidAmount: BigInt(event.amount) as Micro,
        currency: event.currency,
      };
    },
    acknowledge: (accepted: boolean): NotificationAck => ({
      status: accepted ? 200 : 400,
      contentType: 'text/plain; charset=utf-8',
      body: accepted ? 'ok' : 'rejected',
    }),
    startCardSetup: async (request) => ({
      url: `${options.publicUrl}/api/payments/sandbox/card/${encodeURIComponent(request.userUid)}`,
    }),
    chargeSavedCard: async (request) => {
      const txnId = `sbx_${randomBytes(8).toString('hex')}`;
      // A real card network answers later by webhook; so does the sandbox.
      await options.deliver?.(
        sign({
          type: 'payment',
          order_no: request.orderNo,
          txn_id: txnId,
          status: 'paid',
          amount: request.amount.toString(),
          currency: 'USD',
          ts: Date.now(),
        }),
      );
      return { status: 'succeeded', providerRef: txnId, error: null };
    },
    detachCard: async () => {},
  };
};
