import { timingSafeEqual } from 'node:crypto';
import { AppError, parsePtc } from '@ptc/contracts';
import type { NotificationRequest } from '../../adapters/payments/payment-provider';
import { findOrderByNo, recordNotification } from '../wallet/orders.repository';
import { applyPaymentNotification, manualReference, type WalletDeps } from '../wallet/orders.service';
import { notifierFor } from '../wallet/payment-gateways';
import { saveCardFromNotification } from '../wallet/wallet-settings.service';

/**
 * Handles a provider notification posted to `/api/payments/notify/{provider}`: verifies it with
 * that provider (unverifiable ones are recorded and refused), then applies it. Answers what the
 * provider expects to hear.
 */
export const receiveNotification = async (
  deps: WalletDeps,
  providerName: string,
  request: NotificationRequest,
) => {
  const provider = notifierFor(deps.gateways, providerName);
  if (!provider) throw new AppError('ERR_NOT_FOUND', { message: `Unknown payment provider ${providerName}` });
  const verified = await provider.verifyNotification(request).catch(() => null);
  if (!verified) {
    await recordNotification(deps.db, {
      provider: providerName,
      outcome: 'rejected',
      reason: 'verification failed',
    });
    return { ack: provider.acknowledge(false), outcome: 'rejected' as const };
  }
  if (verified.type === 'card') {
    const saved = await saveCardFromNotification(deps, providerName, verified);
    await recordNotification(deps.db, {
      provider: providerName,
      providerRef: verified.paymentMethodRef,
      outcome: saved ? 'card_saved' : 'rejected',
      reason: saved ? null : 'unknown user',
    });
    return {
      ack: provider.acknowledge(saved),
      outcome: saved ? ('card_saved' as const) : ('rejected' as const),
    };
  }
  const { outcome } = await applyPaymentNotification(deps, providerName, verified);
  // A duplicate was applied before: the provider may stop retrying.
  return { ack: provider.acknowledge(outcome !== 'rejected'), outcome };
};

const sameSecret = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * Operator call: confirms that a wire transfer (or a sandbox wire or USDT order) was received,
 * for exactly the order's amount. Credited once like any notification.
 */
export const confirmManualPayment = async (
  deps: WalletDeps,
  token: string | undefined,
  orderNo: string,
  input: { amount: string; reference?: string },
) => {
  const expected = deps.config.adminToken;
  if (!expected)
    throw new AppError('ERR_NOT_FOUND', { message: 'Operator calls are disabled (set ADMIN_TOKEN)' });
  if (!token || !sameSecret(token, expected)) throw new AppError('ERR_TOKEN_ERROR');
  const order = await findOrderByNo(deps.db, orderNo);
  if (!order || !['wire', 'usdt', 'sandbox'].includes(order.provider)) {
    throw new AppError('ERR_NOT_FOUND', { message: 'No such wire transfer order' });
  }
  const { outcome, reason } = await applyPaymentNotification(deps, order.provider, {
    type: 'payment',
    orderNo,
    providerRef: input.reference?.trim() || manualReference(),
    status: 'paid',
    paidAmount: parsePtc(input.amount),
    currency: order.payCurrency,
  });
  if (outcome === 'rejected') throw new AppError('ERR_PRICE_ERROR', { message: `Not confirmed: ${reason}` });
  return { outcome };
};
