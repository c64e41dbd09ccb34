import {
  type AdminOrdersQuery,
  type AdminRefundRequest,
  AppError,
  type adminChargesQuerySchema,
  parsePtc,
} from '@ptc/contracts';
import type { Database } from '@ptc/db';
import type { z } from 'zod';
import { findEntryByKey } from '../../wallet/ledger.repository';
import { moveMoney } from '../../wallet/ledger.service';
import { recordAudit } from '../audit/audit.service';
import type { OperatorAct } from '../customers/customers.service';
import {
  formatPtc,
  presentCharge,
  presentLedgerEntry,
  presentNotification,
  presentOrder,
  refundState,
} from './money.presenter';
import {
  CHARGE_KINDS,
  findCharge,
  findCustomerById,
  findCustomerByUidOrEmail,
  findPaymentOrder,
  listCharges,
  listOrderEntries,
  listOrderNotifications,
  listPaymentOrders,
  lockProxiesPaidBy,
  takeOffCost,
} from './money.repository';

const DAY_MS = 86_400_000;

/** The first instant of a UTC day `YYYY-MM-DD`. */
export const startOfDay = (day: string) => new Date(`${day}T00:00:00Z`);

/** The first instant after a UTC day `YYYY-MM-DD`. */
export const endOfDay = (day: string) => new Date(startOfDay(day).getTime() + DAY_MS);

/** `GET /api/admin/orders`: payment orders of every provider, filtered, newest first. */
export const searchPaymentOrders = async (db: Database, query: AdminOrdersQuery) => {
  if (query.from && query.to && query.from > query.to) {
    throw new AppError('ERR_ARGUMENT_TYPE', { message: 'Argument type error: from is after to' });
  }
  const { rows, total } = await listPaymentOrders(
    db,
    {
      status: query.status,
      provider: query.provider,
      customer: query.customer,
      from: query.from ? startOfDay(query.from) : undefined,
      to: query.to ? endOfDay(query.to) : undefined,
    },
    { limit: query.page_size, offset: (query.page - 1) * query.page_size },
  );
  return { records: rows.map(presentOrder), total, page: query.page, page_size: query.page_size };
};

/** `GET /api/admin/orders/{order_no}`: the order, the ledger entries it credited, its notifications. */
export const describePaymentOrder = async (db: Database, orderNo: string) => {
  const [order, entries, notifications] = await Promise.all([
    findPaymentOrder(db, orderNo),
    listOrderEntries(db, orderNo),
    listOrderNotifications(db, orderNo),
  ]);
  if (!order) throw new AppError('ERR_NOT_FOUND', { message: 'No such order' });
  return {
    order: presentOrder(order),
    ledger: entries.map(presentLedgerEntry),
    notifications: notifications.map(presentNotification),
  };
};

const getCustomer = async (db: Database, text: string) => {
  const user = await findCustomerByUidOrEmail(db, text);
  if (!user) throw new AppError('ERR_NO_USER');
  return user;
};

/** `GET /api/admin/charges?customer=`: a customer's charges with what of each was refunded. */
export const searchCharges = async (db: Database, query: z.output<typeof adminChargesQuerySchema>) => {
  const user = await getCustomer(db, query.customer);
  const rows = await listCharges(db, user.id, {
    limit: query.page_size,
    offset: (query.page - 1) * query.page_size,
  });
  return { records: rows.map(presentCharge), page: query.page, page_size: query.page_size };
};

/** The idempotency key of an operator refund: one per charge, ever. */
export const operatorRefundKey = (entryId: bigint) => `operator-refund:${entryId}`;

const alreadyRefunded = (refunded: bigint) =>
  new AppError('ERR_PRICE_ERROR', {
    message: 'Amount wrong: this charge was refunded already (a charge is refunded once)',
    data: { reason: 'already_refunded', refunded: formatPtc(refunded) },
  });

/**
 * `POST /api/admin/refunds`: credits a charge (a purchase, renewal or usage debit, named by its
 * ledger entry id) back to the balance, whole or in part, as a `refund` entry that notes the
 * operator's reason and references the charge. Once per charge, however many clicks race: the
 * ledger's unique idempotency key decides. More than is left of the charge, a credit, or a second
 * refund answers 3003/1002 and changes nothing.
 */
export const refundCharge = async (db: Database, input: AdminRefundRequest, act: OperatorAct) => {
  const charge = await findCharge(db, BigInt(input.entry_id));
  if (!charge) throw new AppError('ERR_NOT_FOUND', { message: 'No such charge' });
  if (!(CHARGE_KINDS as readonly string[]).includes(charge.entry.kind)) {
    throw new AppError('ERR_ARGUMENT_TYPE', {
      message: `Argument type error: only a charge (purchase, renewal or usage) is refunded, not a ${charge.entry.kind} entry`,
      data: { reason: 'not_a_charge', kind: charge.entry.kind },
    });
  }
  const user = await findCustomerById(db, charge.entry.userId);
  if (!user || user.deletedAt) throw new AppError('ERR_NO_USER');
  const { refunded, refundable } = refundState(charge);
  const key = operatorRefundKey(charge.entry.id);
  if (refundable === 0n || (await findEntryByKey(db, key))) throw alreadyRefunded(refunded);
  const amount = input.amount === undefined ? refundable : parsePtc(input.amount);
  if (amount === 0n)
    throw new AppError('ERR_PRICE_ERROR', { message: 'Amount wrong: a refund must not be zero' });
  if (amount > refundable) {
    throw new AppError('ERR_PRICE_ERROR', {
      message: `Amount wrong: at most ${formatPtc(refundable)} PTC of this charge can be refunded`,
      data: { reason: 'exceeds_charge', refundable: formatPtc(refundable) },
    });
  }
  const entry = await db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    // The proxies the charge paid for first (the automatic refunds lock them before the balance):
    // what this refund gives back is taken off their cost, so no automatic refund repays it again.
    const paidFor = await lockProxiesPaidBy(t, charge.entry);
    const movement = await moveMoney(t, {
      userId: user.id,
      amount,
      kind: 'refund',
      idempotencyKey: key,
      reference: { type: 'ledger_entry', id: charge.entry.id.toString() },
      note: input.reason,
    });
    // Another click won the race: it refunded, this one changes nothing.
    if (!movement.applied) throw alreadyRefunded(refunded + movement.entry.amount);
    await takeOffCost(t, paidFor, amount);
    await recordAudit(t, {
      operator: act.operator,
      action: 'charge.refund',
      target: { type: 'user', id: user.uid },
      before: {
        balance: formatPtc(movement.entry.balanceAfter - amount),
        charge: { entry_id: input.entry_id, refunded: formatPtc(refunded) },
      },
      after: {
        balance: formatPtc(movement.entry.balanceAfter),
        charge: { entry_id: input.entry_id, refunded: formatPtc(refunded + amount) },
        refund_entry_id: movement.entry.id.toString(),
        amount: formatPtc(amount),
        reason: input.reason,
      },
      clientIp: act.clientIp,
    });
    return movement.entry;
  });
  const after = await findCharge(db, charge.entry.id);
  return {
    refund: presentLedgerEntry(entry),
    charge: presentCharge(after ?? charge),
    customer: { uid: user.uid, balance: formatPtc(entry.balanceAfter) },
  };
};
