import { AppError, parsePtc } from '@ptc/contracts';
import type { NotificationRequest } from '../../adapters/payments/payment-provider';
import type { SandboxPageSubject, SandboxProvider } from '../../adapters/payments/sandbox';
import { findUserById } from '../auth/accounts.service';
import { authenticate } from '../auth/auth.service';
import {
  applyPaymentNotification,
  findOrderByNo,
  manualReference,
  recordNotification,
} from '../wallet/orders.service';
import { notifierFor } from '../wallet/payment-collectors';
import type { WalletDeps } from '../wallet/wallet.deps';
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
  const provider = notifierFor(deps.providers, providerName);
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

/**
 * Operator call (the admin module admits it): confirms that a wire transfer (or a sandbox wire or USDT order) was received,
 * for exactly the order's amount. Credited once like any notification.
 */
export const confirmManualPayment = async (
  deps: WalletDeps,
  orderNo: string,
  input: { amount: string; reference?: string },
) => {
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

/** How a caller of a sandbox page proves it is the owner. */
export interface SandboxPageCredentials {
  /** The signed `access` of the link the server issued, if the URL carries one. */
  access: string | undefined;
  /** The session token of the `Authorization` header, if any. */
  sessionToken: string | null;
}

const INVALID_LINK = 'This sandbox link is invalid or has expired';

/**
 * Admits the owner of a sandbox page: a link the sandbox signed for this page and owner (not
 * expired), else the owner's session. Neither, or a tampered or expired link: 2004; another
 * user's session: 404, as for any order that is not one's own.
 */
const authorizeSandboxOwner = async (
  deps: WalletDeps,
  sandbox: SandboxProvider,
  subject: SandboxPageSubject | null,
  credentials: SandboxPageCredentials,
) => {
  if (credentials.access !== undefined) {
    if (!subject || !sandbox.verifyPageAccess(subject, credentials.access)) {
      throw new AppError('ERR_TOKEN_ERROR', { message: INVALID_LINK });
    }
    return;
  }
  const user = await authenticate(deps.db, credentials.sessionToken);
  if (!subject || user.uid !== subject.userUid) throw new AppError('ERR_NOT_FOUND');
};

/** The sandbox order `orderNo`, for its owner only (see {@link authorizeSandboxOwner}). */
export const getSandboxCheckoutOrder = async (
  deps: WalletDeps,
  sandbox: SandboxProvider,
  orderNo: string,
  credentials: SandboxPageCredentials,
) => {
  const order = await findOrderByNo(deps.db, orderNo);
  const owner = order?.provider === 'sandbox' ? await findUserById(deps.db, order.userId) : null;
  await authorizeSandboxOwner(
    deps,
    sandbox,
    order && owner ? { page: 'checkout', orderNo: order.orderNo, userUid: owner.uid } : null,
    credentials,
  );
  if (!order) throw new AppError('ERR_NOT_FOUND');
  return order;
};

/** Admits the sandbox card page of `userUid` for that user only: the uid in the URL is not enough. */
export const authorizeSandboxCard = (
  deps: WalletDeps,
  sandbox: SandboxProvider,
  userUid: string,
  credentials: SandboxPageCredentials,
) => authorizeSandboxOwner(deps, sandbox, { page: 'card', userUid }, credentials);
