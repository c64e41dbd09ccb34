// HTTP forward through the gateway of the built product, driven by wrk: direct vs ours (the server as
// `npm start` runs it: apps/server/dist/main.js, API + console + gateway + jobs on PGlite) vs Squid,
// in interleaved rounds, on loopback only. See README.md next to this file ("wrk: HTTP forward
// through the product"). Needs `npm run build` first, and `apt-get install -y wrk squid`.
//
//   node bench/gateway/wrk-forward.mjs [--seconds 10] [--rounds 3] [--connections 50] [--threads 1]
//                                      [--warmup 2] [--initial-warmup 5] [--balance 1000]
//                                      [--ours main] [--probe] [--json FILE]
//
// `--ours` lists the variants of our server to measure side by side (comma-separated), each with its
// own seeded database, all started at once and interleaved in every round:
//   main | gateway | <path to a bundle .js>     apps/server/dist/main.js (default), dist/gateway.js
//   … @postgres                                 on a fresh PostgreSQL database instead of PGlite
//                                               (BENCH_POSTGRES_URL, default
//                                               postgres://postgres@127.0.0.1:5432/postgres, is
//                                               where it is created and dropped)
//   … #--node-flag                              node flags for this variant only
// e.g. `--ours main,gateway,main@postgres,main#--max-semi-space-size=64`. The table goes to stdout, progress to stderr.
import { execFileSync, spawn } from 'node:child_process';
import {
  existsSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { request as httpRequest } from 'node:http';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { dirname, isAbsolute, join, resolve as resolvePath } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { INSTALL_COMMAND, peerVersions, SQUID_BIN, squidSetup } from './peers.mjs';
import { canConnect, freePort, groupCpu, hasExited, killGroup, machineBusy, tail } from './processes.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const ROOT = resolvePath(here, '..', '..');
const DIST = join(ROOT, 'apps', 'server', 'dist');
const WRK_BIN = process.env.WRK_BIN ?? '/usr/bin/wrk';
const LOOPBACK = '127.0.0.1';
const MICRO_PER_PTC = 1_000_000;

const log = (line) => process.stderr.write(`[wrk-forward] ${line}\n`);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------- settings

const parseSettings = (argv) => {
  const option = (name, fallback) => {
    const at = argv.indexOf(`--${name}`);
    if (at >= 0 && argv[at + 1] !== undefined && !argv[at + 1].startsWith('--')) return argv[at + 1];
    const inline = argv.find((arg) => arg.startsWith(`--${name}=`));
    return inline ? inline.slice(name.length + 3) : fallback;
  };
  const settings = {
    /** Measured seconds of one wrk run (per peer, per round). */
    seconds: Number(option('seconds', '10')),
    /** Rounds; within a round the peers run one after the other, in reverse order every other round. */
    rounds: Number(option('rounds', '3')),
    /** Unmeasured wrk load on the same peer right before each measured run. */
    warmup: Number(option('warmup', '2')),
    /** Unmeasured load on every peer once, before the first round (our server's JIT warms up). */
    initialWarmup: Number(option('initial-warmup', '5')),
    connections: Number(option('connections', '50')),
    threads: Number(option('threads', '1')),
    /** The seeded user's balance, in PTC (5 PTC per GB of traffic). */
    balance: Number(option('balance', '1000')),
    ours: option('ours', 'main')
      .split(',')
      .map((spec) => spec.trim())
      .filter(Boolean),
    probe: argv.includes('--probe'),
    /**
     * A measured run during which other work (outside the benchmark's processes) kept more than this
     * many cores busy is run again, up to `retries` times (the machine may be shared); 0 = never.
     */
    maxOther: Number(option('max-other', '0.25')),
    retries: Number(option('retries', '3')),
    /** Which peers run: direct, ours (every --ours variant), squid. */
    peers: option('peers', 'direct,ours,squid')
      .split(',')
      .map((peer) => peer.trim()),
    json: option('json', null),
    bodyBytes: 1024,
  };
  const valid =
    settings.seconds > 0 &&
    Number.isInteger(settings.rounds) &&
    settings.rounds >= 1 &&
    settings.warmup >= 0 &&
    settings.initialWarmup >= 0 &&
    Number.isInteger(settings.connections) &&
    settings.connections >= 1 &&
    Number.isInteger(settings.threads) &&
    settings.threads >= 1 &&
    settings.threads <= settings.connections &&
    settings.balance > 0 &&
    settings.maxOther >= 0 &&
    Number.isInteger(settings.retries) &&
    settings.retries >= 0 &&
    settings.peers.every((peer) => ['direct', 'ours', 'squid'].includes(peer)) &&
    settings.peers.includes('ours') &&
    settings.ours.length >= 1;
  return valid ? settings : null;
};

const USAGE =
  'usage: node bench/gateway/wrk-forward.mjs [--seconds S>0] [--rounds N>=1] [--connections C] [--threads T]\n' +
  '         [--warmup S] [--initial-warmup S] [--balance PTC>0] [--ours main,gateway,main@postgres,…] [--probe] [--json FILE]\n' +
  '         [--max-other CORES] [--retries N] [--peers direct,ours,squid]\n';

// ---------------------------------------------------------------- processes and cleanup

/** Every process group we started: { name, child, logs }. */
const running = new Set();
let tempDir = null;
const shmPrefixes = [];
/** PostgreSQL databases we created: { adminUrl, name }. */
const databases = [];

const stopProcess = async (entry, graceMs = 3_000) => {
  const { child } = entry;
  if (!hasExited(child)) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    killGroup(child, 'SIGTERM');
    await Promise.race([exited, sleep(graceMs)]);
  }
  killGroup(child, 'SIGKILL');
  running.delete(entry);
};

const removeLeftovers = () => {
  if (tempDir) rmSync(tempDir, { recursive: true, force: true });
  tempDir = null;
  for (const prefix of shmPrefixes.splice(0)) {
    try {
      for (const name of readdirSync('/dev/shm')) {
        if (name.startsWith(prefix)) rmSync(join('/dev/shm', name), { force: true });
      }
    } catch {
      // no /dev/shm
    }
  }
};

const dropDatabases = async () => {
  if (databases.length === 0) return;
  const { default: pg } = await import('pg');
  for (const { adminUrl, name } of databases.splice(0)) {
    const admin = new pg.Client({ connectionString: adminUrl });
    try {
      await admin.connect();
      await admin.query(`drop database if exists "${name}" with (force)`);
    } catch (error) {
      log(`could not drop database ${name}: ${error.message}`);
    } finally {
      await admin.end().catch(() => {});
    }
  }
};

/** Synchronous last resort for databases (psql), used from the 'exit' handler. */
const dropDatabasesSync = () => {
  for (const { adminUrl, name } of databases.splice(0)) {
    try {
      execFileSync('psql', [adminUrl, '-qc', `drop database if exists "${name}" with (force)`], {
        stdio: 'ignore',
      });
    } catch {
      // psql missing or server gone
    }
  }
};

let cleaning = null;
let interrupted = false;
const cleanup = () => {
  cleaning ??= (async () => {
    // Our servers get time for a graceful stop (usage flush, --cpu-prof files).
    await Promise.all([...running].map((entry) => stopProcess(entry, entry.graceMs)));
    await dropDatabases();
    removeLeftovers();
  })();
  return cleaning;
};

let handlersInstalled = false;
const installHandlers = () => {
  if (handlersInstalled) return;
  handlersInstalled = true;
  process.on('exit', () => {
    for (const { child } of running) killGroup(child, 'SIGKILL');
    dropDatabasesSync();
    removeLeftovers();
  });
  for (const [signal, code] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
    ['SIGHUP', 129],
  ]) {
    process.on(signal, () => {
      interrupted = true;
      log(`${signal}: stopping every process and removing the temp dir`);
      cleanup().finally(() => process.exit(code));
    });
  }
};

const describeExit = (entry) => {
  const { child, name, logs = [] } = entry;
  const how = child.signalCode ? `signal ${child.signalCode}` : `code ${child.exitCode}`;
  return `${name} exited (${how})${logs.map((file) => `\n--- ${file}\n${tail(file)}`).join('')}`;
};

/** Spawns a command in its own process group, output to a log file in the temp dir. */
const spawnGroup = (name, command, args, { env, cwd, graceMs } = {}) => {
  const logFile = join(tempDir, `${name.replace(/[^\w.-]+/g, '_')}.log`);
  const out = openSync(logFile, 'a');
  const child = spawn(command, args, { detached: true, stdio: ['ignore', out, out], env, cwd });
  const entry = { name, child, logs: [logFile], graceMs };
  running.add(entry);
  return entry;
};

const waitForPort = async (entry, port, timeoutMs = 60_000) => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (hasExited(entry.child)) throw new Error(describeExit(entry));
    if (await canConnect(port)) return;
    if (Date.now() > deadline)
      throw new Error(`${entry.name} does not listen on ${port} after ${timeoutMs} ms`);
    await sleep(100);
  }
};

// ---------------------------------------------------------------- CPU of process groups (/proc)

/** CPU seconds used so far by a process group (user and system). */
const cpuSeconds = (pgid) => {
  const { user, system } = groupCpu(pgid);
  return user + system;
};

// ---------------------------------------------------------------- wrk

/**
 * The Lua script of one route: a static request (wrk builds it once; no Lua runs per request) and a
 * `done` that prints the run's exact figures (wrk records every latency in a 1 µs histogram) as one
 * machine-readable line.
 */
const luaScript = ({ path, host, proxyAuthorization }) => {
  const quote = (text) => `"${text.replace(/[\\"]/g, (c) => `\\${c}`)}"`;
  return `-- generated by bench/gateway/wrk-forward.mjs
wrk.method = "GET"
wrk.path = ${quote(path)}
wrk.headers["Host"] = ${quote(host)}
${proxyAuthorization ? `wrk.headers["Proxy-Authorization"] = ${quote(proxyAuthorization)}\n` : ''}
done = function(summary, latency, requests)
  local e = summary.errors
  local p = {}
  for _, q in ipairs({ 50, 90, 99, 99.9, 99.99 }) do
    p[#p + 1] = string.format('"%s":%d', q, latency:percentile(q))
  end
  io.write(string.format(
    'WRK_RESULT {"duration_us":%d,"requests":%d,"bytes":%d,' ..
    '"errors":{"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d},' ..
    '"latency_us":{"min":%d,"max":%d,"mean":%.3f,"stdev":%.3f,"percentiles":{%s}}}\\n',
    summary.duration, summary.requests, summary.bytes,
    e.connect, e.read, e.write, e.status, e.timeout,
    latency.min, latency.max, latency.mean, latency.stdev, table.concat(p, ",")))
end
`;
};

/** `wrk 4.1.0 [epoll]` (wrk -v prints its usage and exits with 1). */
const wrkVersion = () => {
  let text;
  try {
    text = execFileSync(WRK_BIN, ['-v'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error) {
    text = `${error.stdout ?? ''}${error.stderr ?? ''}`;
  }
  const match = /wrk (\S+) \[(\w+)\]/.exec(text);
  return match ? `wrk ${match[1]} [${match[2]}]` : 'wrk ?';
};

/** Runs wrk for `seconds` against a route; resolves with its parsed result (and its own CPU). */
const runWrk = async (route, seconds, { onWindow } = {}) => {
  const args = [
    '-t',
    String(SETTINGS.threads),
    '-c',
    String(SETTINGS.connections),
    '-d',
    `${seconds}s`,
    '--timeout',
    '10s',
    '-s',
    route.script,
    `http://${LOOPBACK}:${route.port}/`,
  ];
  const child = spawn(WRK_BIN, args, { detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const entry = { name: 'wrk', child, logs: [] };
  running.add(entry);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => {
    stdout += chunk;
  });
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  // CPU over a window inside the run (wrk's own CPU cannot be read once it has exited).
  const window = onWindow ? onWindow(child.pid, seconds) : null;
  const code = await exited;
  running.delete(entry);
  const line = stdout.split('\n').find((text) => text.startsWith('WRK_RESULT '));
  if (code !== 0 || !line) {
    throw new Error(`wrk failed (code ${code}) on ${route.label}:\n${stdout}\n${stderr}`);
  }
  const result = JSON.parse(line.slice('WRK_RESULT '.length));
  return { ...result, window: window ? await window : null };
};

// ---------------------------------------------------------------- our server

/** Parses an `--ours` entry: `main`, `gateway` or a bundle path, optionally `@postgres`. */
const parseVariant = (spec) => {
  // `#flag` suffixes: node flags of this variant only (e.g. main#--max-semi-space-size=64).
  const [head, ...nodeArgs] = spec.split('#');
  const [entrySpec, database = 'pglite'] = head.split('@');
  if (!['pglite', 'postgres'].includes(database))
    throw new Error(`--ours ${spec}: database must be pglite or postgres`);
  const bundle =
    entrySpec === 'main' || entrySpec === 'gateway'
      ? join(DIST, `${entrySpec}.js`)
      : isAbsolute(entrySpec)
        ? entrySpec
        : resolvePath(process.cwd(), entrySpec);
  // What kind of process: main.js runs API + jobs + gateway; gateway.js the gateway alone.
  const kind = /gateway\.js$/.test(bundle) ? 'gateway' : 'main';
  return { spec, bundle, kind, database, nodeArgs };
};

const seed = async (target, label) => {
  const balanceMicro = BigInt(Math.round(SETTINGS.balance * MICRO_PER_PTC));
  const args = [
    '--import',
    'tsx',
    join(here, 'seed.ts'),
    ...(target.dataDir ? ['--data-dir', target.dataDir] : ['--database-url', target.databaseUrl]),
    '--migrations',
    join(DIST, 'migrations'),
    '--balance',
    balanceMicro.toString(),
  ];
  const output = execFileSync(process.execPath, args, {
    cwd: ROOT,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const line = output.trim().split('\n').pop();
  log(
    `${label}: seeded one user (balance ${SETTINGS.balance} PTC, through a top-up ledger entry) and one dynamic-traffic proxy`,
  );
  return JSON.parse(line);
};

const createDatabase = async (label) => {
  const adminUrl = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const { default: pg } = await import('pg');
  const name = `ptc_bench_wrk_${process.pid}_${databases.length + 1}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  databases.push({ adminUrl, name });
  log(`${label}: created PostgreSQL database ${name}`);
  return Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString();
};

/** Seeds a database and starts one variant of our server on free ports; resolves once it serves. */
const startOurs = async (variant, index) => {
  const label = `ours ${variant.spec}`;
  const target =
    variant.database === 'postgres'
      ? { databaseUrl: await createDatabase(label) }
      : { dataDir: join(tempDir, `data-${index}`) };
  const credentials = await seed(target, label);
  const [port, gatewayPort] = await Promise.all([freePort(), freePort()]);
  const env = { ...process.env };
  for (const key of [
    'DATABASE_URL',
    'NODE_OPTIONS',
    'PORT',
    'GATEWAY_PORT',
    'GATEWAY_HOST',
    'GATEWAY_LISTENERS',
  ]) {
    delete env[key];
  }
  Object.assign(env, {
    // What `npm start` gets without configuration (NODE_ENV defaults to development), on free ports.
    NODE_ENV: 'development',
    HOST: LOOPBACK,
    PORT: String(port),
    PUBLIC_URL: `http://${LOOPBACK}:${port}`,
    GATEWAY_PORT: String(gatewayPort),
    GATEWAY_ALLOW_PRIVATE_TARGETS: '127.0.0.0/8',
    LOG_LEVEL: 'warn',
    ...(target.dataDir ? { DATA_DIR: target.dataDir } : { DATABASE_URL: target.databaseUrl }),
  });
  const probeOut = join(tempDir, `probe-${index}`);
  if (SETTINGS.probe) env.BENCH_PROBE_OUT = probeOut;
  // `npm start` runs `node --enable-source-maps apps/server/dist/main.js` from the repository root.
  const execArgv = [
    '--enable-source-maps',
    ...(SETTINGS.probe ? ['--import', pathToFileURL(join(here, 'loop-probe.mjs')).href] : []),
    // BENCH_GATEWAY_NODE_ARGS: extra node flags, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" or "--trace-gc".
    ...(process.env.BENCH_GATEWAY_NODE_ARGS ?? '').split(' ').filter(Boolean),
    ...variant.nodeArgs,
  ];
  const entry = spawnGroup(label, process.execPath, [...execArgv, variant.bundle], {
    env,
    cwd: ROOT,
    graceMs: 15_000,
  });
  await waitForPort(entry, gatewayPort);
  if (variant.kind === 'main') await waitForHealth(entry, port);
  log(
    `${label}: pid ${entry.child.pid}, gateway on ${gatewayPort}${variant.kind === 'main' ? `, API on ${port}` : ''}`,
  );
  let probes = 0;
  return {
    entry,
    pid: entry.child.pid,
    gatewayPort,
    credentials,
    /** Probe: ends the current window and answers its record (null without --probe). */
    probe: async () => {
      if (!SETTINGS.probe) return null;
      probes += 1;
      const file = `${probeOut}.${probes}.json`;
      process.kill(entry.child.pid, 'SIGUSR2');
      for (let i = 0; i < 100 && !existsSync(file); i += 1) await sleep(20);
      return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
    },
  };
};

const waitForHealth = async (entry, port) => {
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (hasExited(entry.child)) throw new Error(describeExit(entry));
    try {
      const response = await fetch(`http://${LOOPBACK}:${port}/health`);
      if (response.ok) return;
    } catch {
      // not yet
    }
    if (Date.now() > deadline) throw new Error(`${entry.name}: /health does not answer after 60 s`);
    await sleep(100);
  }
};

/** One request through a route with Node's http client: must answer 200 with the full body. */
const smokeTest = (route) =>
  new Promise((resolve, reject) => {
    const headers = { Host: route.host };
    if (route.proxyAuthorization) headers['Proxy-Authorization'] = route.proxyAuthorization;
    const req = httpRequest(
      { host: LOOPBACK, port: route.port, path: route.path, headers, agent: false },
      (response) => {
        let bytes = 0;
        response.on('data', (chunk) => {
          bytes += chunk.length;
        });
        response.on('end', () => {
          if (response.statusCode === 200 && bytes === SETTINGS.bodyBytes) resolve();
          else
            reject(
              new Error(
                `${route.label} does not work: HTTP ${response.statusCode}, ${bytes} bytes, X-PTC-Error ${response.headers['x-ptc-error'] ?? '-'}`,
              ),
            );
        });
      },
    );
    req.setTimeout(10_000, () => req.destroy(new Error(`${route.label}: no answer in 10 s`)));
    req.on('error', reject);
    req.end();
  });

// ---------------------------------------------------------------- statistics and report

const median = (values) => {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const fixed = (value, digits) => (Number.isFinite(value) ? value.toFixed(digits) : 'n/a');
const ms = (us) => (Number.isFinite(us) ? fixed(us / 1000, us >= 100_000 ? 0 : us >= 10_000 ? 1 : 2) : 'n/a');
const rps = (value) => (Number.isFinite(value) ? Math.round(value).toLocaleString('en-US') : 'n/a');
const ratio = (a, b) => (Number.isFinite(a) && Number.isFinite(b) && b > 0 ? a / b : Number.NaN);
const round3 = (value) => (Number.isFinite(value) ? Math.round(value * 1000) / 1000 : null);

/** The figures of one measured wrk run. */
const figuresOf = (result) => ({
  rps: result.requests / (result.duration_us / 1e6),
  p50: result.latency_us.percentiles['50'],
  p90: result.latency_us.percentiles['90'],
  p99: result.latency_us.percentiles['99'],
  p999: result.latency_us.percentiles['99.9'],
  p9999: result.latency_us.percentiles['99.99'],
  max: result.latency_us.max,
  errors: Object.values(result.errors).reduce((sum, value) => sum + value, 0),
  errorDetail: result.errors,
  requests: result.requests,
  window: result.window,
  disturbed: result.disturbed === true,
});

/** Across rounds: requests/s = all requests ÷ all seconds; percentiles = median of the rounds (min – max). */
const summarise = (runs) => {
  const spread = (key) => {
    const values = runs.map((run) => run[key]);
    return { median: median(values), min: Math.min(...values), max: Math.max(...values) };
  };
  const requests = runs.reduce((sum, run) => sum + run.requests, 0);
  const seconds = runs.reduce((sum, run) => sum + run.requests / run.rps, 0);
  return {
    rps: requests / seconds,
    rpsSpread: spread('rps'),
    p50: spread('p50'),
    p99: spread('p99'),
    p999: spread('p999'),
    max: spread('max'),
    errors: runs.reduce((sum, run) => sum + run.errors, 0),
    cpu: {
      proxy: median(runs.map((run) => run.window?.proxyCores)),
      wrk: median(runs.map((run) => run.window?.wrkCores)),
      targets: median(runs.map((run) => run.window?.targetCores)),
      other: median(runs.map((run) => run.window?.otherCores)),
    },
  };
};

// ---------------------------------------------------------------- main

let SETTINGS = null;

export const runWrkForward = async (argv = process.argv.slice(2)) => {
  SETTINGS = parseSettings(argv);
  if (!SETTINGS) {
    process.stderr.write(USAGE);
    return 2;
  }
  installHandlers();
  try {
    return await main();
  } catch (error) {
    if (interrupted) return 130;
    process.stderr.write(`\n[wrk-forward] failed: ${error?.stack ?? error}\n`);
    for (const entry of running) {
      if (entry.logs?.length)
        process.stderr.write(`--- ${entry.name} log tail:\n${entry.logs.map((f) => tail(f)).join('\n')}\n`);
    }
    return 1;
  } finally {
    if (!interrupted) await cleanup();
  }
};

const main = async () => {
  const missing = [];
  if (!existsSync(WRK_BIN))
    missing.push(`wrk not found at ${WRK_BIN} (apt-get install -y wrk, or set WRK_BIN)`);
  if (!existsSync(SQUID_BIN))
    missing.push(`Squid not found at ${SQUID_BIN} (${INSTALL_COMMAND}, or set SQUID_BIN)`);
  const variants = SETTINGS.ours.map(parseVariant);
  for (const variant of variants) {
    if (!existsSync(variant.bundle)) {
      missing.push(
        variant.bundle.startsWith(DIST)
          ? `${variant.bundle} is missing: build the product first with \`npm run build\``
          : `${variant.bundle} is missing`,
      );
    }
  }
  if (missing.length) {
    process.stderr.write(`${missing.join('\n')}\n`);
    return 2;
  }
  const loadBefore = loadavg()[0];
  tempDir = mkdtempSync(join(tmpdir(), 'ptc-bench-wrk-'));
  const versions = { ...peerVersions(), wrk: wrkVersion() };
  log(`temp dir ${tempDir}; Squid ${versions.squid}; ${versions.wrk}`);
  for (const variant of variants) {
    const built = statSync(variant.bundle).mtime;
    log(
      `ours ${variant.spec}: ${variant.bundle} (built ${built.toISOString().slice(0, 16).replace('T', ' ')} UTC)`,
    );
  }

  // Targets: one keep-alive HTTP server per peer (target-process.mjs), so no peer's connections
  // queue behind another's.
  const names = ['direct', 'squid', ...variants.map((_, index) => `ours${index}`)];
  const targetPorts = {};
  const targets = await new Promise((resolve, reject) => {
    const logFile = join(tempDir, 'targets.log');
    const out = openSync(logFile, 'a');
    const child = spawn(process.execPath, [join(here, 'target-process.mjs'), ...names], {
      detached: true,
      stdio: ['ignore', out, out, 'ipc'],
    });
    const entry = { name: 'targets', child, logs: [logFile] };
    running.add(entry);
    child.once('message', (message) => {
      Object.assign(targetPorts, message.http);
      resolve(entry);
    });
    child.once('exit', () => reject(new Error(describeExit(entry))));
  });
  targets.child.channel?.unref();

  const routes = [];
  const target = (name) => ({
    host: `${LOOPBACK}:${targetPorts[name]}`,
    url: `http://${LOOPBACK}:${targetPorts[name]}/bytes/${SETTINGS.bodyBytes}`,
  });
  if (SETTINGS.peers.includes('direct')) {
    routes.push({
      key: 'direct',
      label: 'direct',
      port: targetPorts.direct,
      path: `/bytes/${SETTINGS.bodyBytes}`,
      host: target('direct').host,
      pgid: null,
    });
  }

  for (const [index, variant] of variants.entries()) {
    const server = await startOurs(variant, index);
    const { username, password } = server.credentials;
    routes.push({
      key: variants.length === 1 ? 'ours' : `ours:${variant.spec}`,
      label: `ours (${variant.spec})`,
      port: server.gatewayPort,
      path: target(`ours${index}`).url,
      host: target(`ours${index}`).host,
      proxyAuthorization: `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`,
      pgid: server.pid,
      server,
      variant,
    });
  }

  if (SETTINGS.peers.includes('squid')) {
    const squidPort = await freePort();
    const squidConfig = squidSetup({
      dir: tempDir,
      port: squidPort,
      targetPorts: Object.values(targetPorts),
      service: `ptcwrk${process.pid}`,
    });
    shmPrefixes.push(squidConfig.shmPrefix);
    const squid = spawnGroup('squid', squidConfig.command, squidConfig.args);
    squid.logs.push(...squidConfig.logs);
    await waitForPort(squid, squidPort, 20_000);
    routes.push({
      key: 'squid',
      label: 'Squid',
      port: squidPort,
      path: target('squid').url,
      host: target('squid').host,
      pgid: squid.child.pid,
    });
  }

  for (const route of routes) {
    route.script = join(tempDir, `${route.key.replace(/[^\w]+/g, '_')}.lua`);
    writeFileSync(route.script, luaScript(route));
    await smokeTest(route);
  }
  log(`every route answers 200 with ${SETTINGS.bodyBytes} bytes`);

  // CPU of every part over a window inside each measured run.
  const measureWindow = (route) => async (wrkPid, seconds) => {
    const margin = Math.min(0.5, seconds / 10);
    await sleep(margin * 1000);
    const groups = () => ({
      proxy: route.pgid ? cpuSeconds(route.pgid) : 0,
      wrk: cpuSeconds(wrkPid),
      targets: cpuSeconds(targets.child.pid),
      busy: machineBusy(),
      self: process.cpuUsage(),
    });
    const before = groups();
    const startedAt = performance.now();
    await sleep((seconds - 2 * margin) * 1000);
    const after = groups();
    const elapsed = (performance.now() - startedAt) / 1000;
    const cores = (key) => (after[key] - before[key]) / elapsed;
    const self = process.cpuUsage(before.self);
    const ours = cores('proxy') + cores('wrk') + cores('targets') + (self.user + self.system) / 1e6 / elapsed;
    return {
      proxyCores: cores('proxy'),
      wrkCores: cores('wrk'),
      targetCores: cores('targets'),
      otherCores: Math.max(0, cores('busy') - ours),
    };
  };

  if (SETTINGS.initialWarmup > 0) {
    for (const route of routes) {
      log(`initial warm-up: ${route.label}, ${SETTINGS.initialWarmup} s`);
      await runWrk(route, SETTINGS.initialWarmup);
    }
  }

  const runs = Object.fromEntries(routes.map((route) => [route.key, []]));
  const probes = Object.fromEntries(routes.filter((route) => route.server).map((route) => [route.key, []]));
  for (let round = 0; round < SETTINGS.rounds; round += 1) {
    const order = round % 2 === 0 ? routes : [...routes].reverse();
    for (const route of order) {
      let result;
      let probe;
      for (let attempt = 0; ; attempt += 1) {
        if (SETTINGS.warmup > 0) await runWrk(route, SETTINGS.warmup);
        await route.server?.probe(); // starts the probe's window
        result = await runWrk(route, SETTINGS.seconds, { onWindow: measureWindow(route) });
        probe = await route.server?.probe();
        const other = result.window?.otherCores ?? 0;
        if (SETTINGS.maxOther === 0 || other <= SETTINGS.maxOther) break;
        if (attempt >= SETTINGS.retries) {
          log(
            `round ${round + 1} ${route.label}: other work kept ${fixed(other, 2)} cores busy; kept as disturbed`,
          );
          result.disturbed = true;
          break;
        }
        log(
          `round ${round + 1} ${route.label}: other work kept ${fixed(other, 2)} cores busy; measuring again in 10 s`,
        );
        await sleep(10_000);
      }
      if (probe) probes[route.key].push(probe);
      const figures = figuresOf(result);
      runs[route.key].push(figures);
      const w = figures.window;
      log(
        `round ${round + 1}/${SETTINGS.rounds} ${route.label}: ${rps(figures.rps)} req/s, p50 ${ms(figures.p50)} / p99 ${ms(figures.p99)} / p99.9 ${ms(figures.p999)} / max ${ms(figures.max)} ms` +
          `${figures.errors ? `, ${figures.errors} errors ${JSON.stringify(figures.errorDetail)}` : ''}; ` +
          `CPU cores: proxy ${fixed(w?.proxyCores, 2)}, wrk ${fixed(w?.wrkCores, 2)}, targets ${fixed(w?.targetCores, 2)}, other ${fixed(w?.otherCores, 2)}` +
          (probe
            ? `; probe: loop delay p99 ${fixed(probe.eventLoopDelayMs.p99, 2)} / max ${fixed(probe.eventLoopDelayMs.max, 1)} ms, ` +
              `GC ${probe.gc.count}× ${fixed(probe.gc.ms, 0)} ms, stalls>3ms ${probe.stalls.length}, PGlite ${probe.pglite.calls} calls ${fixed(probe.pglite.ms, 0)} ms`
            : ''),
      );
    }
  }

  // ---- report
  const summary = Object.fromEntries(routes.map((route) => [route.key, summarise(runs[route.key])]));
  const squidSummary = summary.squid ?? null;
  const rows = [];
  const checks = [];
  for (const route of routes) {
    const s = summary[route.key];
    const isOurs = Boolean(route.server) && squidSummary !== null;
    const rpsRatio = isOurs ? ratio(s.rps, squidSummary.rps) : Number.NaN;
    const p50Ratio = isOurs ? ratio(s.p50.median, squidSummary.p50.median) : Number.NaN;
    const p99Ratio = isOurs ? ratio(s.p99.median, squidSummary.p99.median) : Number.NaN;
    if (isOurs) {
      checks.push({ key: `${route.key} requests/s ≥ Squid`, holds: s.rps >= squidSummary.rps });
      checks.push({ key: `${route.key} p99 ≤ Squid`, holds: s.p99.median <= squidSummary.p99.median });
    }
    const range = (spread) => `${ms(spread.median)} (${ms(spread.min)} – ${ms(spread.max)})`;
    rows.push([
      route.label,
      `${rps(s.rps)} (${rps(s.rpsSpread.min)} – ${rps(s.rpsSpread.max)})`,
      range(s.p50),
      range(s.p99),
      range(s.p999),
      ms(s.max.max),
      isOurs ? `${fixed(rpsRatio, 2)} / ${fixed(p50Ratio, 2)} / ${fixed(p99Ratio, 2)}` : '—',
      fixed(s.cpu.proxy, 2),
      `${fixed(s.cpu.wrk, 2)} / ${fixed(s.cpu.targets, 2)}`,
      s.errors ? String(s.errors) : '0',
    ]);
  }
  const header = [
    'Peer',
    'requests/s (min – max)',
    'p50, ms',
    'p99, ms',
    'p99.9, ms',
    'max, ms',
    'ours ÷ Squid: req/s / p50 / p99',
    'proxy CPU, cores',
    'wrk / target CPU',
    'errors',
  ];
  const table = [
    `| ${header.join(' | ')} |`,
    `|---|${header
      .slice(1)
      .map(() => '---:')
      .join('|')}|`,
    ...rows.map((row) => `| ${row.join(' | ')} |`),
  ].join('\n');

  const perRound = [];
  for (let round = 0; round < SETTINGS.rounds; round += 1) {
    for (const route of routes) {
      const run = runs[route.key][round];
      const squidRun = runs.squid?.[round];
      perRound.push(
        `| ${round + 1} | ${route.label} | ${rps(run.rps)} | ${ms(run.p50)} | ${ms(run.p99)} | ${ms(run.p999)} | ${ms(run.max)} | ` +
          `${route.server && squidRun ? `${fixed(ratio(run.rps, squidRun.rps), 2)} / ${fixed(ratio(run.p99, squidRun.p99), 2)}` : '—'} |` +
          `${run.disturbed ? ' (disturbed)' : ''}`,
      );
    }
  }
  const otherCores = median(Object.values(runs).flatMap((list) => list.map((run) => run.window?.otherCores)));
  const caption =
    `Node ${process.version}, ${versions.wrk} (-t ${SETTINGS.threads} -c ${SETTINGS.connections}, keep-alive, ${SETTINGS.bodyBytes} B bodies), ` +
    `Squid ${versions.squid} (1 worker), ${availableParallelism()} CPUs (load average ${fixed(loadBefore, 2)} before the run; ` +
    `${fixed(otherCores, 2)} cores busy outside the benchmark's processes, median of the windows), loopback, ` +
    `${SETTINGS.rounds} rounds × ${SETTINGS.seconds} s per peer (after ${SETTINGS.warmup} s of warm-up each; ${SETTINGS.initialWarmup} s per peer before round 1), ` +
    `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  const missed = checks.filter((check) => !check.holds).map((check) => check.key);
  const notes = [
    '',
    'Requests/s: all requests ÷ all measured seconds (min – max over the rounds). Percentiles: exact per run (wrk records every ' +
      'latency in a 1 µs histogram; `latency:percentile()` in the Lua `done`), median over the rounds (min – max); max: the largest of any round.',
    `Ours: ${variants.map((v) => `${v.spec} = \`node --enable-source-maps ${v.bundle.replace(`${ROOT}/`, '')}\` on ${v.database === 'postgres' ? 'PostgreSQL' : 'PGlite'}`).join('; ')}` +
      `${SETTINGS.probe ? ' (with the loop probe, --probe)' : ''}${process.env.BENCH_GATEWAY_NODE_ARGS ? ` (extra node flags: ${process.env.BENCH_GATEWAY_NODE_ARGS})` : ''}.`,
    `Budget: ${checks.map((check) => `${check.holds ? '✅' : '❌'} ${check.key}`).join(', ')}.`,
  ];
  if (otherCores > 0.25)
    notes.push(
      `**Other work used ${fixed(otherCores, 2)} cores during the measurements: figures are disturbed.**`,
    );
  process.stdout.write(
    `\n_${caption}_\n\n${table}\n${notes.join('\n')}\n\nPer round (ours ÷ Squid: req/s / p99 of the same round):\n\n` +
      `| Round | Peer | req/s | p50, ms | p99, ms | p99.9, ms | max, ms | ours ÷ Squid |\n|---|---|---:|---:|---:|---:|---:|---:|\n${perRound.join('\n')}\n\n`,
  );
  if (SETTINGS.probe) {
    for (const [key, list] of Object.entries(probes)) {
      process.stdout.write(`${probeSummary(key, list)}\n`);
    }
  }
  const machine = {
    bench: 'gateway-wrk-forward',
    budget: missed.length ? 'miss' : 'pass',
    missed,
    ...Object.fromEntries(
      Object.entries(summary).map(([key, s]) => [
        key,
        {
          rps: Math.round(s.rps),
          p50_ms: round3(s.p50.median / 1000),
          p99_ms: round3(s.p99.median / 1000),
          p999_ms: round3(s.p999.median / 1000),
          errors: s.errors,
          ...(key.startsWith('ours') && squidSummary
            ? {
                rps_ratio: round3(ratio(s.rps, squidSummary.rps)),
                p99_ratio: round3(ratio(s.p99.median, squidSummary.p99.median)),
              }
            : {}),
        },
      ]),
    ),
    node: process.version,
    squid_version: versions.squid,
    cpus: availableParallelism(),
    load_average_before: round3(loadBefore),
    other_cpu_cores: round3(otherCores),
  };
  process.stdout.write(`summary: ${JSON.stringify(machine)}\n`);
  if (SETTINGS.json) {
    writeFileSync(
      SETTINGS.json,
      `${JSON.stringify({ settings: SETTINGS, versions, runs, probes, summary: machine }, null, 2)}\n`,
    );
  }
  return 0;
};

/** One line per server variant from its probe windows: loop delay, GC, PGlite, and what the stalls overlapped. */
const probeSummary = (key, list) => {
  if (list.length === 0) return `probe ${key}: no data`;
  const sum = (pick) => list.reduce((total, probe) => total + pick(probe), 0);
  const seconds = sum((p) => p.seconds);
  const stalls = list.flatMap((p) => p.stalls);
  const byCause = { gc: 0, pglite: 0, tick: 0, none: 0 };
  for (const stall of stalls) {
    if (stall.pgliteMs > 0) byCause.pglite += 1;
    else if (stall.gcMs > 0) byCause.gc += 1;
    else if (stall.ticks.length) byCause.tick += 1;
    else byCause.none += 1;
  }
  const scavenges = list.flatMap((p) => p.gc.scavengeMs).sort((a, b) => a - b);
  const pick = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  const kinds = {};
  for (const probe of list) {
    for (const [kind, entry] of Object.entries(probe.gc.byKind)) {
      kinds[kind] ??= { count: 0, ms: 0, maxMs: 0 };
      const k = kinds[kind];
      k.count += entry.count;
      k.ms += entry.ms;
      k.maxMs = Math.max(k.maxMs, entry.maxMs);
    }
  }
  return (
    `probe ${key} (${fixed(seconds, 0)} s): loop delay p99 ${fixed(median(list.map((p) => p.eventLoopDelayMs.p99)), 2)} ms, max ${fixed(Math.max(...list.map((p) => p.eventLoopDelayMs.max)), 1)} ms; ` +
    `GC ${fixed(sum((p) => p.gc.count) / seconds, 1)}/s, ${fixed(sum((p) => p.gc.ms) / seconds / 10, 2)} % of the time ` +
    `(${Object.entries(kinds)
      .map(([kind, k]) => `${kind} ${k.count}× mean ${fixed(k.ms / k.count, 2)} max ${fixed(k.maxMs, 1)} ms`)
      .join(
        ', ',
      )}); scavenge p50/p99 ${fixed(pick(scavenges, 0.5), 2)}/${fixed(pick(scavenges, 0.99), 2)} ms; ` +
    `PGlite ${fixed(sum((p) => p.pglite.calls) / seconds, 1)} calls/s, ${fixed(sum((p) => p.pglite.ms) / seconds / 10, 2)} % of the time, ` +
    `${sum((p) => p.pglite.long.length)} calls ≥ 1 ms (max ${fixed(Math.max(0, ...list.flatMap((p) => p.pglite.long.map((l) => l[1]))), 1)} ms); ` +
    `stalls > 3 ms: ${stalls.length} (${fixed(stalls.length / seconds, 1)}/s; overlapping PGlite ${byCause.pglite}, GC ${byCause.gc}, a timer tick ${byCause.tick}, nothing recorded ${byCause.none}; ` +
    `longest ${fixed(Math.max(0, ...stalls.map((s) => s.ms)), 1)} ms)`
  );
};

// Run on its own (not when imported by run.mjs --wrk-forward).
if (process.argv[1] && import.meta.url === pathToFileURL(resolvePath(process.argv[1])).href) {
  process.exit(await runWrkForward());
}
