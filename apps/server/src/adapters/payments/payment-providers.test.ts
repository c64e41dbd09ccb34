import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { generateTestRsaKeyPair } from '../../test/payment-keys';
import { createPaymentProviders } from './payment-providers';

describe('createPaymentProviders', () => {
  it('builds none when no provider is configured', () => {
    expect(createPaymentProviders(loadConfig({}).payments)).toEqual({});
  });

  it('builds each configured provider from the environment', () => {
    const app = generateTestRsaKeyPair();
    const platform = generateTestRsaKeyPair();
    const { payments } = loadConfig({
      STRIPE_SECRET_KEY: 'sk_test_51Fake0123456789',
      STRIPE_WEBHOOK_SECRET: 'whsec_test_0123456789abcdef',
      STRIPE_API_URL: 'http://127.0.0.1:9',
      ALIPAY_APP_ID: '2021000000000001',
      ALIPAY_PRIVATE_KEY: app.privateKeyBase64,
      ALIPAY_PUBLIC_KEY: platform.publicKeyBase64,
      ALIPAY_GATEWAY: 'http://127.0.0.1:9/gateway.do',
      WECHAT_MCH_ID: '1900009191',
      WECHAT_APP_ID: 'wxd678efh567hg6787',
      WECHAT_API_V3_KEY: 'a7cde1ZJB1kG2e7VfTs3jQzaWizur8Gb',
      WECHAT_MCH_SERIAL: '1DDE55AD98ED71D6EDD4A4A16996DE7B47773A8C',
      WECHAT_MCH_PRIVATE_KEY: app.privateKeyPem,
      WECHAT_PLATFORM_PUBLIC_KEY: platform.publicKeyPem,
      WECHAT_PLATFORM_SERIAL: 'PUB_KEY_ID_0119000091912025010100000000000001',
      WECHAT_API_URL: 'http://127.0.0.1:9',
      EPAY_URL: 'http://127.0.0.1:9',
      EPAY_PID: '1001',
      EPAY_KEY: '89KKbQ5zLb0cUqGZ88NWRB0ZAx6VTgvI',
      USDT_ADDRESS: 'TJmmqjb1DK9TTZbQXzRQ2AuA94z4gKAPFh',
      TRONGRID_API_URL: 'http://127.0.0.1:9',
    });

    const providers = createPaymentProviders(payments);

    expect(providers.stripe?.name).toBe('stripe');
    expect(typeof providers.stripe?.chargeSavedCard).toBe('function');
    expect(providers.alipay?.name).toBe('alipay');
    expect(providers.wechat?.name).toBe('wechat');
    expect(providers.epay?.name).toBe('epay');
    expect(typeof providers.usdtWatcher?.listIncoming).toBe('function');
  });
});
