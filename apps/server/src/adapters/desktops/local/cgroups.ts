import { access, mkdir, readFile, rmdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** How a PC's CPU and memory are limited on this host. */
export type LimitsMode = 'cgroup-v2' | 'cgroup-v1' | 'none';

/** The cgroups one PC's processes join, and the files to write their pid to. */
export interface PcCgroup {
  mode: LimitsMode;
  /** `cgroup.procs` files: a process writes its own pid to each before it execs. */
  procsFiles: string[];
  /** The directories to remove once the PC's processes are gone. */
  dirs: string[];
}

const ROOT = '/sys/fs/cgroup';
const GROUP = 'ptc-desktops';
const PERIOD_US = 100_000;
/** Tasks (processes and threads) a PC may have: Chromium runs a few hundred threads. */
const PIDS_MAX = 4096;

const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  );

const cpuQuota = (cpu: number) => Math.max(1_000, Math.round(cpu * PERIOD_US));
const memoryBytes = (memoryMb: number) => Math.max(64, Math.round(memoryMb)) * 1024 * 1024;

/** cgroup v2 (unified hierarchy mounted at /sys/fs/cgroup with the memory and cpu controllers). */
const setUpV2 = async (id: string, cpu: number, memoryMb: number): Promise<PcCgroup> => {
  const controllers = (await readFile(join(ROOT, 'cgroup.controllers'), 'utf8')).split(/\s+/);
  if (!controllers.includes('memory') || !controllers.includes('cpu')) throw new Error('no controllers');
  const wanted = ['memory', 'cpu', ...(controllers.includes('pids') ? ['pids'] : [])];
  const enable = wanted.map((name) => `+${name}`).join(' ');
  await writeFile(join(ROOT, 'cgroup.subtree_control'), enable);
  const parent = join(ROOT, GROUP);
  await mkdir(parent, { recursive: true });
  await writeFile(join(parent, 'cgroup.subtree_control'), enable);
  const dir = join(parent, id);
  await mkdir(dir, { recursive: true });
  try {
    await writeFile(join(dir, 'memory.max'), String(memoryBytes(memoryMb)));
    await writeFile(join(dir, 'memory.swap.max'), '0').catch(() => {});
    await writeFile(join(dir, 'cpu.max'), `${cpuQuota(cpu)} ${PERIOD_US}`);
    if (wanted.includes('pids')) await writeFile(join(dir, 'pids.max'), String(PIDS_MAX));
  } catch (error) {
    await rmdir(dir).catch(() => {});
    throw error;
  }
  return { mode: 'cgroup-v2', procsFiles: [join(dir, 'cgroup.procs')], dirs: [dir] };
};

/** cgroup v1 (one hierarchy per controller: /sys/fs/cgroup/memory, /cpu, /pids). */
const setUpV1 = async (id: string, cpu: number, memoryMb: number): Promise<PcCgroup> => {
  const made: string[] = [];
  const group = async (controller: string) => {
    const dir = join(ROOT, controller, GROUP, id);
    await mkdir(dir, { recursive: true });
    made.push(dir);
    return dir;
  };
  try {
    const memory = await group('memory');
    await writeFile(join(memory, 'memory.limit_in_bytes'), String(memoryBytes(memoryMb)));
    const cpuDir = await group('cpu');
    await writeFile(join(cpuDir, 'cpu.cfs_period_us'), String(PERIOD_US));
    await writeFile(join(cpuDir, 'cpu.cfs_quota_us'), String(cpuQuota(cpu)));
    if (await exists(join(ROOT, 'pids'))) {
      const pids = await group('pids');
      await writeFile(join(pids, 'pids.max'), String(PIDS_MAX));
    }
  } catch (error) {
    for (const dir of made) await rmdir(dir).catch(() => {});
    throw error;
  }
  return { mode: 'cgroup-v1', procsFiles: made.map((dir) => join(dir, 'cgroup.procs')), dirs: made };
};

/**
 * Creates the PC's cgroup with its limits: `cpu` CPUs of time (CFS quota), `memoryMb` of memory,
 * at most 4096 tasks. Tries cgroup v2, then v1; when neither is writable (an unprivileged server,
 * a container without delegation) the PC runs without limits: mode 'none'.
 */
export const setUpCgroup = async (id: string, cpu: number, memoryMb: number): Promise<PcCgroup> => {
  if (await exists(join(ROOT, 'cgroup.controllers'))) {
    try {
      return await setUpV2(id, cpu, memoryMb);
    } catch {
      // not writable or not delegated: no limits
    }
  } else if (await exists(join(ROOT, 'memory', 'cgroup.procs'))) {
    try {
      return await setUpV1(id, cpu, memoryMb);
    } catch {
      // not writable: no limits
    }
  }
  return { mode: 'none', procsFiles: [], dirs: [] };
};

/** Every cgroup directory a PC may have (for removal when the in-memory record is gone). */
export const cgroupDirsOf = (id: string): string[] => [
  join(ROOT, GROUP, id),
  ...['memory', 'cpu', 'pids'].map((controller) => join(ROOT, controller, GROUP, id)),
];

/** Removes the PC's cgroups (they must hold no process any more); missing ones are skipped. */
export const removeCgroups = async (dirs: string[]): Promise<void> => {
  for (const dir of dirs) {
    for (let attempt = 0; attempt < 10; attempt += 1) {
      try {
        await rmdir(dir);
        break;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') break;
        // EBUSY while the last exiting tasks leave
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  }
};
