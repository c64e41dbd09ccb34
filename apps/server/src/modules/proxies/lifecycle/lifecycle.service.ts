import { isAppError, PROXY_RULES } from '@ptc/contracts';
import type { ProxiesDeps } from '../proxies.deps';
import { presentPtc } from '../proxies.presenter';
import { announceProxyChanges } from '../proxy-changes';
import type { ProxyEntity } from '../proxy-entity';
import {
  disableAutoRenew,
  findDueAutoRenewals,
  findExitIp,
  findNoticeAddress,
  markExpired,
  releaseExpiredStaticExits,
} from './lifecycle.repository';
import { autoRenewFailedMessage } from './lifecycle-messages';
import { renewalPrice, renewStaticProxy } from './renewal.service';

// Renewals per round: the job runs every minute, so a backlog drains quickly without long rounds.
const RENEWALS_PER_ROUND = 200;

/** Expiry: proxies past their expiry time become expired (3) and gateways drop them at once. */
export const expireProxies = async (deps: ProxiesDeps, now: Date) => {
  const expired = await markExpired(deps.db, now);
  await announceProxyChanges(
    deps.database,
    expired.map((row) => row.id),
  );
  return expired.length;
};

/** Mails the owner, once, that automatic renewal failed for lack of balance, and turns it off. */
const noticeFailedRenewal = async (deps: ProxiesDeps, proxyId: bigint) => {
  const { db } = deps;
  const proxy = await disableAutoRenew(db, proxyId);
  if (!proxy) return false;
  const [address, ip] = await Promise.all([
    findNoticeAddress(db, proxy.userId),
    findExitIp(db, proxy.exitId),
  ]);
  if (!address?.email) return true;
  const price = await renewalPrice(db, proxy, address.discountBasisPoints);
  const message = autoRenewFailedMessage(address.lang, {
    proxy: ip ? `${proxy.username} (${ip})` : proxy.username,
    price: presentPtc(price),
    expiresAt: proxy.expiresAt?.toISOString().replace('T', ' ').slice(0, 16) ?? '',
  });
  // The flag is off either way: a mail that cannot be sent is not retried every minute.
  await deps.mailer.send({ to: address.email, ...message }).catch(() => undefined);
  return true;
};

/**
 * Auto-renew (SPEC §4): 12 h before expiry, a static IP proxy with the flag on is renewed for one
 * more cycle on the same address, charged as `renewal` (one ledger key per period, so a second
 * run changes nothing). Without enough balance the owner is mailed once, the flag goes off, and
 * the proxy expires normally.
 */
export const autoRenewStaticProxies = async (deps: ProxiesDeps, now: Date) => {
  const { db } = deps;
  const due = await findDueAutoRenewals(db, now, RENEWALS_PER_ROUND);
  const isDue = (proxy: ProxyEntity) =>
    proxy.autoRenew &&
    proxy.expiresAt !== null &&
    proxy.expiresAt.getTime() <= now.getTime() + PROXY_RULES.AUTO_RENEW_LEAD_MS;
  let handled = 0;
  for (const id of due) {
    try {
      const renewal = await renewStaticProxy(db, id, now, isDue);
      if (renewal) {
        handled += 1;
        await announceProxyChanges(deps.database, [id]);
      }
    } catch (error) {
      if (isAppError(error) && error.key === 'ERR_BALANCE_NOT_ENOUGH') {
        if (await noticeFailedRenewal(deps, id)) handled += 1;
      } else if (!isAppError(error)) {
        throw error;
      }
    }
  }
  return handled;
};

/** Release (SPEC §4): 24 h after expiry, a static IP that was not renewed goes back to the pool. */
export const releaseStaticExits = async (deps: ProxiesDeps, now: Date) => {
  const released = await releaseExpiredStaticExits(deps.db, now);
  await announceProxyChanges(
    deps.database,
    released.map((row) => row.id),
  );
  return released.length;
};
