// Process-group and /proc helpers shared by the gateway benchmarks (run.mjs, wrk-forward.mjs).
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer, connect as netConnect } from 'node:net';

const LOOPBACK = '127.0.0.1';

/** Sends a signal to a child's whole process group (it was spawned detached). */
export const killGroup = (child, signal) => {
  try {
    process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
};

export const hasExited = (child) => child.exitCode !== null || child.signalCode !== null;

/** The last lines of a log file. */
export const tail = (file, lines = 20) => {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
};

/** Whether something accepts TCP connections on the loopback port. */
export const canConnect = (port) =>
  new Promise((resolve) => {
    const socket = netConnect({ host: LOOPBACK, port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

/** A loopback port nobody listens on right now. */
export const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, LOOPBACK, () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

export const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/**
 * CPU seconds used so far by a process group, user and system: utime/stime of every member plus
 * its reaped children's (cutime/cstime), so that helpers which exited still count; and the
 * read/write system calls of the live members (/proc/<pid>/io).
 */
export const groupCpu = (pgid) => {
  const totals = { user: 0, system: 0, reads: 0, writes: 0 };
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[2]) !== pgid) continue;
      totals.user += (Number(fields[11]) + Number(fields[13])) / CLOCK_TICKS;
      totals.system += (Number(fields[12]) + Number(fields[14])) / CLOCK_TICKS;
      const io = readFileSync(`/proc/${pid}/io`, 'utf8');
      totals.reads += Number(/^syscr:\s+(\d+)/m.exec(io)?.[1] ?? 0);
      totals.writes += Number(/^syscw:\s+(\d+)/m.exec(io)?.[1] ?? 0);
    } catch {
      // the process ended while we looked
    }
  }
  return totals;
};

/** Busy CPU seconds of the whole machine so far (/proc/stat, idle and iowait excluded). */
export const machineBusy = () => {
  const [, ...jiffies] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number);
  const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = jiffies;
  return (user + nice + system + irq + softirq + steal) / CLOCK_TICKS;
};
