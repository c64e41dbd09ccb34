import { AppError, formatPtc as formatRounded, type Micro, parsePtc } from '@ptc/contracts';
import type { DatabaseHandle } from '@ptc/db';
import { findUserByUid, revokeUserSessions, updateUser } from '../../auth/accounts.service';
import { announceProxyChanges } from '../../proxies/proxy-changes';
import { moveMoney } from '../../wallet/ledger.service';
import { recordAudit } from '../audit/audit.service';
import type { SignedInOperator } from '../operators/operators.service';
import {
  type CustomerRow,
  listLedger,
  listOrders,
  listProxyIds,
  searchCustomers,
  summariseProxies,
} from './customers.repository';

/** Money to the micro-PTC: an operator sees what the ledger holds, not a rounded figure. */
const formatPtc = (micro: Micro) => formatRounded(micro, 6);

/** Who acts, and from where (for the audit trail). */
export interface OperatorAct {
  operator: SignedInOperator;
  clientIp: string;
}

const presentCustomer = (user: CustomerRow) => ({
  uid: user.uid,
  username: user.username,
  email: user.email,
  phone: user.phone,
  balance: formatPtc(user.balance),
  held: formatPtc(user.held),
  plan: user.plan,
  discount_percent: user.discountBasisPoints / 100,
  locked: user.lockedAt !== null,
  locked_at: user.lockedAt?.toISOString() ?? null,
  created_at: user.createdAt.toISOString(),
});

const getCustomer = async (handle: DatabaseHandle, uid: string) => {
  const user = await findUserByUid(handle.db, uid);
  if (!user) throw new AppError('ERR_NO_USER');
  return user;
};

/** `GET /api/admin/customers?q=`: by email, phone, user name, uid, proxy username or exit IP. */
export const findCustomers = async (handle: DatabaseHandle, text: string) => ({
  records: (await searchCustomers(handle.db, text.trim(), 50)).map(presentCustomer),
});

/** `GET /api/admin/customers/{uid}`: the customer, their money trail, orders and proxies. */
export const describeCustomer = async (handle: DatabaseHandle, uid: string) => {
  const user = await getCustomer(handle, uid);
  const [ledger, orders, proxies] = await Promise.all([
    listLedger(handle.db, user.id, 50),
    listOrders(handle.db, user.id, 20),
    summariseProxies(handle.db, user.id),
  ]);
  return {
    customer: presentCustomer(user),
    ledger: ledger.map((entry) => ({
      kind: entry.kind,
      amount: formatPtc(entry.amount),
      balance_after: formatPtc(entry.balanceAfter),
      note: entry.note,
      at: entry.createdAt.toISOString(),
    })),
    orders: orders.map((order) => ({
      order_no: order.orderNo,
      provider: order.provider,
      method: order.method,
      status: order.status,
      amount: formatPtc(order.amount),
      provider_ref: order.providerRef,
      created_at: order.createdAt.toISOString(),
    })),
    proxies: proxies.map((row) => ({ family: row.family, live: row.live, bytes: row.bytes })),
  };
};

/**
 * `POST /api/admin/customers/{uid}/balance`: credits or debits the balance through the ledger (an
 * `adjustment` entry noting the operator's reason), once per request id; never below zero (3002).
 */
export const adjustBalance = async (
  handle: DatabaseHandle,
  uid: string,
  input: { amount: string; reason: string; request_id: string },
  act: OperatorAct,
) => {
  const user = await getCustomer(handle, uid);
  const negative = input.amount.startsWith('-');
  const amount = parsePtc(negative ? input.amount.slice(1) : input.amount) * (negative ? -1n : 1n);
  if (amount === 0n) throw new AppError('ERR_PRICE_ERROR', { message: 'An adjustment must not be zero' });
  const { entry, applied } = await moveMoney(handle.db, {
    userId: user.id,
    amount,
    kind: 'adjustment',
    idempotencyKey: `operator-adjustment:${input.request_id}`,
    reference: { type: 'operator', id: act.operator.email },
    note: input.reason,
  });
  if (applied) {
    await recordAudit(handle.db, {
      operator: act.operator,
      action: 'customer.balance.adjust',
      target: { type: 'user', id: uid },
      before: { balance: formatPtc(entry.balanceAfter - amount) },
      after: { balance: formatPtc(entry.balanceAfter), amount: formatPtc(amount), reason: input.reason },
      clientIp: act.clientIp,
    });
  }
  return { applied, balance: formatPtc(entry.balanceAfter) };
};

/**
 * `POST /api/admin/customers/{uid}/lock`: locks (no sign-in, every session ended, every proxy
 * refused by the gateways at once: 4013) or unlocks an account.
 */
export const lockCustomer = async (
  handle: DatabaseHandle,
  uid: string,
  input: { locked: boolean; reason: string },
  act: OperatorAct,
) => {
  const user = await getCustomer(handle, uid);
  const now = new Date();
  const updated = await updateUser(handle.db, user.id, { lockedAt: input.locked ? now : null });
  const ended = input.locked ? await revokeUserSessions(handle.db, user.id, now) : 0;
  await announceProxyChanges(handle, await listProxyIds(handle.db, user.id));
  await recordAudit(handle.db, {
    operator: act.operator,
    action: input.locked ? 'customer.lock' : 'customer.unlock',
    target: { type: 'user', id: uid },
    before: { locked: user.lockedAt !== null },
    after: { locked: input.locked, reason: input.reason, sessions_ended: ended },
    clientIp: act.clientIp,
  });
  return presentCustomer(updated);
};

/** `POST /api/admin/customers/{uid}/sessions/revoke`: signs the customer out everywhere. */
export const signOutCustomer = async (handle: DatabaseHandle, uid: string, act: OperatorAct) => {
  const user = await getCustomer(handle, uid);
  const ended = await revokeUserSessions(handle.db, user.id, new Date());
  await recordAudit(handle.db, {
    operator: act.operator,
    action: 'customer.sessions.revoke',
    target: { type: 'user', id: uid },
    after: { sessions_ended: ended },
    clientIp: act.clientIp,
  });
  return { sessions_ended: ended };
};
