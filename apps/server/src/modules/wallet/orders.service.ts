import { randomBytes, randomInt } from 'node:crypto';
import {
  AppError,
  CENT,
  type Checkout,
  checkTopUpAmount,
  ERRORS,
  formatPtc,
  MICRO_PER_PTC,
  type Micro,
  type PaymentMethod,
  type Plan,
  parsePtc,
  quoteTopUp,
} from '@ptc/contracts';
import type { Database } from '@ptc/db';
import type { PayCurrency, PaymentNotification } from '../../adapters/payments/payment-provider';
import type { UserRow } from '../auth/accounts.service';
import { payReferralReward } from '../invitations/referral-reward';
import { moveMoney } from './ledger.service';
import { PROVIDER_FAILED_REASON } from './orders.presenter';
import {
  findOpenUsdtAmounts,
  findOrderByNo,
  insertOrder,
  markOrderFailed,
  markOrderPaid,
  type OrderRow,
  recordNotification,
  saveCheckout,
} from './orders.repository';
import { type Collector, collectorFor } from './payment-collectors';
import { quoteTermsOf, readTopUpTerms } from './top-up-terms.service';
import type { WalletDeps } from './wallet.deps';

const CURRENCY_OF_METHOD: Record<PaymentMethod | 'auto', PayCurrency> = {
  card: 'USD',
  stripe_wechat: 'USD',
  wire: 'USD',
  auto: 'USD',
  alipay: 'CNY',
  wechat: 'CNY',
  epay: 'CNY',
  usdt: 'USDT',
};

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** A public order number: `T` + UTC time to the second + 6 random digits. */
export const newOrderNo = (now: Date) =>
  `T${now.getUTCFullYear()}${pad(now.getUTCMonth() + 1)}${pad(now.getUTCDate())}${pad(now.getUTCHours())}${pad(
    now.getUTCMinutes(),
  )}${pad(now.getUTCSeconds())}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;

/** USD micro → CNY micro at the configured rate, rounded half up to the fen. */
const toCny = (usd: Micro, cnyPerUsd: Micro): Micro => {
  const exact = usd * cnyPerUsd;
  const fen = CENT * MICRO_PER_PTC;
  return ((exact + fen / 2n) / fen) * CENT;
};

/** A USDT amount no other open order uses: the total plus a few micro-USDT that identify the order. */
const uniqueUsdtAmount = async (db: Database, total: Micro) => {
  const taken = await findOpenUsdtAmounts(db);
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const candidate = total + BigInt(randomInt(1, 10_000));
    if (!taken.has(candidate)) return candidate;
  }
  throw new AppError('ERR_CHARGE_ERROR', { message: 'Too many open USDT orders, please retry in a minute' });
};

/** Parses and checks a typed amount (3003 outside 1–2000 PTC or below a cent). */
export const parseTopUpAmount = (text: string): Micro => {
  const amount = parsePtc(text);
  const problem = checkTopUpAmount(amount);
  if (problem === 'min') throw new AppError('ERR_PRICE_ERROR', { message: 'Minimum amount is $1' });
  if (problem === 'max') throw new AppError('ERR_PRICE_ERROR', { message: 'Maximum amount is $2000' });
  if (problem === 'cents') throw new AppError('ERR_PRICE_ERROR', { message: 'Amounts are in whole cents' });
  return amount;
};

const describe = (amount: Micro) => `PTC top-up ${formatPtc(amount)}`;

/**
 * Creates a top-up order for `method` and starts its checkout. The fee and bonus are fixed on
 * the order when it is made; the order is paid only by a verified notification.
 */
export const createTopUpOrder = async (
  deps: WalletDeps,
  user: UserRow,
  input: {
    amount: string;
    plan?: Plan;
    method: PaymentMethod;
    channel?: string;
    clientIp?: string;
    /** The console's base URL the customer pays from (`returnBaseOf`); PUBLIC_URL when absent. */
    returnBase?: string;
  },
  now = new Date(),
): Promise<OrderRow> => {
  const amount = parseTopUpAmount(input.amount);
  // The plan is the account's, set by an operator (issue #13.7): a request may repeat it for
  // compatibility, never declare another one.
  if (input.plan !== undefined && input.plan !== user.plan) {
    throw new AppError('ERR_ARGUMENT_TYPE', {
      message: `${ERRORS.ERR_ARGUMENT_TYPE.message}: plan is the account's own (${user.plan}), set by an operator`,
    });
  }
  const { plan } = user;
  if (input.method === 'wire' && plan !== 'enterprise') {
    throw new AppError('ERR_NOT_PAYWAY', { message: 'Wire transfer is available on the enterprise plan' });
  }
  const collector = collectorFor(deps.providers, deps.config.payments, input.method);
  if (!collector) throw new AppError('ERR_NOT_PAYWAY', { message: 'This payment method is not available' });
  // The fee and bonus in force now, fixed on the order: a later change of terms leaves it alone.
  const quote = quoteTopUp(amount, input.method, quoteTermsOf(await readTopUpTerms(deps), input.method));
  const payCurrency = CURRENCY_OF_METHOD[input.method];
  const payAmount =
    payCurrency === 'CNY'
      ? toCny(quote.total, deps.config.payments.cnyPerUsd)
      : payCurrency === 'USDT' && collector.name === 'usdt'
        ? await uniqueUsdtAmount(deps.db, quote.total)
        : quote.total;
  const order = await insertOrder(deps.db, {
    orderNo: newOrderNo(now),
    userId: user.id,
    kind: 'topup',
    plan,
    method: input.method,
    provider: collector.name,
    amount,
    bonus: quote.bonus,
    fee: quote.fee,
    payCurrency,
    payAmount,
    expiresAt: new Date(now.getTime() + deps.config.payments.orderTtlMs),
  });
  const checkout = await startCheckout(deps, collector, order, input, user).catch(async (error: unknown) => {
    await markOrderFailed(
      deps.db,
      order.id,
      error instanceof Error ? error.message.slice(0, 200) : 'checkout failed',
    );
    throw new AppError('ERR_CHARGE_ERROR', {
      message: 'Top-up failed: the payment provider refused the order',
      cause: error,
    });
  });
  await saveCheckout(deps.db, order.id, checkout.checkout, checkout.providerRef);
  return { ...order, checkout: checkout.checkout, providerRef: checkout.providerRef };
};

const startCheckout = async (
  deps: WalletDeps,
  collector: Collector,
  order: OrderRow,
  input: { method: PaymentMethod; channel?: string; clientIp?: string; returnBase?: string },
  user: UserRow,
): Promise<{ checkout: Checkout; providerRef: string | null }> => {
  if (collector.name === 'usdt') {
    const amount = formatPtc(order.payAmount, 6);
    return {
      checkout: { kind: 'crypto', network: 'TRC20', address: collector.address, amount },
      providerRef: null,
    };
  }
  if (collector.name === 'wire') {
    return {
      checkout: { kind: 'wire', instructions: collector.instructions, reference: order.orderNo },
      providerRef: null,
    };
  }
  const publicUrl = deps.config.publicUrl;
  const started = await collector.provider.createCheckout({
    orderNo: order.orderNo,
    method: input.method,
    payAmount: order.payAmount,
    currency: order.payCurrency,
    description: describe(order.amount),
    notifyUrl: `${publicUrl}/api/payments/notify/${collector.name}`,
    returnUrl: `${input.returnBase ?? publicUrl}/${input.method === 'card' ? 'stripe' : 'charge'}?order=${order.orderNo}`,
    expiresAt: order.expiresAt,
    channel: input.channel,
    customerEmail: user.email,
    clientIp: input.clientIp,
    userUid: user.uid,
  });
  return started.kind === 'qr'
    ? { checkout: { kind: 'qr', code_url: started.codeUrl }, providerRef: started.providerRef ?? null }
    : { checkout: { kind: 'redirect', url: started.url }, providerRef: started.providerRef ?? null };
};

/** How a verified payment notification was applied. */
export type NotificationOutcome = 'credited' | 'duplicate' | 'failed' | 'ignored' | 'rejected';

/**
 * Applies a verified payment notification from `provider`: the order must exist, belong to that
 * provider, and the amount and currency must match exactly. A paid order is credited once (the
 * amount and the bonus as separate ledger entries), however often or concurrently the
 * notification arrives, and even after the order expired, because the money was received.
 */
export const applyPaymentNotification = async (
  deps: WalletDeps,
  provider: string,
  notification: PaymentNotification,
  now = new Date(),
): Promise<{ outcome: NotificationOutcome; reason?: string }> => {
  const record = (outcome: NotificationOutcome, reason?: string) =>
    recordNotification(deps.db, {
      provider,
      orderNo: notification.orderNo,
      providerRef: notification.providerRef,
      outcome,
      reason: reason ?? null,
    }).then(() => ({ outcome, reason }));

  // Events that settle nothing (another app's, or informational) are acknowledged, not refused,
  // so the provider stops retrying them.
  if (notification.status === 'ignored') return record('ignored');
  const order = await findOrderByNo(deps.db, notification.orderNo);
  if (!order) return record('rejected', 'unknown order');
  if (order.provider !== provider) return record('rejected', `order belongs to ${order.provider}`);
  if (notification.currency !== order.payCurrency || notification.paidAmount !== order.payAmount) {
    return record(
      'rejected',
      `amount ${notification.paidAmount} ${notification.currency} does not match the order`,
    );
  }
  if (notification.status === 'failed') {
    await markOrderFailed(deps.db, order.id, PROVIDER_FAILED_REASON);
    return record('failed');
  }
  const credited = await deps.db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    if (!(await markOrderPaid(t, order.id, notification.providerRef, now))) return false;
    const reference = { type: 'payment_order', id: order.orderNo };
    const topUp = await moveMoney(t, {
      userId: order.userId,
      amount: order.amount,
      kind: 'topup',
      idempotencyKey: `order:${order.orderNo}:topup`,
      reference,
      note: `${order.method} top-up`,
    });
    // The referrer's reward for a referee's first top-up, in the same transaction (issue #20).
    if (topUp.applied) await payReferralReward(t, deps.config.invitations, order.userId, order.amount);
    if (order.bonus > 0n) {
      await moveMoney(t, {
        userId: order.userId,
        amount: order.bonus,
        kind: 'bonus',
        idempotencyKey: `order:${order.orderNo}:bonus`,
        reference,
        note: 'top-up bonus',
      });
    }
    return true;
  });
  return record(credited ? 'credited' : 'duplicate');
};

/** A random provider-style transaction id for manual confirmations. */
export const manualReference = () => `manual_${randomBytes(6).toString('hex')}`;

/** Orders as the payments module reads and records them. */
export { findOrderByNo, type OrderRow, recordNotification } from './orders.repository';
