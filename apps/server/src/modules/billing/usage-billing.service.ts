import { chargeForBytes, discountedPrice, trafficPriceKey } from '@ptc/contracts';
import type { Database, DatabaseHandle } from '@ptc/db';
import { readPrices } from '../proxies/pricing/prices.service';
import { addPoolUsage, lockUsablePools, sumUsableBytes } from '../traffic/packages.service';
import { adjustHolds, lockHolds } from '../wallet/holds.service';
import { moveMoney } from '../wallet/ledger.service';
import {
  listRotatingTrafficProxies,
  listUnbilledProxies,
  lockProxyForBilling,
  recordProxyBilling,
  stopRotation,
} from './usage-billing.repository';

/**
 * The idempotency key of a usage charge: one per proxy and billed byte offset, and per amount
 * still owed after it when the balance could not pay everything (a later charge of what is owed
 * then has a key of its own).
 */
export const usageKey = (proxyId: bigint, billedBytesAfter: bigint, owedAfter = 0n) =>
  owedAfter > 0n
    ? `usage:${proxyId}:${billedBytesAfter}:owed:${owedAfter}`
    : `usage:${proxyId}:${billedBytesAfter}`;

/** What billing one proxy did. */
interface ProxyBilling {
  /** Bytes billed this time (from packages and from the balance). */
  bytes: bigint;
  /** The balance and bought traffic are both used up: the user's rotating proxies stop rotating. */
  isExhausted: boolean;
}

const NOTHING: ProxyBilling = { bytes: 0n, isExhausted: false };

type PriceTable = Awaited<ReturnType<typeof readPrices>>;

const min = (a: bigint, b: bigint) => (a < b ? a : b);
const max = (a: bigint, b: bigint) => (a > b ? a : b);

/**
 * Settles one proxy's usage in one transaction (DESIGN §4 Usage and billing, Credit control).
 * The gateway's usage flushes priced what it carried and kept it held (`accrued*`, in
 * `users.held*`): the package bytes come out of the packages (the soonest to expire first), the
 * money out of the balance, both out of the holds. Bytes carried but not priced yet (flushed by a
 * gateway before credit control) are priced here the same way: package bytes not held by anyone
 * first, then the balance at the family's price, carrying the sub-micro-PTC remainder. The
 * balance never goes below zero: what it cannot pay stays owed (and held) until funds return.
 * Lock order, as everywhere: the proxy, then its owner, then the packages.
 */
const billProxy = (
  db: Database,
  target: { id: bigint; userId: bigint },
  prices: PriceTable,
  now: Date,
): Promise<ProxyBilling> =>
  db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    const proxy = await lockProxyForBilling(t, target.id);
    const user = await lockHolds(t, target.userId);
    if (!user || !proxy) return NOTHING;
    // The table holds list prices; the owner pays them less their custom discount.
    const pricePerGb = discountedPrice(prices[trafficPriceKey(proxy)].price, user.discountBasisPoints);
    const carried = proxy.bytesUp + proxy.bytesDown;
    const unbilled = carried - proxy.billedBytes;
    if (unbilled <= 0n && proxy.accruedCost <= 0n) return NOTHING;

    let packageBytes = proxy.accruedPackageBytes;
    let cost = proxy.accruedCost;
    let remainder = proxy.billingRemainder;
    /** Holds this settlement adds for usage not priced until now (taken down again below). */
    const newlyHeld = { money: 0n, packageBytes: 0n };
    const unpriced = unbilled - proxy.accruedBytes;
    if (unpriced > 0n) {
      const freePackage = max((await sumUsableBytes(t, target.userId, now)) - user.heldPackageBytes, 0n);
      const fromPackage = min(unpriced, freePackage);
      const priced = chargeForBytes(unpriced - fromPackage, pricePerGb, remainder);
      packageBytes += fromPackage;
      cost += priced.charge;
      remainder = priced.remainder;
      newlyHeld.packageBytes += fromPackage;
      newlyHeld.money += priced.charge;
    }

    let fromPools = 0n;
    let poolBytesLeft = 0n;
    for (const pool of await lockUsablePools(t, target.userId, now)) {
      const left = pool.bytesTotal - pool.bytesUsed;
      const take = min(left, packageBytes - fromPools);
      if (take > 0n) await addPoolUsage(t, pool.id, take);
      fromPools += take;
      poolBytesLeft += left - take;
    }
    // Package bytes no package covers any more (one expired since it was held) cost money.
    if (packageBytes > fromPools) {
      const priced = chargeForBytes(packageBytes - fromPools, pricePerGb, remainder);
      cost += priced.charge;
      remainder = priced.remainder;
      newlyHeld.money += priced.charge;
    }

    const charge = min(cost, user.balance);
    const owed = cost - charge;
    const billedBytes = carried;
    let charged = 0n;
    if (charge > 0n) {
      const movement = await moveMoney(t, {
        userId: target.userId,
        amount: -charge,
        kind: 'usage',
        idempotencyKey: usageKey(proxy.id, billedBytes, owed),
        reference: { type: 'proxy', id: proxy.publicId },
        note: `${unbilled} bytes at ${pricePerGb} µPTC/GB; ${fromPools} bytes from traffic packages${
          owed > 0n ? `; ${owed} µPTC owed until funds return` : ''
        }`,
        isSettlement: true,
      });
      // A key seen before means this was paid already; the proxy row catches up.
      charged = movement.applied ? charge : 0n;
    }
    await adjustHolds(t, target.userId, {
      money: newlyHeld.money - charge,
      packageBytes: newlyHeld.packageBytes - packageBytes,
    });
    await recordProxyBilling(t, proxy.id, { billedBytes, billingRemainder: remainder, charged, owed });
    const isExhausted = owed > 0n || (user.balance - charge === 0n && poolBytesLeft === 0n);
    return { bytes: unbilled > 0n ? unbilled : 0n, isExhausted };
  });

/**
 * The usage billing job (DESIGN §4 Usage and billing): settles carried bytes into ledger entries,
 * each proxy once per run, and stops the rotation of the traffic proxies of a user whose balance
 * and bought traffic ran out (SPEC §4). It does not switch them off: the gateways carry no byte
 * without credit (3002 until funds return), and a top-up lets them carry traffic again at once.
 * Safe to run twice: billed bytes are never billed again.
 */
export const billUsage = async (handle: DatabaseHandle, now = new Date()) => {
  const due = await listUnbilledProxies(handle.db);
  if (due.length === 0) return 0;
  const prices = await readPrices(handle.db);
  const exhausted = new Set<bigint>();
  let billed = 0;
  for (const proxy of due) {
    const outcome = await billProxy(handle.db, proxy, prices, now);
    if (outcome.bytes > 0n) billed += 1;
    if (outcome.isExhausted) exhausted.add(proxy.userId);
  }
  for (const userId of exhausted) {
    await stopRotation(handle.db, await listRotatingTrafficProxies(handle.db, userId));
  }
  return billed;
};
