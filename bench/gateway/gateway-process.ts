// Our gateway as the benchmark runs it: one process, one worker, in-memory stores, one listener
// (auto protocol: HTTP forward/CONNECT and SOCKS5 on the same port). run.mjs bundles this file with
// esbuild, as apps/server/build.mjs bundles the production gateway, and forks it with plain node.
// Sends `{ type: 'ready', port }` once listening; SIGTERM (or the orchestrator going away) closes it.
import {
  createGateway,
  type Exit,
  type ExitCatalog,
  MemoryCredentialStore,
  makeCredential,
  makeExit,
  type UsageSink,
} from '@ptc/gateway';

const credential = makeCredential({ username: 'bench', password: 'bench-pass', family: 'dynamic-traffic' });
const exits: Exit[] = [makeExit({ kind: 'direct' })];

/**
 * A fixed in-memory catalogue. `MemoryExitCatalog` is not used on purpose: it records every lookup
 * (one per dial) for tests, which would grow the heap during a benchmark.
 */
const catalog: ExitCatalog = { findExits: async () => exits };

/** Usage is metered as in production, then dropped. */
const usage: UsageSink = { flush: async () => {} };

const gateway = createGateway({
  // BENCH_GATEWAY_RELAY=stream measures the fallback relay (Node.js streams) instead of splice.
  relay: process.env.BENCH_GATEWAY_RELAY === 'stream' ? 'stream' : 'auto',
  credentials: new MemoryCredentialStore([credential]),
  exits: catalog,
  usage,
  listeners: [{ host: '127.0.0.1', port: 0, protocol: 'auto' }],
  allowPrivateTargets: ['127.0.0.0/8'],
  // The idle-tunnel scenario holds 1 000+ connections of one proxy (default cap: 1 000 per proxy).
  limits: { maxConnections: 50_000, maxConnectionsPerProxy: 50_000 },
});

const [bound] = await gateway.listen();
if (!bound) throw new Error('the gateway bound no listener');

let isClosing = false;
const close = async () => {
  if (isClosing) return;
  isClosing = true;
  const timer = setTimeout(() => process.exit(0), 3_000);
  timer.unref();
  await gateway.close().catch(() => {});
  process.exit(0);
};
process.on('SIGTERM', close);
process.on('SIGINT', close);
process.on('disconnect', close);
// `gc` (run.mjs starts us with --expose-gc): a full collection before a memory sample, so that the
// idle-tunnel figure is memory the tunnels retain, not garbage that V8 has not collected yet.
process.on('message', (message: { type?: string }) => {
  if (message?.type !== 'gc') return;
  const collect = (globalThis as { gc?: () => void }).gc;
  collect?.();
  collect?.();
  process.send?.({ type: 'gc-done', collected: collect !== undefined });
});
process.send?.({ type: 'ready', port: bound.port, relay: gateway.stats().relay });
