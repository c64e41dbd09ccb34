import type { FastifyBaseLogger } from 'fastify';

/** A background job run every `everyMs` by the leader process. */
export interface Job {
  name: string;
  everyMs: number;
  /**
   * Does one round of work; answers how many things it handled (for the log). `signal` aborts
   * when the scheduler stops: a long round (network probes) may end early then.
   */
  run(now: Date, signal?: AbortSignal): Promise<number>;
}

/**
 * How soon after the start each job runs once besides its interval: a restarted server catches up
 * on expiries and reconciles at once instead of a whole interval later.
 */
export const FIRST_ROUND_AFTER_MS = 1_000;

/**
 * How long stopping waits for rounds in flight. A round still running then (a probe waiting for
 * its timeout) is left to end with the process: jobs are idempotent, the next start does it
 * again. Well within the server's shutdown timeout.
 */
export const STOP_WAIT_MS = 3_000;

/** A running scheduler. */
export interface Scheduler {
  stop(): Promise<void>;
}

/**
 * Runs jobs on their intervals while this process holds the job leadership (DESIGN §2: one
 * leader, elected with a PostgreSQL advisory lock; the embedded process is always the leader).
 * Each job also runs once {@link FIRST_ROUND_AFTER_MS} after the start (when its interval is
 * longer), under the same rules. A job never overlaps itself, and its failure is logged, never
 * fatal. Stopping waits for the rounds in flight, at most `stopWaitMs`.
 */
export const startScheduler = (options: {
  jobs: Job[];
  isLeader: () => Promise<boolean>;
  log: FastifyBaseLogger;
  /** Told of every round a job ran, and how it ended (metrics). */
  onRound?: (job: string, outcome: 'ok' | 'failed') => void;
  /** How long stopping waits for rounds in flight ({@link STOP_WAIT_MS}). */
  stopWaitMs?: number;
}): Scheduler => {
  const timers: NodeJS.Timeout[] = [];
  /** Rounds in flight, with their job's name. */
  const running = new Map<Promise<unknown>, string>();
  const stopping = new AbortController();
  let stopped = false;
  for (const job of options.jobs) {
    let busy = false;
    const tick = async () => {
      if (busy || stopped) return;
      busy = true;
      try {
        if (!(await options.isLeader())) return;
        const handled = await job.run(new Date(), stopping.signal);
        options.onRound?.(job.name, 'ok');
        if (handled > 0) options.log.info({ job: job.name, handled }, 'job round');
      } catch (error) {
        options.onRound?.(job.name, 'failed');
        // After a stop, a round left running fails as the database closes: worth a warning only.
        if (stopped) options.log.warn({ err: error, job: job.name }, 'job failed while stopping');
        else options.log.error({ err: error, job: job.name }, 'job failed');
      } finally {
        busy = false;
      }
    };
    const round = () => {
      const done = tick();
      running.set(done, job.name);
      void done.finally(() => running.delete(done));
    };
    const timer = setInterval(round, job.everyMs);
    timer.unref();
    timers.push(timer);
    if (job.everyMs > FIRST_ROUND_AFTER_MS) {
      const first = setTimeout(round, FIRST_ROUND_AFTER_MS);
      first.unref();
      timers.push(first);
    }
  }
  return {
    stop: async () => {
      stopped = true;
      // clearInterval clears a timeout too.
      for (const timer of timers) clearInterval(timer);
      stopping.abort();
      if (running.size === 0) return;
      let waited: NodeJS.Timeout | undefined;
      const late = await Promise.race([
        Promise.allSettled([...running.keys()]).then(() => false),
        new Promise<boolean>((resolve) => {
          waited = setTimeout(() => resolve(true), options.stopWaitMs ?? STOP_WAIT_MS);
          waited.unref();
        }),
      ]);
      clearTimeout(waited);
      if (late) {
        options.log.warn(
          { jobs: [...new Set(running.values())] },
          'stopped without waiting for these job rounds',
        );
      }
    },
  };
};
