import { afterEach, describe, expect, it, vi } from 'vitest';
import { IdleSweeper, type Sweepable } from './idle-sweeper';

afterEach(() => {
  vi.useRealTimers();
});

const member = (limitMs: number) => {
  const closed: number[] = [];
  const connection: Sweepable & { closed: number[]; limitMs: number } = {
    activity: 0,
    closed,
    limitMs,
    idleLimitMs: () => connection.limitMs,
    onIdle: () => closed.push(Date.now()),
  };
  return connection;
};

describe('idle sweeper', () => {
  it('closes a connection between its limit and two periods after its last read or write, never earlier', () => {
    vi.useFakeTimers({ now: 0 });
    const sweeper = new IdleSweeper(100, () => Date.now());
    const quiet = member(1_000);
    const busy = member(1_000);
    sweeper.add(quiet);
    sweeper.add(busy);
    for (let t = 0; t < 5_000; t += 50) {
      busy.activity += 1;
      vi.advanceTimersByTime(50);
    }
    expect(quiet.closed).toHaveLength(1);
    expect(quiet.closed[0]).toBeGreaterThanOrEqual(1_000);
    expect(quiet.closed[0]).toBeLessThanOrEqual(1_200);
    expect(busy.closed).toEqual([]);
    // Its last write at 5 s: closed from 6 s on, by 6.2 s.
    vi.advanceTimersByTime(950);
    expect(busy.closed).toEqual([]);
    vi.advanceTimersByTime(250);
    expect(busy.closed).toHaveLength(1);
    expect(sweeper.size).toBe(0);
  });

  it('follows the limit the connection answers at each sweep, and never closes one whose limit is 0', () => {
    vi.useFakeTimers({ now: 0 });
    const sweeper = new IdleSweeper(100, () => Date.now());
    const connection = member(0);
    sweeper.add(connection);
    vi.advanceTimersByTime(10_000);
    expect(connection.closed).toEqual([]);
    connection.limitMs = 500;
    vi.advanceTimersByTime(100);
    expect(connection.closed).toHaveLength(1);
  });

  it('stops its timer once it watches nothing, and starts it again for a new connection', () => {
    vi.useFakeTimers({ now: 0 });
    const sweeper = new IdleSweeper(100, () => Date.now());
    const first = member(1_000);
    sweeper.add(first);
    expect(vi.getTimerCount()).toBe(1);
    sweeper.delete(first);
    expect(vi.getTimerCount()).toBe(0);
    const second = member(300);
    sweeper.add(second);
    vi.advanceTimersByTime(500);
    expect(second.closed).toHaveLength(1);
    expect(vi.getTimerCount()).toBe(0);
  });
});
