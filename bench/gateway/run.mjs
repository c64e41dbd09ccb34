// Gateway benchmark: our gateway against Squid (HTTP CONNECT, HTTP forward) and Dante (SOCKS5),
// side by side in one run, on loopback only. See README.md next to this file.
//
//   node bench/gateway/run.mjs [--seconds 3] [--rounds 2] [--json results.json]
//
// Processes: this orchestrator, the targets (target-process.mjs), the load generator
// (load-process.mjs), our gateway (gateway-process.ts, bundled with esbuild) twice, unlimited and
// with a finite balance (every byte carried against quota grants), Squid and Dante; each proxy in
// its own process group. Everything is stopped and the temp dir removed on exit, failure, SIGINT
// or SIGTERM. The table goes to stdout, progress to stderr.
import { fork, spawn } from 'node:child_process';
import { mkdtempSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import {
  DANTED_BIN,
  danteSetup,
  INSTALL_COMMAND,
  missingPeers,
  peerVersions,
  SQUID_BIN,
  squidSetup,
} from './peers.mjs';
import { canConnect, freePort, groupCpu, hasExited, killGroup, machineBusy, tail } from './processes.mjs';

const here = dirname(fileURLToPath(import.meta.url));

// ---------------------------------------------------------------- settings

const option = (name, fallback) => {
  const at = process.argv.indexOf(`--${name}`);
  if (at >= 0 && process.argv[at + 1] !== undefined) return process.argv[at + 1];
  const inline = process.argv.find((arg) => arg.startsWith(`--${name}=`));
  return inline ? inline.slice(name.length + 3) : fallback;
};

const SETTINGS = {
  /** Measured seconds of one scenario run (per peer, per round). */
  seconds: Number(option('seconds', '3')),
  /** Rounds per scenario; peers are interleaved within a round, the order reversed every other round. */
  rounds: Number(option('rounds', '2')),
  /**
   * Unmeasured load before each measured run (per peer, per round). Our gateway runs on a JIT: its
   * first ~10 s of a kind of traffic also pay for V8 compiling the code involved (`--warmup 5`
   * measures it warm; Squid and Dante are native code and warm at once).
   */
  warmupMs: Number(option('warmup', '0.5')) * 1000,
  downloadBytes: 1024 * 1024,
  downloadClients: 16,
  requestBytes: 1024,
  requestConnections: 32,
  /** The single-client latency probe (no queueing): seconds per peer. */
  probeSeconds: 1,
  idleTunnels: 1000,
  json: option('json', null),
};
if (
  !(SETTINGS.seconds > 0) ||
  !(Number.isInteger(SETTINGS.rounds) && SETTINGS.rounds >= 1) ||
  !(SETTINGS.warmupMs >= 0)
) {
  process.stderr.write(
    'usage: node bench/gateway/run.mjs [--seconds S>0] [--rounds N>=1] [--warmup S>=0] [--json FILE]\n',
  );
  process.exit(2);
}
const MB = 1024 * 1024;
/** Budget of our gateway with a finite balance: at least this share of ours unlimited, in the same run. */
const GRANTS_WITHIN = 0.95;
const USER = 'bench';
const PASS = 'bench-pass';
/** The SOCKS5 proxy of the same owner (gateway-process.ts): a proxy is used over its own protocol only. */
const SOCKS_USER = 'benchsocks';
const LOOPBACK = '127.0.0.1';

const log = (line) => process.stderr.write(`[bench] ${line}\n`);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------- processes and cleanup

/** Every process group we started: { name, child, logs }. */
const running = new Set();
let tempDir = null;

const stopProcess = async (entry) => {
  const { child } = entry;
  if (!hasExited(child)) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    killGroup(child, 'SIGTERM');
    await Promise.race([exited, sleep(3_000)]);
  }
  // Whatever is left in the group (Dante's children, a stuck server) goes now.
  killGroup(child, 'SIGKILL');
  running.delete(entry);
};

/** Shared-memory segment prefixes of the Squid we started (removed if Squid could not). */
const shmPrefixes = [];

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

let cleaning = null;
/** Set on SIGINT/SIGTERM/SIGHUP: the signal handler owns the exit from then on. */
let interrupted = false;
const cleanup = () => {
  cleaning ??= (async () => {
    await Promise.all([...running].map(stopProcess));
    removeLeftovers();
  })();
  return cleaning;
};

// Last resort (synchronous): nothing survives this process.
process.on('exit', () => {
  for (const { child } of running) killGroup(child, 'SIGKILL');
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

const describeExit = (entry) => {
  const { child, name, logs = [] } = entry;
  const how = child.signalCode ? `signal ${child.signalCode}` : `code ${child.exitCode}`;
  const details = logs.map((file) => `--- ${file}\n${tail(file)}`).join('\n');
  return `${name} exited (${how})${details ? `\n${details}` : ''}`;
};

/** Forks a Node script in its own process group with an IPC channel; resolves on its `ready` message. */
const startNode = (name, script, args = [], { execArgv = [], env = process.env, timeoutMs = 20_000 } = {}) =>
  new Promise((resolve, reject) => {
    const child = fork(script, args, {
      detached: true,
      execArgv,
      env,
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    const entry = { name, child };
    running.add(entry);
    const timer = setTimeout(() => reject(new Error(`${name} not ready after ${timeoutMs} ms`)), timeoutMs);
    child.once('message', (message) => {
      clearTimeout(timer);
      resolve({ entry, child, message });
    });
    child.once('exit', () => {
      clearTimeout(timer);
      reject(new Error(describeExit(entry)));
    });
  });

/** Spawns a server binary in its own process group; resolves once `port` accepts connections. */
const startBinary = async (name, { command, args, logs }, port) => {
  const out = openSync(join(tempDir, `${name}.out`), 'a');
  const child = spawn(command, args, { detached: true, stdio: ['ignore', out, out] });
  const entry = { name, child, logs: [...logs, join(tempDir, `${name}.out`)] };
  running.add(entry);
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (hasExited(child)) throw new Error(describeExit(entry));
    if (await canConnect(port)) return { entry, child };
    if (Date.now() > deadline) throw new Error(`${name} does not listen on ${port} after 20 s`);
    await sleep(100);
  }
};

// ---------------------------------------------------------------- memory of a process group

/** RSS and PSS (KB) summed over every process of a group, from /proc. */
const groupMemory = (pgid) => {
  let rss = 0;
  let pss = 0;
  let processes = 0;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[2]) !== pgid) continue;
      const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
      rss += Number(/^Rss:\s+(\d+)/m.exec(rollup)?.[1] ?? 0);
      pss += Number(/^Pss:\s+(\d+)/m.exec(rollup)?.[1] ?? 0);
      processes += 1;
    } catch {
      // the process ended while we looked
    }
  }
  return { rss, pss, processes };
};

/**
 * CPU seconds used so far by the whole machine (/proc/stat, idle and iowait excluded) and by the
 * benchmark's own processes (this one and every group it started), to tell how much other work
 * ran during the measurements.
 */
const machineCpu = () => {
  const busy = machineBusy();
  const self = process.cpuUsage();
  let ours = (self.user + self.system) / 1e6;
  for (const { child } of running) {
    const usage = groupCpu(child.pid);
    ours += usage.user + usage.system;
  }
  return { busy, ours };
};

/** Cores used by other work (other processes, kernel threads) during each measured window. */
const otherCpu = [];

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Three samples 250 ms apart (after a full GC when `collect` is given); the median of each figure. */
const sampleMemory = async (pgid, collect) => {
  const samples = [];
  for (let i = 0; i < 3; i += 1) {
    if (i) await sleep(250);
    if (collect) await collect();
    samples.push(groupMemory(pgid));
  }
  return {
    rss: median(samples.map((s) => s.rss)),
    pss: median(samples.map((s) => s.pss)),
    processes: median(samples.map((s) => s.processes)),
  };
};

// ---------------------------------------------------------------- load generator RPC

let load = null;
const pending = new Map();
let sequence = 0;

/** The processes that drive and answer the load, whose CPU per unit the diagnostics also show. */
const drivers = [];

const startLoad = async () => {
  const { child } = await startNode('load generator', join(here, 'load-process.mjs'));
  drivers.push({ label: 'load generator', pid: child.pid });
  child.on('message', (message) => {
    const call = pending.get(message.id);
    if (!call) return;
    pending.delete(message.id);
    if (message.ok) call.resolve(message.result);
    else call.reject(new Error(`load generator: ${message.error}`));
  });
  child.on('exit', () => {
    for (const call of pending.values()) call.reject(new Error('the load generator exited'));
    pending.clear();
  });
  load = child;
};

const call = (cmd, params) =>
  new Promise((resolve, reject) => {
    sequence += 1;
    pending.set(sequence, { resolve, reject });
    load.send({ cmd, id: sequence, ...params });
  });

// ---------------------------------------------------------------- statistics

const percentile = (sorted, p) => {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length) - 1;
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank))];
};

/** Pools runs of one peer: throughput (MB/s), requests/s, p50/p99 latency (ms), errors. */
const pool = (runs) => {
  const latencies = runs.flatMap((run) => run.latencies).sort((a, b) => a - b);
  const seconds = runs.reduce((sum, run) => sum + run.windowMs, 0) / 1000;
  return {
    mbps: runs.reduce((sum, run) => sum + run.bytes, 0) / MB / seconds,
    rps: runs.reduce((sum, run) => sum + (run.count ?? run.latencies.length), 0) / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    samples: latencies.length,
    errors: runs.reduce((sum, run) => sum + run.errors, 0),
    firstError: runs.find((run) => run.firstError)?.firstError ?? null,
    reconnects: runs.reduce((sum, run) => sum + (run.reconnects ?? 0), 0),
    /** Throughput (MB/s) and requests/s of each run, in round order (to show the spread across rounds). */
    perRun: runs.map((run) => ({
      mbps: run.bytes / MB / (run.windowMs / 1000),
      rps: (run.count ?? run.latencies.length) / (run.windowMs / 1000),
    })),
    /** Credit control of our gateway with a finite balance, over the measured windows (else null). */
    credit: runs.every((run) => run.credit)
      ? (() => {
          const sum = (key) => runs.reduce((total, run) => total + run.credit[key], 0);
          const windowSeconds = sum('seconds');
          return {
            reservations: sum('reservations'),
            reservationsPerSecond: sum('reservations') / windowSeconds,
            /** Micro-PTC per second held by reservations and consumed by usage flushes. */
            reservedPerSecond: sum('reserved') / windowSeconds,
            consumedPerSecond: sum('consumed') / windowSeconds,
            refusals: sum('refusals'),
          };
        })()
      : null,
    /** CPU of the proxy's processes, in cores (1 = one core busy), averaged over the runs. */
    cpu: runs.every((run) => typeof run.cpu === 'number')
      ? runs.reduce((sum, run) => sum + run.cpu, 0) / runs.length
      : Number.NaN,
  };
};

// ---------------------------------------------------------------- scenarios

const routes = {};

const measure = (kind, route, { clients, warmupMs, durationMs }) =>
  kind === 'downloads'
    ? call('downloads', {
        route,
        path: `/bytes/${SETTINGS.downloadBytes}`,
        concurrency: clients,
        warmupMs,
        durationMs,
      })
    : call('requests', {
        route,
        path: `/bytes/${SETTINGS.requestBytes}`,
        connections: clients,
        warmupMs,
        durationMs,
      });

/** One scenario: interleaved rounds over its peers at full load, then a single-client probe. */
const runScenario = async (scenario) => {
  const loaded = Object.fromEntries(scenario.peers.map((peer) => [peer.key, []]));
  for (let round = 0; round < SETTINGS.rounds; round += 1) {
    const order = round % 2 === 0 ? scenario.peers : [...scenario.peers].reverse();
    for (const peer of order) {
      log(`${scenario.title}: ${peer.label}, round ${round + 1}/${SETTINGS.rounds}`);
      const inFlight = measure(scenario.kind, peer.route, {
        clients: scenario.clients,
        warmupMs: SETTINGS.warmupMs,
        durationMs: SETTINGS.seconds * 1000,
      });
      // The proxy's CPU over (about) the measured window.
      let usage = null;
      await sleep(SETTINGS.warmupMs);
      // Our gateway with a finite balance: what credit control did over the window.
      const creditBefore = peer.credit ? await peer.credit() : null;
      const startedAt = performance.now();
      const before = peer.pgid ? groupCpu(peer.pgid) : null;
      const driversBefore = drivers.map(({ pid }) => groupCpu(pid));
      const machineBefore = machineCpu();
      await sleep(SETTINGS.seconds * 1000);
      const machineAfter = machineCpu();
      const seconds = (performance.now() - startedAt) / 1000;
      const driversAfter = drivers.map(({ pid }) => groupCpu(pid));
      const creditAfter = peer.credit ? await peer.credit() : null;
      if (before) {
        const after = groupCpu(peer.pgid);
        usage = Object.fromEntries(
          Object.keys(after).map((key) => [key, (after[key] - before[key]) / seconds]),
        );
      }
      otherCpu.push(
        (machineAfter.busy - machineBefore.busy - (machineAfter.ours - machineBefore.ours)) / seconds,
      );
      const result = await inFlight;
      const cpu = usage ? usage.user + usage.system : null;
      const units = scenario.kind === 'downloads' ? result.bytes / MB : result.latencies.length;
      const unit = scenario.kind === 'downloads' ? 'MB' : 'request';
      const credit = creditBefore && creditAfter ? creditDelta(creditBefore, creditAfter, seconds) : null;
      if (credit) {
        log(
          `  ${peer.label}: ${credit.reservations} reservations (${fixed(credit.reservations / seconds, 2)}/s) ` +
            `holding ${fixed(credit.reserved / 1e6, 1)} PTC, ${fixed(credit.consumed / 1e6, 1)} PTC consumed ` +
            `by usage flushes, ${credit.refusals} refusals, ${fixed(creditAfter.left / 1e6, 0)} PTC left`,
        );
      }
      if (usage) {
        const perUnit = (value) => fixed((value * (result.windowMs / 1000)) / units, 1);
        log(
          `  ${peer.label}: CPU ${fixed(cpu, 2)} cores (user ${fixed(usage.user, 2)}, system ${fixed(usage.system, 2)}); ` +
            `per ${unit}: ${perUnit(usage.reads)} read() and ${perUnit(usage.writes)} write() calls (recv/send not counted)`,
        );
      }
      {
        // What the load costs the client and the target through this peer, per unit.
        const scale = result.windowMs / 1000 / seconds / units;
        log(
          `  drivers with ${peer.label} (${fixed(units / (result.windowMs / 1000), 0)} ${unit}/s): ` +
            drivers
              .map(({ label }, index) => {
                const a = driversAfter[index];
                const b = driversBefore[index];
                const ms = (a.user + a.system - b.user - b.system) * 1000 * scale;
                return `${label} ${fixed(ms, 3)} ms CPU, ${fixed((a.reads - b.reads) * scale, 1)} read() / ${fixed((a.writes - b.writes) * scale, 1)} write() per ${unit}`;
              })
              .join('; ') +
            (result.phases
              ? `; p50 phases, ms: ${Object.entries(result.phases)
                  .map(([name, ms]) => `${name} ${fixed(ms, 2)}`)
                  .join(', ')}`
              : ''),
        );
      }
      loaded[peer.key].push({ ...result, cpu, credit });
    }
  }
  const results = {};
  for (const peer of scenario.peers) {
    log(`${scenario.title}: ${peer.label}, one client`);
    const probe = await measure(scenario.kind, peer.route, {
      clients: 1,
      warmupMs: 200,
      durationMs: SETTINGS.probeSeconds * 1000,
    });
    results[peer.key] = { ...pool(loaded[peer.key]), single: pool([probe]) };
  }
  return results;
};

/** What credit control did between two reports of our gateway (micro-PTC), over `seconds`. */
const creditDelta = (before, after, seconds) => ({
  seconds,
  reservations: after.reservations - before.reservations,
  reserved: after.reserved - before.reserved,
  consumed: after.consumed - before.consumed,
  refusals: after.refusals - before.refusals,
});

/** Memory growth of a proxy's process group while it holds `idleTunnels` idle tunnels. */
const measureIdle = async (label, pgid, route, collect) => {
  log(`idle tunnels: ${label}`);
  // Warm-up: the code paths of a tunnel run (and are compiled) before the baseline is taken.
  const warm = await call('open-idle', { route, count: 100, parallel: 16 });
  if (warm.errors) throw new Error(`${label}: idle tunnels refused: ${warm.firstError}`);
  await call('close-idle', {});
  await sleep(1_000);
  const before = await sampleMemory(pgid, collect);
  const opened = await call('open-idle', { route, count: SETTINGS.idleTunnels, parallel: 16 });
  if (opened.errors || opened.opened !== SETTINGS.idleTunnels) {
    throw new Error(`${label}: ${opened.opened}/${SETTINGS.idleTunnels} idle tunnels (${opened.firstError})`);
  }
  await sleep(1_500);
  const after = await sampleMemory(pgid, collect);
  await call('close-idle', {});
  await sleep(500);
  return {
    before,
    after,
    rssPerTunnel: (after.rss - before.rss) / SETTINGS.idleTunnels,
    pssPerTunnel: (after.pss - before.pss) / SETTINGS.idleTunnels,
  };
};

/** A short run that must succeed on a route before anything is measured on it. */
const smokeTest = async (label, kind, route) => {
  const result = await measure(kind, route, { clients: 1, warmupMs: 0, durationMs: 300 });
  if (result.errors || result.latencies.length === 0) {
    throw new Error(`${label} does not work: ${result.firstError ?? 'no complete response'}`);
  }
};

// ---------------------------------------------------------------- report

const fixed = (value, digits) => (Number.isFinite(value) ? value.toFixed(digits) : 'n/a');
const mbps = (value) => fixed(value, value >= 100 ? 0 : 1);
const rps = (value) => (Number.isFinite(value) ? Math.round(value).toLocaleString('en-US') : 'n/a');
const ms = (value) => fixed(value, value >= 100 ? 0 : value >= 10 ? 1 : 2);
const signed = (value) =>
  Number.isFinite(value) ? `${value >= 0 ? '+' : '−'}${ms(Math.abs(value))}` : 'n/a';
const kb = (value) => fixed(value, 1);
const ratio = (ours, peer) =>
  Number.isFinite(ours) && Number.isFinite(peer) && peer > 0 ? ours / peer : Number.NaN;
/**
 * Ratio of added latencies, only when the peer adds a measurable amount: below 5 % of the direct
 * latency (or under 0.05 ms) the ratio would divide by noise.
 */
const addedRatio = (ours, peer, directValue) =>
  peer >= Math.max(0.05, 0.05 * (directValue ?? 0)) ? ratio(ours, peer) : Number.NaN;
const ratioText = (value) => fixed(value, 2);
const verdict = (holds) => (holds ? '✅' : '❌');

const buildReport = ({ versions, connect, forward, socks, idle, credit }) => {
  const rows = [];
  const checks = [];
  const summary = {};
  const budget = (key, holds, text) => {
    checks.push({ key, holds });
    return `${verdict(holds)} ${text}`;
  };

  /** CPU of the proxy: cores busy, and CPU time per unit of work (MB or request). */
  const cpuRow = (results, peerKey, scenarioKey, perUnit, unitLabel) => {
    const { ours } = results;
    const peer = results[peerKey];
    const cost = (r) => r.cpu / perUnit(r);
    const costText = (r) =>
      unitLabel === 'MB' ? `${ms(cost(r) * 1000)} ms` : `${fixed(cost(r) * 1e6, 0)} µs`;
    rows.push([
      '',
      `proxy CPU, cores (CPU per ${unitLabel})`,
      '—',
      `${fixed(ours.cpu, 2)} (${costText(ours)})`,
      `${fixed(peer.cpu, 2)} (${costText(peer)})`,
      `${ratioText(ratio(ours.cpu, peer.cpu))} (${ratioText(ratio(cost(ours), cost(peer)))})`,
      '—',
    ]);
    summary[`${scenarioKey}_cpu_cores`] = { ours: round3(ours.cpu), [peerKey]: round3(peer.cpu) };
  };

  const latencyRows = (results, peerKey, peerName, scenarioKey) => {
    const { direct, ours } = results;
    const peer = results[peerKey];
    const added = (r, p) => r[p] - direct[p];
    const addedSingle = (r) => r.single.p50 - direct.single.p50;
    rows.push([
      '',
      'latency p50 / p99, ms',
      `${ms(direct.p50)} / ${ms(direct.p99)}`,
      `${ms(ours.p50)} / ${ms(ours.p99)}`,
      `${ms(peer.p50)} / ${ms(peer.p99)}`,
      `${ratioText(ratio(ours.p50, peer.p50))} / ${ratioText(ratio(ours.p99, peer.p99))}`,
      '',
    ]);
    const oursAdded50 = added(ours, 'p50');
    const peerAdded50 = added(peer, 'p50');
    const gated = peerKey === 'squid';
    rows.push([
      '',
      'added latency p50 / p99, ms',
      '—',
      `${signed(oursAdded50)} / ${signed(added(ours, 'p99'))}`,
      `${signed(peerAdded50)} / ${signed(added(peer, 'p99'))}`,
      `${ratioText(addedRatio(oursAdded50, peerAdded50, direct.p50))} / ${ratioText(addedRatio(added(ours, 'p99'), added(peer, 'p99'), direct.p99))}`,
      gated ? budget(`${scenarioKey}_p50_added`, oursAdded50 <= peerAdded50, `p50 ≤ ${peerName}`) : '—',
    ]);
    rows.push([
      '',
      'added latency p50, 1 client, ms',
      `(${ms(direct.single.p50)})`,
      signed(addedSingle(ours)),
      signed(addedSingle(peer)),
      ratioText(addedRatio(addedSingle(ours), addedSingle(peer), direct.single.p50)),
      '—',
    ]);
    summary[`${scenarioKey}_p50_added_ms`] = { ours: round3(oursAdded50), [peerKey]: round3(peerAdded50) };
    summary[`${scenarioKey}_p99_added_ms`] = {
      ours: round3(added(ours, 'p99')),
      [peerKey]: round3(added(peer, 'p99')),
    };
  };

  /**
   * Min – max of ours ÷ peer over the rounds (each round measures both back to back); `of` and
   * `name` for another ratio (grants ÷ unlimited). Answers [min, max], or null with one round.
   */
  const spreadRow = (results, peerKey, figure, label, { of = 'ours', name = 'ours ÷ peer' } = {}) => {
    const ours = results[of].perRun;
    const peer = results[peerKey].perRun;
    const ratios = ours.map((run, index) => ratio(run[figure], peer[index]?.[figure] ?? Number.NaN));
    if (ratios.length < 2) return null;
    rows.push([
      '',
      `${label}, ${name} per round (min – max)`,
      '',
      '',
      '',
      `${ratioText(Math.min(...ratios))} – ${ratioText(Math.max(...ratios))}`,
      '—',
    ]);
    return [round3(Math.min(...ratios)), round3(Math.max(...ratios))];
  };

  /**
   * Our gateway with a finite balance (every byte carried against quota grants): its figure against
   * the peer (the same budget as ours), against ours unlimited from the same rounds (budget: within
   * 5 %), that ratio per round, and how often it asked the credit store.
   */
  const grantsRows = (results, peerKey, peerName, scenarioKey, figure, { metric, short, format, round }) => {
    const { direct, ours, grants } = results;
    const peer = results[peerKey];
    const vsPeer = ratio(grants[figure], peer[figure]);
    const vsUnlimited = ratio(grants[figure], ours[figure]);
    rows.push([
      '',
      `finite balance (grants): ${metric}`,
      format(direct[figure]),
      format(grants[figure]),
      format(peer[figure]),
      ratioText(vsPeer),
      budget(`${scenarioKey}_grants_${figure}`, grants[figure] >= peer[figure], `≥ ${peerName}`),
    ]);
    rows.push([
      '',
      `grants ÷ unlimited (ours): ${short}`,
      '—',
      `${format(grants[figure])} ÷ ${format(ours[figure])}`,
      '—',
      ratioText(vsUnlimited),
      budget(
        `${scenarioKey}_grants_vs_unlimited`,
        vsUnlimited >= GRANTS_WITHIN,
        `≥ ${GRANTS_WITHIN} (within ${Math.round((1 - GRANTS_WITHIN) * 100)} %)`,
      ),
    ]);
    const spread = spreadRow(results, 'ours', figure, short, { of: 'grants', name: 'grants ÷ unlimited' });
    const { credit } = grants;
    rows.push([
      '',
      'grants: reservations/s (PTC reserved / consumed per s)',
      '—',
      credit
        ? `${fixed(credit.reservationsPerSecond, 2)} (${fixed(credit.reservedPerSecond / 1e6, 2)} / ${fixed(credit.consumedPerSecond / 1e6, 2)})`
        : 'n/a',
      '—',
      '',
      '—',
    ]);
    const added = (r, p) => r[p] - direct[p];
    summary[`${scenarioKey}_grants`] = {
      grants: round(grants[figure]),
      ours: round(ours[figure]),
      [peerKey]: round(peer[figure]),
      ratio_vs_unlimited: round3(vsUnlimited),
      ratio_vs_unlimited_per_round: spread,
      ratio_vs_peer: round3(vsPeer),
      cpu_cores: { grants: round3(grants.cpu), ours: round3(ours.cpu) },
      p50_added_ms: { grants: round3(added(grants, 'p50')), ours: round3(added(ours, 'p50')) },
      p99_added_ms: { grants: round3(added(grants, 'p99')), ours: round3(added(ours, 'p99')) },
      reservations: credit?.reservations ?? null,
      reservations_per_s: round3(credit?.reservationsPerSecond),
      refusals: credit?.refusals ?? null,
    };
  };
  const throughputFigure = { metric: 'throughput, MB/s', short: 'throughput', format: mbps, round: round3 };

  const downloadScenario = (title, key, results, peerKey, peerName) => {
    const { direct, ours } = results;
    const peer = results[peerKey];
    const r = ratio(ours.mbps, peer.mbps);
    rows.push([
      `**${title}**`,
      'throughput, MB/s',
      mbps(direct.mbps),
      mbps(ours.mbps),
      mbps(peer.mbps),
      ratioText(r),
      budget(`${key}_mbps`, ours.mbps >= peer.mbps, `≥ ${peerName}`),
    ]);
    summary[`${key}_mbps`] = {
      direct: round3(direct.mbps),
      ours: round3(ours.mbps),
      [peerKey]: round3(peer.mbps),
      ratio: round3(r),
    };
    spreadRow(results, peerKey, 'mbps', 'throughput');
    cpuRow(results, peerKey, key, (r) => r.mbps, 'MB');
    latencyRows(results, peerKey, peerName, key);
    grantsRows(results, peerKey, peerName, key, 'mbps', throughputFigure);
  };

  downloadScenario(
    `CONNECT, 1 MB downloads, ${SETTINGS.downloadClients} clients`,
    'connect',
    connect,
    'squid',
    'Squid',
  );

  {
    const { direct, ours, squid } = forward;
    const r = ratio(ours.rps, squid.rps);
    rows.push([
      `**HTTP forward, 1 KB, ${SETTINGS.requestConnections} keep-alive connections**`,
      'requests/s',
      rps(direct.rps),
      rps(ours.rps),
      rps(squid.rps),
      ratioText(r),
      budget('http_rps', ours.rps >= squid.rps, '≥ Squid'),
    ]);
    summary.http_rps = {
      direct: Math.round(direct.rps),
      ours: Math.round(ours.rps),
      squid: Math.round(squid.rps),
      ratio: round3(r),
    };
    spreadRow(forward, 'squid', 'rps', 'requests/s');
    cpuRow(forward, 'squid', 'http', (r) => r.rps, 'request');
    latencyRows(forward, 'squid', 'Squid', 'http');
    grantsRows(forward, 'squid', 'Squid', 'http', 'rps', {
      metric: 'requests/s',
      short: 'requests/s',
      format: rps,
      round: Math.round,
    });
  }

  downloadScenario(
    `SOCKS5, 1 MB downloads, ${SETTINGS.downloadClients} clients`,
    'socks5',
    socks,
    'dante',
    'Dante',
  );

  {
    // The finite balance over the whole run: grants were made, and the balance lasted.
    const granted = credit.reservations > 0 && credit.refusals === 0 && credit.left > 0;
    rows.push([
      '**Finite balance (grants), whole run**',
      'reservations; PTC consumed (GB); PTC left',
      '—',
      `${credit.reservations}; ${fixed(credit.consumed / 1e6, 1)} (${fixed(credit.consumedBytes / 2 ** 30, 1)} GB); ` +
        `${rps(credit.left / 1e6)} of ${rps(credit.balance / 1e6)}`,
      '—',
      '',
      budget('grants_credit', granted, 'granted, never refused'),
    ]);
    summary.grants_credit = {
      balance_ptc: round3(credit.balance / 1e6),
      left_ptc: round3(credit.left / 1e6),
      reservations: credit.reservations,
      reserved_ptc: round3(credit.reserved / 1e6),
      consumed_ptc: round3(credit.consumed / 1e6),
      consumed_gb: round3(credit.consumedBytes / 2 ** 30),
      released_ptc: round3(credit.released / 1e6),
      refusals: credit.refusals,
      renewals: credit.renewals,
    };
  }

  const idleRows = (title, key, ours, peer, peerName) => {
    rows.push([
      `**${SETTINGS.idleTunnels.toLocaleString('en-US')} idle ${title} tunnels**`,
      'RSS growth, KB per tunnel',
      '—',
      kb(ours.rssPerTunnel),
      `${kb(peer.rssPerTunnel)}${peer.after.processes > 1 ? ` (${peer.after.processes} processes)` : ''}`,
      ratioText(ratio(ours.rssPerTunnel, peer.rssPerTunnel)),
      '—',
    ]);
    rows.push([
      '',
      'PSS growth, KB per tunnel',
      '—',
      kb(ours.pssPerTunnel),
      kb(peer.pssPerTunnel),
      ratioText(ratio(ours.pssPerTunnel, peer.pssPerTunnel)),
      '—',
    ]);
    rows.push([
      '',
      `RSS idle → ${SETTINGS.idleTunnels} tunnels, MB`,
      '—',
      `${fixed(ours.before.rss / 1024, 1)} → ${fixed(ours.after.rss / 1024, 1)}`,
      `${fixed(peer.before.rss / 1024, 1)} → ${fixed(peer.after.rss / 1024, 1)}`,
      '',
      '',
    ]);
    summary[`${key}_idle_kb_per_tunnel`] = {
      ours_rss: round3(ours.rssPerTunnel),
      [`${peerName.toLowerCase()}_rss`]: round3(peer.rssPerTunnel),
      ours_pss: round3(ours.pssPerTunnel),
      [`${peerName.toLowerCase()}_pss`]: round3(peer.pssPerTunnel),
    };
  };
  idleRows('CONNECT', 'connect', idle.oursConnect, idle.squid, 'Squid');
  idleRows('SOCKS5', 'socks5', idle.oursSocks, idle.dante, 'Dante');

  const header = ['Scenario', 'Metric', 'Direct', 'Ours', 'Squid / Dante', 'Ours ÷ peer', 'Budget'];
  const table = [
    `| ${header.join(' | ')} |`,
    `|${header.map((_, i) => (i < 2 ? '---' : '---:')).join('|')}|`,
    ...rows.map((row) => `| ${row.join(' | ')} |`),
  ].join('\n');

  const errors = Object.entries({ connect, forward, socks })
    .flatMap(([scenario, results]) =>
      Object.entries(results)
        .filter(([, r]) => r.errors > 0)
        .map(([peer, r]) => `${scenario}/${peer}: ${r.errors} errors (${r.firstError})`),
    )
    .join('; ');
  const missed = checks.filter((check) => !check.holds).map((check) => check.key);
  const caption =
    `Node ${process.version}, our gateway relaying tunnels with ${versions.relay}, Squid ${versions.squid} (1 worker), Dante ${versions.dante}, ` +
    `${availableParallelism()} CPUs (load average ${fixed(versions.loadBefore, 2)} before the run; ` +
    `${fixed(versions.otherCpu, 2)} cores busy outside the benchmark's processes during measurements), loopback, ` +
    `${SETTINGS.rounds} × ${SETTINGS.seconds} s per figure (after ${SETTINGS.warmupMs / 1000} s of warm-up each), ` +
    `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  const machine = {
    bench: 'gateway',
    budget: missed.length ? 'miss' : 'pass',
    missed,
    ...summary,
    errors: errors || null,
    node: process.version,
    relay: versions.relay,
    squid: versions.squid,
    dante: versions.dante,
    cpus: availableParallelism(),
    load_average_before: round3(versions.loadBefore),
    other_cpu_cores: round3(versions.otherCpu),
  };
  return { caption, table, errors, machine };
};

const round3 = (value) => (Number.isFinite(value) ? Math.round(value * 1000) / 1000 : null);

// ---------------------------------------------------------------- main

/**
 * Starts our gateway; `credit`: `unlimited` (its proxy paid in advance: no credit control) or
 * `finite` (billed by traffic against a finite balance: every byte carried on quota grants).
 */
const startGateway = async (bundle, credit = 'unlimited') => {
  const name = credit === 'finite' ? 'our gateway (finite balance)' : 'our gateway';
  const { entry, child, message } = await startNode(name, bundle, [], {
    // BENCH_GATEWAY_NODE_ARGS: extra node flags for our gateway, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof".
    execArgv: [
      '--enable-source-maps',
      '--expose-gc',
      // As the product's gateway processes run (apps/server/src/gc-tuning.ts).
      '--no-parallel-scavenge',
      ...(process.env.BENCH_GATEWAY_NODE_ARGS ?? '').split(' ').filter(Boolean),
    ],
    env: {
      ...process.env,
      BENCH_GATEWAY_CREDIT: credit,
      // BENCH_DOMAIN_USAGE=off switches per-domain usage off in ours unlimited only: the finite
      // process keeps every feature on (BENCH_GRANTS_DOMAIN_USAGE=off switches it off there too),
      // so that grants ÷ unlimited compares the gateway with all of them on to the bare one.
      BENCH_DOMAIN_USAGE:
        credit === 'finite'
          ? (process.env.BENCH_GRANTS_DOMAIN_USAGE ?? 'on')
          : (process.env.BENCH_DOMAIN_USAGE ?? 'on'),
    },
  });
  /** Sends the gateway a request over IPC; resolves with its answer (of type `answerType`). */
  const ask = (type, answerType) =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${name} did not answer ${type}`)), 10_000);
      const onMessage = (answer) => {
        if (answer?.type !== answerType) return;
        clearTimeout(timer);
        child.off('message', onMessage);
        resolve(answer);
      };
      child.on('message', onMessage);
      child.send({ type });
    });
  /** Asks the gateway for a full garbage collection; resolves once it is done. */
  const collect = () => ask('gc', 'gc-done');
  /** What credit control did so far: reservations, micro-PTC reserved and consumed, balance left. */
  const creditReport = () => ask('credit', 'credit-report');
  log(`${name} relays tunnels with ${message.relay}, credit ${message.credit}`);
  return { entry, pgid: child.pid, port: message.port, relay: message.relay, collect, creditReport };
};

const main = async () => {
  const missing = missingPeers();
  if (missing.length) {
    process.stderr.write(
      `${missing.join('\n')}\nThe gateway benchmark compares against Squid and Dante. Install them (Debian/Ubuntu, as root):\n\n` +
        `  ${INSTALL_COMMAND}\n\n(or point SQUID_BIN / DANTED_BIN at other binaries)\n`,
    );
    return 2;
  }
  const versions = { ...peerVersions(), loadBefore: loadavg()[0] };
  tempDir = mkdtempSync(join(tmpdir(), 'ptc-bench-gateway-'));
  log(`temp dir ${tempDir}; Squid ${versions.squid} (${SQUID_BIN}), Dante ${versions.dante} (${DANTED_BIN})`);

  // Our gateway, bundled like the production gateway (apps/server/build.mjs) and run with plain node.
  const bundle = join(tempDir, 'gateway.mjs');
  const { build } = await import('esbuild');
  await build({
    entryPoints: [join(here, 'gateway-process.ts')],
    outfile: bundle,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    sourcemap: true,
    banner: {
      js: "import { createRequire as __benchRequire } from 'node:module'; const require = __benchRequire(import.meta.url);",
    },
    // The splice relay addon loads its compiled .node file from its own folder (as in production,
    // where @ptc/relay stays external too).
    plugins: [
      {
        name: 'relay-addon-in-place',
        setup(builder) {
          builder.onResolve({ filter: /^@ptc\/relay$/ }, () => ({
            path: join(here, '..', '..', 'packages', 'relay', 'index.js'),
            external: true,
          }));
        },
      },
    ],
    logLevel: 'warning',
  });

  const peerNames = ['direct', 'ours', 'grants', 'squid', 'dante'];
  const targets = await startNode('targets', join(here, 'target-process.mjs'), peerNames);
  drivers.push({ label: 'targets', pid: targets.child.pid });
  const http = targets.message.http;
  const idlePort = targets.message.idle;
  await startLoad();

  const squidPort = await freePort();
  const dantePort = await freePort();
  const auth = { username: USER, password: PASS };
  const socksAuth = { username: SOCKS_USER, password: PASS };
  const to = (name) => ({ targetHost: LOOPBACK, targetPort: http[name] });
  const toIdle = { targetHost: LOOPBACK, targetPort: idlePort };

  routes.direct = { mode: 'direct', host: LOOPBACK, port: http.direct, ...to('direct') };

  // ---- memory: each measured on a process that has served nothing else yet.
  const idle = {};
  {
    log('idle tunnels: starting a fresh gateway for CONNECT');
    const gateway = await startGateway(bundle);
    await smokeTest('our gateway (CONNECT)', 'downloads', {
      mode: 'connect',
      host: LOOPBACK,
      port: gateway.port,
      ...auth,
      ...to('ours'),
    });
    idle.oursConnect = await measureIdle(
      'our gateway, CONNECT',
      gateway.pgid,
      {
        mode: 'connect',
        host: LOOPBACK,
        port: gateway.port,
        ...auth,
        ...toIdle,
      },
      gateway.collect,
    );
    await stopProcess(gateway.entry);
  }

  log(`starting Squid on ${squidPort}`);
  const squidConfig = squidSetup({
    dir: tempDir,
    port: squidPort,
    targetPorts: [...Object.values(http), idlePort],
    service: `ptcbench${process.pid}`,
  });
  shmPrefixes.push(squidConfig.shmPrefix);
  const squid = await startBinary('squid', squidConfig, squidPort);
  routes.squidConnect = { mode: 'connect', host: LOOPBACK, port: squidPort, ...to('squid') };
  routes.squidForward = { mode: 'forward', host: LOOPBACK, port: squidPort, ...to('squid') };
  await smokeTest('Squid (CONNECT)', 'downloads', routes.squidConnect);
  idle.squid = await measureIdle('Squid, CONNECT', squid.child.pid, {
    mode: 'connect',
    host: LOOPBACK,
    port: squidPort,
    ...toIdle,
  });

  log('starting the gateway used for SOCKS5 memory and every throughput scenario');
  const gateway = await startGateway(bundle);
  versions.relay = gateway.relay;
  routes.oursConnect = { mode: 'connect', host: LOOPBACK, port: gateway.port, ...auth, ...to('ours') };
  routes.oursForward = { mode: 'forward', host: LOOPBACK, port: gateway.port, ...auth, ...to('ours') };
  routes.oursSocks = { mode: 'socks5', host: LOOPBACK, port: gateway.port, ...socksAuth, ...to('ours') };
  await smokeTest('our gateway (SOCKS5)', 'downloads', routes.oursSocks);
  idle.oursSocks = await measureIdle(
    'our gateway, SOCKS5',
    gateway.pgid,
    {
      mode: 'socks5',
      host: LOOPBACK,
      port: gateway.port,
      ...socksAuth,
      ...toIdle,
    },
    gateway.collect,
  );

  log(`starting Dante on ${dantePort}`);
  const dante = await startBinary('dante', danteSetup({ dir: tempDir, port: dantePort }), dantePort);
  routes.danteSocks = { mode: 'socks5', host: LOOPBACK, port: dantePort, ...to('dante') };
  await smokeTest('Dante (SOCKS5)', 'downloads', routes.danteSocks);
  idle.dante = await measureIdle('Dante, SOCKS5', dante.child.pid, {
    mode: 'socks5',
    host: LOOPBACK,
    port: dantePort,
    ...toIdle,
  });

  // ---- our gateway with a finite balance: every byte it carries is carried on quota grants.
  log('starting our gateway with a finite balance (grants) for every throughput scenario');
  const grantsGateway = await startGateway(bundle, 'finite');
  const grantsRoute = (mode) => ({
    mode,
    host: LOOPBACK,
    port: grantsGateway.port,
    ...(mode === 'socks5' ? socksAuth : auth),
    ...to('grants'),
  });
  routes.grantsConnect = grantsRoute('connect');
  routes.grantsForward = grantsRoute('forward');
  routes.grantsSocks = grantsRoute('socks5');

  // ---- throughput and latency
  for (const [label, kind, route] of [
    ['direct', 'downloads', routes.direct],
    ['direct', 'requests', routes.direct],
    ['our gateway (CONNECT)', 'downloads', routes.oursConnect],
    ['our gateway (forward)', 'requests', routes.oursForward],
    ['our gateway, finite balance (CONNECT)', 'downloads', routes.grantsConnect],
    ['our gateway, finite balance (forward)', 'requests', routes.grantsForward],
    ['our gateway, finite balance (SOCKS5)', 'downloads', routes.grantsSocks],
    ['Squid (forward)', 'requests', routes.squidForward],
  ]) {
    await smokeTest(label, kind, route);
  }
  {
    const report = await grantsGateway.creditReport();
    if (!(report.reservations > 0)) throw new Error('our gateway with a finite balance made no reservation');
  }

  const direct = { key: 'direct', label: 'direct', route: routes.direct };
  /** Our gateway with a finite balance, next to ours unlimited in every round (the order is ours, grants, peer). */
  const grants = (route) => ({
    key: 'grants',
    label: 'our gateway, finite balance (grants)',
    route,
    pgid: grantsGateway.pgid,
    credit: grantsGateway.creditReport,
  });
  const connect = await runScenario({
    title: 'CONNECT 1 MB',
    kind: 'downloads',
    clients: SETTINGS.downloadClients,
    peers: [
      direct,
      { key: 'ours', label: 'our gateway', route: routes.oursConnect, pgid: gateway.pgid },
      grants(routes.grantsConnect),
      { key: 'squid', label: 'Squid', route: routes.squidConnect, pgid: squid.child.pid },
    ],
  });
  const forward = await runScenario({
    title: 'HTTP forward 1 KB',
    kind: 'requests',
    clients: SETTINGS.requestConnections,
    peers: [
      direct,
      { key: 'ours', label: 'our gateway', route: routes.oursForward, pgid: gateway.pgid },
      grants(routes.grantsForward),
      { key: 'squid', label: 'Squid', route: routes.squidForward, pgid: squid.child.pid },
    ],
  });
  const socks = await runScenario({
    title: 'SOCKS5 1 MB',
    kind: 'downloads',
    clients: SETTINGS.downloadClients,
    peers: [
      direct,
      { key: 'ours', label: 'our gateway', route: routes.oursSocks, pgid: gateway.pgid },
      grants(routes.grantsSocks),
      { key: 'dante', label: 'Dante', route: routes.danteSocks, pgid: dante.child.pid },
    ],
  });

  versions.otherCpu = otherCpu.reduce((sum, value) => sum + value, 0) / otherCpu.length;
  const credit = await grantsGateway.creditReport();
  const report = buildReport({ versions, connect, forward, socks, idle, credit });
  const notes = [
    '',
    `Added latency = the proxy's percentile minus direct's, both at the same load. Keep-alive reconnects: ` +
      `ours ${forward.ours.reconnects}, ours with grants ${forward.grants.reconnects}, Squid ${forward.squid.reconnects}. ` +
      `Dante runs as ${idle.dante.after.processes} processes with ${SETTINGS.idleTunnels} tunnels (PSS counts shared pages once).`,
  ];
  notes.push(
    'Ratios of added latency are left out (n/a) when the peer adds less than 5 % of the direct latency.',
    `Finite balance (grants): a second process of our gateway whose proxy is billed at 5 PTC/GB, its owner holding ` +
      `${rps(credit.balance / 1e6)} PTC in a credit store that answers after a ~1 ms round trip; every byte it carries ` +
      `is carried on quota grants. It runs next to ours unlimited in every round; grants ÷ unlimited compares the two ` +
      `(budget ≥ ${GRANTS_WITHIN}), and it has the same budget against the peer as ours. Its usage consumed ` +
      `${fixed(credit.consumed / 1e6, 1)} PTC, ${fixed(credit.overrun / 1e6, 3)} PTC of it beyond what was reserved.`,
  );
  if (versions.otherCpu > 0.25) {
    notes.push(
      `**Other work used ${fixed(versions.otherCpu, 2)} cores during the measurements: figures are disturbed; ` +
        'rerun on a quiet machine.**',
    );
  }
  if (report.errors) notes.push(`Errors during the run: ${report.errors}`);
  process.stdout.write(`\n_${report.caption}_\n\n${report.table}\n${notes.join('\n')}\n\n`);
  process.stdout.write(`summary: ${JSON.stringify(report.machine)}\n`);
  if (SETTINGS.json) {
    writeFileSync(
      SETTINGS.json,
      `${JSON.stringify({ settings: SETTINGS, versions, connect, forward, socks, idle, credit, summary: report.machine }, dropLatencies, 2)}\n`,
    );
  }
  return 0;
};

/** JSON replacer: raw latency arrays stay out of the results file. */
const dropLatencies = (key, value) => (key === 'latencies' ? undefined : value);

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
