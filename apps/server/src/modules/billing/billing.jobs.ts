import { releaseLapsedGrants } from '@ptc/gateway/store';
import type { Job } from '../../jobs/scheduler';
import type { BillingDeps } from './billing.deps';
import { refundFailedDynamicIps } from './dynamic-ip-refunds.service';
import { billUsage } from './usage-billing.service';

/** The billing module's background jobs (DESIGN §4 Jobs): each idempotent and safe to run twice. */
export const billingJobs = ({ database }: BillingDeps): Job[] => [
  { name: 'usage-billing', everyMs: 60_000, run: (now) => billUsage(database, now) },
  { name: 'dynamic-ip-refunds', everyMs: 60_000, run: (now) => refundFailedDynamicIps(database, now) },
  // Credit holds of a gateway that died (it stopped renewing them) become spendable again.
  { name: 'lapsed-credit-holds', everyMs: 5_000, run: () => releaseLapsedGrants(database.db) },
];
