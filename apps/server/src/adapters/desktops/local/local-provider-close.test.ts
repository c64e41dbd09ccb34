import {
  chmodSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DesktopClosedError } from '../errors';
import { createLocalDesktopProvider } from './local-provider';

// The provider's close while a PC is still starting (the server stopping then): an X server that
// never gets ready (a stand-in that only sleeps, as a real one may for its whole 15 s timeout on a
// loaded host, five times over) must not outlive the close. No real desktop is needed.

/** Pids of the processes carrying the PC's marker (`PTC_DESKTOP=<dir>`). */
const processesOf = (dir: string): number[] => {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'latin1');
      if (stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z')) continue;
      if (readFileSync(`/proc/${entry}/environ`, 'latin1').split('\0').includes(`PTC_DESKTOP=${dir}`)) {
        found.push(Number(entry));
      }
    } catch {
      // gone meanwhile
    }
  }
  return found;
};

const until = async (what: string, check: () => boolean, timeoutMs = 15_000) => {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

describe.skipIf(process.platform !== 'linux')('the local desktop provider closing while a PC starts', () => {
  const bin = mkdtempSync(join(tmpdir(), 'ptc-fake-xvnc-'));
  const dataDir = mkdtempSync(join(tmpdir(), 'ptc-desktops-close-'));
  afterAll(() => {
    for (const pid of processesOf(join(dataDir, 'desktops', 'pc-closing'))) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // gone
      }
    }
    rmSync(bin, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('gives the start up at once, stops its processes and keeps nothing of the new PC', async () => {
    // An "X server" that never answers: the provider waits for its socket and RFB banner.
    const xvnc = join(bin, 'Xvnc');
    writeFileSync(xvnc, '#!/bin/sh\nexec sleep 60\n');
    chmodSync(bin, 0o755);
    chmodSync(xvnc, 0o755);
    const provider = createLocalDesktopProvider({
      dataDir,
      maxRunning: 2,
      binaries: { xvnc, windowManager: '/bin/true', chromium: '/bin/true' },
      allowUnisolated: true,
    });
    const spec = {
      id: 'pc-closing',
      cpu: 1,
      memoryMb: 512,
      proxy: { host: '127.0.0.1', port: 9, username: 'u', password: 'p' },
    };
    const dir = join(dataDir, 'desktops', spec.id);
    const creation = provider.create(spec).then(
      () => null,
      (error: unknown) => error,
    );
    await until('the stand-in X server', () => processesOf(dir).length > 0);

    const started = Date.now();
    await provider.close();
    const tookMs = Date.now() - started;

    // Before, the close returned at once (the PC was not running yet) while the start went on
    // waiting for its X server, well past any shutdown timeout, its processes left behind.
    expect(processesOf(dir)).toEqual([]);
    expect(tookMs).toBeLessThan(5_000);
    const error = await creation;
    expect(error).toBeInstanceOf(DesktopClosedError);
    expect(existsSync(dir)).toBe(false);
    // Nothing starts after the close.
    await expect(provider.create({ ...spec, id: 'pc-after-close' })).rejects.toBeInstanceOf(
      DesktopClosedError,
    );
    expect(existsSync(join(dataDir, 'desktops', 'pc-after-close'))).toBe(false);
  }, 30_000);
});
