import { AppError, type Micro, PROXY_RULES, PROXY_STATUS } from '@ptc/contracts';
import type { Database } from '@ptc/db';
import { lockHolds } from '../../wallet/holds.service';
import { moveMoney, spendableOf } from '../../wallet/ledger.service';
import { updateProxy } from '../list/list.repository';
import { prepaidPriceKey, readPrice } from '../pricing/prices.service';
import { presentPtc } from '../proxies.presenter';
import { DAY_MS, type ProxyEntity } from '../proxy-entity';
import { lockProxy } from './lifecycle.repository';

/** A static IP proxy keeps its address until it is released (24 h after expiry, SPEC §4). */
export const isRenewable = (proxy: ProxyEntity, now: Date) =>
  proxy.family === 'static-ip' &&
  proxy.deletedAt === null &&
  proxy.releasedAt === null &&
  proxy.exitId !== null &&
  proxy.status !== PROXY_STATUS.INVALID &&
  proxy.expiresAt !== null &&
  proxy.expiresAt.getTime() > now.getTime() - PROXY_RULES.STATIC_RELEASE_AFTER_MS;

/**
 * The ledger key of renewing the period that ends at `expiresAt`: one charge per period, whoever
 * (the customer or the auto-renew job) gets there first.
 */
export const renewalKey = (proxy: Pick<ProxyEntity, 'publicId' | 'expiresAt'>) =>
  `renewal:${proxy.publicId}:${proxy.expiresAt?.toISOString() ?? 'none'}`;

/** The price of one more rental cycle of a static IP proxy, less its owner's discount. */
export const renewalPrice = async (db: Database, proxy: ProxyEntity, discountBasisPoints: number) => {
  const key = prepaidPriceKey(proxy.family, proxy.exitType, proxy.renewDays === 1 ? 1 : 30);
  if (!key) throw new Error('only static IP proxies are renewed');
  return (await readPrice(db, key, discountBasisPoints)).price;
};

/** What a renewal did. */
export interface Renewal {
  proxy: ProxyEntity;
  charged: Micro;
  balance: Micro;
}

/**
 * Renews one rental cycle of a static IP proxy, keeping its address: charges `renewal` through the
 * ledger and extends the expiry from max(now, expiry), in one transaction holding the proxy's row
 * lock. `isDue` (the auto-renew job) re-checks under that lock and answers null when the proxy no
 * longer needs renewing (renewed meanwhile, flag turned off).
 */
export const renewStaticProxy = async (
  db: Database,
  proxyId: bigint,
  now: Date,
  isDue: (proxy: ProxyEntity) => boolean = () => true,
): Promise<Renewal | null> =>
  db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    const proxy = await lockProxy(t, proxyId);
    if (!proxy || proxy.deletedAt) throw new AppError('ERR_NO_THIS_USER_TOKEN');
    if (proxy.family !== 'static-ip') {
      throw new AppError('ERR_ARGUMENT_TYPE', { message: 'Only static IP proxies are renewed' });
    }
    if (!isRenewable(proxy, now)) {
      throw new AppError('ERR_PROXY_TOKEN_EXPIRED', {
        message: 'This proxy has expired and its IP was released; it cannot be renewed',
      });
    }
    if (!isDue(proxy)) return null;
    const days = proxy.renewDays === 1 ? 1 : 30;
    const holds = await lockHolds(t, proxy.userId);
    const price = await renewalPrice(t, proxy, holds?.discountBasisPoints ?? 0);
    const spendable = (balance: Micro) => spendableOf({ balance, held: holds?.held ?? 0n });
    const { entry, applied } = await moveMoney(t, {
      userId: proxy.userId,
      amount: -price,
      kind: 'renewal',
      idempotencyKey: renewalKey(proxy),
      reference: { type: 'proxy', id: proxy.publicId },
      note: `Renewal of static-ip ${proxy.exitType ?? ''} for ${days} day(s) at ${presentPtc(price)}`,
    });
    if (!applied) return { proxy, charged: 0n, balance: spendable(entry.balanceAfter) };
    const from = Math.max(now.getTime(), proxy.expiresAt?.getTime() ?? now.getTime());
    const renewed = await updateProxy(t, proxy.id, {
      expiresAt: new Date(from + days * DAY_MS),
      status: proxy.status === PROXY_STATUS.EXPIRED ? PROXY_STATUS.NORMAL : proxy.status,
      costTotal: proxy.costTotal + price,
    });
    return { proxy: renewed, charged: price, balance: spendable(entry.balanceAfter) };
  });
