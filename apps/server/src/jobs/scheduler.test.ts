import { afterEach, describe, expect, it, vi } from 'vitest';
import { startScheduler } from './scheduler';

const log = { info: vi.fn(), error: vi.fn() } as never;

describe('the job scheduler', () => {
  afterEach(() => vi.useRealTimers());

  it('runs jobs on their interval only while this process leads, and survives a failing job', async () => {
    vi.useFakeTimers();
    let leading = false;
    const runs: string[] = [];
    const scheduler = startScheduler({
      isLeader: async () => leading,
      log,
      jobs: [
        {
          name: 'ok',
          everyMs: 1_000,
          run: async () => {
            runs.push('ok');
            return 1;
          },
        },
        { name: 'boom', everyMs: 1_000, run: async () => Promise.reject(new Error('boom')) },
      ],
    });
    await vi.advanceTimersByTimeAsync(2_000);
    expect(runs).toEqual([]);
    leading = true;
    await vi.advanceTimersByTimeAsync(2_000);
    expect(runs).toEqual(['ok', 'ok']);
    await scheduler.stop();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(runs).toHaveLength(2);
  });

  it('never overlaps a job with itself', async () => {
    vi.useFakeTimers();
    let active = 0;
    let most = 0;
    const scheduler = startScheduler({
      isLeader: async () => true,
      log,
      jobs: [
        {
          name: 'slow',
          everyMs: 100,
          run: async () => {
            active += 1;
            most = Math.max(most, active);
            await new Promise((resolve) => setTimeout(resolve, 350));
            active -= 1;
            return 0;
          },
        },
      ],
    });
    await vi.advanceTimersByTimeAsync(2_000);
    // Stopping waits for the round in flight.
    const stopping = scheduler.stop();
    await vi.advanceTimersByTimeAsync(1_000);
    await stopping;
    expect(most).toBe(1);
    expect(active).toBe(0);
  });
});
