import { readdir, readFile } from 'node:fs/promises';

/** The environment variable every process of a PC carries: its directory. */
export const MARKER = 'PTC_DESKTOP';

const readProc = async (pid: number, file: string): Promise<string | null> => {
  try {
    return await readFile(`/proc/${pid}/${file}`, 'latin1');
  } catch {
    return null;
  }
};

/** Whether `pid` is a live process (not a zombie waiting to be reaped). */
export const isAlive = async (pid: number): Promise<boolean> => {
  const stat = await readProc(pid, 'stat');
  if (stat === null) return false;
  // "pid (comm) S ..." — comm may hold spaces and parentheses; the state follows the last ')'.
  const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
  return state !== 'Z' && state !== 'X' && state !== '';
};

/**
 * Whether process `pid` belongs to the PC in `dir`: it carries the PC's marker in its
 * environment (everything the provider starts does, and their children inherit it), or its
 * command line names a file under the PC's directory (Chromium's helpers rewrite their
 * environment block with their title, but keep `--user-data-dir=<dir>/profile`).
 */
export const belongsTo = async (pid: number, dir: string): Promise<boolean> => {
  const cmdline = await readProc(pid, 'cmdline');
  if (cmdline === null) return false;
  if (cmdline.split('\0').some((argument) => argument.includes(`${dir}/`))) return true;
  const environ = await readProc(pid, 'environ');
  return environ?.split('\0').includes(`${MARKER}=${dir}`) ?? false;
};

/** Every live process of the PC in `dir` (never this server's own process). */
export const processesOf = async (dir: string): Promise<number[]> => {
  const entries = await readdir('/proc').catch(() => [] as string[]);
  const found: number[] = [];
  await Promise.all(
    entries.map(async (entry) => {
      if (!/^\d+$/.test(entry)) return;
      const pid = Number(entry);
      if (pid === process.pid) return;
      if ((await belongsTo(pid, dir)) && (await isAlive(pid))) found.push(pid);
    }),
  );
  return found.sort((a, b) => a - b);
};

/** Sends `signal` to `pid`, and with `group` to the process group it leads (when it leads one). */
export const signal = (pid: number, name: NodeJS.Signals, group = true): void => {
  for (const target of group ? [-pid, pid] : [pid]) {
    try {
      process.kill(target, name);
    } catch {
      // gone already, or not a group leader
    }
  }
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until none of `pids` is alive; false when `timeoutMs` passed first. */
export const waitGone = async (pids: number[], timeoutMs: number): Promise<boolean> => {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const alive = await Promise.all(pids.map(isAlive));
    if (!alive.some(Boolean)) return true;
    if (Date.now() >= until) return false;
    await sleep(100);
  }
};

/**
 * Ends processes: SIGTERM (to each one's group too, unless `group` is false), up to `graceMs` to
 * exit, then SIGKILL (to the groups too). Resolves once all are gone (or `graceMs` after the
 * SIGKILL).
 */
export const terminate = async (pids: number[], graceMs: number, group = true): Promise<void> => {
  if (pids.length === 0) return;
  for (const pid of pids) signal(pid, 'SIGTERM', group);
  if (await waitGone(pids, graceMs)) return;
  for (const pid of pids) if (await isAlive(pid)) signal(pid, 'SIGKILL');
  await waitGone(pids, graceMs);
};
