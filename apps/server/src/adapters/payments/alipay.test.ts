import { createPrivateKey, createSign, createVerify } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { generateTestRsaKeyPair } from '../../test/payment-keys';
import { createAlipayProvider } from './alipay';
import type { CheckoutRequest, NotificationRequest } from './payment-provider';

const APP_ID = '2021000000000001';
// Nothing listens there: page pay only builds a URL.
const GATEWAY = 'http://127.0.0.1:9/gateway.do';
const CNY_PER_USD = 7_100_000n;

const appKeys = generateTestRsaKeyPair();
const alipayKeys = generateTestRsaKeyPair();
const strangerKeys = generateTestRsaKeyPair();

const provider = createAlipayProvider(
  // As Alipay's console shows them: bare base64, no PEM armour.
  {
    appId: APP_ID,
    privateKey: appKeys.privateKeyBase64,
    alipayPublicKey: alipayKeys.publicKeyBase64,
    gateway: GATEWAY,
  },
  { cnyPerUsd: CNY_PER_USD },
);

const checkoutRequest = (overrides: Partial<CheckoutRequest> = {}): CheckoutRequest => ({
  orderNo: 'T20250101000001',
  method: 'alipay',
  payAmount: 1_471_830_000n,
  currency: 'CNY',
  description: 'PTC 充值 200',
  notifyUrl: 'https://console.example.test/api/payments/alipay/notify',
  returnUrl: 'https://console.example.test/recharge?order=T20250101000001',
  expiresAt: new Date('2025-01-01T04:30:00Z'),
  ...overrides,
});

/** Alipay's signing: all parameters but sign and sign_type, sorted, `k=v&…`, RSA-SHA256, base64. */
const alipaySign = (params: Record<string, string>, privateKeyPem: string): string => {
  const content = Object.keys(params)
    .filter((key) => key !== 'sign' && key !== 'sign_type')
    .sort()
    .map((key) => `${key}=${params[key]}`)
    .join('&');
  return createSign('RSA-SHA256').update(content, 'utf8').sign(privateKeyPem, 'base64');
};

const tradeParams = (overrides: Record<string, string> = {}): Record<string, string> => ({
  gmt_create: '2025-01-01 12:00:01',
  charset: 'utf-8',
  gmt_payment: '2025-01-01 12:00:09',
  notify_time: '2025-01-01 12:00:10',
  subject: 'PTC 充值 200',
  buyer_id: '2088102177846880',
  invoice_amount: '1471.83',
  version: '1.0',
  notify_id: '2025010100222120010012345678901234',
  fund_bill_list: '[{"amount":"1471.83","fundChannel":"ALIPAYACCOUNT"}]',
  notify_type: 'trade_status_sync',
  out_trade_no: 'T20250101000001',
  total_amount: '1471.83',
  trade_status: 'TRADE_SUCCESS',
  trade_no: '2025010122001446880500001234',
  auth_app_id: APP_ID,
  receipt_amount: '1471.83',
  point_amount: '0.00',
  buyer_pay_amount: '1471.83',
  app_id: APP_ID,
  seller_id: '2088102177296610',
  ...overrides,
});

const signed = (params: Record<string, string>, privateKeyPem = alipayKeys.privateKeyPem) => ({
  ...params,
  sign_type: 'RSA2',
  sign: alipaySign(params, privateKeyPem),
});

const notification = (params: Record<string, string>): NotificationRequest => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
  rawBody: Buffer.from(new URLSearchParams(params).toString(), 'utf8'),
  query: {},
});

describe('createAlipayProvider page pay', () => {
  it('builds a gateway URL for alipay.trade.page.pay signed with our app key', async () => {
    const checkout = await provider.createCheckout(checkoutRequest());

    expect(checkout.kind).toBe('redirect');
    const url = new URL(checkout.kind === 'redirect' ? checkout.url : '');
    expect(`${url.origin}${url.pathname}`).toBe(GATEWAY);
    const params = Object.fromEntries(url.searchParams);
    expect(params).toMatchObject({
      app_id: APP_ID,
      method: 'alipay.trade.page.pay',
      charset: 'utf-8',
      sign_type: 'RSA2',
      version: '1.0',
      notify_url: 'https://console.example.test/api/payments/alipay/notify',
      return_url: 'https://console.example.test/recharge?order=T20250101000001',
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
    });
    expect(JSON.parse(params.biz_content ?? '')).toEqual({
      out_trade_no: 'T20250101000001',
      total_amount: '1471.83',
      subject: 'PTC 充值 200',
      product_code: 'FAST_INSTANT_TRADE_PAY',
      time_expire: '2025-01-01 12:30:00',
    });
    // Alipay verifies requests over every parameter but `sign`, sorted.
    const content = Object.keys(params)
      .filter((key) => key !== 'sign')
      .sort()
      .map((key) => `${key}=${params[key]}`)
      .join('&');
    expect(
      createVerify('RSA-SHA256')
        .update(content, 'utf8')
        .verify(appKeys.publicKeyPem, params.sign ?? '', 'base64'),
    ).toBe(true);
  });

  it('writes the timestamp in Beijing time', async () => {
    const checkout = await provider.createCheckout(checkoutRequest());
    const timestamp = new URL(checkout.kind === 'redirect' ? checkout.url : '').searchParams.get('timestamp');
    const asUtc = new Date(`${timestamp?.replace(' ', 'T')}+08:00`).getTime();

    expect(Math.abs(asUtc - Date.now())).toBeLessThan(5_000);
  });

  it('converts a USD amount at the configured rate, half up to the fen', async () => {
    const checkout = await provider.createCheckout(
      checkoutRequest({ currency: 'USD', payAmount: 207_300_000n, method: 'alipay' }),
    );
    const url = new URL(checkout.kind === 'redirect' ? checkout.url : '');

    // 207.30 × 7.10 = 1471.83
    expect(JSON.parse(url.searchParams.get('biz_content') ?? '{}').total_amount).toBe('1471.83');
    const odd = await provider.createCheckout(checkoutRequest({ currency: 'USD', payAmount: 1_070_000n }));
    // 1.07 × 7.10 = 7.597 → 7.60
    expect(
      JSON.parse(new URL(odd.kind === 'redirect' ? odd.url : '').searchParams.get('biz_content') ?? '{}')
        .total_amount,
    ).toBe('7.60');
  });

  it('refuses CNY amounts in fractions of a fen and USDT', async () => {
    await expect(provider.createCheckout(checkoutRequest({ payAmount: 1_471_835_000n }))).rejects.toThrow(
      /whole fen/,
    );
    await expect(provider.createCheckout(checkoutRequest({ currency: 'USDT' }))).rejects.toThrow(/CNY/);
  });

  it('takes keys as PEM too (PKCS#1 app key, SPKI Alipay key)', async () => {
    const pkcs1 = generateTestRsaKeyPair();
    const pkcs1Pem = createPrivateKey(pkcs1.privateKeyPem)
      .export({ type: 'pkcs1', format: 'pem' })
      .toString();
    const pemProvider = createAlipayProvider(
      { appId: APP_ID, privateKey: pkcs1Pem, alipayPublicKey: alipayKeys.publicKeyPem, gateway: GATEWAY },
      { cnyPerUsd: CNY_PER_USD },
    );

    const checkout = await pemProvider.createCheckout(checkoutRequest());
    const params = Object.fromEntries(new URL(checkout.kind === 'redirect' ? checkout.url : '').searchParams);
    const content = Object.keys(params)
      .filter((key) => key !== 'sign')
      .sort()
      .map((key) => `${key}=${params[key]}`)
      .join('&');
    expect(
      createVerify('RSA-SHA256')
        .update(content)
        .verify(pkcs1.publicKeyPem, params.sign ?? '', 'base64'),
    ).toBe(true);
    expect(await pemProvider.verifyNotification(notification(signed(tradeParams())))).toMatchObject({
      status: 'paid',
    });
  });
});

describe('createAlipayProvider notifications', () => {
  it('accepts a trade signed by Alipay and pays the total amount in micro-CNY', async () => {
    expect(await provider.verifyNotification(notification(signed(tradeParams())))).toEqual({
      type: 'payment',
      orderNo: 'T20250101000001',
      providerRef: '2025010122001446880500001234',
      status: 'paid',
      paidAmount: 1_471_830_000n,
      currency: 'CNY',
    });
    expect(
      await provider.verifyNotification(
        notification(signed(tradeParams({ trade_status: 'TRADE_FINISHED' }))),
      ),
    ).toMatchObject({ status: 'paid' });
  });

  it('refuses a notification signed with another key', async () => {
    expect(
      await provider.verifyNotification(notification(signed(tradeParams(), strangerKeys.privateKeyPem))),
    ).toBeNull();
  });

  it('refuses a tampered amount, a missing signature and a forged one', async () => {
    const genuine = signed(tradeParams());
    const forged = { ...genuine, sign: Buffer.alloc(256, 7).toString('base64') };
    const { sign: _dropped, ...unsigned } = genuine;

    expect(await provider.verifyNotification(notification({ ...genuine, total_amount: '0.01' }))).toBeNull();
    expect(await provider.verifyNotification(notification(unsigned))).toBeNull();
    expect(await provider.verifyNotification(notification(forged))).toBeNull();
  });

  it('refuses a genuine notification for another app', async () => {
    expect(
      await provider.verifyNotification(notification(signed(tradeParams({ app_id: '2021000000009999' })))),
    ).toBeNull();
  });

  it('refuses everything when configured with a key that is not the signer’s', async () => {
    const misconfigured = createAlipayProvider(
      {
        appId: APP_ID,
        privateKey: appKeys.privateKeyBase64,
        alipayPublicKey: strangerKeys.publicKeyBase64,
        gateway: GATEWAY,
      },
      { cnyPerUsd: CNY_PER_USD },
    );

    expect(await misconfigured.verifyNotification(notification(signed(tradeParams())))).toBeNull();
  });

  it('fails closed trades with their amount, ignores waiting trades and refunds', async () => {
    const closed = signed(tradeParams({ trade_status: 'TRADE_CLOSED' }));
    const waiting = signed(tradeParams({ trade_status: 'WAIT_BUYER_PAY' }));
    const refund = signed(tradeParams({ refund_fee: '1471.83', gmt_refund: '2025-01-02 10:00:00.123' }));

    expect(await provider.verifyNotification(notification(closed))).toMatchObject({
      status: 'failed',
      paidAmount: 1_471_830_000n,
    });
    expect(await provider.verifyNotification(notification(waiting))).toMatchObject({ status: 'ignored' });
    expect(await provider.verifyNotification(notification(refund))).toMatchObject({ status: 'ignored' });
  });

  it('answers Alipay in plain text', () => {
    expect(provider.acknowledge(true)).toEqual({
      status: 200,
      contentType: 'text/plain; charset=utf-8',
      body: 'success',
    });
    expect(provider.acknowledge(false)).toMatchObject({ body: 'failure' });
  });
});
