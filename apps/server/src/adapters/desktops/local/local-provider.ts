import { type ChildProcess, spawn } from 'node:child_process';
import { lookup } from 'node:dns/promises';
import { closeSync, constants, existsSync, openSync } from 'node:fs';
import {
  access,
  chmod,
  chown,
  mkdir,
  readdir,
  readFile,
  rm,
  rmdir,
  stat,
  unlink,
  writeFile,
} from 'node:fs/promises';
import { connect, createServer, isIP, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, delimiter, dirname, join, resolve } from 'node:path';
import type { Writable } from 'node:stream';
import type {
  DesktopAccess,
  DesktopAvailability,
  DesktopProvider,
  DesktopSpec,
  VncEndpoint,
} from '../desktop-provider';
import {
  DesktopClosedError,
  DesktopHostFullError,
  DesktopMissingError,
  DesktopNotRunningError,
  DesktopUnavailableError,
} from '../errors';
import { cgroupDirsOf, type LimitsMode, type PcCgroup, removeCgroups, setUpCgroup } from './cgroups';
import { checkHomeUrl, extensionFiles } from './extension';
import { type EgressMode, egressCanBeRestricted, removeEgressRules, restrictEgress } from './firewall';
import { MOUNT_SCRIPT, mountNamespacesWork, pathsToHide } from './namespace';
import { belongsTo, isAlive, MARKER, processesOf, terminate } from './processes';
import { generateVncPassword, vncCryptoWorks, vncPasswordFile } from './vnc-auth';
import { xauthorityFile } from './xauthority';

export interface LocalDesktopProviderOptions {
  /** PCs live in `<dataDir>/desktops/<id>/`. */
  dataDir: string;
  /** How many PCs may run at once. */
  maxRunning: number;
  /** Binaries (found in PATH, CHROMIUM_PATH and the usual Debian paths by default). */
  binaries?: Partial<DesktopBinaries>;
  /** The screen size of every PC (default 1280x800). */
  geometry?: { width: number; height: number };
  /**
   * Run PCs even where this host cannot isolate them (a user of their own, a firewall letting
   * them reach their proxy only, the server's files hidden): without it such a host answers
   * unavailable. Default false.
   */
  allowUnisolated?: boolean;
}

export interface DesktopBinaries {
  xvnc: string;
  windowManager: string;
  chromium: string;
}

/** The local provider's extras beyond the contract (for tests and diagnostics). */
export interface LocalDesktopProvider extends DesktopProvider {
  /** How CPU and memory limits are enforced for the PCs started so far ('none' before any). */
  limitsMode(): LimitsMode;
  /** How the outgoing connections of the PCs started so far are restricted ('none' before any). */
  egressMode(): EgressMode;
  /** What the PCs started so far cannot see of this host's files ([] before any, or without). */
  hiddenPaths(): string[];
  /** Whether new PCs run as users of their own (the server runs as root and setpriv exists). */
  separateUsers(): Promise<boolean>;
}

const ID = /^[a-z0-9-]{1,64}$/;
/** Display numbers tried for PCs (well above the :0/:1 a person's own session uses). */
const FIRST_DISPLAY = 100;
const LAST_DISPLAY = 999;
const READY_TIMEOUT_MS = 15_000;
const STOP_GRACE_MS = 5_000;
/** A crashed window manager or browser is started again, but not more than this per minute. */
const RESPAWNS_PER_MINUTE = 5;

/** What the PC keeps between starts (the VNC password never changes). 0600 in the PC's dir. */
interface DesktopRecord {
  version: 1;
  id: string;
  vncPassword: string;
  /** The user (and group) id the PC's processes run as; null: the server's own. */
  uid: number | null;
  createdAt: string;
}

/** The running PC's processes and ports, 0600 in the PC's dir while it runs. */
interface RunRecord {
  display: number;
  port: number;
  pids: { xvnc: number; windowManager: number | null; chromium: number | null };
  startedAt: string;
}

/** A PC this provider instance started. */
interface Session {
  id: string;
  dir: string;
  display: number;
  port: number;
  cgroup: PcCgroup;
  /** The PC's user id (null: the server's user). */
  uid: number | null;
  /** What its mount namespace hides, and where its directory is bound meanwhile (null: none). */
  hide: { paths: string[]; stage: string } | null;
  env: NodeJS.ProcessEnv;
  children: { xvnc: ChildProcess; windowManager: ChildProcess | null; chromium: ChildProcess | null };
  stopping: boolean;
  respawns: number[];
  chromiumArgs: string[];
  windowManagerArgs: string[];
}

const isExecutable = (path: string) =>
  access(path, constants.X_OK).then(
    () => true,
    () => false,
  );

const findInPath = async (names: string[]): Promise<string | null> => {
  const dirs = [...(process.env.PATH ?? '').split(delimiter), '/usr/bin', '/usr/local/bin', '/bin'];
  for (const name of names) {
    if (name.includes('/')) {
      if (await isExecutable(name)) return name;
      continue;
    }
    for (const dir of dirs) {
      if (dir && (await isExecutable(join(dir, name)))) return join(dir, name);
    }
  }
  return null;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A port free on 127.0.0.1 right now. */
const freePort = () =>
  new Promise<number>((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('no port')),
      );
    });
  });

/** Whether an RFB server answers with its banner on 127.0.0.1:`port`. */
const rfbAnswers = (port: number) =>
  new Promise<boolean>((resolveAnswer) => {
    const socket = connect({ host: '127.0.0.1', port });
    let received = '';
    const done = (answer: boolean) => {
      socket.destroy();
      resolveAnswer(answer);
    };
    socket.setTimeout(2_000, () => done(false));
    socket.on('error', () => done(false));
    socket.on('data', (data) => {
      received += data.toString('latin1');
      if (received.length >= 12) done(/^RFB \d{3}\.\d{3}\n/.test(received));
    });
  });

/** A serial queue: `run(fn)` starts fn once everything queued before it has settled. */
const createQueue = () => {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(fn: () => Promise<T>): Promise<T> => {
    const run = tail.then(fn, fn);
    tail = run.catch(() => {});
    return run;
  };
};

/** Writes a file only its owner may read: the server, or the PC's user when `owner` is set. */
const writePrivate = async (path: string, data: string | Buffer, owner: number | null = null) => {
  await writeFile(path, data, { mode: 0o600 });
  await chmod(path, 0o600);
  if (owner !== null) await chown(path, owner, owner);
};

/** A directory only its owner may enter (`mode` 0711: others may pass through, not list). */
const makePrivateDir = async (path: string, owner: number | null = null, mode = 0o700) => {
  await mkdir(path, { recursive: true, mode });
  await chmod(path, mode);
  if (owner !== null) await chown(path, owner, owner);
};

/** The first user id given to PCs: far above people's and system accounts, below 2^31. */
const FIRST_UID = 2_100_000_000;

/** Where a PC's directory is bound while its mount namespace hides the data directory. */
const STAGE_ROOT = existsSync('/run') ? '/run/ptc-desktops' : join(tmpdir(), 'ptc-desktops-stage');

/**
 * Asks Chromium to close over its DevTools pipe, as closing its last window would: it then writes
 * its profile (cookies) to disk, which it does not on SIGTERM. True when it exited in time.
 */
const closeBrowser = (child: ChildProcess, timeoutMs: number): Promise<boolean> => {
  const pipe = child.stdio[3] as Writable | null | undefined;
  if (!pipe || child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise<boolean>((resolveClosed) => {
    const timer = setTimeout(() => resolveClosed(false), timeoutMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolveClosed(true);
    });
    pipe.write(`${JSON.stringify({ id: 1, method: 'Browser.close' })}\0`, () => {});
  });
};

/** The tail of a log file, for error messages. */
const logTail = async (path: string) => {
  const text = await readFile(path, 'utf8').catch(() => '');
  return text.trim().split('\n').slice(-5).join(' | ').slice(0, 800);
};

/**
 * Remote PCs as desktops on this host: per PC a TigerVNC X server (`Xvnc`, VNC password auth,
 * listening on 127.0.0.1 only, X clients need the PC's cookie), a small window manager, and
 * Chromium with its own profile, all its traffic sent through the PC's proxy (loopback too), the
 * proxy's credentials answered inside the PC by a generated extension. CPU and memory are limited
 * with cgroups where the host lets the server create them.
 *
 * Everything a PC keeps is in `<dataDir>/desktops/<id>/` (0700): the VNC password, its Chromium
 * profile, the extension holding the proxy credentials, logs. Its processes carry the marker
 * `PTC_DESKTOP=<dir>` in their environment, so stopping finds every one of them — also ones a
 * previous server process started.
 *
 * When the server runs as root, each PC runs as a user of its own (uid 2100000000 and up, no
 * account needed): it owns its profile, extension, VNC password and X cookie, and cannot read
 * another PC's directory or the server's private files. Its directory is then 0711 (passable,
 * not listable), and every directory above it must be passable by others (o+x). Where mount
 * namespaces work (root), every PC process also runs in one of its own in which the server's
 * working directory, its data directory (but the PC's own directory), /root and /home are empty:
 * file:// inside the PC shows none of the server's code, configuration or database. A PC whose
 * user has its own uid may also connect to its proxy only (iptables, when installed).
 */
export const createLocalDesktopProvider = (options: LocalDesktopProviderOptions): LocalDesktopProvider => {
  const root = join(resolve(options.dataDir), 'desktops');
  const width = options.geometry?.width ?? 1280;
  const height = options.geometry?.height ?? 800;
  const sessions = new Map<string, Session>();
  const queues = new Map<string, ReturnType<typeof createQueue>>();
  const admission = createQueue();
  const starting = new Set<string>();
  const reservedDisplays = new Set<number>();
  let closed = false;
  let lastLimitsMode: LimitsMode = 'none';
  let lastEgressMode: EgressMode = 'none';
  let lastHiding: string[] = [];

  const dirOf = (id: string) => join(root, id);

  let setprivPath: string | null = null;
  let unshareBinary = '/usr/bin/unshare';
  let namespaces: Promise<boolean> | null = null;
  /** Whether PCs get mount namespaces hiding the server's files (root, unshare, mounts allowed). */
  const hidesServerFiles = async (): Promise<boolean> => {
    namespaces ??= (async () => {
      if (process.getuid?.() !== 0) return false;
      const found = await findInPath(['unshare']);
      if (!found) return false;
      unshareBinary = found;
      return mountNamespacesWork(found);
    })();
    return namespaces;
  };
  /** User ids given out by this process (their desktop.json may not be written yet). */
  const handedOut = new Set<number>();
  /**
   * Whether PCs get users of their own: the server runs as root, setpriv (util-linux) exists, and
   * every directory above the PCs' lets other users pass through (mode o+x), so a PC's user can
   * reach its own directory.
   */
  const separateUsers = async (): Promise<boolean> => {
    if (process.getuid?.() !== 0) return false;
    setprivPath ??= await findInPath(['setpriv']);
    if (!setprivPath) return false;
    for (let path = resolve(options.dataDir); ; path = dirname(path)) {
      const info = await stat(path).catch(() => null);
      if (!info || (info.mode & 0o001) === 0) return false;
      if (dirname(path) === path) return true;
    }
  };

  /** The lowest PC user id no PC of this host has (called inside the admission queue). */
  const allocateUid = async (): Promise<number> => {
    const taken = new Set<number>(handedOut);
    for (const id of await readdir(root).catch(() => [] as string[])) {
      if (!ID.test(id)) continue;
      const uid = (await readRecord(id))?.uid;
      if (typeof uid === 'number') taken.add(uid);
    }
    let uid = FIRST_UID;
    while (taken.has(uid)) uid += 1;
    handedOut.add(uid);
    return uid;
  };
  const checkId = (id: string) => {
    if (typeof id !== 'string' || !ID.test(id)) throw new Error('A remote PC id is 1-64 of a-z, 0-9 and -');
  };
  const serially = <T>(id: string, fn: () => Promise<T>): Promise<T> => {
    let queue = queues.get(id);
    if (!queue) {
      queue = createQueue();
      queues.set(id, queue);
    }
    return queue(fn);
  };

  const binaries = async (): Promise<{ found: Partial<DesktopBinaries>; missing: string[] }> => {
    const given = options.binaries ?? {};
    const [xvnc, windowManager, chromium] = await Promise.all([
      findInPath(given.xvnc ? [given.xvnc] : ['Xvnc']),
      findInPath(
        given.windowManager ? [given.windowManager] : ['matchbox-window-manager', 'openbox', 'fluxbox'],
      ),
      findInPath(
        given.chromium
          ? [given.chromium]
          : [
              ...(process.env.CHROMIUM_PATH ? [process.env.CHROMIUM_PATH] : []),
              '/usr/bin/chromium',
              '/usr/bin/chromium-browser',
              '/usr/bin/google-chrome',
            ],
      ),
    ]);
    const missing = [
      ...(xvnc ? [] : ['Xvnc (Debian package tigervnc-standalone-server)']),
      ...(windowManager ? [] : ['a window manager (Debian package matchbox-window-manager)']),
      ...(chromium ? [] : ['Chromium (Debian package chromium, or CHROMIUM_PATH)']),
    ];
    return {
      found: {
        ...(xvnc ? { xvnc } : {}),
        ...(windowManager ? { windowManager } : {}),
        ...(chromium ? { chromium } : {}),
      },
      missing,
    };
  };

  const availability = async (): Promise<DesktopAvailability> => {
    if (closed) return { available: false, reason: 'The remote PC provider has shut down' };
    const { missing } = await binaries();
    if (!vncCryptoWorks()) missing.push("DES in Node's OpenSSL (VNC password files need it)");
    if (missing.length > 0) {
      return {
        available: false,
        reason: `Remote PCs cannot run on this host: missing ${missing.join(', ')}`,
      };
    }
    const lacking = options.allowUnisolated ? [] : await isolationLacking();
    if (lacking.length > 0) {
      return {
        available: false,
        reason:
          `Remote PCs cannot be isolated on this host: ${lacking.join('; ')}. ` +
          'Run the server as root with these, or set VM_LOCAL_UNISOLATED=true for trusted customers only',
      };
    }
    return { available: true };
  };

  /**
   * What this host lacks to keep a PC's browser away from the host (empty: nothing): without a
   * user of its own it could read the server's files, without the firewall reach this host's
   * loopback services (the database, other PCs' VNC) and the internet around the proxy.
   */
  const isolationLacking = async (): Promise<string[]> => {
    if (process.getuid?.() !== 0) return ['the server does not run as root'];
    const [users, hidden, firewall] = await Promise.all([
      separateUsers(),
      hidesServerFiles(),
      egressCanBeRestricted(),
    ]);
    return [
      ...(users ? [] : ['no user of their own (setpriv, and every directory above the data directory o+x)']),
      ...(hidden ? [] : ["no mount namespace hiding the server's files (unshare)"]),
      ...(firewall ? [] : ['no firewall (iptables and ip6tables, Debian package iptables)']),
    ];
  };

  const readRecord = async (id: string): Promise<DesktopRecord | null> => {
    try {
      const record = JSON.parse(await readFile(join(dirOf(id), 'desktop.json'), 'utf8')) as DesktopRecord;
      return { ...record, uid: typeof record.uid === 'number' ? record.uid : null };
    } catch {
      return null;
    }
  };
  const readRun = async (id: string): Promise<RunRecord | null> => {
    try {
      return JSON.parse(await readFile(join(dirOf(id), 'run.json'), 'utf8')) as RunRecord;
    } catch {
      return null;
    }
  };

  /** The PC's Xvnc if it is alive: the pid run.json names, still a process of this PC. */
  const runningXvnc = async (id: string): Promise<RunRecord | null> => {
    const run = await readRun(id);
    if (!run) return null;
    const pid = run.pids.xvnc;
    const cmdline = await readFile(`/proc/${pid}/cmdline`, 'latin1').catch(() => '');
    if (!cmdline.includes(`${dirOf(id)}/vnc.passwd`)) return null;
    return (await isAlive(pid)) ? run : null;
  };

  const state = async (id: string): Promise<'running' | 'stopped' | 'missing'> => {
    checkId(id);
    if (await runningXvnc(id)) return 'running';
    return existsSync(dirOf(id)) ? 'stopped' : 'missing';
  };

  const countRunning = async (except: string): Promise<number> => {
    const ids = await readdir(root).catch(() => [] as string[]);
    let count = 0;
    for (const id of ids) {
      if (id === except || !ID.test(id)) continue;
      if (starting.has(id) || (await runningXvnc(id))) count += 1;
    }
    for (const id of starting) if (id !== except && !ids.includes(id)) count += 1;
    return count;
  };

  /** Ends every process of the PC (browser first, so it saves its profile), removes run.json. */
  const stopProcesses = async (id: string): Promise<void> => {
    const dir = dirOf(id);
    const session = sessions.get(id);
    if (session) session.stopping = true;
    // The browser alone first: it shuts its helpers down itself and its network service writes
    // the cookies to disk (a signal to its whole group would kill that service before it does).
    const run = await readRun(id);
    const child = session?.children.chromium;
    if (child) await closeBrowser(child, STOP_GRACE_MS);
    const browser = child?.pid ?? run?.pids.chromium;
    if (browser && (await belongsTo(browser, dir))) await terminate([browser], STOP_GRACE_MS, false);
    // Everything left: window manager, X server, browser helpers, crash handlers, strays.
    await terminate(await processesOf(dir), STOP_GRACE_MS);
    const leftovers = await processesOf(dir);
    if (leftovers.length > 0) await terminate(leftovers, STOP_GRACE_MS);
    const display = session?.display ?? run?.display;
    if (display !== undefined) {
      // Xvnc removes these on SIGTERM; after a SIGKILL they would be stale.
      await unlink(`/tmp/.X${display}-lock`).catch(() => {});
      await unlink(`/tmp/.X11-unix/X${display}`).catch(() => {});
      reservedDisplays.delete(display);
    }
    await unlink(join(dir, 'run.json')).catch(() => {});
    await removeCgroups(session?.cgroup.dirs ?? cgroupDirsOf(id));
    await rmdir(join(STAGE_ROOT, id)).catch(() => {});
    const uid = session?.uid ?? (await readRecord(id))?.uid ?? null;
    if (uid !== null && process.getuid?.() === 0) await removeEgressRules(uid);
    sessions.delete(id);
  };

  const pickDisplay = (): number => {
    for (let display = FIRST_DISPLAY; display <= LAST_DISPLAY; display += 1) {
      if (reservedDisplays.has(display)) continue;
      if (existsSync(`/tmp/.X${display}-lock`) || existsSync(`/tmp/.X11-unix/X${display}`)) continue;
      reservedDisplays.add(display);
      return display;
    }
    throw new Error('No free X display number for a remote PC');
  };

  const launch = (
    session: Pick<Session, 'dir' | 'env' | 'cgroup' | 'uid' | 'hide'>,
    command: string,
    args: string[],
    log: string,
    /** Chromium: open fds 3 and 4 as its DevTools pipe (--remote-debugging-pipe). */
    devtoolsPipe = false,
  ): ChildProcess => {
    const fd = openSync(join(session.dir, 'logs', log), 'w', 0o600);
    try {
      // The process joins the PC's cgroups itself, before it execs, so every child it forks is
      // limited too (best effort: the limits are checked where they are set up); then, when the
      // PC has a user of its own, it drops to that user for good (no capabilities, no setuid).
      const target =
        session.uid === null
          ? [command, ...args]
          : [
              setprivPath ?? '/usr/bin/setpriv',
              `--reuid=${session.uid}`,
              `--regid=${session.uid}`,
              '--clear-groups',
              '--no-new-privs',
              '--',
              command,
              ...args,
            ];
      // In a mount namespace of its own, the server's code and data (but the PC's directory) are
      // hidden under empty tmpfs mounts before the process drops to the PC's user (if it has one).
      const hidden = session.hide
        ? [
            unshareBinary,
            '--mount',
            '--propagation',
            'private',
            '--',
            '/bin/sh',
            '-c',
            MOUNT_SCRIPT,
            'sh',
            ...target,
          ]
        : target;
      const wrap = session.cgroup.procsFiles.length > 0 || session.uid !== null || session.hide !== null;
      const [file, argv] = wrap
        ? [
            '/bin/sh',
            [
              '-c',
              'for f in $PTC_CGROUP_PROCS; do echo $$ > "$f" 2>/dev/null; done; unset PTC_CGROUP_PROCS; exec "$@"',
              'sh',
              ...hidden,
            ],
          ]
        : [command, args];
      const child = spawn(file, argv, {
        // Its own session and process group: a signal to the server's group never reaches it.
        detached: true,
        stdio: devtoolsPipe ? ['ignore', fd, fd, 'pipe', 'pipe'] : ['ignore', fd, fd],
        env: {
          ...session.env,
          PTC_CGROUP_PROCS: session.cgroup.procsFiles.join(' '),
          ...(session.hide
            ? {
                PTC_HIDE: session.hide.paths.join(' '),
                PTC_STAGE: session.hide.stage,
                PTC_PCDIR: session.dir,
              }
            : {}),
        },
      });
      child.on('error', () => {});
      child.unref();
      // The DevTools pipe's ends are sockets: never keeping the server alive, what the browser
      // says read and dropped so its pipe never fills up.
      for (const stream of child.stdio.slice(3)) {
        if (!(stream instanceof Socket)) continue;
        stream.on('error', () => {});
        stream.unref();
        stream.resume();
      }
      return child;
    } finally {
      closeSync(fd);
    }
  };

  const writeRun = async (session: Session) => {
    const run: RunRecord = {
      display: session.display,
      port: session.port,
      pids: {
        xvnc: session.children.xvnc.pid ?? 0,
        windowManager: session.children.windowManager?.pid ?? null,
        chromium: session.children.chromium?.pid ?? null,
      },
      startedAt: new Date().toISOString(),
    };
    await writePrivate(join(session.dir, 'run.json'), `${JSON.stringify(run)}\n`);
  };

  /** Starts the window manager or the browser again when it exits while the PC runs. */
  const supervise = (session: Session, role: 'windowManager' | 'chromium', child: ChildProcess) => {
    child.once('exit', () => {
      if (session.stopping || closed || sessions.get(session.id) !== session) return;
      if (session.children[role] !== child) return;
      const now = Date.now();
      session.respawns = session.respawns.filter((at) => at > now - 60_000);
      if (session.respawns.length >= RESPAWNS_PER_MINUTE) return;
      session.respawns.push(now);
      setTimeout(() => {
        if (session.stopping || closed || sessions.get(session.id) !== session) return;
        const again =
          role === 'chromium'
            ? launch(session, session.env.PTC_CHROMIUM as string, session.chromiumArgs, 'chromium.log', true)
            : launch(session, session.env.PTC_WM as string, session.windowManagerArgs, 'window-manager.log');
        session.children[role] = again;
        supervise(session, role, again);
        writeRun(session).catch(() => {});
      }, 1_000);
    });
  };

  const startLocked = async (spec: DesktopSpec): Promise<void> => {
    checkSpec(spec);
    if (closed) throw new DesktopClosedError();
    const { id } = spec;
    const dir = dirOf(id);
    const record = await readRecord(id);
    if (!record) throw new DesktopMissingError(id);
    if (await runningXvnc(id)) {
      if (sessions.has(id)) return;
      // Left running by an earlier server process (a crash): nothing watches its browser any
      // more, and its browser lost its DevTools pipe. It is started afresh below.
    }
    const { found, missing } = await binaries();
    if (missing.length > 0)
      throw new DesktopUnavailableError(`Remote PCs cannot run: missing ${missing.join(', ')}`);
    const bin = found as DesktopBinaries;
    const homeUrl = checkHomeUrl(spec.homeUrl);
    if (!options.allowUnisolated) {
      const lacking = await isolationLacking();
      if (lacking.length > 0)
        throw new DesktopUnavailableError(
          `Remote PCs cannot be isolated on this host: ${lacking.join('; ')}`,
        );
      if (record.uid === null)
        throw new DesktopUnavailableError(
          'This remote PC was made without a user of its own and cannot be isolated',
        );
    }

    await admission(async () => {
      if ((await countRunning(id)) >= options.maxRunning) throw new DesktopHostFullError(options.maxRunning);
      starting.add(id);
    });
    try {
      if (closed) throw new DesktopClosedError();
      // Strays of an earlier run (an X server that died and left its browser, say).
      await stopProcesses(id);
      // With a user of its own, the PC's processes may pass through its directory (0711) to
      // what they own: profile, home, extension, VNC password and X cookie. desktop.json,
      // run.json and the logs stay the server's.
      const { uid } = record;
      if (uid !== null) {
        await mkdir('/tmp/.X11-unix', { recursive: true });
        await chmod('/tmp/.X11-unix', 0o1777);
      }
      await makePrivateDir(dir, null, uid === null ? 0o700 : 0o711);
      for (const sub of ['profile', 'home', 'home/.config', 'home/.cache', 'run', 'extension']) {
        await makePrivateDir(join(dir, sub), uid);
      }
      await makePrivateDir(join(dir, 'logs'));
      await writePrivate(join(dir, 'vnc.passwd'), vncPasswordFile(record.vncPassword), uid);
      // No Chromium of this PC runs (stopProcesses made sure): its profile lock is stale.
      for (const name of ['SingletonLock', 'SingletonSocket', 'SingletonCookie']) {
        await rm(join(dir, 'profile', name), { force: true });
      }
      const cgroup = await setUpCgroup(id, spec.cpu, spec.memoryMb);
      lastLimitsMode = cgroup.mode;
      // A PC with a user of its own may connect to its proxy only (by address: it resolves
      // nothing itself then).
      let proxy = spec.proxy;
      let egress: EgressMode = 'none';
      if (uid !== null) {
        const address = isIP(proxy.host) ? proxy.host : (await lookup(proxy.host).catch(() => null))?.address;
        if (address) egress = await restrictEgress(uid, address, proxy.port);
        if (egress !== 'none' && address) proxy = { ...proxy, host: address };
      }
      if (egress === 'none' && !options.allowUnisolated)
        throw new DesktopUnavailableError("The firewall rules of this remote PC's user could not be set");
      lastEgressMode = egress;
      for (const [name, text] of Object.entries(extensionFiles(proxy, homeUrl))) {
        await writePrivate(join(dir, 'extension', name), text, uid);
      }

      const baseEnv: NodeJS.ProcessEnv = {
        PATH: process.env.PATH ?? '/usr/local/bin:/usr/bin:/bin',
        HOME: join(dir, 'home'),
        XDG_CONFIG_HOME: join(dir, 'home', '.config'),
        XDG_CACHE_HOME: join(dir, 'home', '.cache'),
        XDG_RUNTIME_DIR: join(dir, 'run'),
        XAUTHORITY: join(dir, 'Xauthority'),
        LANG: process.env.LANG ?? 'C.UTF-8',
        ...(process.env.TZ ? { TZ: process.env.TZ } : {}),
        [MARKER]: dir,
      };

      let hide: Session['hide'] = null;
      if (await hidesServerFiles()) {
        const paths = pathsToHide(
          [process.cwd(), options.dataDir, '/root', '/home'],
          [bin.xvnc, bin.windowManager, bin.chromium, setprivPath ?? '', unshareBinary],
        );
        if (paths.length > 0) {
          const stage = join(STAGE_ROOT, id);
          await makePrivateDir(STAGE_ROOT);
          await makePrivateDir(stage);
          hide = { paths, stage };
        }
      }
      lastHiding = hide?.paths ?? [];

      let session: Session | null = null;
      let lastError = '';
      // A shutdown gives up waiting for the X server (it may take its whole timeout under load).
      for (let attempt = 0; attempt < 5 && !session && !closed; attempt += 1) {
        const display = pickDisplay();
        const port = await freePort();
        await writePrivate(join(dir, 'Xauthority'), xauthorityFile(display), uid);
        const env = { ...baseEnv, DISPLAY: `:${display}` };
        const xvnc = launch(
          { dir, env, cgroup, uid, hide },
          bin.xvnc,
          [
            `:${display}`,
            '-geometry',
            `${width}x${height}`,
            '-depth',
            '24',
            '-rfbport',
            String(port),
            '-localhost',
            '-interface',
            '127.0.0.1',
            '-SecurityTypes',
            'VncAuth',
            '-PasswordFile',
            join(dir, 'vnc.passwd'),
            '-auth',
            join(dir, 'Xauthority'),
            '-nolisten',
            'tcp',
            '-AlwaysShared',
            '-desktop',
            id,
          ],
          'xvnc.log',
        );
        let exited = false;
        xvnc.once('exit', () => {
          exited = true;
        });
        const until = Date.now() + READY_TIMEOUT_MS;
        let ready = false;
        while (!exited && !closed && Date.now() < until) {
          if (existsSync(`/tmp/.X11-unix/X${display}`) && (await rfbAnswers(port))) {
            ready = true;
            break;
          }
          await sleep(100);
        }
        if (ready && !exited && !closed) {
          session = {
            id,
            dir,
            display,
            port,
            cgroup,
            uid,
            hide,
            env: { ...env, PTC_CHROMIUM: bin.chromium, PTC_WM: bin.windowManager },
            children: { xvnc, windowManager: null, chromium: null },
            stopping: false,
            respawns: [],
            chromiumArgs: [],
            windowManagerArgs: [],
          };
          break;
        }
        lastError = await logTail(join(dir, 'logs', 'xvnc.log'));
        if (xvnc.pid) await terminate([xvnc.pid], 2_000);
        reservedDisplays.delete(display);
      }
      if (!session) {
        if (closed) throw new DesktopClosedError();
        throw new Error(`The remote PC's X server did not start: ${lastError}`);
      }
      sessions.set(id, session);

      const proxyHost = proxy.host.includes(':') ? `[${proxy.host}]` : proxy.host;
      session.windowManagerArgs = basename(bin.windowManager).startsWith('matchbox')
        ? ['-use_titlebar', 'no']
        : [];
      session.chromiumArgs = [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--no-default-browser-check',
        `--user-data-dir=${join(dir, 'profile')}`,
        `--proxy-server=http://${proxyHost}:${proxy.port}`,
        // Loopback too goes through the proxy: nothing inside the PC reaches this host directly.
        '--proxy-bypass-list=<-loopback>',
        // QUIC cannot go through an HTTP proxy; WebRTC must not send UDP around it.
        '--disable-quic',
        '--force-webrtc-ip-handling-policy=disable_non_proxied_udp',
        `--disable-extensions-except=${join(dir, 'extension')}`,
        `--load-extension=${join(dir, 'extension')}`,
        '--password-store=basic',
        // Less of Chromium's own background traffic through the customer's proxy.
        '--allow-browser-signin=false',
        '--disable-default-apps',
        '--disable-domain-reliability',
        '--disable-features=OptimizationHints,OptimizationHintsFetching,OptimizationGuideModelDownloading,MediaRouter,Translate',
        // The provider's own channel to the browser (fds 3 and 4), to close it gracefully.
        '--remote-debugging-pipe',
        // Hides the "unsupported command-line flag: --no-sandbox" bar (as automation does).
        '--test-type',
        '--hide-crash-restore-bubble',
        '--start-maximized',
        '--window-position=0,0',
        `--window-size=${width},${height}`,
        'about:blank',
      ];
      const windowManager = launch(
        session,
        bin.windowManager,
        session.windowManagerArgs,
        'window-manager.log',
      );
      session.children.windowManager = windowManager;
      supervise(session, 'windowManager', windowManager);
      const chromium = launch(session, bin.chromium, session.chromiumArgs, 'chromium.log', true);
      session.children.chromium = chromium;
      supervise(session, 'chromium', chromium);
      // The X server going away ends the PC: its other processes are stopped with it.
      session.children.xvnc.once('exit', () => {
        if (session.stopping || closed) return;
        serially(id, async () => {
          if (sessions.get(id) === session) await stopProcesses(id);
        }).catch(() => {});
      });
      await writeRun(session);
      if (closed) throw new DesktopClosedError();
    } catch (error) {
      await stopProcesses(id).catch(() => {});
      throw error;
    } finally {
      starting.delete(id);
    }
  };

  const checkSpec = (spec: DesktopSpec) => {
    checkId(spec.id);
    if (!Number.isFinite(spec.cpu) || spec.cpu <= 0)
      throw new Error('A remote PC needs a positive CPU count');
    if (!Number.isFinite(spec.memoryMb) || spec.memoryMb < 128) {
      throw new Error('A remote PC needs at least 128 MB of memory');
    }
    const { proxy } = spec;
    if (!proxy || typeof proxy.host !== 'string' || !/^[A-Za-z0-9.:[\]-]{1,255}$/.test(proxy.host)) {
      throw new Error("A remote PC's proxy needs a host name or address");
    }
    if (!Number.isInteger(proxy.port) || proxy.port < 1 || proxy.port > 65_535) {
      throw new Error("A remote PC's proxy needs a port 1-65535");
    }
  };

  const vncEndpoint = async (id: string): Promise<VncEndpoint> => {
    checkId(id);
    const run = await runningXvnc(id);
    const record = await readRecord(id);
    if (!run || !record) throw new DesktopNotRunningError(id);
    return { host: '127.0.0.1', port: run.port, password: record.vncPassword };
  };

  const access_ = (record: DesktopRecord): DesktopAccess => ({
    // The PC listens on this host's loopback only; people reach it through the server's relay.
    address: '127.0.0.1',
    username: 'vnc',
    password: record.vncPassword,
  });

  return {
    name: 'local',
    availability,
    limitsMode: () => lastLimitsMode,
    egressMode: () => lastEgressMode,
    hiddenPaths: () => lastHiding,
    separateUsers,
    create: (spec) => {
      checkSpec(spec);
      return serially(spec.id, async () => {
        const existing = await readRecord(spec.id);
        if (existing) {
          await startLocked(spec);
          return access_(existing);
        }
        if (closed) throw new DesktopClosedError();
        const dir = dirOf(spec.id);
        try {
          const separate = await separateUsers();
          await makePrivateDir(root, null, separate ? 0o711 : 0o700);
          await makePrivateDir(dir);
          const record: DesktopRecord = {
            version: 1,
            id: spec.id,
            vncPassword: generateVncPassword(),
            uid: separate ? await admission(allocateUid) : null,
            createdAt: new Date().toISOString(),
          };
          await writePrivate(join(dir, 'desktop.json'), `${JSON.stringify(record)}\n`);
          await startLocked(spec);
          return access_(record);
        } catch (error) {
          await stopProcesses(spec.id).catch(() => {});
          await rm(dir, { recursive: true, force: true });
          throw error;
        }
      });
    },
    start: (spec) => {
      checkSpec(spec);
      return serially(spec.id, () => startLocked(spec));
    },
    stop: (id) => {
      checkId(id);
      return serially(id, () => stopProcesses(id));
    },
    restart: (spec) => {
      checkSpec(spec);
      return serially(spec.id, async () => {
        if (!(await readRecord(spec.id))) throw new DesktopMissingError(spec.id);
        await stopProcesses(spec.id);
        await startLocked(spec);
      });
    },
    state,
    vnc: vncEndpoint,
    destroy: (id) => {
      checkId(id);
      return serially(id, async () => {
        await stopProcesses(id);
        await rm(dirOf(id), { recursive: true, force: true });
      });
    },
    close: async () => {
      closed = true;
      // Every PC's queue is waited for, not only the running ones': a creation or start under way
      // gives up now that `closed` is set (DesktopClosedError, its processes stopped), and what
      // runs once the queue gets there is stopped. Before, a start still waiting for its X server
      // (up to 5 x 15 s under load) outlived the close and the server's shutdown timeout.
      await Promise.all(
        [...queues.keys()].map((id) =>
          serially(id, async () => {
            if (sessions.has(id)) await stopProcesses(id);
          }),
        ),
      );
    },
  };
};
