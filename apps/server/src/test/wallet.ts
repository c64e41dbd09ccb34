import { SANDBOX_SIGNATURE_HEADER, type SandboxEvent } from '../adapters/payments/sandbox';
import type { App } from '../app';

/** Posts a sandbox event to the webhook, signed as the sandbox signs, unless `signature` is given. */
export const notifySandbox = async (app: App, event: SandboxEvent, signature?: string) => {
  const sandbox = app.paymentProviders.sandbox;
  if (!sandbox) throw new Error('no sandbox');
  const signed = sandbox.sign(event);
  return app.inject({
    method: 'POST',
    url: '/api/payments/notify/sandbox',
    headers: {
      'content-type': 'application/json',
      [SANDBOX_SIGNATURE_HEADER]: signature ?? signed.signature,
    },
    payload: signed.body,
  });
};

/** The event a sandbox "Pay" would send for an order. */
export const paidEvent = (
  order: { order_no: string },
  amount: bigint,
  currency: 'USD' | 'CNY' | 'USDT' = 'USD',
): Extract<SandboxEvent, { type: 'payment' }> => ({
  type: 'payment',
  order_no: order.order_no,
  txn_id: `sbx_${order.order_no}`,
  status: 'paid',
  amount: amount.toString(),
  currency,
  ts: Date.now(),
});

/** The path and query of a link the server issued (`https://console.example.test/api/…?access=…`). */
export const pathOfLink = (url: string) => {
  const { pathname, search } = new URL(url);
  return `${pathname}${search}`;
};

/** A user's balance and the sum of their ledger entries (they must agree). */
export { readBalanceAndSum } from '../modules/wallet/ledger.repository';
