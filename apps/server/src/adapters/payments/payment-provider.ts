import type { Micro, PaymentMethod } from '@ptc/contracts';

/** Providers that can take money; `sandbox` stands in for any of them without real money. */
export type PaymentProviderName = 'sandbox' | 'stripe' | 'alipay' | 'wechat' | 'epay';

/** Currencies orders are charged in. Amounts in them are micro-units (6 decimals), like PTC. */
export type PayCurrency = 'USD' | 'CNY' | 'USDT';

/** What a provider needs to start collecting a payment for an order. */
export interface CheckoutRequest {
  /** Our public order number; providers echo it back in their notifications. */
  orderNo: string;
  method: PaymentMethod;
  /** Amount to collect, in `currency` micro-units (fee included). */
  payAmount: Micro;
  currency: PayCurrency;
  /** Short description shown by the provider ("PTC top-up 200"). */
  description: string;
  /** Where the provider sends its asynchronous notification (our webhook). */
  notifyUrl: string;
  /** Where the provider sends the browser back when done. */
  returnUrl: string;
  expiresAt: Date;
  /** Provider-specific channel (epay `type`, e.g. alipay / wxpay). */
  channel?: string;
  customerEmail?: string | null;
  clientIp?: string;
  /** Our public id of the order's owner (the sandbox binds its checkout link to it). */
  userUid?: string;
}

/** How the browser continues, as the provider answered. */
export type ProviderCheckout =
  | { kind: 'redirect'; url: string; providerRef?: string }
  | { kind: 'qr'; codeUrl: string; providerRef?: string };

/** The raw HTTP request of a notification, as received. */
export interface NotificationRequest {
  method: string;
  headers: Record<string, string | string[] | undefined>;
  /** Exact body bytes (signatures are computed over them). */
  rawBody: Buffer;
  /** Parsed query string. */
  query: Record<string, string>;
}

/** A verified notification about a payment. */
export interface PaymentNotification {
  type: 'payment';
  /** Our order number. */
  orderNo: string;
  /** The provider's transaction id (or event id). */
  providerRef: string;
  /** `paid` credits the order; `failed` marks it failed; `ignored` is acknowledged only. */
  status: 'paid' | 'failed' | 'ignored';
  /** Amount the provider says was collected, in `currency` micro-units. */
  paidAmount: Micro;
  currency: PayCurrency;
}

/** A verified notification that a customer saved a card for auto top-up. */
export interface CardSavedNotification {
  type: 'card';
  /** Our public user id, given to the provider when the setup started. */
  userUid: string;
  /** The provider's customer and payment-method ids. */
  customerRef: string;
  paymentMethodRef: string;
  brand: string;
  last4: string;
  /** "MM/YY". */
  exp: string;
}

/** A notification whose signature, merchant and shape were verified. */
export type VerifiedNotification = PaymentNotification | CardSavedNotification;

/** What to answer the provider so it stops retrying (or retries, on failure). */
export interface NotificationAck {
  status: number;
  contentType: string;
  body: string;
}

/** One payment provider (DESIGN §4 Adapters). */
export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** Starts a payment; throws when the provider refuses. */
  createCheckout(request: CheckoutRequest): Promise<ProviderCheckout>;
  /**
   * Verifies a notification: signature (constant-time), merchant id, and shape. Answers null
   * when it is not genuine; never trusts a field that the signature does not cover.
   */
  verifyNotification(request: NotificationRequest): Promise<VerifiedNotification | null>;
  /** The answer the provider expects for an accepted (`true`) or refused (`false`) notification. */
  acknowledge(accepted: boolean): NotificationAck;
}

/** Saving a card and charging it later without the customer (auto top-up). */
export interface CardVault {
  /** A page where the customer saves a card; the provider notifies our webhook when done. */
  startCardSetup(request: {
    userUid: string;
    email: string | null;
    returnUrl: string;
    notifyUrl: string;
  }): Promise<{
    url: string;
  }>;
  /** Charges a saved card off-session, in USD micro-units; the payment is confirmed by notification too. */
  chargeSavedCard(request: {
    orderNo: string;
    amount: Micro;
    customerRef: string;
    paymentMethodRef: string;
    description: string;
  }): Promise<{
    status: 'succeeded' | 'processing' | 'failed';
    providerRef: string | null;
    error: string | null;
  }>;
  /** Forgets a saved card at the provider. */
  detachCard(request: { customerRef: string; paymentMethodRef: string }): Promise<void>;
}

/** An incoming USDT (TRC20) transfer seen on chain: one Transfer event of a transaction. */
export interface UsdtTransfer {
  txid: string;
  /** The event's index among the transaction's logs: a transaction can pay us more than once. */
  eventIndex: number;
  /** Micro-USDT (USDT has 6 decimals on TRON). */
  amount: Micro;
  to: string;
  confirmations: number;
  at: Date;
}

/** Watches the chain for transfers to our address (DESIGN §4: confirmed through a watcher). */
export interface UsdtWatcher {
  listIncoming(address: string, since: Date): Promise<UsdtTransfer[]>;
}
