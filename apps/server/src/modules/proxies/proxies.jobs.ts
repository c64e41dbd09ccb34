import type { Job } from '../../jobs/scheduler';
import { deleteExpiredExports } from './lifecycle/lifecycle.repository';
import { autoRenewStaticProxies, expireProxies, releaseStaticExits } from './lifecycle/lifecycle.service';
import type { ProxiesDeps } from './proxies.deps';

/** The proxies module's background jobs (DESIGN §4 Jobs): each idempotent and safe to run twice. */
export const proxiesJobs = (deps: ProxiesDeps): Job[] => [
  { name: 'proxy-expiry', everyMs: 60_000, run: (now) => expireProxies(deps, now) },
  { name: 'static-auto-renew', everyMs: 60_000, run: (now) => autoRenewStaticProxies(deps, now) },
  { name: 'static-release', everyMs: 60_000, run: (now) => releaseStaticExits(deps, now) },
  {
    name: 'proxy-export-cleanup',
    everyMs: 10 * 60_000,
    run: (now) => deleteExpiredExports(deps.db, now),
  },
];
