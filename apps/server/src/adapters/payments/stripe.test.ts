import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type FakeStripe,
  type StripeApiReply,
  type StripeApiRequest,
  startFakeStripe,
} from '../../test/fake-stripe';
import type { CheckoutRequest, NotificationRequest } from './payment-provider';
import { createStripeProvider } from './stripe';

const WEBHOOK_SECRET = 'whsec_test_0123456789abcdef';
const SECRET_KEY = 'sk_test_51Fake0123456789';

const sign = (payload: string, options: { secret?: string; timestamp?: number } = {}) =>
  Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? WEBHOOK_SECRET,
    ...(options.timestamp === undefined ? {} : { timestamp: options.timestamp }),
  });

const notification = (payload: string, signature: string | undefined): NotificationRequest => ({
  method: 'POST',
  headers: signature === undefined ? {} : { 'stripe-signature': signature },
  rawBody: Buffer.from(payload, 'utf8'),
  query: {},
});

const event = (type: string, object: Record<string, unknown>) =>
  JSON.stringify({
    id: 'evt_1Test',
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    type,
    data: { object },
  });

const paidSession = {
  id: 'cs_test_paid',
  object: 'checkout.session',
  mode: 'payment',
  payment_status: 'paid',
  status: 'complete',
  client_reference_id: 'T20250101000001',
  metadata: { order_no: 'T20250101000001' },
  amount_total: 20_730,
  currency: 'usd',
};

const checkoutRequest = (overrides: Partial<CheckoutRequest> = {}): CheckoutRequest => ({
  orderNo: 'T20250101000001',
  method: 'card',
  payAmount: 207_300_000n,
  currency: 'USD',
  description: 'PTC top-up 200',
  notifyUrl: 'https://console.example.test/api/payments/stripe/notify',
  returnUrl: 'https://console.example.test/recharge?order=T20250101000001',
  expiresAt: new Date(Date.now() + 2 * 3600_000),
  customerEmail: 'buyer@example.test',
  ...overrides,
});

describe('createStripeProvider webhooks', () => {
  const provider = createStripeProvider({
    secretKey: SECRET_KEY,
    webhookSecret: WEBHOOK_SECRET,
    apiUrl: undefined,
  });

  it('accepts a signed completed Checkout payment with its amount in micro-USD', async () => {
    const payload = event('checkout.session.completed', paidSession);

    expect(await provider.verifyNotification(notification(payload, sign(payload)))).toEqual({
      type: 'payment',
      orderNo: 'T20250101000001',
      providerRef: 'cs_test_paid',
      status: 'paid',
      paidAmount: 207_300_000n,
      currency: 'USD',
    });
  });

  it('refuses a forged signature, a wrong secret, a tampered body and a missing header', async () => {
    const payload = event('checkout.session.completed', paidSession);
    const timestamp = Math.floor(Date.now() / 1000);
    const forged = `t=${timestamp},v1=${'ab'.repeat(32)}`;
    const tampered = payload.replace('20730', '2073000');

    expect(await provider.verifyNotification(notification(payload, forged))).toBeNull();
    expect(
      await provider.verifyNotification(notification(payload, sign(payload, { secret: 'whsec_other' }))),
    ).toBeNull();
    expect(await provider.verifyNotification(notification(tampered, sign(payload)))).toBeNull();
    expect(await provider.verifyNotification(notification(payload, undefined))).toBeNull();
  });

  it('refuses a genuine event replayed outside the five-minute tolerance', async () => {
    const payload = event('checkout.session.completed', paidSession);
    const tenMinutesAgo = Math.floor(Date.now() / 1000) - 600;

    expect(
      await provider.verifyNotification(notification(payload, sign(payload, { timestamp: tenMinutesAgo }))),
    ).toBeNull();
  });

  it('refuses a paid session in another currency', async () => {
    const payload = event('checkout.session.completed', { ...paidSession, currency: 'eur' });

    expect(await provider.verifyNotification(notification(payload, sign(payload)))).toBeNull();
  });

  it('only acknowledges a session completed unpaid, and pays it when the async payment succeeds', async () => {
    const unpaid = event('checkout.session.completed', { ...paidSession, payment_status: 'unpaid' });
    const succeeded = event('checkout.session.async_payment_succeeded', paidSession);

    expect(await provider.verifyNotification(notification(unpaid, sign(unpaid)))).toMatchObject({
      status: 'ignored',
      orderNo: 'T20250101000001',
    });
    expect(await provider.verifyNotification(notification(succeeded, sign(succeeded)))).toMatchObject({
      status: 'paid',
      paidAmount: 207_300_000n,
    });
  });

  it('fails the order when the async payment of the session fails, stating the amount not collected', async () => {
    const payload = event('checkout.session.async_payment_failed', {
      ...paidSession,
      payment_status: 'unpaid',
    });

    expect(await provider.verifyNotification(notification(payload, sign(payload)))).toEqual({
      type: 'payment',
      orderNo: 'T20250101000001',
      providerRef: 'cs_test_paid',
      status: 'failed',
      paidAmount: 207_300_000n,
      currency: 'USD',
    });
  });

  it('pays and fails auto top-up orders from payment intents carrying the order number', async () => {
    const intent = {
      id: 'pi_auto',
      object: 'payment_intent',
      amount: 5_000,
      amount_received: 5_000,
      currency: 'usd',
      status: 'succeeded',
      metadata: { order_no: 'A20250101000009', flow: 'auto_topup' },
    };
    const succeeded = event('payment_intent.succeeded', intent);
    const failed = event('payment_intent.payment_failed', {
      ...intent,
      amount_received: 0,
      status: 'requires_payment_method',
    });

    expect(await provider.verifyNotification(notification(succeeded, sign(succeeded)))).toEqual({
      type: 'payment',
      orderNo: 'A20250101000009',
      providerRef: 'pi_auto',
      status: 'paid',
      paidAmount: 50_000_000n,
      currency: 'USD',
    });
    expect(await provider.verifyNotification(notification(failed, sign(failed)))).toMatchObject({
      orderNo: 'A20250101000009',
      status: 'failed',
      paidAmount: 50_000_000n,
    });
  });

  it('only acknowledges intents of Checkout (the session settles), foreign intents and other events', async () => {
    const checkoutAttempt = event('payment_intent.payment_failed', {
      id: 'pi_in_checkout',
      object: 'payment_intent',
      amount: 20_730,
      amount_received: 0,
      currency: 'usd',
      metadata: { order_no: 'T20250101000001', flow: 'checkout' },
    });
    const foreign = event('payment_intent.succeeded', {
      id: 'pi_other_shop',
      object: 'payment_intent',
      amount_received: 990,
      currency: 'usd',
      metadata: {},
    });
    const expired = event('checkout.session.expired', { ...paidSession, status: 'expired' });
    const unrelated = event('customer.created', { id: 'cus_1', object: 'customer', metadata: {} });

    expect(await provider.verifyNotification(notification(checkoutAttempt, sign(checkoutAttempt)))).toEqual({
      type: 'payment',
      orderNo: 'T20250101000001',
      providerRef: 'pi_in_checkout',
      status: 'ignored',
      paidAmount: 0n,
      currency: 'USD',
    });
    expect(await provider.verifyNotification(notification(foreign, sign(foreign)))).toMatchObject({
      orderNo: '',
      status: 'ignored',
    });
    expect(await provider.verifyNotification(notification(expired, sign(expired)))).toMatchObject({
      orderNo: 'T20250101000001',
      status: 'ignored',
    });
    expect(await provider.verifyNotification(notification(unrelated, sign(unrelated)))).toMatchObject({
      orderNo: '',
      status: 'ignored',
    });
  });

  it('answers Stripe with JSON: 200 when accepted, 400 when refused', () => {
    expect(provider.acknowledge(true)).toEqual({
      status: 200,
      contentType: 'application/json',
      body: '{"received":true}',
    });
    expect(provider.acknowledge(false)).toMatchObject({ status: 400 });
  });
});

describe('createStripeProvider against a local Stripe API', () => {
  let stripe: FakeStripe;
  let provider: ReturnType<typeof createStripeProvider>;
  const routes: Record<string, (request: StripeApiRequest) => StripeApiReply> = {};

  beforeAll(async () => {
    stripe = await startFakeStripe((request) => {
      const route = routes[`${request.method} ${request.path}`];
      return route
        ? route(request)
        : { status: 404, body: { error: { type: 'invalid_request_error', message: 'no such route' } } };
    });
    provider = createStripeProvider({
      secretKey: SECRET_KEY,
      webhookSecret: WEBHOOK_SECRET,
      apiUrl: stripe.apiUrl,
    });
  });
  afterAll(() => stripe.close());
  beforeEach(() => {
    stripe.requests.length = 0;
    for (const key of Object.keys(routes)) delete routes[key];
  });

  const sessionReply = (id: string): StripeApiReply => ({
    body: { id, object: 'checkout.session', url: `https://checkout.stripe.test/c/pay/${id}` },
  });

  it('creates a card Checkout Session priced in exact cents and answers its page', async () => {
    routes['POST /v1/checkout/sessions'] = () => sessionReply('cs_test_card');
    const request = checkoutRequest();

    const checkout = await provider.createCheckout(request);

    expect(checkout).toEqual({
      kind: 'redirect',
      url: 'https://checkout.stripe.test/c/pay/cs_test_card',
      providerRef: 'cs_test_card',
    });
    const [sent] = stripe.requests;
    expect(sent?.headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(sent?.form).toEqual({
      mode: 'payment',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][unit_amount]': '20730',
      'line_items[0][price_data][product_data][name]': 'PTC top-up 200',
      'allowed_payment_method_types[0]': 'card',
      client_reference_id: 'T20250101000001',
      'metadata[order_no]': 'T20250101000001',
      'payment_intent_data[metadata][order_no]': 'T20250101000001',
      'payment_intent_data[metadata][flow]': 'checkout',
      success_url: request.returnUrl,
      cancel_url: request.returnUrl,
      expires_at: String(Math.floor(request.expiresAt.getTime() / 1000)),
      customer_email: 'buyer@example.test',
    });
  });

  it('asks for WeChat Pay on the web and clamps the expiry into the 30 min – 24 h window', async () => {
    routes['POST /v1/checkout/sessions'] = () => sessionReply('cs_test_wechat');
    const before = Math.floor(Date.now() / 1000);

    await provider.createCheckout(
      checkoutRequest({ method: 'stripe_wechat', expiresAt: new Date(Date.now() + 10 * 60_000) }),
    );
    await provider.createCheckout(checkoutRequest({ expiresAt: new Date(Date.now() + 72 * 3600_000) }));

    const [wechat, card] = stripe.requests;
    expect(wechat?.form).toMatchObject({
      'allowed_payment_method_types[0]': 'wechat_pay',
      'payment_method_options[wechat_pay][client]': 'web',
    });
    const soon = Number(wechat?.form.expires_at) - before;
    const late = Number(card?.form.expires_at) - before;
    expect(soon).toBeGreaterThanOrEqual(30 * 60);
    expect(soon).toBeLessThan(35 * 60);
    expect(late).toBeLessThanOrEqual(24 * 3600);
    expect(late).toBeGreaterThan(23 * 3600);
  });

  it('refuses amounts in fractions of a cent or in another currency without calling Stripe', async () => {
    await expect(provider.createCheckout(checkoutRequest({ payAmount: 207_305_000n }))).rejects.toThrow(
      /whole cents/,
    );
    await expect(provider.createCheckout(checkoutRequest({ currency: 'CNY' }))).rejects.toThrow(/USD/);
    expect(stripe.requests).toEqual([]);
  });

  it('throws when Stripe refuses the session', async () => {
    routes['POST /v1/checkout/sessions'] = () => ({
      status: 400,
      body: { error: { type: 'invalid_request_error', code: 'parameter_invalid', message: 'Invalid URL' } },
    });

    await expect(provider.createCheckout(checkoutRequest())).rejects.toThrow(/Invalid URL/);
  });

  it('starts a card setup for a new customer tagged with the user', async () => {
    routes['POST /v1/customers'] = () => ({ body: { id: 'cus_new', object: 'customer' } });
    routes['POST /v1/checkout/sessions'] = () => sessionReply('cs_test_setup');

    const setup = await provider.startCardSetup({
      userUid: 'u_7QK2',
      email: 'buyer@example.test',
      returnUrl: 'https://console.example.test/charges/auto',
      notifyUrl: 'https://console.example.test/api/payments/stripe/notify',
    });

    expect(setup).toEqual({ url: 'https://checkout.stripe.test/c/pay/cs_test_setup' });
    expect(stripe.requests.map((request) => [request.path, request.form])).toEqual([
      ['/v1/customers', { email: 'buyer@example.test', 'metadata[user_uid]': 'u_7QK2' }],
      [
        '/v1/checkout/sessions',
        {
          mode: 'setup',
          'allowed_payment_method_types[0]': 'card',
          customer: 'cus_new',
          'metadata[user_uid]': 'u_7QK2',
          'setup_intent_data[metadata][user_uid]': 'u_7QK2',
          success_url: 'https://console.example.test/charges/auto',
          cancel_url: 'https://console.example.test/charges/auto',
        },
      ],
    ]);
  });

  it('turns a completed setup session into the saved card, read from its SetupIntent and PaymentMethod', async () => {
    routes['GET /v1/setup_intents/seti_1'] = () => ({
      body: {
        id: 'seti_1',
        object: 'setup_intent',
        status: 'succeeded',
        customer: 'cus_new',
        payment_method: 'pm_visa',
        metadata: { user_uid: 'u_7QK2' },
      },
    });
    routes['GET /v1/payment_methods/pm_visa'] = () => ({
      body: {
        id: 'pm_visa',
        object: 'payment_method',
        type: 'card',
        customer: 'cus_new',
        card: { brand: 'visa', last4: '4242', exp_month: 3, exp_year: 2031 },
      },
    });
    const payload = event('checkout.session.completed', {
      id: 'cs_test_setup',
      object: 'checkout.session',
      mode: 'setup',
      status: 'complete',
      customer: 'cus_new',
      setup_intent: 'seti_1',
      metadata: { user_uid: 'u_7QK2' },
    });

    expect(await provider.verifyNotification(notification(payload, sign(payload)))).toEqual({
      type: 'card',
      userUid: 'u_7QK2',
      customerRef: 'cus_new',
      paymentMethodRef: 'pm_visa',
      brand: 'visa',
      last4: '4242',
      exp: '03/31',
    });
    expect(stripe.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      'GET /v1/setup_intents/seti_1',
      'GET /v1/payment_methods/pm_visa',
    ]);
  });

  it('charges a saved card off-session once per order', async () => {
    routes['POST /v1/payment_intents'] = () => ({
      body: { id: 'pi_auto', object: 'payment_intent', status: 'succeeded', amount: 5_000, currency: 'usd' },
    });

    const result = await provider.chargeSavedCard({
      orderNo: 'A20250101000009',
      amount: 50_000_000n,
      customerRef: 'cus_new',
      paymentMethodRef: 'pm_visa',
      description: 'PTC auto top-up 50',
    });

    expect(result).toEqual({ status: 'succeeded', providerRef: 'pi_auto', error: null });
    const [sent] = stripe.requests;
    expect(sent?.headers['idempotency-key']).toBe('auto-topup:A20250101000009');
    expect(sent?.form).toEqual({
      amount: '5000',
      currency: 'usd',
      customer: 'cus_new',
      payment_method: 'pm_visa',
      off_session: 'true',
      confirm: 'true',
      description: 'PTC auto top-up 50',
      'metadata[order_no]': 'A20250101000009',
      'metadata[flow]': 'auto_topup',
    });
  });

  it('reports a declined card as failed with the decline code only', async () => {
    routes['POST /v1/payment_intents'] = () => ({
      status: 402,
      body: {
        error: {
          type: 'card_error',
          code: 'card_declined',
          decline_code: 'insufficient_funds',
          message: 'Your card has insufficient funds.',
          payment_intent: { id: 'pi_declined', object: 'payment_intent', status: 'requires_payment_method' },
        },
      },
    });

    const result = await provider.chargeSavedCard({
      orderNo: 'A20250101000010',
      amount: 50_000_000n,
      customerRef: 'cus_new',
      paymentMethodRef: 'pm_visa',
      description: 'PTC auto top-up 50',
    });

    expect(result).toEqual({
      status: 'failed',
      providerRef: 'pi_declined',
      error: 'card_declined: insufficient_funds',
    });
  });

  it('reports a charge that needs the customer (3-D Secure) as failed', async () => {
    routes['POST /v1/payment_intents'] = () => ({
      body: { id: 'pi_3ds', object: 'payment_intent', status: 'requires_action', currency: 'usd' },
    });

    expect(
      await provider.chargeSavedCard({
        orderNo: 'A20250101000011',
        amount: 10_000_000n,
        customerRef: 'cus_new',
        paymentMethodRef: 'pm_visa',
        description: 'PTC auto top-up 10',
      }),
    ).toEqual({ status: 'failed', providerRef: 'pi_3ds', error: 'authentication_required' });
  });

  it("detaches the customer's card, and does nothing for a card already gone", async () => {
    routes['GET /v1/payment_methods/pm_visa'] = () => ({
      body: { id: 'pm_visa', object: 'payment_method', customer: 'cus_new' },
    });
    routes['POST /v1/payment_methods/pm_visa/detach'] = () => ({
      body: { id: 'pm_visa', object: 'payment_method', customer: null },
    });
    routes['GET /v1/payment_methods/pm_gone'] = () => ({
      status: 404,
      body: {
        error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such PaymentMethod' },
      },
    });

    await provider.detachCard({ customerRef: 'cus_new', paymentMethodRef: 'pm_visa' });
    await provider.detachCard({ customerRef: 'cus_new', paymentMethodRef: 'pm_gone' });

    expect(stripe.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      'GET /v1/payment_methods/pm_visa',
      'POST /v1/payment_methods/pm_visa/detach',
      'GET /v1/payment_methods/pm_gone',
    ]);
  });
});
