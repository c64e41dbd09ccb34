import type { PaymentMethod } from '@ptc/contracts';
import type { CardVault, PaymentProvider, UsdtWatcher } from '../../adapters/payments/payment-provider';
import type { SandboxProvider } from '../../adapters/payments/sandbox';
import type { Config } from '../../config';

/** The payment providers this process can use (each real one only when configured). */
export interface PaymentGateways {
  /** Stands in for any provider that is not configured; null in production unless allowed. */
  sandbox: SandboxProvider | null;
  stripe?: PaymentProvider & CardVault;
  alipay?: PaymentProvider;
  wechat?: PaymentProvider;
  epay?: PaymentProvider;
  usdtWatcher?: UsdtWatcher;
}

/** Who collects a method's payments: a provider, our own USDT or wire handling, or the sandbox. */
export type Collector =
  | { name: 'stripe' | 'alipay' | 'wechat' | 'epay' | 'sandbox'; provider: PaymentProvider }
  | { name: 'usdt'; address: string }
  | { name: 'wire'; instructions: string };

/** The collector of a method, or null when the method is not available here. */
export const collectorFor = (
  gateways: PaymentGateways,
  payments: Config['payments'],
  method: PaymentMethod,
): Collector | null => {
  const sandbox = gateways.sandbox ? ({ name: 'sandbox', provider: gateways.sandbox } as const) : null;
  switch (method) {
    case 'card':
    case 'stripe_wechat':
      return gateways.stripe ? { name: 'stripe', provider: gateways.stripe } : sandbox;
    case 'alipay':
      return gateways.alipay ? { name: 'alipay', provider: gateways.alipay } : sandbox;
    case 'wechat':
      return gateways.wechat ? { name: 'wechat', provider: gateways.wechat } : sandbox;
    case 'epay':
      return gateways.epay ? { name: 'epay', provider: gateways.epay } : sandbox;
    case 'usdt':
      return payments.usdt && gateways.usdtWatcher
        ? { name: 'usdt', address: payments.usdt.address }
        : sandbox;
    case 'wire':
      return payments.wireInstructions ? { name: 'wire', instructions: payments.wireInstructions } : sandbox;
  }
};

/** The provider that saves cards and charges them for auto top-up. */
export const cardVaultFor = (
  gateways: PaymentGateways,
): { name: 'stripe' | 'sandbox'; vault: CardVault } | null =>
  gateways.stripe
    ? { name: 'stripe', vault: gateways.stripe }
    : gateways.sandbox
      ? { name: 'sandbox', vault: gateways.sandbox }
      : null;

/** The provider that verifies notifications posted to `/api/payments/notify/{name}`. */
export const notifierFor = (gateways: PaymentGateways, name: string): PaymentProvider | null => {
  switch (name) {
    case 'sandbox':
      return gateways.sandbox;
    case 'stripe':
    case 'alipay':
    case 'wechat':
    case 'epay':
      return gateways[name] ?? null;
    default:
      return null;
  }
};
