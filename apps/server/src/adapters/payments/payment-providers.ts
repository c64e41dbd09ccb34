import type { Config } from '../../config';
import { createAlipayProvider } from './alipay';
import { createEpayProvider } from './epay';
import type { CardVault, PaymentProvider, UsdtWatcher } from './payment-provider';
import { createStripeProvider } from './stripe';
import { createTrongridWatcher } from './trongrid';
import { createWechatPayProvider } from './wechat-pay';

/** The real payment adapters that the configuration enables; a missing one is not configured. */
export interface PaymentProviders {
  stripe?: PaymentProvider & CardVault;
  alipay?: PaymentProvider;
  wechat?: PaymentProvider;
  epay?: PaymentProvider;
  usdtWatcher?: UsdtWatcher;
}

/** Builds each configured payment adapter (DESIGN §4 Adapters); throws when a configured key is unreadable. */
export const createPaymentProviders = (payments: Config['payments']): PaymentProviders => ({
  ...(payments.stripe ? { stripe: createStripeProvider(payments.stripe) } : {}),
  ...(payments.alipay
    ? { alipay: createAlipayProvider(payments.alipay, { cnyPerUsd: payments.cnyPerUsd }) }
    : {}),
  ...(payments.wechat ? { wechat: createWechatPayProvider(payments.wechat) } : {}),
  ...(payments.epay ? { epay: createEpayProvider(payments.epay) } : {}),
  ...(payments.usdt ? { usdtWatcher: createTrongridWatcher(payments.usdt) } : {}),
});
