import { findWatchedUsdtOrders, isUsdtEventUsed } from './orders.repository';
import { applyPaymentNotification } from './orders.service';
import type { WalletDeps } from './wallet.deps';

/**
 * The USDT job: reads transfers to our address from the chain watcher and pays the open order
 * whose unique amount a confirmed transfer matches. Each Transfer event pays at most one order,
 * once; a transaction carrying several events to us can pay several orders.
 */
export const watchUsdtTransfers = async (deps: WalletDeps, now = new Date()) => {
  const usdt = deps.config.payments.usdt;
  const watcher = deps.providers.usdtWatcher;
  if (!usdt || !watcher) return 0;
  const orders = await findWatchedUsdtOrders(deps.db, now);
  const oldest = orders[0];
  if (!oldest) return 0;
  const transfers = await watcher.listIncoming(usdt.address, new Date(oldest.createdAt.getTime() - 60_000));
  let credited = 0;
  for (const transfer of transfers) {
    if (transfer.to !== usdt.address || transfer.confirmations < usdt.confirmations) continue;
    const order = orders.find(
      (candidate) => candidate.payAmount === transfer.amount && candidate.status !== 'paid',
    );
    if (!order) continue;
    const ref = `${transfer.txid}:${transfer.eventIndex}`;
    if (await isUsdtEventUsed(deps.db, { txid: transfer.txid, ref, amount: transfer.amount })) continue;
    const { outcome } = await applyPaymentNotification(
      deps,
      'usdt',
      {
        type: 'payment',
        orderNo: order.orderNo,
        providerRef: ref,
        status: 'paid',
        paidAmount: transfer.amount,
        currency: 'USDT',
      },
      now,
    );
    if (outcome === 'credited') {
      credited += 1;
      order.status = 'paid';
    }
  }
  return credited;
};
