import type { Micro } from '@ptc/contracts';
import Stripe from 'stripe';
import type { Config } from '../../config';
import type {
  CardSavedNotification,
  CardVault,
  NotificationAck,
  PaymentNotification,
  PaymentProvider,
  VerifiedNotification,
} from './payment-provider';

type StripeConfig = NonNullable<Config['payments']['stripe']>;

const TIMEOUT_MS = 20_000;
const MICRO_PER_CENT = 10_000n;
// Stripe takes `expires_at` 30 minutes to 24 hours after creation; the margins absorb latency.
const MIN_SESSION_SECONDS = 31 * 60;
const MAX_SESSION_SECONDS = 24 * 3600 - 5 * 60;
/** `metadata.flow` of our PaymentIntents: paid through Checkout, or charged off-session. */
const CHECKOUT_FLOW = 'checkout';
const AUTO_TOP_UP_FLOW = 'auto_topup';

/**
 * Stripe: Checkout for cards and WeChat Pay (USD), saved cards charged off-session for auto top-up,
 * and webhook events verified with the endpoint's signing secret.
 */
export const createStripeProvider = (config: StripeConfig): PaymentProvider & CardVault => {
  const stripe = new Stripe(config.secretKey, {
    ...apiAddress(config.apiUrl),
    maxNetworkRetries: 1,
    timeout: TIMEOUT_MS,
    telemetry: false,
  });

  return {
    name: 'stripe',

    createCheckout: async (request) => {
      if (request.currency !== 'USD') throw new Error(`Stripe Checkout charges USD, not ${request.currency}`);
      if (request.method !== 'card' && request.method !== 'stripe_wechat') {
        throw new Error(`Stripe does not take the payment method ${request.method}`);
      }
      const isWechat = request.method === 'stripe_wechat';
      const session = await stripe.checkout.sessions.create({
        mode: 'payment',
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: 'usd',
              unit_amount: toCents(request.payAmount),
              product_data: { name: request.description },
            },
          },
        ],
        // This API version (the SDK's pinned one) filters with `allowed_payment_method_types`; the
        // method must also be enabled in the Stripe dashboard.
        allowed_payment_method_types: isWechat ? ['wechat_pay'] : ['card'],
        ...(isWechat ? { payment_method_options: { wechat_pay: { client: 'web' } } } : {}),
        client_reference_id: request.orderNo,
        metadata: { order_no: request.orderNo },
        // Its PaymentIntent's events then name the order too, marked as Checkout's (see intentPayment).
        payment_intent_data: { metadata: { order_no: request.orderNo, flow: CHECKOUT_FLOW } },
        success_url: request.returnUrl,
        cancel_url: request.returnUrl,
        expires_at: sessionExpiry(request.expiresAt),
        ...(request.customerEmail ? { customer_email: request.customerEmail } : {}),
      });
      if (!session.url) throw new Error('Stripe created a Checkout Session without a URL');
      return { kind: 'redirect', url: session.url, providerRef: session.id };
    },

    verifyNotification: async (request) => {
      const signature = request.headers['stripe-signature'];
      if (typeof signature !== 'string' || signature === '') return null;
      let event: Stripe.Event;
      try {
        // Checks the HMAC (constant-time) and that the timestamp is within 5 minutes.
        event = stripe.webhooks.constructEvent(request.rawBody, signature, config.webhookSecret);
      } catch {
        return null;
      }
      return toNotification(stripe, event);
    },

    acknowledge: (accepted): NotificationAck => ({
      status: accepted ? 200 : 400,
      contentType: 'application/json',
      body: JSON.stringify({ received: accepted }),
    }),

    startCardSetup: async (request) => {
      const customer = await stripe.customers.create({
        ...(request.email ? { email: request.email } : {}),
        metadata: { user_uid: request.userUid },
      });
      const session = await stripe.checkout.sessions.create({
        mode: 'setup',
        allowed_payment_method_types: ['card'],
        customer: customer.id,
        metadata: { user_uid: request.userUid },
        setup_intent_data: { metadata: { user_uid: request.userUid } },
        success_url: request.returnUrl,
        cancel_url: request.returnUrl,
      });
      if (!session.url) throw new Error('Stripe created a setup Checkout Session without a URL');
      return { url: session.url };
    },

    chargeSavedCard: async (request) => {
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: toCents(request.amount),
            currency: 'usd',
            customer: request.customerRef,
            payment_method: request.paymentMethodRef,
            off_session: true,
            confirm: true,
            description: request.description,
            metadata: { order_no: request.orderNo, flow: AUTO_TOP_UP_FLOW },
          },
          // A retried auto top-up of the same order never charges twice.
          { idempotencyKey: `auto-topup:${request.orderNo}` },
        );
        return chargeOutcome(intent);
      } catch (error) {
        if (error instanceof Stripe.errors.StripeCardError) {
          return {
            status: 'failed',
            providerRef: error.payment_intent?.id ?? null,
            error: declineText(error),
          };
        }
        throw error;
      }
    },

    detachCard: async (request) => {
      let method: Stripe.PaymentMethod;
      try {
        method = await stripe.paymentMethods.retrieve(request.paymentMethodRef);
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing')
          return;
        throw error;
      }
      // Already detached (or someone else's): nothing of this customer is left to forget.
      if (idOf(method.customer) !== request.customerRef) return;
      await stripe.paymentMethods.detach(request.paymentMethodRef);
    },
  };
};

const apiAddress = (apiUrl: string | undefined): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> => {
  if (!apiUrl) return {};
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443), protocol };
};

/** USD micro-units to integer cents; an amount with a fraction of a cent is refused, never rounded. */
const toCents = (amount: Micro): number => {
  if (amount <= 0n || amount % MICRO_PER_CENT !== 0n) {
    throw new RangeError(`a Stripe amount must be a positive number of whole cents (got ${amount} micro)`);
  }
  const cents = amount / MICRO_PER_CENT;
  if (cents > BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError('amount too large for Stripe');
  return Number(cents); // exact integer: whole cents, checked safe above
};

const fromCents = (cents: number): Micro => BigInt(cents) * MICRO_PER_CENT;

const sessionExpiry = (expiresAt: Date): number => {
  const now = Math.floor(Date.now() / 1000);
  const wanted = Math.floor(expiresAt.getTime() / 1000);
  return Math.min(Math.max(wanted, now + MIN_SESSION_SECONDS), now + MAX_SESSION_SECONDS);
};

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  typeof value === 'string' ? value : (value?.id ?? null);

const ignored = (orderNo: string, providerRef: string): PaymentNotification => ({
  type: 'payment',
  orderNo,
  providerRef,
  status: 'ignored',
  paidAmount: 0n,
  currency: 'USD',
});

const toNotification = async (stripe: Stripe, event: Stripe.Event): Promise<VerifiedNotification | null> => {
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = event.data.object;
      if (session.mode === 'setup') return toSavedCard(stripe, session, event.id);
      // Delayed methods complete unpaid; `async_payment_succeeded` follows.
      return sessionPayment(session, session.payment_status === 'paid' ? 'paid' : 'ignored');
    }
    case 'checkout.session.async_payment_succeeded':
      return sessionPayment(event.data.object, 'paid');
    case 'checkout.session.async_payment_failed':
      return sessionPayment(event.data.object, 'failed');
    case 'payment_intent.succeeded':
      return intentPayment(event.data.object, 'paid');
    case 'payment_intent.payment_failed':
      return intentPayment(event.data.object, 'failed');
    default:
      return ignored(orderNoOf(event.data.object), event.id);
  }
};

/** The order an event's object belongs to, from our metadata; '' for objects that are not ours. */
const orderNoOf = (object: unknown): string => {
  const metadata = (object as { metadata?: unknown } | null)?.metadata;
  const orderNo = (metadata as { order_no?: unknown } | null | undefined)?.order_no;
  return typeof orderNo === 'string' ? orderNo : '';
};

/**
 * A Checkout payment; `providerRef` is the session id that `createCheckout` answered, and the
 * amount is the session's total (for `failed` too: the amount that was not collected).
 */
const sessionPayment = (
  session: Stripe.Checkout.Session,
  status: PaymentNotification['status'],
): PaymentNotification | null => {
  const orderNo = session.metadata?.order_no ?? session.client_reference_id ?? '';
  if (session.mode !== 'payment' || orderNo === '' || status === 'ignored')
    return ignored(orderNo, session.id);
  if (session.currency !== 'usd' || session.amount_total === null) return null;
  return {
    type: 'payment',
    orderNo,
    providerRef: session.id,
    status,
    paidAmount: fromCents(session.amount_total),
    currency: 'USD',
  };
};

/**
 * A PaymentIntent event. Only auto top-up charges settle an order this way: Checkout's intents
 * are settled by the session events, and a declined attempt inside Checkout must not fail the
 * order while the customer can still try another card.
 */
const intentPayment = (
  intent: Stripe.PaymentIntent,
  status: 'paid' | 'failed',
): PaymentNotification | null => {
  const orderNo = intent.metadata?.order_no ?? '';
  if (orderNo === '' || intent.metadata?.flow === CHECKOUT_FLOW) return ignored(orderNo, intent.id);
  if (intent.currency !== 'usd') return null;
  return {
    type: 'payment',
    orderNo,
    providerRef: intent.id,
    status,
    paidAmount: fromCents(status === 'paid' ? intent.amount_received : intent.amount),
    currency: 'USD',
  };
};

const toSavedCard = async (
  stripe: Stripe,
  session: Stripe.Checkout.Session,
  eventId: string,
): Promise<CardSavedNotification | PaymentNotification> => {
  const userUid = session.metadata?.user_uid;
  const setupIntentId = idOf(session.setup_intent);
  if (!userUid || !setupIntentId) return ignored('', eventId);
  const setupIntent = await stripe.setupIntents.retrieve(setupIntentId);
  const paymentMethodId = idOf(setupIntent.payment_method);
  const customerRef = idOf(session.customer) ?? idOf(setupIntent.customer);
  if (setupIntent.status !== 'succeeded' || !paymentMethodId || !customerRef) return ignored('', eventId);
  const method = await stripe.paymentMethods.retrieve(paymentMethodId);
  if (!method.card) return ignored('', eventId);
  return {
    type: 'card',
    userUid,
    customerRef,
    paymentMethodRef: method.id,
    brand: method.card.brand,
    last4: method.card.last4,
    exp: `${String(method.card.exp_month).padStart(2, '0')}/${String(method.card.exp_year % 100).padStart(2, '0')}`,
  };
};

type ChargeOutcome = Awaited<ReturnType<CardVault['chargeSavedCard']>>;

const chargeOutcome = (intent: Stripe.PaymentIntent): ChargeOutcome => {
  switch (intent.status) {
    case 'succeeded':
      return { status: 'succeeded', providerRef: intent.id, error: null };
    case 'processing':
      return { status: 'processing', providerRef: intent.id, error: null };
    case 'requires_action':
      // The bank wants the customer present (3-D Secure): off-session this is a failure.
      return { status: 'failed', providerRef: intent.id, error: 'authentication_required' };
    default:
      return {
        status: 'failed',
        providerRef: intent.id,
        error: intent.last_payment_error?.code ?? intent.status,
      };
  }
};

// Stripe's codes only: its messages are for the cardholder and may change.
const declineText = (error: InstanceType<typeof Stripe.errors.StripeCardError>): string => {
  const code = error.code ?? 'card_declined';
  return error.decline_code && error.decline_code !== code ? `${code}: ${error.decline_code}` : code;
};
