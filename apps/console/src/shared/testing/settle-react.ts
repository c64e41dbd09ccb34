import { createRequire } from 'node:module';
import { afterAll } from 'vitest';

/** React's scheduler, the instance react-dom schedules its work on (it ships without types). */
interface Scheduler {
  unstable_scheduleCallback(priority: number, callback: () => null): unknown;
  unstable_IdlePriority: number;
}

const nextImmediate = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Waits until React's scheduler has run every task queued before: an idle-priority task runs
 * after all of them (the queue is ordered by expiry, idle last), and React may queue more while
 * they run (a commit queues its passive effects), so twice; bounded, for a test that left a loop.
 */
const drainScheduler = async (): Promise<void> => {
  const scheduler = createRequire(import.meta.url)('scheduler') as Scheduler;
  for (let round = 0; round < 2; round += 1) {
    const ran = new Promise<void>((resolve) => {
      scheduler.unstable_scheduleCallback(scheduler.unstable_IdlePriority, () => {
        resolve();
        return null;
      });
    });
    await Promise.race([ran, new Promise((resolve) => setTimeout(resolve, 2_000))]);
    await nextImmediate();
  }
};

/**
 * Setup of every console test file: once its tests are done, the rendered trees are unmounted and
 * React's scheduler runs what it still had queued (passive effects of the last commits) while the
 * DOM exists. Without it a task queued by the last test can run after jsdom is torn down and fail
 * the whole run ("window is not defined" from react-dom's passive-effect flush, seen from
 * prices.page.test.tsx with a 50 ms wait in its place). What a late timer might still queue after
 * teardown is ignored by the root configuration (`onUnhandledError`), and only that.
 */
afterAll(async () => {
  if (typeof window === 'undefined') return;
  const { cleanup } = await import('@testing-library/react');
  cleanup();
  await drainScheduler();
});
