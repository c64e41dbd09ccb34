/** Options of the authentication throttle. */
export interface AuthThrottleOptions {
  /** Failures per source and minute answered at once. */
  freeFailuresPerMinute: number;
  /** The longest delay. */
  maxDelayMs: number;
  /** Sources remembered at most (least recently failing dropped first). */
  maxSources: number;
  now: () => number;
}

const WINDOW_MS = 60_000;
const FIRST_DELAY_MS = 250;

/**
 * Slows down password guessing: past the free failures of the last minute, each further failure
 * from the same source address is answered later, doubling up to a cap. The caller waits on a timer,
 * never blocking the event loop.
 */
export class AuthThrottle {
  private readonly failures = new Map<string, number[]>();

  constructor(private readonly options: AuthThrottleOptions) {}

  /** Records a failed authentication from `source`; answers how long to wait before saying so. */
  recordFailure(source: string): number {
    const now = this.options.now();
    const recent = (this.failures.get(source) ?? []).filter((at) => now - at < WINDOW_MS);
    recent.push(now);
    // Only the count past the free ones matters; keep the list short.
    const kept = recent.slice(-(this.options.freeFailuresPerMinute + 16));
    this.failures.delete(source);
    this.failures.set(source, kept);
    this.evictOverflow();
    const excess = recent.length - this.options.freeFailuresPerMinute;
    if (excess <= 0) return 0;
    return Math.min(this.options.maxDelayMs, FIRST_DELAY_MS * 2 ** Math.min(excess - 1, 20));
  }

  private evictOverflow(): void {
    while (this.failures.size > this.options.maxSources) {
      const oldest = this.failures.keys().next();
      if (oldest.done) return;
      this.failures.delete(oldest.value);
    }
  }
}
