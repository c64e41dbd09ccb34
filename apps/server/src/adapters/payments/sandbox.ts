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

/** Query parameter of a sandbox page link that carries its signed access. */
export const SANDBOX_ACCESS_PARAM = 'access';

/** How long a link to the sandbox card page works. */
export const SANDBOX_CARD_LINK_TTL_MS = 30 * 60_000;

/** What a sandbox page link opens, and for whom. */
export type SandboxPageSubject =
  | { page: 'checkout'; orderNo: string; userUid: string }
  | { page: 'card'; userUid: string };

/**
 * The embedded stand-in for every payment provider (DESIGN §2): a local checkout page whose
 * Pay and Fail buttons send signed notifications through the same webhook as real providers.
 * No money moves; orders it serves are marked sandbox.
 */
export interface SandboxProvider extends PaymentProvider, CardVault {
  /** Signs an event as the sandbox "provider" would, ready to post to the webhook. */
  sign(event: SandboxEvent): { body: string; signature: string };
  /**
   * True when `access` was issued with this key for exactly this page and owner and has not
   * expired: the sandbox pages move money and save cards, so only their owner's link opens them.
   */
  verifyPageAccess(subject: SandboxPageSubject, access: string | undefined, now?: Date): boolean;
}

export const createSandboxProvider = (options: {
  /** Public URL of the console and API. */
  publicUrl: string;
  /** HMAC key of notifications and page links (the installation's, shared by its processes); random unless given. */
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
  // Page links use their own key, derived from the secret, so no link is ever a valid event.
  const linkKey = createHmac('sha256', secret).update('sandbox page links').digest();
  const linkMac = (subject: SandboxPageSubject, expiresAtSeconds: number) =>
    createHmac('sha256', linkKey)
      .update(
        JSON.stringify([
          subject.page,
          subject.page === 'checkout' ? subject.orderNo : '',
          subject.userUid,
          expiresAtSeconds,
        ]),
      )
      .digest();
  /** `<expiry in Unix seconds>.<HMAC>`: stateless, so a link dies with its expiry (or a new key). */
  const issueAccess = (subject: SandboxPageSubject, expiresAt: Date) => {
    const seconds = Math.floor(expiresAt.getTime() / 1000);
    return `${seconds}.${linkMac(subject, seconds).toString('base64url')}`;
  };
  const verifyPageAccess = (subject: SandboxPageSubject, access: string | undefined, now = new Date()) => {
    const match = /^(\d{1,12})\.([\w-]{43})$/.exec(access ?? '');
    if (!match) return false;
    const seconds = Number(match[1]);
    if (seconds * 1000 <= now.getTime()) return false;
    // Compared as text: base64url decoding ignores the low bits of the last character, so a
    // decoded comparison would accept several spellings of one MAC.
    const given = Buffer.from(match[2] ?? '');
    const expected = Buffer.from(linkMac(subject, seconds).toString('base64url'));
    return given.length === expected.length && timingSafeEqual(given, expected);
  };
  // The pages open on the origin the customer will return to (the server chose it, see
  // `returnBaseOf`), so the browser stays on the address its session lives on throughout.
  const basePath = new URL(options.publicUrl).pathname.replace(/\/+$/, '');
  const baseOf = (returnUrl: string | undefined) =>
    returnUrl ? `${new URL(returnUrl).origin}${basePath}` : options.publicUrl;
  const link = (path: string, subject: SandboxPageSubject, expiresAt: Date, returnUrl?: string) =>
    `${baseOf(returnUrl)}/api/payments/sandbox/${path}?${SANDBOX_ACCESS_PARAM}=${issueAccess(subject, expiresAt)}`;
  const checkoutLink = (request: CheckoutRequest) =>
    link(
      encodeURIComponent(request.orderNo),
      { page: 'checkout', orderNo: request.orderNo, userUid: request.userUid ?? '' },
      request.expiresAt,
      request.returnUrl,
    );

  return {
    name: 'sandbox',
    sign,
    verifyPageAccess,
    // The link works until the order expires, for its owner only.
    createCheckout: async (request: CheckoutRequest): Promise<ProviderCheckout> =>
      request.method === 'wechat'
        ? { kind: 'qr', codeUrl: checkoutLink(request) }
        : { kind: 'redirect', url: checkoutLink(request) },
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
      url: link(
        `card/${encodeURIComponent(request.userUid)}`,
        { page: 'card', userUid: request.userUid },
        new Date(Date.now() + SANDBOX_CARD_LINK_TTL_MS),
        request.returnUrl,
      ),
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
