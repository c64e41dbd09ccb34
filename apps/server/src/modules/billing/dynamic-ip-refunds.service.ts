import type { Database, DatabaseHandle } from '@ptc/db';
import { announceProxyChanges } from '../proxies/proxy-changes';
import { moveMoney } from '../wallet/ledger.service';
import { listFailedDynamicIps, lockRefundableProxy, markRefunded } from './dynamic-ip-refunds.repository';

/** The idempotency key of a dynamic-IP refund: one per proxy, ever. */
export const refundKey = (proxyId: bigint) => `refund:${proxyId}`;

/**
 * The dynamic-IP refund job (SPEC §9: automatic refund if it fails within 3 minutes): each failed
 * IP gets back what it cost, once, and becomes invalid (2), in one transaction; gateways are told.
 */
export const refundFailedDynamicIps = async (handle: DatabaseHandle, now = new Date()) => {
  const failed = await listFailedDynamicIps(handle.db, now);
  const refunded: bigint[] = [];
  for (const { id } of failed) {
    const done = await handle.db.transaction(async (tx) => {
      const t = tx as unknown as Database;
      const proxy = await lockRefundableProxy(t, id);
      if (!proxy) return false;
      let amount = 0n;
      if (proxy.costTotal > 0n) {
        const movement = await moveMoney(t, {
          userId: proxy.userId,
          amount: proxy.costTotal,
          kind: 'refund',
          idempotencyKey: refundKey(proxy.id),
          reference: { type: 'proxy', id: proxy.publicId },
          note: 'dynamic IP failed within 3 minutes of purchase',
        });
        amount = movement.applied ? proxy.costTotal : 0n;
      }
      await markRefunded(t, proxy.id, amount);
      return true;
    });
    if (done) refunded.push(id);
  }
  await announceProxyChanges(handle, refunded);
  return refunded.length;
};
