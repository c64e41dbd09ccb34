import type { AdminOrder } from '@ptc/contracts';
import { formatPtc as formatRounded, type Micro } from '@ptc/contracts';
import type { ledgerEntries, paymentNotifications, paymentOrders } from '@ptc/db';
import type { ChargeRow } from './money.repository';

/** Money to the micro-PTC: an operator sees what the ledger holds, not a rounded figure. */
export const formatPtc = (micro: Micro) => formatRounded(micro, 6);

/** A payment order with its customer, as operators see it. */
export const presentOrder = (row: {
  order: typeof paymentOrders.$inferSelect;
  uid: string;
  email: string | null;
}): AdminOrder => ({
  order_no: row.order.orderNo,
  customer: { uid: row.uid, email: row.email },
  kind: row.order.kind,
  method: row.order.method,
  provider: row.order.provider,
  provider_ref: row.order.providerRef,
  amount: formatPtc(row.order.amount),
  bonus: formatPtc(row.order.bonus),
  fee: formatPtc(row.order.fee),
  pay_amount: formatPtc(row.order.payAmount),
  pay_currency: row.order.payCurrency,
  status: row.order.status,
  failure_reason: row.order.failureReason,
  created_at: row.order.createdAt.toISOString(),
  expires_at: row.order.expiresAt.toISOString(),
  paid_at: row.order.paidAt?.toISOString() ?? null,
});

/** A ledger entry, with its id (what a refund names). */
export const presentLedgerEntry = (entry: typeof ledgerEntries.$inferSelect) => ({
  id: entry.id.toString(),
  kind: entry.kind,
  amount: formatPtc(entry.amount),
  balance_after: formatPtc(entry.balanceAfter),
  reference_type: entry.referenceType,
  reference_id: entry.referenceId,
  note: entry.note,
  at: entry.createdAt.toISOString(),
});

/** A provider notification of an order. */
export const presentNotification = (row: typeof paymentNotifications.$inferSelect) => ({
  provider: row.provider,
  provider_ref: row.providerRef,
  outcome: row.outcome,
  reason: row.reason,
  received_at: row.receivedAt.toISOString(),
});

/** What of a charge was refunded, and what a refund may still credit (never below zero). */
export const refundState = (row: ChargeRow) => {
  const charged = -row.entry.amount;
  const refunded = BigInt(row.refunded);
  return { charged, refunded, refundable: charged > refunded ? charged - refunded : 0n };
};

/** A charge with what of it was refunded. */
export const presentCharge = (row: ChargeRow) => {
  const { charged, refunded, refundable } = refundState(row);
  return {
    entry_id: row.entry.id.toString(),
    kind: row.entry.kind,
    amount: formatPtc(charged),
    refunded: formatPtc(refunded),
    refundable: formatPtc(refundable),
    product: row.product,
    reference_type: row.entry.referenceType,
    reference_id: row.entry.referenceId,
    note: row.entry.note,
    at: row.entry.createdAt.toISOString(),
  };
};
