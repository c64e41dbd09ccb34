import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SERVER_DIST = join(ROOT, 'apps/server/dist');
const SERVER_MAIN = join(SERVER_DIST, 'main.js');
const CONSOLE_INDEX = join(ROOT, 'apps/console/dist/index.html');

/** A port nobody listens on right now. */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });

/** A fresh, empty data directory: the server creates its database there at its first start. */
export const tempDataDir = () => mkdtempSync(join(tmpdir(), 'ptc-e2e-'));

/**
 * A fresh data directory holding a copy of the run's migrated, never-served database
 * (`global-setup.ts`): what an empty one becomes at the first start, without its 8 s.
 */
export const migratedDataDir = () => {
  const dir = tempDataDir();
  cpSync(inject('e2eDataTemplate'), dir, { recursive: true });
  return dir;
};

/** The built product running as `npm start` runs it. */
export interface RunningServer {
  url: string;
  dataDir: string;
  process: ChildProcess;
  /** Everything the process printed so far. */
  output(): string;
  /** Sends SIGTERM and resolves with the exit code. */
  stop(): Promise<number | null>;
}

/** Resolves with the exit code and output once the process ends. */
export const waitForExit = (child: ChildProcess, output: () => string, timeoutMs = 30_000) =>
  new Promise<{ code: number | null; output: string }>((resolve, reject) => {
    if (child.exitCode !== null) return resolve({ code: child.exitCode, output: output() });
    const timer = setTimeout(() => reject(new Error(`process did not exit:\n${output()}`)), timeoutMs);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output: output() });
    });
  });

/** Spawns the built server (`main.js`, or `gateway.js` alone) without waiting for it to be ready. */
export const spawnServer = (
  env: Record<string, string>,
  entry: 'main.js' | 'gateway.js' | 'operator.js' = 'main.js',
  args: string[] = [],
) => {
  if (!existsSync(SERVER_MAIN) || !existsSync(CONSOLE_INDEX)) {
    throw new Error('The app is not built: run `npm run build` before the E2E tests.');
  }
  const child = spawn(process.execPath, ['--enable-source-maps', join(SERVER_DIST, entry), ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', LOG_LEVEL: 'warn', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  return { child, output: () => output };
};

/** Starts the built server on a free port and waits until `/health` answers. */
export const startServer = async (
  options: {
    dataDir?: string;
    env?: Record<string, string>;
    /** The host name of `PUBLIC_URL` and `url` (WebAuthn needs a name: `localhost`, not an IP). */
    publicHost?: string;
    /** The console's port, when something must know its address first (an OAuth redirect URI). */
    port?: number;
  } = {},
) => {
  const [port, gatewayPort] = await Promise.all([options.port ?? freePort(), freePort()]);
  const dataDir = options.dataDir ?? migratedDataDir();
  const url = `http://${options.publicHost ?? '127.0.0.1'}:${port}`;
  // Links the product makes (payment returns, emails) must reach the same origin the browser uses.
  const { child, output } = spawnServer({
    PORT: String(port),
    GATEWAY_PORT: String(gatewayPort),
    DATA_DIR: dataDir,
    PUBLIC_URL: url,
    ...options.env,
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output()}`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/health`);
      if (response.ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not become healthy:\n${output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const server: RunningServer = {
    url,
    dataDir,
    process: child,
    output,
    stop: async () => {
      if (child.exitCode !== null) return child.exitCode;
      child.kill('SIGTERM');
      return (await waitForExit(child, output)).code;
    },
  };
  return server;
};
