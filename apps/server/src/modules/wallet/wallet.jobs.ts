import type { Job } from '../../jobs/scheduler';
import { expirePendingOrders } from './orders.repository';
import { watchUsdtTransfers } from './usdt.service';
import type { WalletDeps } from './wallet.deps';
import { runAutoTopUps, runBalanceAlarms } from './wallet-settings.service';

/** The wallet's background jobs (DESIGN §4 Jobs): each idempotent and safe to run twice. */
export const walletJobs = (deps: WalletDeps): Job[] => [
  { name: 'order-expiry', everyMs: 60_000, run: (now) => expirePendingOrders(deps.db, now) },
  { name: 'balance-alarms', everyMs: 60_000, run: (now) => runBalanceAlarms(deps, now) },
  { name: 'auto-top-up', everyMs: 60_000, run: (now) => runAutoTopUps(deps, now) },
  { name: 'usdt-watch', everyMs: 30_000, run: (now) => watchUsdtTransfers(deps, now) },
];
