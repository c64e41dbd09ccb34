import {
  AppError,
  bonusOf,
  formatPtc,
  MICRO_PER_PTC,
  type Micro,
  PAYMENT_METHODS,
  type PaymentMethod,
  type Plan,
  parseLedgerKinds,
  TOP_UP,
} from '@ptc/contracts';
import { loadPlaceCatalogue } from '../areas/place-names';
import type { UserRow } from '../auth/accounts.service';
import { presentLedgerEntry } from './ledger.presenter';
import { listTrailEntries } from './ledger.repository';
import { noteOf, presentOrder } from './orders.presenter';
import { findUserOrder, listUserOrders, type OrderRow } from './orders.repository';
import { collectorFor } from './payment-collectors';
import { readTopUpTerms } from './top-up-terms.service';
import type { WalletDeps } from './wallet.deps';

const METHOD_NAMES: Record<PaymentMethod, { name: string; en_name: string; ru_name: string }> = {
  card: { name: '银行卡', en_name: 'Bank card', ru_name: 'Банковская карта' },
  stripe_wechat: {
    name: '微信支付（Stripe）',
    en_name: 'WeChat Pay (Stripe)',
    ru_name: 'WeChat Pay (Stripe)',
  },
  alipay: { name: '支付宝', en_name: 'Alipay', ru_name: 'Alipay' },
  wechat: { name: '微信支付', en_name: 'WeChat Pay', ru_name: 'WeChat Pay' },
  epay: { name: '聚合支付', en_name: 'Payment aggregator', ru_name: 'Платёжный агрегатор' },
  usdt: { name: 'USDT（TRC20）', en_name: 'USDT (TRC20)', ru_name: 'USDT (TRC20)' },
  wire: { name: '对公转账', en_name: 'Wire transfer', ru_name: 'Банковский перевод' },
};

/** A package's id: its amount in whole PTC ("200"), or with its cents ("12.50"). */
const packageId = (amount: Micro) => formatPtc(amount, amount % MICRO_PER_PTC === 0n ? 0 : 2);

/** `GET /proxy/charges/list`: the packages, the bonus rule in force and the limits of SPEC §9. */
export const listPackages = async (deps: WalletDeps) => {
  const terms = await readTopUpTerms(deps);
  return {
    packages: terms.packages.map((amount) => ({
      id: packageId(amount),
      amount: formatPtc(amount),
      bonus: formatPtc(bonusOf(amount, terms.bonus)),
    })),
    min_amount: formatPtc(TOP_UP.MIN_AMOUNT),
    max_amount: formatPtc(TOP_UP.MAX_AMOUNT),
    bonus_threshold: formatPtc(terms.bonus.threshold),
    bonus_percent: Number(terms.bonus.basisPoints) / 100,
  };
};

/** `GET /proxy/payway/{payway_name}`: the payment methods available here, with their fees in force. */
export const listPayways = async (deps: WalletDeps, paywayName: string) => {
  if (paywayName !== 'charge')
    throw new AppError('ERR_NOT_PAYWAY', { message: `Unknown payway ${paywayName}` });
  const terms = await readTopUpTerms(deps);
  return PAYMENT_METHODS.flatMap((id) => {
    const collector = collectorFor(deps.providers, deps.config.payments, id);
    if (!collector) return [];
    const fee = terms.fees[id];
    return [
      {
        id,
        ...METHOD_NAMES[id],
        // Basis points to percent for display only; the charge itself is computed in bigint.
        fee_percent: Number(fee.basisPoints) / 100,
        fee_fixed: formatPtc(fee.fixed),
        plans:
          id === 'wire' ? (['enterprise'] satisfies Plan[]) : (['personal', 'enterprise'] satisfies Plan[]),
        sandbox: collector.name === 'sandbox',
      },
    ];
  });
};

/** An order of the signed-in user (4005-like 404 for anyone else's). */
export const getUserOrder = async (deps: WalletDeps, user: UserRow, orderNo: string): Promise<OrderRow> => {
  const order = await findUserOrder(deps.db, user.id, orderNo);
  if (!order) throw new AppError('ERR_NOT_FOUND', { message: 'No such order' });
  return order;
};

/** `GET /proxy/charges/records`: the user's top-up orders as billing records (SPEC §3). */
export const listChargeRecords = async (
  deps: WalletDeps,
  user: UserRow,
  query: { page: number; page_size: number; start?: string; end?: string },
) => {
  const { rows, total } = await listUserOrders(deps.db, user.id, {
    offset: (query.page - 1) * query.page_size,
    limit: query.page_size,
    start: query.start ? new Date(query.start) : undefined,
    end: query.end ? new Date(query.end) : undefined,
  });
  return {
    total,
    page: query.page,
    page_size: query.page_size,
    data: rows.map((order) => {
      const presented = presentOrder(order);
      return {
        order_id: order.orderNo,
        bill: order.kind === 'auto_topup' ? 'auto' : order.method,
        note: noteOf(order),
        time: (order.paidAt ?? order.createdAt).toISOString(),
        price: presented.total,
        value: presented.amount,
        free: presented.bonus,
        total: formatPtc(order.amount + order.bonus),
        status: order.status,
      };
    }),
  };
};

/**
 * `GET /proxy/charges/ledger`: the user's money trail, newest first: every balance movement with
 * the balance after it and what it was for, within a time range and of the kinds asked for.
 */
export const listMoneyTrail = async (
  deps: WalletDeps,
  user: UserRow,
  query: { page: number; page_size: number; start?: string; end?: string; kind?: string },
) => {
  const { rows, total } = await listTrailEntries(deps.db, user.id, {
    offset: (query.page - 1) * query.page_size,
    limit: query.page_size,
    start: query.start ? new Date(query.start) : undefined,
    end: query.end ? new Date(query.end) : undefined,
    kinds: parseLedgerKinds(query.kind),
  });
  // Cities are named from the place catalogue, loaded on first use.
  if (rows.some((row) => row.proxy?.city)) await loadPlaceCatalogue();
  return { total, page: query.page, page_size: query.page_size, data: rows.map(presentLedgerEntry) };
};
