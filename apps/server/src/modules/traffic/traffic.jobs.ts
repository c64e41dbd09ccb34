import type { Job } from '../../jobs/scheduler';
import { rotateProxies } from './rotation.service';
import type { TrafficDeps } from './traffic.deps';
import { runTrafficAlarms } from './traffic.service';

/** The traffic module's background jobs (DESIGN §4 Jobs): each idempotent and safe to run twice. */
export const trafficJobs = (deps: TrafficDeps): Job[] => [
  { name: 'rotation', everyMs: 60_000, run: (now) => rotateProxies(deps.database, now) },
  { name: 'traffic-alarms', everyMs: 60_000, run: (now) => runTrafficAlarms(deps, now) },
];
