import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createEpayProvider } from './epay';
import type { CheckoutRequest, NotificationRequest } from './payment-provider';

const PID = '1001';
const KEY = '89KKbQ5zLb0cUqGZ88NWRB0ZAx6VTgvI';
// Nothing listens there: the checkout is a URL and notifications need no call.
const EPAY_URL = 'http://127.0.0.1:9/pay/';

const provider = createEpayProvider({ url: EPAY_URL, pid: PID, key: KEY });

/** The epay signature written out again: sorted non-empty `k=v&…` + key, MD5 hex. */
const md5Sign = (params: Record<string, string>, key = KEY) =>
  createHash('md5')
    .update(
      `${Object.keys(params)
        .filter((name) => name !== 'sign' && name !== 'sign_type' && params[name] !== '')
        .sort()
        .map((name) => `${name}=${params[name]}`)
        .join('&')}${key}`,
    )
    .digest('hex');

const checkoutRequest = (overrides: Partial<CheckoutRequest> = {}): CheckoutRequest => ({
  orderNo: 'T20250101000002',
  method: 'epay',
  payAmount: 7_600_000n,
  currency: 'CNY',
  description: 'PTC top-up 1',
  notifyUrl: 'https://console.example.test/api/payments/epay/notify',
  returnUrl: 'https://console.example.test/recharge',
  expiresAt: new Date(Date.now() + 3600_000),
  channel: 'wxpay',
  ...overrides,
});

const paidParams = (overrides: Record<string, string> = {}): Record<string, string> => ({
  pid: PID,
  trade_no: '2025010112000912345',
  out_trade_no: 'T20250101000002',
  type: 'wxpay',
  name: 'PTC top-up 1',
  money: '7.60',
  trade_status: 'TRADE_SUCCESS',
  param: '',
  ...overrides,
});

const signed = (params: Record<string, string>, key = KEY) => ({
  ...params,
  sign: md5Sign(params, key),
  sign_type: 'MD5',
});

const getNotification = (params: Record<string, string>): NotificationRequest => ({
  method: 'GET',
  headers: {},
  rawBody: Buffer.alloc(0),
  query: params,
});

const postNotification = (params: Record<string, string>): NotificationRequest => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  rawBody: Buffer.from(new URLSearchParams(params).toString()),
  query: {},
});

describe('createEpayProvider', () => {
  it('sends the customer to submit.php with MD5-signed parameters', async () => {
    const checkout = await provider.createCheckout(checkoutRequest());

    expect(checkout.kind).toBe('redirect');
    const url = new URL(checkout.kind === 'redirect' ? checkout.url : '');
    expect(`${url.origin}${url.pathname}`).toBe('http://127.0.0.1:9/pay/submit.php');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      pid: PID,
      type: 'wxpay',
      out_trade_no: 'T20250101000002',
      notify_url: 'https://console.example.test/api/payments/epay/notify',
      return_url: 'https://console.example.test/recharge',
      name: 'PTC top-up 1',
      money: '7.60',
      // md5("money=7.60&name=PTC top-up 1&notify_url=…&out_trade_no=…&pid=1001&return_url=…&type=wxpay" + key)
      sign: '1b9bc7e9fe3be9a7d3e2d59cf28f4228',
      sign_type: 'MD5',
    });
  });

  it('uses alipay as the default channel', async () => {
    const { channel: _none, ...request } = checkoutRequest();
    const checkout = await provider.createCheckout(request);
    const params = Object.fromEntries(new URL(checkout.kind === 'redirect' ? checkout.url : '').searchParams);

    expect(params.type).toBe('alipay');
    expect(params.sign).toBe(md5Sign(params));
  });

  it('refuses amounts not in whole fen and currencies other than CNY', async () => {
    await expect(provider.createCheckout(checkoutRequest({ payAmount: 7_605_000n }))).rejects.toThrow(/fen/);
    await expect(provider.createCheckout(checkoutRequest({ currency: 'USD' }))).rejects.toThrow(/CNY/);
  });

  it('accepts a signed payment notified by GET or by POST', async () => {
    const expected = {
      type: 'payment',
      orderNo: 'T20250101000002',
      providerRef: '2025010112000912345',
      status: 'paid',
      paidAmount: 7_600_000n,
      currency: 'CNY',
    };

    expect(await provider.verifyNotification(getNotification(signed(paidParams())))).toEqual(expected);
    expect(await provider.verifyNotification(postNotification(signed(paidParams())))).toEqual(expected);
  });

  it('accepts the signature in upper case too', async () => {
    const params = signed(paidParams());

    expect(
      await provider.verifyNotification(getNotification({ ...params, sign: params.sign.toUpperCase() })),
    ).toMatchObject({ status: 'paid' });
  });

  it('refuses a forged signature, a tampered amount and a missing signature', async () => {
    const genuine = signed(paidParams());
    const { sign: _dropped, ...unsigned } = genuine;

    expect(
      await provider.verifyNotification(getNotification(signed(paidParams(), 'not-the-key'))),
    ).toBeNull();
    expect(await provider.verifyNotification(getNotification({ ...genuine, money: '760.00' }))).toBeNull();
    expect(await provider.verifyNotification(getNotification(unsigned))).toBeNull();
    expect(await provider.verifyNotification(getNotification({ ...genuine, sign: 'x' }))).toBeNull();
  });

  it('refuses a correctly signed notification for another merchant', async () => {
    expect(
      await provider.verifyNotification(getNotification(signed(paidParams({ pid: '1002' })))),
    ).toBeNull();
  });

  it('only acknowledges a trade that did not succeed', async () => {
    expect(
      await provider.verifyNotification(
        getNotification(signed(paidParams({ trade_status: 'TRADE_CLOSED' }))),
      ),
    ).toMatchObject({ status: 'ignored', paidAmount: 0n });
  });

  it('answers success or fail in plain text', () => {
    expect(provider.acknowledge(true)).toEqual({
      status: 200,
      contentType: 'text/plain; charset=utf-8',
      body: 'success',
    });
    expect(provider.acknowledge(false)).toMatchObject({ body: 'fail' });
  });
});
