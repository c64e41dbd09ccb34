import type { PaymentMethod } from '@ptc/contracts';
import type { CardVault, PaymentProvider } from '../../adapters/payments/payment-provider';
import type { PaymentProviders } from '../../adapters/payments/payment-providers';
import type { SandboxProvider } from '../../adapters/payments/sandbox';
import type { Config } from '../../config';

/**
 * The payment providers this process can use: each real one only when configured, and the sandbox
 * standing in for any that is not (null in production unless allowed). "Gateway" is the proxy
 * gateway's name; payment services are providers.
 */
export interface PaymentProviderSet extends PaymentProviders {
  sandbox: SandboxProvider | null;
}

/** Who collects a method's payments: a provider, our own USDT or wire handling, or the sandbox. */
export type Collector =
  | { name: 'stripe' | 'alipay' | 'wechat' | 'epay' | 'sandbox'; provider: PaymentProvider }
  | { name: 'usdt'; address: string }
  | { name: 'wire'; instructions: string };

/** The collector of a method, or null when the method is not available here. */
export const collectorFor = (
  providers: PaymentProviderSet,
  payments: Config['payments'],
  method: PaymentMethod,
): Collector | null => {
  const sandbox = providers.sandbox ? ({ name: 'sandbox', provider: providers.sandbox } as const) : null;
  switch (method) {
    case 'card':
    case 'stripe_wechat':
      return providers.stripe ? { name: 'stripe', provider: providers.stripe } : sandbox;
    case 'alipay':
      return providers.alipay ? { name: 'alipay', provider: providers.alipay } : sandbox;
    case 'wechat':
      return providers.wechat ? { name: 'wechat', provider: providers.wechat } : sandbox;
    case 'epay':
      return providers.epay ? { name: 'epay', provider: providers.epay } : sandbox;
    case 'usdt':
      return payments.usdt && providers.usdtWatcher
        ? { name: 'usdt', address: payments.usdt.address }
        : sandbox;
    case 'wire':
      return payments.wireInstructions ? { name: 'wire', instructions: payments.wireInstructions } : sandbox;
  }
};

/** The provider that saves cards and charges them for auto top-up. */
export const cardVaultFor = (
  providers: PaymentProviderSet,
): { name: 'stripe' | 'sandbox'; vault: CardVault } | null =>
  providers.stripe
    ? { name: 'stripe', vault: providers.stripe }
    : providers.sandbox
      ? { name: 'sandbox', vault: providers.sandbox }
      : null;

/** The provider that verifies notifications posted to `/api/payments/notify/{name}`. */
export const notifierFor = (providers: PaymentProviderSet, name: string): PaymentProvider | null => {
  switch (name) {
    case 'sandbox':
      return providers.sandbox;
    case 'stripe':
    case 'alipay':
    case 'wechat':
    case 'epay':
      return providers[name] ?? null;
    default:
      return null;
  }
};
