// Console first-screen benchmark (issue #16): Lighthouse (mobile preset, simulated throttling) in
// Debian Chromium against the built product, as `npm start` runs it. See README.md next to this file.
//
//   node bench/console/run.mjs [--runs 3] [--pages login,overview] [--json FILE] [--details] [--reports DIR]
//
// Pages: /login signed out; /dashboard/overview signed in as a customer with 30 days of traffic
// (charts drawn) and as a customer who has just registered (first-run state). Each page is
// audited `--runs` times, each time in a new Chromium with an empty profile and cache; the median
// run (Lighthouse's own choice by FCP/TTI) is printed. Exit code 1 when a budget is missed.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import puppeteer from 'puppeteer-core';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '../..');
/** `CONSOLE_DIR`: another build of the console to serve and weigh (say, an older one to compare). */
const CONSOLE_DIR = process.env.CONSOLE_DIR || join(root, 'apps/console/dist');
const ASSETS = join(CONSOLE_DIR, 'assets');
const SERVER_MAIN = process.env.SERVER_MAIN || join(root, 'apps/server/dist/main.js');

const option = (name, fallback) => {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 && process.argv[at + 1] !== undefined ? process.argv[at + 1] : fallback;
};
const RUNS = Number(option('runs', '3'));
const JSON_OUT = option('json', null);
/** `--details`: every element behind a failed accessibility audit. */
const DETAILS = process.argv.includes('--details');
/** `--reports DIR`: the median Lighthouse report of each page as JSON, for a closer look. */
const REPORTS = option('reports', null);
const CHROME_PATH = process.env.CHROME_PATH || '/usr/bin/chromium';
if (!Number.isInteger(RUNS) || RUNS < 1) {
  process.stderr.write('usage: node bench/console/run.mjs [--runs N>=1] [--json FILE]\n');
  process.exit(2);
}

/** Budgets of issue #16: JS as gzip KB, Lighthouse scores 0–100. */
const BUDGETS = {
  '/login': { jsGzipKb: 250, performance: 90, accessibility: 98 },
  '/dashboard/overview': { jsGzipKb: 450, performance: 80, accessibility: 98 },
};

const log = (line) => process.stderr.write(`[bench:console] ${line}\n`);

const freePort = () =>
  new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });

// ---------------------------------------------------------------- the product

if (!existsSync(SERVER_MAIN) || !existsSync(join(CONSOLE_DIR, 'index.html'))) {
  log('the product is not built: run `npm run build` first');
  process.exit(2);
}
if (!existsSync(CHROME_PATH)) {
  log(`no Chromium at ${CHROME_PATH} (apt-get install chromium, or set CHROME_PATH)`);
  process.exit(2);
}

const dataDir = mkdtempSync(join(tmpdir(), 'ptc-bench-console-'));
const seeded = spawnSync(
  process.execPath,
  ['--import', 'tsx', join(here, 'seed.ts'), '--data-dir', dataDir],
  {
    cwd: root,
    encoding: 'utf8',
  },
);
if (seeded.status !== 0) {
  log(`seeding failed:\n${seeded.stderr}`);
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(1);
}
const tokens = JSON.parse(seeded.stdout.trim().split('\n').pop());

const [port, gatewayPort] = await Promise.all([freePort(), freePort()]);
const origin = `http://127.0.0.1:${port}`;
let serverOutput = '';
const server = spawn(process.execPath, ['--enable-source-maps', SERVER_MAIN], {
  cwd: root,
  env: {
    PATH: process.env.PATH ?? '',
    NODE_ENV: 'production',
    ALLOW_SANDBOX_ADAPTERS: 'true',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    PORT: String(port),
    GATEWAY_PORT: String(gatewayPort),
    GATEWAY_WORKERS: '1',
    DATA_DIR: dataDir,
    CONSOLE_DIR,
    PUBLIC_URL: origin,
  },
  stdio: ['ignore', 'pipe', 'pipe'],
});
server.stdout.on('data', (chunk) => {
  serverOutput += chunk;
});
server.stderr.on('data', (chunk) => {
  serverOutput += chunk;
});

let chrome = null;
const cleanUp = () => {
  try {
    chrome?.kill();
  } catch {}
  if (server.exitCode === null) server.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
};
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    cleanUp();
    process.exit(130);
  });
}

const deadline = Date.now() + 60_000;
for (;;) {
  if (server.exitCode !== null) {
    log(`the server exited with ${server.exitCode}:\n${serverOutput}`);
    cleanUp();
    process.exit(1);
  }
  try {
    if ((await fetch(`${origin}/health`)).ok) break;
  } catch {}
  if (Date.now() > deadline) {
    log(`the server did not become healthy:\n${serverOutput}`);
    cleanUp();
    process.exit(1);
  }
  await new Promise((resolve) => setTimeout(resolve, 200));
}

// ---------------------------------------------------------------- Lighthouse

/** Gzip bytes of a built asset: the `.gz` the server sends, or the file gzipped here. */
const gzipBytesOf = (url) => {
  const { pathname } = new URL(url);
  if (!pathname.startsWith('/assets/')) return null;
  const file = join(ASSETS, pathname.slice('/assets/'.length));
  if (existsSync(`${file}.gz`)) return statSync(`${file}.gz`).size;
  return existsSync(file) ? gzipSync(readFileSync(file), { level: 9 }).length : null;
};

/** One Lighthouse run of `path` in a new Chromium, signed in with `token` when given. */
const audit = async (path, token) => {
  chrome = await chromeLauncher.launch({
    chromePath: CHROME_PATH,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    const page = await browser.newPage();
    if (token) {
      // A page of the origin that loads no script, so the cache stays empty for the audit.
      await page.goto(`${origin}/health`);
      await page.evaluate((value) => localStorage.setItem('token', value), token);
    }
    const result = await lighthouse(
      `${origin}${path}`,
      { output: 'json', logLevel: 'error', disableStorageReset: Boolean(token) },
      undefined,
      page,
    );
    await browser.disconnect();
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`Lighthouse gave no result for ${path}`);
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    if (token && !new URL(lhr.finalDisplayedUrl).pathname.startsWith(path)) {
      throw new Error(`${path} ended at ${lhr.finalDisplayedUrl}: the session was not taken`);
    }
    return lhr;
  } finally {
    await chrome.kill();
    chrome = null;
  }
};

/** The figures of one run. */
const figuresOf = (lhr) => {
  const requests = lhr.audits['network-requests'].details.items.filter(
    (item) => item.resourceType === 'Script',
  );
  const gzip = requests.reduce((sum, item) => sum + (gzipBytesOf(item.url) ?? item.transferSize ?? 0), 0);
  const transfer = requests.reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
  return {
    scripts: requests.length,
    jsGzipKb: Math.round(gzip / 1024),
    jsTransferKb: Math.round(transfer / 1024),
    performance: Math.round(lhr.categories.performance.score * 100),
    accessibility: Math.round(lhr.categories.accessibility.score * 100),
    fcpMs: Math.round(lhr.audits['first-contentful-paint'].numericValue),
    lcpMs: Math.round(lhr.audits['largest-contentful-paint'].numericValue),
    tbtMs: Math.round(lhr.audits['total-blocking-time'].numericValue),
    failedA11y: Object.values(lhr.audits)
      .filter((a) => lhr.categories.accessibility.auditRefs.some((r) => r.id === a.id && r.weight > 0))
      .filter((a) => a.score !== null && a.score < 1)
      .map((a) => ({
        id: a.id,
        // What fails, element by element (contrast ratios included), for --details.
        items: (a.details?.items ?? []).map((item) =>
          [item.node?.snippet, item.node?.explanation?.split('\n').slice(0, 2).join(' ')].join(' — '),
        ),
      })),
  };
};

const PAGES = [
  { label: '/login', path: '/login', token: null, budget: BUDGETS['/login'] },
  {
    label: '/dashboard/overview (traffic)',
    path: '/dashboard/overview',
    token: tokens.active,
    budget: BUDGETS['/dashboard/overview'],
  },
  {
    label: '/dashboard/overview (new)',
    path: '/dashboard/overview',
    token: tokens.fresh,
    budget: BUDGETS['/dashboard/overview'],
  },
];

/** `--pages login,overview`: only the pages whose label contains one of these words. */
const ONLY = option('pages', null)?.split(',').filter(Boolean) ?? null;
const CHOSEN = ONLY ? PAGES.filter((page) => ONLY.some((word) => page.label.includes(word))) : PAGES;

const rows = [];
try {
  for (const page of CHOSEN) {
    const runs = [];
    for (let run = 1; run <= RUNS; run += 1) {
      log(`${page.label}: run ${run}/${RUNS}`);
      // Lighthouse now and then loses the trace on a busy machine (NO_NAVSTART): try again.
      for (let attempt = 1; ; attempt += 1) {
        try {
          runs.push(await audit(page.path, page.token));
          break;
        } catch (error) {
          if (attempt >= 3 || !/Lighthouse: /.test(String(error))) throw error;
          log(`${page.label}: ${String(error).split('\n')[0]}; again`);
        }
      }
    }
    const median = computeMedianRun(runs);
    if (REPORTS) {
      mkdirSync(REPORTS, { recursive: true });
      const file = `${page.label.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '')}.json`;
      writeFileSync(join(REPORTS, file), JSON.stringify(median));
    }
    const figures = figuresOf(median);
    const scores = runs.map((lhr) => Math.round(lhr.categories.performance.score * 100));
    const checks = {
      js: figures.jsGzipKb <= page.budget.jsGzipKb,
      performance: figures.performance >= page.budget.performance,
      accessibility: figures.accessibility >= page.budget.accessibility,
    };
    rows.push({ ...page, figures, scores, checks, pass: Object.values(checks).every(Boolean) });
  }
} catch (error) {
  log(String(error?.stack ?? error));
  cleanUp();
  process.exit(1);
}
cleanUp();

// ---------------------------------------------------------------- the table

const mark = (ok) => (ok ? 'ok' : 'MISS');
const table = [
  [
    'page',
    'scripts',
    'JS gzip KB (budget)',
    'JS sent KB',
    'performance (budget) [runs]',
    'accessibility (budget)',
    'FCP ms',
    'LCP ms',
    'TBT ms',
    'result',
  ],
  ...rows.map(({ label, figures: f, budget: b, scores, checks, pass }) => [
    label,
    String(f.scripts),
    `${f.jsGzipKb} (≤ ${b.jsGzipKb}) ${mark(checks.js)}`,
    String(f.jsTransferKb),
    `${f.performance} (≥ ${b.performance}) ${mark(checks.performance)} [${scores.join(' ')}]`,
    `${f.accessibility} (≥ ${b.accessibility}) ${mark(checks.accessibility)}`,
    String(f.fcpMs),
    String(f.lcpMs),
    String(f.tbtMs),
    pass ? 'pass' : 'FAIL',
  ]),
];
const widths = table[0].map((_, column) => Math.max(...table.map((row) => row[column].length)));
for (const [index, row] of table.entries()) {
  process.stdout.write(`${row.map((cell, column) => cell.padEnd(widths[column])).join(' | ')}\n`);
  if (index === 0) process.stdout.write(`${widths.map((width) => '-'.repeat(width)).join('-|-')}\n`);
}
for (const { label, figures } of rows) {
  if (figures.failedA11y.length === 0) continue;
  log(`${label}: accessibility audits below 1: ${figures.failedA11y.map((audit) => audit.id).join(', ')}`);
  if (!DETAILS) continue;
  for (const audit of figures.failedA11y) for (const item of audit.items) log(`  ${audit.id}: ${item}`);
}
if (JSON_OUT) writeFileSync(JSON_OUT, `${JSON.stringify(rows, null, 2)}\n`);
process.exit(rows.every((row) => row.pass) ? 0 : 1);
