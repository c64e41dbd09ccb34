import { setFlagsFromString } from 'node:v8';

/** Whether the process was started with its own say on parallel scavenging (then it is left alone). */
const isChosenAlready = (): boolean =>
  [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)].some((flag) =>
    /^--(no-)?parallel[-_]scavenge$/.test(flag),
  );

/**
 * Young collections on the main thread alone, in a process that runs a gateway. Its young
 * generation is almost all garbage (under load a collection keeps about 50 KB of 13 MB), so there
 * is little to share; but a parallel one waits for V8's helper threads, which a host whose cores
 * the traffic keeps busy schedules late: on the 2-core benchmark host its pauses were 1.4 ms on
 * average with a tail to 5 ms, against 1.1 ms alone, and HTTP forward ran 7 % faster alone with a 9 %
 * lower p99 (README, Benchmarks). `--parallel-scavenge` on the command line or in NODE_OPTIONS
 * keeps V8's default.
 */
export const tuneGarbageCollection = (): void => {
  if (!isChosenAlready()) setFlagsFromString('--no-parallel-scavenge');
};
