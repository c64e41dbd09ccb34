import { afterEach, describe, expect, it, vi } from 'vitest';
import { FIRST_ROUND_AFTER_MS, STOP_WAIT_MS, startScheduler } from './scheduler';

const log = { info: vi.fn(), error: vi.fn(), warn: vi.fn() } as never;

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

  it('runs each job once shortly after the start, not a whole interval later, with the same rules', async () => {
    vi.useFakeTimers();
    const runs: string[] = [];
    const scheduler = startScheduler({
      isLeader: async () => true,
      log,
      jobs: [
        {
          name: 'hourly',
          everyMs: 3_600_000,
          run: async () => {
            runs.push('hourly');
            return 1;
          },
        },
        {
          name: 'failing',
          everyMs: 60_000,
          run: async () => {
            runs.push('failing');
            throw new Error('boom');
          },
        },
      ],
    });
    await vi.advanceTimersByTimeAsync(FIRST_ROUND_AFTER_MS - 1);
    expect(runs).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(runs.sort()).toEqual(['failing', 'hourly']);
    // Then on the interval only: once a minute for the failing one, not again for the hourly one.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(runs.filter((job) => job === 'hourly')).toHaveLength(1);
    expect(runs.filter((job) => job === 'failing')).toHaveLength(2);
    await scheduler.stop();
  });

  it('skips the first round when stopped before it, and while another process leads', async () => {
    vi.useFakeTimers();
    const runs: string[] = [];
    const job = {
      name: 'once',
      everyMs: 60_000,
      run: async () => {
        runs.push('once');
        return 0;
      },
    };
    const stoppedEarly = startScheduler({ isLeader: async () => true, log, jobs: [job] });
    await stoppedEarly.stop();
    const follower = startScheduler({ isLeader: async () => false, log, jobs: [job] });
    await vi.advanceTimersByTimeAsync(FIRST_ROUND_AFTER_MS * 5);
    expect(runs).toEqual([]);
    await follower.stop();
  });

  it('stops without waiting past STOP_WAIT_MS for a round that hangs, and aborts its signal', async () => {
    vi.useFakeTimers();
    let aborted = false;
    const warn = vi.fn();
    const scheduler = startScheduler({
      isLeader: async () => true,
      log: { info: vi.fn(), error: vi.fn(), warn } as never,
      jobs: [
        {
          name: 'probe',
          everyMs: 60_000,
          run: (_now, signal) => {
            signal?.addEventListener('abort', () => {
              aborted = true;
            });
            // Ignores the signal and waits for a long timeout, as a slow network probe would.
            return new Promise((resolve) => setTimeout(() => resolve(1), 60_000));
          },
        },
      ],
    });
    await vi.advanceTimersByTimeAsync(FIRST_ROUND_AFTER_MS);
    let done = false;
    const stopping = scheduler.stop().then(() => {
      done = true;
    });
    await vi.advanceTimersByTimeAsync(STOP_WAIT_MS - 1);
    expect(aborted).toBe(true);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await stopping;
    expect(done).toBe(true);
    expect(warn).toHaveBeenCalledWith({ jobs: ['probe'] }, expect.any(String));
  });
});
