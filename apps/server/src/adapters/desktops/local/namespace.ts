import { execFile } from 'node:child_process';
import { mkdtemp, rmdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve, sep } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Directories a PC must always see (system files, X sockets, /proc, ...). */
const SYSTEM = [
  '/bin',
  '/dev',
  '/etc',
  '/lib',
  '/lib64',
  '/proc',
  '/run',
  '/sbin',
  '/sys',
  '/tmp',
  '/usr',
  '/var/tmp',
];

const within = (path: string, dir: string) =>
  path === dir || path.startsWith(dir.endsWith(sep) ? dir : dir + sep);

/**
 * The directories hidden from a PC (each covered by an empty tmpfs in its own mount namespace):
 * the server's working directory (its code, configuration, maybe `.env`), its data directory
 * (the database, other PCs), people's homes. Never a system directory or one above it (/tmp itself stays: the X
 * sockets are there; a directory inside it may go), nor one holding a binary
 * the PC runs; paths with white space are left out (the mount script splits on it).
 */
export const pathsToHide = (candidates: string[], binaries: string[]): string[] => {
  const paths = [...new Set(candidates.map((path) => resolve(path)))].filter(
    (path) =>
      path !== '/' &&
      !/\s/.test(path) &&
      !SYSTEM.some((system) => within(system, path)) &&
      !binaries.some((binary) => within(resolve(binary), path)),
  );
  // Inner paths are hidden with their parent.
  return paths.filter((path) => !paths.some((other) => other !== path && within(path, other)));
};

/**
 * Run in the PC's new mount namespace (as root, before dropping to the PC's user): keeps the PC's
 * own directory, hides the rest. The PC's user has no capability left to undo the mounts.
 */
export const MOUNT_SCRIPT = [
  'set -e',
  'mount --bind "$PTC_PCDIR" "$PTC_STAGE"',
  'for d in $PTC_HIDE; do mount -t tmpfs -o size=64k,mode=0755 ptc-hidden "$d"; done',
  'mkdir -p "$PTC_PCDIR"',
  'mount --bind "$PTC_STAGE" "$PTC_PCDIR"',
  'umount "$PTC_STAGE"',
  'unset PTC_HIDE PTC_STAGE PTC_PCDIR',
  'exec "$@"',
].join('\n');

/** Whether this host lets the server give a process a mount namespace of its own with a tmpfs. */
export const mountNamespacesWork = async (unshare: string): Promise<boolean> => {
  if (process.getuid?.() !== 0) return false;
  const probe = await mkdtemp(join(tmpdir(), 'ptc-mount-probe-'));
  try {
    await run(
      unshare,
      ['--mount', '--propagation', 'private', '--', 'mount', '-t', 'tmpfs', 'ptc-probe', probe],
      {
        timeout: 10_000,
      },
    );
    return true;
  } catch {
    return false;
  } finally {
    await rmdir(probe).catch(() => {});
  }
};
