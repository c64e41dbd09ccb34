// Event-loop probe for a server under benchmark (wrk-forward.mjs --probe): loaded before the server's
// own code with `node --import bench/gateway/loop-probe.mjs …`, it records, per measured window,
//   - the event-loop delay histogram (perf_hooks.monitorEventLoopDelay, 1 ms resolution);
//   - every garbage collection (PerformanceObserver 'gc' entries: kind, start, duration);
//   - stalls: gaps over STALL_MS between two turns of a 1 ms timer, with their start time;
//   - the long timer callbacks of the process (setInterval ≥ 1 s: the gateway's usage flush and
//     admission check, the job scheduler), each tick's start and synchronous duration;
//   - with PGlite: every synchronous call into the WebAssembly PostgreSQL
//     (PGlite.prototype.execProtocolRawSync, where the query actually runs, on the main thread).
// Each stall is attributed to what overlapped it (a GC, a PGlite call, a timer tick).
//
// Control: SIGUSR2 writes what was recorded since the previous SIGUSR2 to
// `$BENCH_PROBE_OUT.<n>.json` (n = 1, 2, …) and starts afresh. Costs a 1 ms timer and a few
// performance.now() calls per PGlite call; measured with and without it (README).
import { writeFileSync } from 'node:fs';
import { constants, monitorEventLoopDelay, PerformanceObserver, performance } from 'node:perf_hooks';

const OUT = process.env.BENCH_PROBE_OUT;
const STALL_MS = Number(process.env.BENCH_PROBE_STALL_MS ?? '3');

const GC_KINDS = {
  [constants.NODE_PERFORMANCE_GC_MINOR]: 'scavenge',
  [constants.NODE_PERFORMANCE_GC_MAJOR]: 'mark-compact',
  [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental-marking',
  [constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weak-callbacks',
};

let window = null;
const fresh = () => ({
  startedAt: performance.now(),
  gcs: [],
  stalls: [],
  ticks: [],
  /** PGlite calls: count, total ms, and the long ones (≥ 1 ms) with their start. */
  pglite: { calls: 0, ms: 0, long: [] },
  cpu: process.cpuUsage(),
});

const delay = monitorEventLoopDelay({ resolution: 1 });
delay.enable();
window = fresh();

new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    window.gcs.push([
      entry.startTime,
      entry.duration,
      GC_KINDS[entry.detail?.kind] ?? String(entry.detail?.kind),
    ]);
  }
}).observe({ entryTypes: ['gc'] });

let last = performance.now();
setInterval(() => {
  const now = performance.now();
  if (now - last > STALL_MS) window.stalls.push([last, now - last]);
  last = now;
}, 1).unref();

// Long-period timers: record each tick (start, synchronous duration, which callback).
const originalSetInterval = globalThis.setInterval;
globalThis.setInterval = function setInterval(callback, ms, ...args) {
  if (typeof callback !== 'function' || !(ms >= 1000))
    return originalSetInterval.call(this, callback, ms, ...args);
  const label = `${ms}ms ${String(callback).replace(/\s+/g, ' ').slice(0, 50)}`;
  const wrapped = function (...callArgs) {
    const start = performance.now();
    try {
      return callback.apply(this, callArgs);
    } finally {
      window.ticks.push([start, performance.now() - start, label]);
    }
  };
  return originalSetInterval.call(this, wrapped, ms, ...args);
};

// PGlite runs PostgreSQL synchronously inside execProtocolRawSync: time every call.
if (!process.env.DATABASE_URL) {
  try {
    const { PGlite } = await import('@electric-sql/pglite');
    const original = PGlite.prototype.execProtocolRawSync;
    if (typeof original === 'function') {
      PGlite.prototype.execProtocolRawSync = function execProtocolRawSync(...args) {
        const start = performance.now();
        try {
          return original.apply(this, args);
        } finally {
          const ms = performance.now() - start;
          window.pglite.calls += 1;
          window.pglite.ms += ms;
          if (ms >= 1) window.pglite.long.push([start, ms]);
        }
      };
    }
  } catch {
    // no PGlite here
  }
}

const overlaps = (start, end, [otherStart, duration]) => otherStart < end && otherStart + duration > start;

const dump = () => {
  const now = performance.now();
  const recorded = window;
  window = fresh();
  const seconds = (now - recorded.startedAt) / 1000;
  const cpu = process.cpuUsage(recorded.cpu);
  const gcByKind = {};
  for (const [, duration, kind] of recorded.gcs) {
    gcByKind[kind] ??= { count: 0, ms: 0, maxMs: 0 };
    const entry = gcByKind[kind];
    entry.count += 1;
    entry.ms += duration;
    entry.maxMs = Math.max(entry.maxMs, duration);
  }
  const ticksByLabel = {};
  for (const [, duration, label] of recorded.ticks) {
    ticksByLabel[label] ??= { count: 0, ms: 0, maxMs: 0 };
    const entry = ticksByLabel[label];
    entry.count += 1;
    entry.ms += duration;
    entry.maxMs = Math.max(entry.maxMs, duration);
  }
  // What overlapped each stall (a stall is [start, start + gap]; the timer's own 1 ms excluded).
  const stalls = recorded.stalls.map(([start, gap]) => {
    const end = start + gap;
    const gc = recorded.gcs.filter((g) => overlaps(start, end, g)).reduce((sum, g) => sum + g[1], 0);
    const pglite = recorded.pglite.long
      .filter((p) => overlaps(start, end, p))
      .reduce((sum, p) => sum + p[1], 0);
    const tick = recorded.ticks.filter((t) => overlaps(start, end, t)).map((t) => t[2].split(' ')[0]);
    return {
      at: Math.round(start - recorded.startedAt),
      ms: Math.round(gap * 100) / 100,
      gcMs: Math.round(gc * 100) / 100,
      pgliteMs: Math.round(pglite * 100) / 100,
      ticks: [...new Set(tick)],
    };
  });
  const percentile = (p) => delay.percentile(p) / 1e6;
  const result = {
    seconds,
    cpuCores: (cpu.user + cpu.system) / 1e6 / seconds,
    eventLoopDelayMs: {
      p50: percentile(50),
      p99: percentile(99),
      p999: percentile(99.9),
      max: delay.max / 1e6,
      mean: delay.mean / 1e6,
    },
    gc: {
      count: recorded.gcs.length,
      ms: recorded.gcs.reduce((sum, g) => sum + g[1], 0),
      byKind: gcByKind,
      /** Durations of scavenges, sorted (for their distribution). */
      scavengeMs: recorded.gcs
        .filter((g) => g[2] === 'scavenge')
        .map((g) => Math.round(g[1] * 1000) / 1000)
        .sort((a, b) => a - b),
    },
    pglite: {
      calls: recorded.pglite.calls,
      ms: recorded.pglite.ms,
      long: recorded.pglite.long.map(([start, ms]) => [
        Math.round(start - recorded.startedAt),
        Math.round(ms * 100) / 100,
      ]),
    },
    ticks: ticksByLabel,
    tickStarts: recorded.ticks.map(([start, duration, label]) => [
      Math.round(start - recorded.startedAt),
      Math.round(duration * 100) / 100,
      label.split(' ')[0],
    ]),
    stalls,
    heap: process.memoryUsage(),
  };
  delay.reset();
  if (OUT) {
    dumps += 1;
    writeFileSync(`${OUT}.${dumps}.json`, JSON.stringify(result));
  }
};
let dumps = 0;
process.on('SIGUSR2', dump);
