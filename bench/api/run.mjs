// API benchmark (issue #6): the proxy list, generation and export of an account with 100 000
// proxies, over real HTTP against the production server bundle, on PostgreSQL and on PGlite, each
// printed beside the bare SQL of the same work on the same driver. See README.md next to this file.
//
//   node bench/api/run.mjs [--requests 200] [--generations 5] [--exports 3] [--only postgres|pglite]
//                          [--postgres-url postgres://postgres@127.0.0.1:5432/postgres] [--json results.json]
//
// Processes: this orchestrator (HTTP client), the database process (db-process.ts: seed and bare
// SQL, bundled with esbuild) and the server (apps/server/src/main.ts bundled as apps/server/build.mjs
// does), each in its own process group. The PostgreSQL database `bench_api` and every temp dir are
// removed on exit, failure, SIGINT or SIGTERM. The table goes to stdout, progress to stderr.
import { fork, spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { createServer } from 'node:net';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import {
  BUDGETS,
  EXPORT_COUNT,
  exportScenarios,
  generationScenarios,
  listScenarios,
  PAGE_SIZE,
} from './scenarios.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '../..');

// ---------------------------------------------------------------- settings

const option = (name, fallback) => {
  const at = process.argv.indexOf(`--${name}`);
  if (at >= 0 && process.argv[at + 1] !== undefined) return process.argv[at + 1];
  const inline = process.argv.find((arg) => arg.startsWith(`--${name}=`));
  return inline ? inline.slice(name.length + 3) : fallback;
};

const SETTINGS = {
  /** Timed requests per list scenario (and bare-SQL replays of it). */
  requests: Number(option('requests', '200')),
  /** Untimed requests before each list scenario. */
  warmup: Number(option('warmup', '10')),
  /** Timed generations of 500 per generation scenario. */
  generations: Number(option('generations', '5')),
  /** Timed exports of 5 000 per export scenario. */
  exports: Number(option('exports', '3')),
  proxies: Number(option('proxies', '100000')),
  /** Static-inventory exits (a third of them leased by the seeded static proxies). */
  staticExits: Number(option('static-exits', '20000')),
  only: option('only', null),
  postgresUrl: option('postgres-url', 'postgres://postgres@127.0.0.1:5432/postgres'),
  databaseName: option('database', 'bench_api'),
  json: option('json', null),
};
const positive = (value) => Number.isInteger(value) && value >= 1;
if (
  ![SETTINGS.requests, SETTINGS.generations, SETTINGS.exports, SETTINGS.proxies].every(positive) ||
  !(Number.isInteger(SETTINGS.warmup) && SETTINGS.warmup >= 0) ||
  SETTINGS.proxies < 40_000 ||
  (SETTINGS.only !== null && !['postgres', 'pglite'].includes(SETTINGS.only)) ||
  !/^[a-z_][a-z0-9_]*$/.test(SETTINGS.databaseName)
) {
  process.stderr.write(
    'usage: node bench/api/run.mjs [--requests N] [--warmup N] [--generations N] [--exports N] ' +
      '[--proxies N>=40000] [--only postgres|pglite] [--postgres-url URL] [--database NAME] [--json FILE]\n',
  );
  process.exit(2);
}
const DATABASES = SETTINGS.only ? [SETTINGS.only] : ['postgres', 'pglite'];
const LOOPBACK = '127.0.0.1';

const log = (line) => process.stderr.write(`[bench] ${line}\n`);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------- processes and cleanup

/** Every process group we started: { name, child, logs }. */
const running = new Set();
/** Directories to remove at the end. */
const tempDirs = new Set();
/** PostgreSQL databases we created, dropped at the end. */
const createdDatabases = new Set();

const killGroup = (child, signal) => {
  try {
    process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
};

const hasExited = (child) => child.exitCode !== null || child.signalCode !== null;

const stopProcess = async (entry, timeoutMs = 12_000) => {
  const { child } = entry;
  if (!hasExited(child)) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    killGroup(child, 'SIGTERM');
    await Promise.race([exited, sleep(timeoutMs)]);
  }
  killGroup(child, 'SIGKILL');
  running.delete(entry);
};

const withAdmin = async (work) => {
  const admin = new pg.Client({ connectionString: SETTINGS.postgresUrl });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
};

const dropDatabase = (name) =>
  withAdmin((admin) => admin.query(`drop database if exists "${name}" with (force)`)).then(() =>
    createdDatabases.delete(name),
  );

const removeTempDirs = () => {
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
  tempDirs.clear();
};

let cleaning = null;
let interrupted = false;
const cleanup = () => {
  cleaning ??= (async () => {
    await Promise.all([...running].map((entry) => stopProcess(entry, 5_000)));
    for (const name of [...createdDatabases]) {
      await dropDatabase(name).catch((error) => log(`could not drop database ${name}: ${error.message}`));
    }
    removeTempDirs();
  })();
  return cleaning;
};

process.on('exit', () => {
  for (const { child } of running) killGroup(child, 'SIGKILL');
  removeTempDirs();
});
for (const [signal, code] of [
  ['SIGINT', 130],
  ['SIGTERM', 143],
  ['SIGHUP', 129],
]) {
  process.on(signal, () => {
    interrupted = true;
    log(`${signal}: stopping every process, dropping the benchmark database, removing temp dirs`);
    cleanup().finally(() => process.exit(code));
  });
}

const tail = (file, lines = 20) => {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
};

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, LOOPBACK, () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

// ---------------------------------------------------------------- build

/**
 * Bundles the server exactly as apps/server/build.mjs does (workspace packages in, npm packages
 * external), plus the database process. The bundles sit under node_modules/.cache so that their
 * external imports resolve from the repository's node_modules, and never touch apps/server/dist.
 */
const buildBundles = async () => {
  const dir = join(root, 'node_modules/.cache', `ptc-bench-api-${process.pid}`);
  mkdirSync(dir, { recursive: true });
  tempDirs.add(dir);
  const { build } = await import('esbuild');
  const external = {
    name: 'external-npm-packages',
    setup(builder) {
      builder.onResolve({ filter: /^[^./]/ }, (args) =>
        args.path.startsWith('@ptc/') ? undefined : { path: args.path, external: true },
      );
    },
  };
  await build({
    entryPoints: {
      main: join(root, 'apps/server/src/main.ts'),
      'db-process': join(here, 'db-process.ts'),
      'pglite-worker': join(root, 'packages/db/src/pglite-worker.ts'),
    },
    outdir: dir,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    sourcemap: true,
    legalComments: 'none',
    define: { PTC_BUNDLED_MIGRATIONS: '"./migrations"', PTC_BUNDLED_PGLITE_WORKER: '"./pglite-worker.js"' },
    plugins: [external],
    logLevel: 'warning',
  });
  cpSync(join(root, 'packages/db/migrations'), join(dir, 'migrations'), { recursive: true });
  return {
    server: join(dir, 'main.js'),
    dbProcess: join(dir, 'db-process.js'),
    migrations: join(dir, 'migrations'),
  };
};

// ---------------------------------------------------------------- the database process

const runDbProcess = (bundles, mode, target) =>
  new Promise((resolve, reject) => {
    const settings = JSON.stringify({
      proxies: SETTINGS.proxies,
      staticExits: SETTINGS.staticExits,
      requests: SETTINGS.requests,
      warmup: SETTINGS.warmup,
      generations: SETTINGS.generations,
      exports: SETTINGS.exports,
    });
    const child = fork(bundles.dbProcess, [mode, target, settings], {
      detached: true,
      execArgv: ['--enable-source-maps'],
      env: { PATH: process.env.PATH ?? '', BENCH_API_MIGRATIONS: bundles.migrations },
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    const entry = { name: `database process (${mode})`, child };
    running.add(entry);
    let answer = null;
    child.on('message', (message) => {
      answer = message;
    });
    child.once('exit', (code, signal) => {
      running.delete(entry);
      if (answer?.type === 'result') resolve(answer);
      else if (answer?.type === 'error') reject(new Error(`database process (${mode}): ${answer.error}`));
      else
        reject(new Error(`database process (${mode}) exited (${signal ?? `code ${code}`}) without a result`));
    });
  });

// ---------------------------------------------------------------- the server

const startServer = async (bundles, mode, target) => {
  const [port, gatewayPort] = await Promise.all([freePort(), freePort()]);
  const scratch = mkdtempSync(join(tmpdir(), 'ptc-bench-api-server-'));
  tempDirs.add(scratch);
  const logFile = join(scratch, 'server.log');
  const out = openSync(logFile, 'a');
  const url = `http://${LOOPBACK}:${port}`;
  // A production deployment: NODE_ENV=production, JSON request logs at info (to a file), the
  // embedded gateway on; the sandbox adapters stand in for the mail/SMS/payment providers.
  const env = {
    PATH: process.env.PATH ?? '',
    NODE_ENV: 'production',
    ALLOW_SANDBOX_ADAPTERS: 'true',
    LOG_LEVEL: 'info',
    HOST: LOOPBACK,
    PORT: String(port),
    GATEWAY_PORT: String(gatewayPort),
    PUBLIC_URL: url,
    // No console build needed: the API is what is measured.
    CONSOLE_DIR: scratch,
    ...(mode === 'postgres' ? { DATABASE_URL: target } : { DATA_DIR: target }),
  };
  const child = spawn(process.execPath, ['--enable-source-maps', bundles.server], {
    cwd: root,
    env,
    detached: true,
    stdio: ['ignore', out, out],
  });
  const entry = { name: `server (${mode})`, child, logs: [logFile] };
  running.add(entry);
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (hasExited(child)) throw new Error(`the server exited:\n${tail(logFile)}`);
    try {
      const health = await call('GET', url, '/health');
      if (health.status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`the server is not healthy after 60 s:\n${tail(logFile)}`);
    await sleep(100);
  }
  return { entry, url, logFile };
};

// ---------------------------------------------------------------- HTTP

const agent = new Agent({ keepAlive: true, maxSockets: 1 });

/** One HTTP request; resolves with status, body (Buffer) and the time to the last body byte (ms). */
const call = (method, base, path, { token, json, form } = {}) =>
  new Promise((resolve, reject) => {
    const headers = { accept: 'application/json' };
    let payload = null;
    if (token) headers.authorization = `Bearer ${token}`;
    if (json !== undefined) {
      payload = Buffer.from(JSON.stringify(json));
      headers['content-type'] = 'application/json';
    } else if (form !== undefined) {
      payload = Buffer.from(new URLSearchParams(form).toString());
      headers['content-type'] = 'application/x-www-form-urlencoded';
    }
    if (payload) headers['content-length'] = String(payload.length);
    const startedAt = performance.now();
    const req = httpRequest(`${base}${path}`, { method, headers, agent }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode,
          headers: response.headers,
          body: Buffer.concat(chunks),
          ms: performance.now() - startedAt,
        }),
      );
      response.on('error', reject);
    });
    req.on('error', reject);
    if (payload) req.write(payload);
    req.end();
  });

/** The envelope of an answer; throws unless `code` is 0. */
const envelope = (answer, what) => {
  let parsed;
  try {
    parsed = JSON.parse(answer.body.toString('utf8'));
  } catch {
    throw new Error(
      `${what}: HTTP ${answer.status}, not JSON: ${answer.body.toString('utf8').slice(0, 200)}`,
    );
  }
  if (parsed.code !== 0) throw new Error(`${what}: HTTP ${answer.status}, code ${parsed.code} ${parsed.msg}`);
  return parsed.data;
};

const queryString = (query) =>
  new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)])).toString();

// ---------------------------------------------------------------- statistics

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length) - 1;
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank))];
};
const stats = (samples) => ({
  p50: percentile(samples, 50),
  p99: percentile(samples, 99),
  max: Math.max(...samples),
  n: samples.length,
});

// ---------------------------------------------------------------- measurements

/** The same rows (a page read backwards from the end of the list comes reversed from the SQL). */
const sameIds = (a, b) => {
  const [left, right] = [[...a].sort(), [...b].sort()];
  return left.length === right.length && left.every((id, index) => id === right[index]);
};

const measureLists = async (server, token, fixture, baselines) => {
  const results = {};
  for (const scenario of listScenarios(fixture)) {
    const path = `/api/proxy/tokens/${scenario.path}?${queryString(scenario.query)}`;
    const first = envelope(await call('GET', server.url, path, { token }), scenario.key);
    // The page over HTTP must be the page of the bare SQL (same rows, same order, same total).
    const baseline = baselines[scenario.key];
    const ids = first.data.map((row) => row.id);
    if (!sameIds(ids, baseline.ids)) {
      throw new Error(`${scenario.key}: the API page holds other rows than the bare-SQL page`);
    }
    if (baseline.total !== null && baseline.total !== first.total) {
      throw new Error(
        `${scenario.key}: the API total ${first.total} differs from the bare SQL's ${baseline.total}`,
      );
    }
    for (let i = 1; i < SETTINGS.warmup; i += 1) await call('GET', server.url, path, { token });
    const samples = [];
    for (let i = 0; i < SETTINGS.requests; i += 1) {
      const answer = await call('GET', server.url, path, { token });
      if (answer.status !== 200) envelope(answer, scenario.key);
      samples.push(answer.ms);
    }
    results[scenario.key] = { samples, rows: first.data.length, total: first.total, bytes: 0 };
    log(
      `API ${scenario.key}: p50 ${stats(samples).p50.toFixed(2)} ms (${first.data.length} rows of ${first.total})`,
    );
  }
  return results;
};

const measureExports = async (server, token, fixture) => {
  const { default: ExcelJS } = await import('exceljs');
  const results = {};
  for (const scenario of exportScenarios(fixture)) {
    const samples = [];
    const requestMs = [];
    const downloadMs = [];
    let size = 0;
    for (let i = 0; i <= SETTINGS.exports; i += 1) {
      const created = await call('POST', server.url, `/api/proxy/output/tokens/${scenario.path}`, {
        token,
        json: scenario.body,
      });
      const file = envelope(created, scenario.key);
      const download = await call('GET', server.url, file.url, { token });
      if (download.status !== 200) throw new Error(`${scenario.key}: download answered ${download.status}`);
      if (i === 0) {
        // Untimed first round: the file must hold the 5 000 proxies (and a header row).
        const book = new ExcelJS.Workbook();
        await book.xlsx.load(Uint8Array.from(download.body).buffer);
        const rowCount = book.worksheets[0]?.actualRowCount ?? 0;
        if (file.rows !== EXPORT_COUNT || rowCount !== EXPORT_COUNT + 1) {
          throw new Error(
            `${scenario.key}: exported ${file.rows} proxies, the file has ${rowCount - 1} rows`,
          );
        }
        continue;
      }
      samples.push(created.ms + download.ms);
      requestMs.push(created.ms);
      downloadMs.push(download.ms);
      size = download.body.length;
    }
    results[scenario.key] = { samples, requestMs, downloadMs, bytes: size };
    log(`API ${scenario.key}: p50 ${stats(samples).p50.toFixed(0)} ms (file ${(size / 1024).toFixed(0)} KB)`);
  }
  return results;
};

const measureGenerations = async (server, token) => {
  const results = {};
  let lastAt = 0;
  for (const scenario of generationScenarios()) {
    const samples = [];
    for (let i = 0; i < SETTINGS.generations; i += 1) {
      // One generation per second per user (SPEC §9), counted from when the previous request took
      // its slot, which was before it answered: wait a little more than a second after the answer.
      const wait = lastAt + 1_100 - performance.now();
      if (wait > 0) await sleep(wait);
      const answer = await call('POST', server.url, `/api/proxy/proxy/${scenario.path}`, {
        token,
        form: Object.fromEntries(Object.entries(scenario.form).map(([key, value]) => [key, String(value)])),
      });
      const data = envelope(answer, scenario.key);
      if (data.data.length !== scenario.count) {
        throw new Error(`${scenario.key}: generated ${data.data.length} proxies, not ${scenario.count}`);
      }
      lastAt = performance.now();
      samples.push(answer.ms);
    }
    results[scenario.key] = { samples };
    log(`API ${scenario.key}: p50 ${stats(samples).p50.toFixed(0)} ms`);
  }
  return results;
};

const runDatabase = async (bundles, mode) => {
  const loadBefore = loadavg()[0];
  let target;
  if (mode === 'postgres') {
    const name = SETTINGS.databaseName;
    await dropDatabase(name);
    await withAdmin((admin) => admin.query(`create database "${name}"`));
    createdDatabases.add(name);
    const url = new URL(SETTINGS.postgresUrl);
    url.pathname = `/${name}`;
    target = url.toString();
    log(`PostgreSQL: created database ${name}`);
  } else {
    target = mkdtempSync(join(tmpdir(), 'ptc-bench-api-pglite-'));
    tempDirs.add(target);
    log(`PGlite: data dir ${target}`);
  }
  const prepared = await runDbProcess(bundles, mode, target);
  const { token, fixture, baselines } = prepared;
  log(`${mode}: starting the server`);
  const server = await startServer(bundles, mode, target);
  const version =
    mode === 'postgres'
      ? await withAdmin(async (admin) => (await admin.query('show server_version')).rows[0].server_version)
      : null;
  const lists = await measureLists(server, token, fixture, baselines);
  const exports = await measureExports(server, token, fixture);
  const generations = await measureGenerations(server, token);
  await stopProcess(server.entry);
  if (mode === 'postgres') await dropDatabase(SETTINGS.databaseName);
  return {
    mode,
    version,
    seedSeconds: prepared.seedSeconds,
    fixture: { ...fixture, exportIds: undefined },
    baselines,
    api: { ...lists, ...exports, ...generations },
    loadBefore,
    loadAfter: loadavg()[0],
  };
};

// ---------------------------------------------------------------- report

const ms = (value) =>
  !Number.isFinite(value)
    ? '—'
    : value >= 100
      ? value.toFixed(0)
      : value >= 10
        ? value.toFixed(1)
        : value.toFixed(2);
const pair = (a, b) => `${ms(a)} / ${ms(b)}`;
const round3 = (value) => (Number.isFinite(value) ? Math.round(value * 1000) / 1000 : null);

const buildReport = (runs) => {
  const byMode = Object.fromEntries(runs.map((run) => [run.mode, run]));
  const fixture = runs[0].fixture;
  const rows = [];
  const checks = [];
  const summary = {};
  const addRow = (key, title, kind, budget) => {
    const cells = [title];
    const figures = {};
    for (const mode of ['postgres', 'pglite']) {
      const run = byMode[mode];
      if (!run) {
        cells.push('—', '—', '—');
        continue;
      }
      const api = stats(run.api[key].samples);
      const bare = stats(run.baselines[key].samples);
      // Lists: p50 / p99 over many requests; generation and export: median / max of a few.
      const high = kind === 'list' ? 'p99' : 'max';
      cells.push(pair(api.p50, api[high]), pair(bare.p50, bare[high]), (api.p50 / bare.p50).toFixed(1));
      figures[mode] = {
        api_p50: round3(api.p50),
        [`api_${high}`]: round3(api[high]),
        sql_p50: round3(bare.p50),
        [`sql_${high}`]: round3(bare[high]),
        n: api.n,
      };
    }
    const pgRun = byMode.postgres;
    if (budget === null) {
      cells.push('— (no budget)');
    } else if (pgRun) {
      const p50 = stats(pgRun.api[key].samples).p50;
      const holds = p50 < budget;
      checks.push({ key, holds });
      cells.push(`${holds ? '✅' : '❌'} < ${budget.toLocaleString('en-US')}`);
    } else {
      cells.push('— (PostgreSQL not run)');
    }
    rows.push(cells);
    summary[key] = figures;
  };
  for (const scenario of listScenarios({ ...fixture, exportIds: [] })) {
    addRow(scenario.key, `List: ${scenario.title}`, 'list', BUDGETS.listP50);
  }
  for (const scenario of generationScenarios()) {
    addRow(scenario.key, scenario.title[0].toUpperCase() + scenario.title.slice(1), 'write', scenario.budget);
  }
  for (const scenario of exportScenarios({ exportIds: [] })) {
    addRow(
      scenario.key,
      `${scenario.title[0].toUpperCase()}${scenario.title.slice(1)} + download`,
      'write',
      BUDGETS.export,
    );
  }
  const header = [
    'Scenario',
    'PostgreSQL API, ms',
    'PostgreSQL bare SQL, ms',
    'API ÷ SQL',
    'PGlite API, ms',
    'PGlite bare SQL, ms',
    'API ÷ SQL',
    'Budget (PostgreSQL p50, ms)',
  ];
  const table = [
    `| ${header.join(' | ')} |`,
    `|${header.map((_, i) => (i === 0 ? '---' : '---:')).join('|')}|`,
    ...rows.map((row) => `| ${row.join(' | ')} |`),
  ].join('\n');
  const missed = checks.filter((check) => !check.holds).map((check) => check.key);
  const families = Object.entries(fixture.families)
    .map(([family, n]) => `${family} ${n.toLocaleString('en-US')}`)
    .join(', ');
  const caption =
    `Node ${process.version}, ${runs.map((run) => (run.mode === 'postgres' ? `PostgreSQL ${run.version}` : 'PGlite')).join(' and ')}, ` +
    `${availableParallelism()} CPUs (load average ${runs.map((run) => `${run.loadBefore.toFixed(2)} before the ${run.mode} run`).join(', ')}), ` +
    `loopback, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  const exportFigures = runs
    .map((run) => {
      const parts = exportScenarios({ exportIds: [] }).map((scenario) => {
        const figure = run.api[scenario.key];
        return `${scenario.key} ${ms(stats(figure.requestMs).p50)} ms request + ${ms(stats(figure.downloadMs).p50)} ms download of ${(figure.bytes / 1024).toFixed(0)} KB`;
      });
      return `${run.mode}: ${parts.join('; ')}`;
    })
    .join('. ');
  const notes = [
    '',
    `One account with ${fixture.total.toLocaleString('en-US')} proxies (${families}); the dynamic-traffic list holds ` +
      `${fixture.liveDynamicTraffic.toLocaleString('en-US')} live proxies, ${fixture.leasedExits.toLocaleString('en-US')} of ` +
      `${SETTINGS.staticExits.toLocaleString('en-US')} static exits are leased. Seeded in ${runs.map((run) => `${run.seedSeconds.toFixed(1)} s (${run.mode})`).join(', ')}.`,
    `Lists: p50 / p99 of ${SETTINGS.requests} sequential requests (page of ${PAGE_SIZE}, after ${SETTINGS.warmup} warm-up requests); ` +
      `generation: median / max of ${SETTINGS.generations} requests; export: median / max of ${SETTINGS.exports} requests + downloads (after one untimed, checked round).`,
    'Bare SQL = the statements the server runs for the same request (captured from its repository and service code), replayed on the same driver ' +
      '(pg or PGlite) without HTTP, authentication, validation or presentation; writes replayed in a transaction that is rolled back.',
    `Export split (median): ${exportFigures}.`,
  ];
  const machine = {
    bench: 'api',
    budget: missed.length ? 'miss' : byMode.postgres ? 'pass' : 'not-run',
    missed,
    ...summary,
    proxies: fixture.total,
    node: process.version,
    postgres: byMode.postgres?.version ?? null,
    cpus: availableParallelism(),
    load_average_before: Object.fromEntries(runs.map((run) => [run.mode, round3(run.loadBefore)])),
    load_average_after: Object.fromEntries(runs.map((run) => [run.mode, round3(run.loadAfter)])),
  };
  return { caption, table, notes, machine };
};

// ---------------------------------------------------------------- main

const main = async () => {
  const loadBefore = loadavg();
  log(`load average ${loadBefore.map((value) => value.toFixed(2)).join(' ')}; building the server bundle`);
  const bundles = await buildBundles();
  const runs = [];
  for (const mode of DATABASES) runs.push(await runDatabase(bundles, mode));
  const report = buildReport(runs);
  process.stdout.write(`\n_${report.caption}_\n\n${report.table}\n${report.notes.join('\n')}\n\n`);
  process.stdout.write(`summary: ${JSON.stringify(report.machine)}\n`);
  if (SETTINGS.json) {
    writeFileSync(
      SETTINGS.json,
      `${JSON.stringify({ settings: SETTINGS, runs, summary: report.machine }, (key, value) => (key === 'ids' || key === 'params' ? undefined : value), 2)}\n`,
    );
  }
  return 0;
};

main().then(
  async (code) => {
    await cleanup();
    process.exit(code);
  },
  async (error) => {
    if (interrupted) return;
    process.stderr.write(`\n[bench] failed: ${error?.stack ?? error}\n`);
    for (const entry of running) {
      if (entry.logs)
        process.stderr.write(`--- ${entry.name} log tail:\n${entry.logs.map((f) => tail(f)).join('\n')}\n`);
    }
    await cleanup();
    process.exit(1);
  },
);
