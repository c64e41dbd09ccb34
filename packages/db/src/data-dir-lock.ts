import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';

/** Raised when another live process already holds the data directory. */
export class DataDirLockedError extends Error {
  constructor(dataDir: string, holder: string) {
    super(
      `The data directory ${dataDir} is already in use by another process (${holder}). ` +
        'Only one process may open an embedded database: stop the other one, or point DATA_DIR elsewhere, ' +
        'or use PostgreSQL (DATABASE_URL) to run several processes.',
    );
    this.name = 'DataDirLockedError';
  }
}

const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM means the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * Takes an exclusive lock on `dataDir` with a lock file holding our pid. A lock left by a
 * process that no longer runs is taken over. Returns the function that releases it.
 */
export const lockDataDir = (dataDir: string): (() => void) => {
  mkdirSync(dataDir, { recursive: true });
  const lockPath = join(dataDir, 'ptc.lock');
  const me = `${process.pid}@${hostname()}`;
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      const fd = openSync(lockPath, 'wx');
      writeSync(fd, me);
      closeSync(fd);
      return () => {
        try {
          if (readFileSync(lockPath, 'utf8') === me) rmSync(lockPath);
        } catch {
          // Already gone: nothing to release.
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    let holder = '';
    try {
      holder = readFileSync(lockPath, 'utf8').trim();
    } catch {
      continue; // Released between our open and read: try again.
    }
    const [pidText, host] = holder.split('@');
    const pid = Number(pidText);
    const sameHost = host === hostname();
    if (sameHost && Number.isInteger(pid) && pid > 0 && !isAlive(pid)) {
      rmSync(lockPath, { force: true }); // Stale lock of a crashed process.
      continue;
    }
    throw new DataDirLockedError(dataDir, holder || 'unknown');
  }
  throw new DataDirLockedError(dataDir, 'unknown');
};
