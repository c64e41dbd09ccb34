import { createCipheriv, createSign, createVerify, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type LocalHttpServer, readBody, startLocalHttpServer } from '../../test/local-http-server';
import { generateTestRsaKeyPair } from '../../test/payment-keys';
import type { CheckoutRequest, NotificationRequest } from './payment-provider';
import { createWechatPayProvider } from './wechat-pay';

const MCH_ID = '1900009191';
const APP_ID = 'wxd678efh567hg6787';
const API_V3_KEY = 'a7cde1ZJB1kG2e7VfTs3jQzaWizur8Gb';
const MCH_SERIAL = '1DDE55AD98ED71D6EDD4A4A16996DE7B47773A8C';
const PLATFORM_SERIAL = 'PUB_KEY_ID_0119000091912025010100000000000001';
const CODE_URL = 'weixin://wxpay/bizpayurl?pr=p4lpSuKzz';

const merchantKeys = generateTestRsaKeyPair();
const platformKeys = generateTestRsaKeyPair();
const strangerKeys = generateTestRsaKeyPair();

const now = () => Math.floor(Date.now() / 1000);

/** WeChat Pay's message signature: RSA-SHA256 over `timestamp\nnonce\nbody\n`. */
const platformHeaders = (
  body: string,
  options: { timestamp?: number; serial?: string; privateKeyPem?: string } = {},
): Record<string, string> => {
  const timestamp = String(options.timestamp ?? now());
  const nonce = randomBytes(16).toString('hex');
  return {
    'wechatpay-timestamp': timestamp,
    'wechatpay-nonce': nonce,
    'wechatpay-serial': options.serial ?? PLATFORM_SERIAL,
    'wechatpay-signature': createSign('RSA-SHA256')
      .update(`${timestamp}\n${nonce}\n${body}\n`, 'utf8')
      .sign(options.privateKeyPem ?? platformKeys.privateKeyPem, 'base64'),
  };
};

const config = (apiUrl: string) => ({
  mchId: MCH_ID,
  appId: APP_ID,
  apiV3Key: API_V3_KEY,
  mchSerial: MCH_SERIAL,
  mchPrivateKey: merchantKeys.privateKeyPem,
  platformPublicKey: platformKeys.publicKeyPem,
  platformSerial: PLATFORM_SERIAL,
  apiUrl,
});

interface CapturedOrder {
  authorization: Record<string, string>;
  isSignatureValid: boolean;
  body: Record<string, unknown>;
}

describe('createWechatPayProvider native orders against a local API', () => {
  let api: LocalHttpServer;
  let provider: ReturnType<typeof createWechatPayProvider>;
  const captured: CapturedOrder[] = [];
  let answer: 'signed' | 'forged' | 'wrong-serial' | 'refused' = 'signed';

  beforeAll(async () => {
    api = await startLocalHttpServer(async (request, response) => {
      const body = await readBody(request);
      const header = request.headers.authorization ?? '';
      const fields = Object.fromEntries(
        [...header.replace(/^WECHATPAY2-SHA256-RSA2048 /, '').matchAll(/(\w+)="([^"]*)"/g)].map((match) => [
          match[1],
          match[2],
        ]),
      );
      const isSignatureValid =
        header.startsWith('WECHATPAY2-SHA256-RSA2048 ') &&
        createVerify('RSA-SHA256')
          .update(`${request.method}\n${request.url}\n${fields.timestamp}\n${fields.nonce_str}\n${body}\n`)
          .verify(merchantKeys.publicKeyPem, fields.signature ?? '', 'base64');
      captured.push({ authorization: fields, isSignatureValid, body: JSON.parse(body) });
      response.setHeader('content-type', 'application/json');
      if (!isSignatureValid || answer === 'refused') {
        const reply = JSON.stringify(
          isSignatureValid
            ? { code: 'PARAM_ERROR', message: `time_expire ${body} is invalid` }
            : { code: 'SIGN_ERROR', message: 'bad signature' },
        );
        for (const [name, value] of Object.entries(platformHeaders(reply))) response.setHeader(name, value);
        response.statusCode = isSignatureValid ? 400 : 401;
        response.end(reply);
        return;
      }
      const reply = JSON.stringify({ code_url: CODE_URL });
      const headers = platformHeaders(reply, {
        ...(answer === 'forged' ? { privateKeyPem: strangerKeys.privateKeyPem } : {}),
        ...(answer === 'wrong-serial' ? { serial: 'PUB_KEY_ID_SOMEONE_ELSE' } : {}),
      });
      for (const [name, value] of Object.entries(headers)) response.setHeader(name, value);
      response.end(reply);
    });
    provider = createWechatPayProvider(config(api.origin));
  });
  afterAll(() => api.close());
  beforeEach(() => {
    captured.length = 0;
    answer = 'signed';
  });

  const checkoutRequest = (overrides: Partial<CheckoutRequest> = {}): CheckoutRequest => ({
    orderNo: 'T20250101000001',
    method: 'wechat',
    payAmount: 1_471_830_000n,
    currency: 'CNY',
    description: 'PTC 充值 200',
    notifyUrl: 'https://console.example.test/api/payments/wechat/notify',
    returnUrl: 'https://console.example.test/recharge',
    expiresAt: new Date('2025-01-01T04:30:00Z'),
    ...overrides,
  });

  it('places a native order signed with the merchant key and answers the QR code URL', async () => {
    expect(await provider.createCheckout(checkoutRequest())).toEqual({ kind: 'qr', codeUrl: CODE_URL });

    expect(captured).toEqual([
      {
        authorization: {
          mchid: MCH_ID,
          nonce_str: expect.stringMatching(/^[0-9A-F]{32}$/),
          signature: expect.any(String),
          timestamp: expect.stringMatching(/^\d{10}$/),
          serial_no: MCH_SERIAL,
        },
        isSignatureValid: true,
        body: {
          appid: APP_ID,
          mchid: MCH_ID,
          description: 'PTC 充值 200',
          out_trade_no: 'T20250101000001',
          time_expire: '2025-01-01T12:30:00+08:00',
          notify_url: 'https://console.example.test/api/payments/wechat/notify',
          amount: { total: 147_183, currency: 'CNY' },
        },
      },
    ]);
  });

  it('refuses an answer not signed by the platform key, or under another serial', async () => {
    answer = 'forged';
    await expect(provider.createCheckout(checkoutRequest())).rejects.toThrow(/signature/);
    answer = 'wrong-serial';
    await expect(provider.createCheckout(checkoutRequest())).rejects.toThrow(/signature/);
  });

  it('throws with the error code, not the message, when WeChat Pay refuses', async () => {
    answer = 'refused';

    const error: Error = await provider.createCheckout(checkoutRequest()).then(
      () => expect.unreachable('the order should be refused'),
      (reason: Error) => reason,
    );
    expect(error.message).toBe('WeChat Pay refused the order: HTTP 400 (PARAM_ERROR)');
  });

  it('refuses other currencies and fractions of a fen without calling the API', async () => {
    await expect(provider.createCheckout(checkoutRequest({ currency: 'USD' }))).rejects.toThrow(/CNY/);
    await expect(provider.createCheckout(checkoutRequest({ payAmount: 1_000_001n }))).rejects.toThrow(/fen/);
    expect(captured).toEqual([]);
  });
});

describe('createWechatPayProvider notifications', () => {
  // Nothing listens there: notifications need no API call.
  const provider = createWechatPayProvider(config('http://127.0.0.1:9'));

  const transaction = (overrides: Record<string, unknown> = {}) => ({
    mchid: MCH_ID,
    appid: APP_ID,
    out_trade_no: 'T20250101000001',
    transaction_id: '4200000000202501011234567890',
    trade_type: 'NATIVE',
    trade_state: 'SUCCESS',
    trade_state_desc: '支付成功',
    bank_type: 'CMC',
    attach: '',
    success_time: '2025-01-01T12:00:09+08:00',
    payer: { openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' },
    amount: { total: 147_183, payer_total: 146_183, currency: 'CNY', payer_currency: 'CNY' },
    ...overrides,
  });

  /** Encrypts like WeChat Pay: AES-256-GCM, APIv3 key, 12-character nonce, tag appended, base64. */
  const encrypt = (plain: unknown, key = API_V3_KEY) => {
    const nonce = randomBytes(6).toString('hex');
    const cipher = createCipheriv('aes-256-gcm', Buffer.from(key, 'utf8'), Buffer.from(nonce, 'utf8'));
    cipher.setAAD(Buffer.from('transaction', 'utf8'));
    const data = Buffer.concat([
      cipher.update(JSON.stringify(plain), 'utf8'),
      cipher.final(),
      cipher.getAuthTag(),
    ]);
    return {
      original_type: 'transaction',
      algorithm: 'AEAD_AES_256_GCM',
      ciphertext: data.toString('base64'),
      associated_data: 'transaction',
      nonce,
    };
  };

  const envelope = (resource: unknown, eventType = 'TRANSACTION.SUCCESS') =>
    JSON.stringify({
      id: 'EV-2018022511223320873',
      create_time: '2025-01-01T12:00:10+08:00',
      resource_type: 'encrypt-resource',
      event_type: eventType,
      summary: '支付成功',
      resource,
    });

  const notification = (body: string, headers: Record<string, string>): NotificationRequest => ({
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    rawBody: Buffer.from(body, 'utf8'),
    query: {},
  });

  const signedNotification = (body: string, options: Parameters<typeof platformHeaders>[1] = {}) =>
    notification(body, platformHeaders(body, options));

  it('pays the order amount (`total`, not `payer_total`) in micro-CNY', async () => {
    const body = envelope(encrypt(transaction()));

    expect(await provider.verifyNotification(signedNotification(body))).toEqual({
      type: 'payment',
      orderNo: 'T20250101000001',
      providerRef: '4200000000202501011234567890',
      status: 'paid',
      paidAmount: 1_471_830_000n,
      currency: 'CNY',
    });
  });

  it('refuses a signature by another key, a body changed after signing and a signature probe', async () => {
    const body = envelope(encrypt(transaction()));
    const genuine = platformHeaders(body);

    expect(
      await provider.verifyNotification(
        signedNotification(body, { privateKeyPem: strangerKeys.privateKeyPem }),
      ),
    ).toBeNull();
    expect(await provider.verifyNotification(notification(body.replace('EV-', 'EV-X'), genuine))).toBeNull();
    expect(
      await provider.verifyNotification(
        notification(body, {
          ...genuine,
          'wechatpay-signature': `WECHATPAY/SIGNTEST/${genuine['wechatpay-signature']}`,
        }),
      ),
    ).toBeNull();
  });

  it('refuses a tampered ciphertext even when the envelope is signed', async () => {
    const resource = encrypt(transaction());
    const bytes = Buffer.from(resource.ciphertext, 'base64');
    bytes[10] = (bytes[10] ?? 0) ^ 0x01;
    const body = envelope({ ...resource, ciphertext: bytes.toString('base64') });

    expect(await provider.verifyNotification(signedNotification(body))).toBeNull();
  });

  it('refuses a resource encrypted with another APIv3 key', async () => {
    const body = envelope(encrypt(transaction(), 'b'.repeat(32)));

    expect(await provider.verifyNotification(signedNotification(body))).toBeNull();
  });

  it('refuses another serial and timestamps more than five minutes away', async () => {
    const body = envelope(encrypt(transaction()));

    expect(
      await provider.verifyNotification(signedNotification(body, { serial: 'PUB_KEY_ID_OTHER' })),
    ).toBeNull();
    expect(
      await provider.verifyNotification(signedNotification(body, { timestamp: now() - 301 })),
    ).toBeNull();
    expect(
      await provider.verifyNotification(signedNotification(body, { timestamp: now() + 301 })),
    ).toBeNull();
    expect(
      await provider.verifyNotification(signedNotification(body, { timestamp: now() - 200 })),
    ).not.toBeNull();
  });

  it('refuses a transaction of another merchant or app', async () => {
    const otherMerchant = envelope(encrypt(transaction({ mchid: '1900000109' })));
    const otherApp = envelope(encrypt(transaction({ appid: 'wx0000000000000000' })));

    expect(await provider.verifyNotification(signedNotification(otherMerchant))).toBeNull();
    expect(await provider.verifyNotification(signedNotification(otherApp))).toBeNull();
  });

  it('fails a PAYERROR trade (with its amount) and only acknowledges other states and refunds', async () => {
    const failed = envelope(encrypt(transaction({ trade_state: 'PAYERROR' })));
    const closed = envelope(encrypt(transaction({ trade_state: 'CLOSED' })));
    const refund = envelope(encrypt({ mchid: MCH_ID, out_trade_no: 'T20250101000001' }), 'REFUND.SUCCESS');

    expect(await provider.verifyNotification(signedNotification(failed))).toMatchObject({
      status: 'failed',
      paidAmount: 1_471_830_000n,
    });
    expect(await provider.verifyNotification(signedNotification(closed))).toMatchObject({
      status: 'ignored',
    });
    expect(await provider.verifyNotification(signedNotification(refund))).toMatchObject({
      status: 'ignored',
      orderNo: 'T20250101000001',
    });
  });

  it('answers WeChat Pay with JSON codes', () => {
    expect(provider.acknowledge(true)).toEqual({
      status: 200,
      contentType: 'application/json',
      body: '{"code":"SUCCESS"}',
    });
    expect(provider.acknowledge(false)).toMatchObject({
      status: 500,
      body: expect.stringContaining('"FAIL"'),
    });
  });
});
