import type { DatabaseHandle } from '@ptc/db';
import type { Job } from '../../jobs/scheduler';
import { rotateProxies } from './rotation.service';
import { runTrafficAlarms, type TrafficDeps } from './traffic.service';

/** The traffic module's background jobs (DESIGN §4 Jobs): each idempotent and safe to run twice. */
export const trafficJobs = (handle: DatabaseHandle, deps: TrafficDeps): Job[] => [
  { name: 'rotation', everyMs: 60_000, run: (now) => rotateProxies(handle, now) },
  { name: 'traffic-alarms', everyMs: 60_000, run: (now) => runTrafficAlarms(deps, now) },
];
