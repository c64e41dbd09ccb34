import type { Database, DatabaseHandle } from '@ptc/db';
import { readPrices, trafficPriceKey } from '../proxies/prices.service';
import { setProxySwitch } from '../proxies/proxy-control';
import { addPoolUsage, lockUsablePools } from '../traffic/traffic-pools.repository';
import { moveMoney } from '../wallet/ledger.service';
import { bytesAffordable, chargeForBytes } from './traffic-charge';
import {
  listRunningTrafficProxies,
  listUnbilledProxies,
  lockBalance,
  lockProxyForBilling,
  recordProxyBilling,
} from './usage-billing.repository';

/** The idempotency key of a usage charge: one per proxy and billed byte offset. */
export const usageKey = (proxyId: bigint, billedBytesAfter: bigint) => `usage:${proxyId}:${billedBytesAfter}`;

/** What billing one proxy did. */
interface ProxyBilling {
  /** Bytes billed this time (from packages and from the balance). */
  bytes: bigint;
  /** The balance and bought traffic are both used up: the user's traffic proxies must stop. */
  isExhausted: boolean;
}

const NOTHING: ProxyBilling = { bytes: 0n, isExhausted: false };

type PriceTable = Awaited<ReturnType<typeof readPrices>>;

/**
 * Bills one proxy's unbilled bytes in one transaction: bought traffic first (the soonest to
 * expire first), then the balance at `pricePerGb`, carrying the sub-micro-PTC remainder. When the
 * balance cannot cover the charge, it takes the balance down to exactly zero and leaves the bytes
 * it could not pay for unbilled, to be charged once funds return. Prices are per GB (SPEC §9).
 */
const billProxy = (db: Database, proxyId: bigint, prices: PriceTable, now: Date): Promise<ProxyBilling> =>
  db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    const proxy = await lockProxyForBilling(t, proxyId);
    if (!proxy) return NOTHING;
    const pricePerGb = prices[trafficPriceKey(proxy)].price;
    const unbilled = proxy.bytesUp + proxy.bytesDown - proxy.billedBytes;
    if (unbilled <= 0n) return NOTHING;
    const balance = await lockBalance(t, proxy.userId);
    const pools = await lockUsablePools(t, proxy.userId, now);

    let fromPools = 0n;
    let poolBytesLeft = 0n;
    for (const pool of pools) {
      const left = pool.bytesTotal - pool.bytesUsed;
      const take = left < unbilled - fromPools ? left : unbilled - fromPools;
      if (take > 0n) await addPoolUsage(t, pool.id, take);
      fromPools += take;
      poolBytesLeft += left - take;
    }

    let fromBalance = unbilled - fromPools;
    let { charge, remainder } = chargeForBytes(fromBalance, pricePerGb, proxy.billingRemainder);
    const isShort = charge > balance;
    if (isShort) {
      // Never below zero: bill only what the balance pays for, exactly to the micro-PTC.
      fromBalance = bytesAffordable(balance, pricePerGb, proxy.billingRemainder) ?? fromBalance;
      ({ charge, remainder } = chargeForBytes(fromBalance, pricePerGb, proxy.billingRemainder));
    }
    const bytes = fromPools + fromBalance;
    const isExhausted = isShort || (balance - charge === 0n && poolBytesLeft === 0n);
    if (bytes === 0n) return { ...NOTHING, isExhausted };

    const billedBytes = proxy.billedBytes + bytes;
    let charged = 0n;
    if (charge > 0n) {
      const movement = await moveMoney(t, {
        userId: proxy.userId,
        amount: -charge,
        kind: 'usage',
        idempotencyKey: usageKey(proxy.id, billedBytes),
        reference: { type: 'proxy', id: proxy.publicId },
        note: `${fromBalance} bytes at ${pricePerGb} µPTC/GB; ${fromPools} bytes from traffic packages`,
      });
      // A key seen before means this byte offset was paid already; the proxy row catches up.
      charged = movement.applied ? charge : 0n;
    }
    await recordProxyBilling(t, proxy.id, { billedBytes, billingRemainder: remainder, charged });
    return { bytes, isExhausted };
  });

/**
 * The usage billing job (DESIGN §4 Usage and billing): turns carried bytes into charges, each proxy
 * once per run, and switches off (rotation stopped, tunnels cut) every traffic proxy of a user
 * whose balance and bought traffic ran out. Safe to run twice: billed bytes are never billed again.
 */
export const billUsage = async (handle: DatabaseHandle, now = new Date()) => {
  const due = await listUnbilledProxies(handle.db);
  if (due.length === 0) return 0;
  const prices = await readPrices(handle.db);
  const exhausted = new Set<bigint>();
  let billed = 0;
  for (const { id, userId } of due) {
    const outcome = await billProxy(handle.db, id, prices, now);
    if (outcome.bytes > 0n) billed += 1;
    if (outcome.isExhausted) exhausted.add(userId);
  }
  for (const userId of exhausted) {
    const running = await listRunningTrafficProxies(handle.db, userId);
    await setProxySwitch(handle, running, 'off', { stopRotation: true });
  }
  return billed;
};
