import {
  AppError,
  AUTO_TOP_UP_LIMITS,
  type AutoTopUpError,
  emailSchema,
  formatPtc,
  parsePtc,
  phoneSchema,
  quoteTopUp,
  TOP_UP,
} from '@ptc/contracts';
import type { CardSavedNotification } from '../../adapters/payments/payment-provider';
import { findUserById, findUserByUid, type UserRow } from '../auth/accounts.service';
import { insertOrder, markOrderFailed } from './orders.repository';
import { newOrderNo } from './orders.service';
import { cardVaultFor } from './payment-collectors';
import { quoteTermsOf, readTopUpTerms } from './top-up-terms.service';
import type { WalletDeps } from './wallet.deps';
import { autoTopUpFailureMessage, balanceAlarmMessage } from './wallet-messages';
import {
  deleteSavedCard,
  disableAutoTopUp,
  findAutoTopUp,
  findBalanceAlarm,
  findSavedCard,
  rearmAutoTopUps,
  rearmBalanceAlarms,
  recordAutoTopUpAttempt,
  takeDueAutoTopUps,
  takeDueBalanceAlarms,
  upsertAutoTopUp,
  upsertBalanceAlarm,
  upsertSavedCard,
} from './wallet-settings.repository';

const RECOMMENDED_PERCENT = Number(TOP_UP.RECOMMENDED_AUTO_THRESHOLD_BASIS_POINTS) / 100;

const inRange = (value: bigint, min: bigint, max: bigint) => value >= min && value <= max;

/** What is recorded when the saved card belongs to a provider that is not configured now. */
const CARD_UNUSABLE = 'the saved card cannot be charged here';

/**
 * The recorded failure of the last automatic charge as a code: the provider's own text (English,
 * e.g. "card_declined: insufficient_funds") stays in the order and the operators' view.
 */
export const autoTopUpErrorOf = (reason: string): AutoTopUpError => {
  if (reason === CARD_UNUSABLE) return 'card_unusable';
  return reason.startsWith('card_declined') ? 'card_declined' : 'charge_failed';
};

/** `GET /proxy/charges/stripe/info`. */
export const getAutoTopUp = async (deps: WalletDeps, user: UserRow) => {
  const [settings, card] = await Promise.all([
    findAutoTopUp(deps.db, user.id),
    findSavedCard(deps.db, user.id),
  ]);
  return {
    enabled: settings?.enabled ?? false,
    amount: settings ? formatPtc(settings.amount) : null,
    threshold: settings ? formatPtc(settings.threshold) : null,
    card: card ? { brand: card.brand, last4: card.last4, exp: card.exp } : null,
    recommended_threshold_percent: RECOMMENDED_PERCENT,
    last_error: settings?.lastError ? autoTopUpErrorOf(settings.lastError) : null,
  };
};

/** `POST /proxy/charges/stripe/info`: amount 10–2000 and threshold 1–1000 PTC; a saved card first. */
export const setAutoTopUp = async (
  deps: WalletDeps,
  user: UserRow,
  input: { enabled: boolean; amount: string; threshold: string },
  lang: string,
) => {
  const amount = parsePtc(input.amount);
  const threshold = parsePtc(input.threshold);
  if (!inRange(amount, AUTO_TOP_UP_LIMITS.MIN_AMOUNT, AUTO_TOP_UP_LIMITS.MAX_AMOUNT)) {
    throw new AppError('ERR_PRICE_ERROR', {
      message: 'The auto top-up amount must be between 10 and 2000 PTC',
    });
  }
  if (!inRange(threshold, AUTO_TOP_UP_LIMITS.MIN_THRESHOLD, AUTO_TOP_UP_LIMITS.MAX_THRESHOLD)) {
    throw new AppError('ERR_PRICE_ERROR', {
      message: 'The auto top-up threshold must be between 1 and 1000 PTC',
    });
  }
  if (input.enabled && !(await findSavedCard(deps.db, user.id))) {
    throw new AppError('ERR_CHARGE_ERROR', { message: 'Bind a card first' });
  }
  await upsertAutoTopUp(deps.db, { userId: user.id, enabled: input.enabled, amount, threshold, lang });
  return getAutoTopUp(deps, user);
};

/** `POST /proxy/charges/stripe/band`: where the customer saves a card. */
export const startCardBinding = async (
  deps: WalletDeps,
  user: UserRow,
  returnBase = deps.config.publicUrl,
) => {
  const vault = cardVaultFor(deps.providers);
  if (!vault) throw new AppError('ERR_NOT_PAYWAY', { message: 'Saving a card is not available' });
  return vault.vault.startCardSetup({
    userUid: user.uid,
    email: user.email,
    returnUrl: `${returnBase}/stripe?card=saved`,
    notifyUrl: `${deps.config.publicUrl}/api/payments/notify/${vault.name}`,
  });
};

/** Stores the card a verified provider notification reports as saved. */
export const saveCardFromNotification = async (
  deps: WalletDeps,
  provider: string,
  card: CardSavedNotification,
) => {
  const user = await findUserByUid(deps.db, card.userUid);
  if (!user) return false;
  await upsertSavedCard(deps.db, {
    userId: user.id,
    provider,
    customerRef: card.customerRef,
    paymentMethodRef: card.paymentMethodRef,
    brand: card.brand,
    last4: card.last4,
    exp: card.exp,
  });
  return true;
};

/** `DELETE /proxy/charges/stripe/band`: forgets the card (and turns auto top-up off). */
export const removeCard = async (deps: WalletDeps, user: UserRow) => {
  const card = await findSavedCard(deps.db, user.id);
  if (!card) return { done: true as const };
  const vault = cardVaultFor(deps.providers);
  if (vault && vault.name === card.provider) {
    await vault.vault
      .detachCard({ customerRef: card.customerRef, paymentMethodRef: card.paymentMethodRef })
      .catch((error: unknown) => {
        throw new AppError('ERR_CHARGE_ERROR', { message: 'Unbind failed, please retry', cause: error });
      });
  }
  await deleteSavedCard(deps.db, user.id);
  await disableAutoTopUp(deps.db, user.id);
  return { done: true as const };
};

/**
 * The auto top-up job: when a balance falls below its threshold, charge the saved card once per
 * crossing, at the auto top-up fee in force (none unless an operator set one). The order is credited
 * by the provider's notification like any other.
 */
export const runAutoTopUps = async (deps: WalletDeps, now = new Date()) => {
  await rearmAutoTopUps(deps.db);
  const due = await takeDueAutoTopUps(deps.db, now);
  if (due.length === 0) return 0;
  const vault = cardVaultFor(deps.providers);
  // The terms in force now (an operator may have set a fee or bonus for auto top-ups).
  const terms = await readTopUpTerms(deps);
  for (const settings of due) {
    const [user, card] = await Promise.all([
      findUserById(deps.db, settings.userId),
      findSavedCard(deps.db, settings.userId),
    ]);
    if (!user || !card || !vault || vault.name !== card.provider) {
      await recordAutoTopUpAttempt(deps.db, settings.userId, CARD_UNUSABLE, now);
      continue;
    }
    const quote = quoteTopUp(settings.amount, 'auto', quoteTermsOf(terms, 'auto'));
    const order = await insertOrder(deps.db, {
      orderNo: newOrderNo(now),
      userId: user.id,
      kind: 'auto_topup',
      plan: user.plan,
      method: 'auto',
      provider: vault.name,
      amount: quote.amount,
      bonus: quote.bonus,
      fee: quote.fee,
      payCurrency: 'USD',
      payAmount: quote.total,
      expiresAt: new Date(now.getTime() + deps.config.payments.orderTtlMs),
    });
    const result = await vault.vault
      .chargeSavedCard({
        orderNo: order.orderNo,
        amount: quote.total,
        customerRef: card.customerRef,
        paymentMethodRef: card.paymentMethodRef,
        description: `PTC auto top-up ${formatPtc(quote.amount)}`,
      })
      .catch((error: unknown) => ({
        status: 'failed' as const,
        providerRef: null,
        error: error instanceof Error ? error.message : 'the charge failed',
      }));
    if (result.status === 'failed') {
      const reason = (result.error ?? 'the charge failed').slice(0, 200);
      await markOrderFailed(deps.db, order.id, reason);
      await recordAutoTopUpAttempt(deps.db, user.id, reason, now);
      if (user.email) {
        const message = autoTopUpFailureMessage(settings.lang, formatPtc(quote.amount), reason);
        await deps.mailer.send({ to: user.email, ...message }).catch(() => undefined);
      }
      continue;
    }
    await recordAutoTopUpAttempt(deps.db, user.id, null, now);
  }
  return due.length;
};

/** `GET /user/balance/alarm`. */
export const getBalanceAlarm = async (deps: WalletDeps, user: UserRow) => {
  const alarm = await findBalanceAlarm(deps.db, user.id);
  return {
    enabled: alarm?.enabled ?? false,
    threshold: alarm ? formatPtc(alarm.threshold) : null,
    method: alarm?.method ?? ('email' as const),
    address: alarm?.address ?? user.email ?? user.phone ?? null,
  };
};

/** `POST /user/balance/alarm`: threshold in PTC, and a valid email or phone for the method. */
export const setBalanceAlarm = async (
  deps: WalletDeps,
  user: UserRow,
  input: { enabled: boolean; threshold: string; method: 'email' | 'sms'; address: string },
  lang: string,
) => {
  const threshold = parsePtc(input.threshold);
  if (threshold <= 0n)
    throw new AppError('ERR_PRICE_ERROR', { message: 'The alarm balance must be above 0' });
  const address = (input.method === 'email' ? emailSchema : phoneSchema).safeParse(input.address);
  if (!address.success) {
    throw new AppError('ERR_ARGUMENT_TYPE', {
      message: `Argument type error: address: ${input.method === 'email' ? 'a valid email address' : 'a valid phone number'}`,
    });
  }
  await upsertBalanceAlarm(deps.db, {
    userId: user.id,
    enabled: input.enabled,
    threshold,
    method: input.method,
    address: address.data,
    lang,
  });
  return getBalanceAlarm(deps, user);
};

/** The balance alarm job: one message per crossing below the threshold. */
export const runBalanceAlarms = async (deps: WalletDeps, now = new Date()) => {
  await rearmBalanceAlarms(deps.db);
  const due = await takeDueBalanceAlarms(deps.db, now);
  for (const alarm of due) {
    const message = balanceAlarmMessage(alarm.lang, formatPtc(alarm.balance), formatPtc(alarm.threshold));
    const sent =
      alarm.method === 'email'
        ? deps.mailer.send({ to: alarm.address, ...message })
        : deps.sms.send(alarm.address, message.text);
    await sent.catch(() => undefined);
  }
  return due.length;
};
