import type { Job } from '../../jobs/scheduler';
import type { VmsDeps } from './vms.deps';
import { autoRenewVms, expireVms, reconcileVms, releaseVms } from './vms.lifecycle';

/**
 * The remote-PC jobs (issue #19; DESIGN §4 Jobs): each idempotent and safe to run twice. Expiry
 * runs before release in time, reconcile also settles work a process left unfinished.
 */
export const vmsJobs = (deps: VmsDeps): Job[] => [
  { name: 'vm-auto-renew', everyMs: 60_000, run: (now) => autoRenewVms(deps, now) },
  { name: 'vm-expiry', everyMs: 60_000, run: (now) => expireVms(deps, now) },
  { name: 'vm-release', everyMs: 60_000, run: (now) => releaseVms(deps, now) },
  { name: 'vm-reconcile', everyMs: 30_000, run: (now) => reconcileVms(deps, now) },
];
