// Our gateway as the benchmark runs it: one process, one worker, in-memory stores, one listener
// (auto protocol: HTTP forward/CONNECT and SOCKS5 on the same port). run.mjs bundles this file with
// esbuild, as apps/server/build.mjs bundles the production gateway, and forks it with plain node.
// Sends `{ type: 'ready', port }` once listening; SIGTERM (or the orchestrator going away) closes it.
//
// BENCH_GATEWAY_CREDIT chooses how the bench proxy is billed (run.mjs starts one process of each):
// - `unlimited` (the default): paid in advance (`pricePerGb: null`), so no credit control at all;
// - `finite`: billed by traffic at 5 PTC/GB, its owner holding a finite balance (BENCH_BALANCE_PTC)
//   in a bench-local credit store that answers after a simulated database round trip, so every
//   byte is carried against quota grants (reservations) as in production. Its credentials belong to
//   a sub-user (issue #21) with limits far above what a run moves (1 PB of traffic, 1e9 PTC of
//   spending, per month), so every byte is also carried against grants of the sub-user's limits.
import {
  type AllowListStore,
  type CreditAnswer,
  type CreditRequest,
  type CreditStore,
  createGateway,
  type Exit,
  type ExitCatalog,
  MemoryCredentialStore,
  makeCredential,
  makeExit,
  type SubUserCreditAnswer,
  type SubUserCreditRequest,
  type UsageBatch,
  type UsageSink,
} from '@ptc/gateway';

const CREDIT_MODE = process.env.BENCH_GATEWAY_CREDIT ?? 'unlimited';
if (CREDIT_MODE !== 'unlimited' && CREDIT_MODE !== 'finite') {
  throw new Error(`BENCH_GATEWAY_CREDIT must be unlimited or finite, not ${CREDIT_MODE}`);
}

/** Bytes in one GB of billed traffic (2^30), as prices are per GB (apps/gateway: `BYTES_PER_GB`). */
const BYTES_PER_GB = 2 ** 30;
/** Micro-PTC per PTC. */
const MICRO = 1_000_000;
/** The finite variant's price: 5 PTC per GB (line 1 of dynamic traffic, SPEC §9), in micro-PTC. */
const PRICE_PER_GB = 5 * MICRO;
/**
 * The owner's balance in the finite variant: 100 000 PTC, i.e. 20 000 GB at 5 PTC/GB. CONNECT on
 * loopback moves 1 – 3 GB/s, so even an hour of uninterrupted load (≤ 11 000 GB) would not use it
 * up; at most one reservation (8 GiB, 40 PTC) is held beyond what was carried.
 */
const BALANCE = Number(process.env.BENCH_BALANCE_PTC ?? '100000') * MICRO;
if (!(BALANCE > 0)) throw new Error('BENCH_BALANCE_PTC must be a positive number of PTC');
/** The finite variant's sub-user limits: 1 PB of traffic and 1e9 PTC of spending per month. */
const SUB_USER_TRAFFIC_LIMIT = 1e15;
const SUB_USER_SPENDING_LIMIT = 1e9 * MICRO;
/** The simulated round trip of one credit store call to the database, ms. */
const STORE_ROUND_TRIP_MS = 1;

const credential = makeCredential({
  username: 'bench',
  password: 'bench-pass',
  family: 'dynamic-traffic',
  protocol: 'http',
  pricePerGb: CREDIT_MODE === 'finite' ? PRICE_PER_GB : null,
  subUser:
    CREDIT_MODE === 'finite'
      ? {
          id: 'bench-sub-user',
          trafficLimitBytes: SUB_USER_TRAFFIC_LIMIT,
          spendingLimit: SUB_USER_SPENDING_LIMIT,
          bytesUsed: 0,
          moneyUsed: 0,
          periodEndsAt: Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() + 1, 1),
        }
      : null,
  // Per-domain usage (issue #21) is tallied as in production unless BENCH_DOMAIN_USAGE=off
  // (the owner switched it off), to measure what the tally costs.
  domainUsage: process.env.BENCH_DOMAIN_USAGE !== 'off',
});
/** The same owner's SOCKS5 proxy (the gateway carries a proxy over its own protocol only). */
const socksCredential = makeCredential({
  ...credential,
  proxyId: `${credential.proxyId}0`,
  username: 'benchsocks',
  protocol: 'socks5',
});
const benchProxyIds = new Set([credential.proxyId, socksCredential.proxyId]);
const exits: Exit[] = [makeExit({ kind: 'direct' })];

/**
 * A fixed in-memory catalogue, its answer always at hand (as the product's cached one mostly is).
 * `MemoryExitCatalog` is not used on purpose: it records every lookup (one per dial) for tests,
 * which would grow the heap during a benchmark.
 */
const catalog: ExitCatalog = { findExits: async () => exits, recallExits: () => exits };

const roundTrip = () => new Promise<void>((resolve) => setTimeout(resolve, STORE_ROUND_TRIP_MS));

/**
 * Credit as the database keeps it, in memory, for one process: each owner's balance (micro-PTC; no
 * traffic packages) and what this gateway holds of it. A reservation holds what is asked for, up
 * to what is left (`no_funds` once nothing is); usage flushes consume the holds (beyond them, the
 * balance); a release gives back what is held and unused. Every call answers after a simulated
 * round trip. `MemoryCreditStore` is not used on purpose: it records every request for tests.
 * Only counters are kept, for the report run.mjs asks for over IPC.
 */
class BenchCreditStore implements CreditStore {
  private readonly balances = new Map<string, number>();
  private readonly holds = new Map<string, number>();
  /** Reservations granted, and the micro-PTC they held. */
  reservations = 0;
  reserved = 0;
  /** Reservations answered `no_funds` (the balance did not last). */
  refusals = 0;
  /** Micro-PTC and bytes consumed by usage flushes; of them, micro-PTC beyond what was held. */
  consumed = 0;
  consumedBytes = 0;
  overrun = 0;
  /** Micro-PTC given back by releases. */
  released = 0;
  renewals = 0;
  /** Grants of the sub-user's limits (finite variant), and what is held of them. */
  subUserGrants = 0;
  private subUserHeld = { bytes: 0, money: 0 };
  private subUserUsed = { bytes: 0, money: 0 };

  constructor(balances: Record<string, number>) {
    for (const [userId, money] of Object.entries(balances)) this.balances.set(userId, money);
  }

  async reserve(request: CreditRequest): Promise<CreditAnswer> {
    await roundTrip();
    const left = this.balances.get(request.userId) ?? 0;
    const money = Math.min(Math.ceil((request.bytes * request.pricePerGb) / BYTES_PER_GB), Math.floor(left));
    if (!(money > 0)) {
      this.refusals += 1;
      return { ok: false, reason: 'no_funds' };
    }
    this.balances.set(request.userId, left - money);
    this.holds.set(request.userId, (this.holds.get(request.userId) ?? 0) + money);
    this.reservations += 1;
    this.reserved += money;
    return { ok: true, credit: { packageBytes: 0, money } };
  }

  async release(userIds: readonly string[]): Promise<void> {
    await roundTrip();
    for (const userId of userIds) {
      const held = this.holds.get(userId) ?? 0;
      this.holds.delete(userId);
      this.balances.set(userId, (this.balances.get(userId) ?? 0) + held);
      this.released += held;
    }
  }

  /** Holds what is left of the sub-user's limits, up to what is asked for (as the database does). */
  async reserveSubUser(request: SubUserCreditRequest): Promise<SubUserCreditAnswer> {
    await roundTrip();
    const { limits } = request;
    const held = this.subUserHeld;
    const used = this.subUserUsed;
    const bytes =
      limits.trafficLimitBytes === null
        ? null
        : Math.max(0, Math.min(request.bytes, limits.trafficLimitBytes - used.bytes - held.bytes));
    const money =
      limits.spendingLimit === null
        ? null
        : Math.max(0, Math.min(request.money, limits.spendingLimit - used.money - held.money));
    if (bytes === 0 || (bytes === null && money === 0)) return { ok: false, reason: 'sub_user_limit' };
    held.bytes += bytes ?? 0;
    held.money += money ?? 0;
    this.subUserGrants += 1;
    return { ok: true, grant: { bytes, money } };
  }

  async releaseSubUsers(): Promise<void> {
    await roundTrip();
    this.subUserHeld = { bytes: 0, money: 0 };
  }

  async renew(): Promise<void> {
    await roundTrip();
    this.renewals += 1;
  }

  /** Consumes holds for a batch of usage, as the database's usage flush does (no package bytes here). */
  async applyUsage(batch: UsageBatch): Promise<void> {
    await roundTrip();
    for (const delta of batch.deltas) {
      if (!benchProxyIds.has(delta.proxyId) || credential.pricePerGb === null) continue;
      const bytes = delta.bytesUp + delta.bytesDown;
      const money = (bytes * credential.pricePerGb) / BYTES_PER_GB;
      const held = this.holds.get(credential.userId) ?? 0;
      const fromHold = Math.min(money, held);
      this.holds.set(credential.userId, held - fromHold);
      const beyond = money - fromHold;
      if (beyond > 0) {
        this.overrun += beyond;
        this.balances.set(credential.userId, (this.balances.get(credential.userId) ?? 0) - beyond);
      }
      this.consumed += money;
      this.consumedBytes += bytes;
      if (credential.subUser) {
        const held = this.subUserHeld;
        held.bytes = Math.max(0, held.bytes - bytes);
        held.money = Math.max(0, held.money - money);
        this.subUserUsed.bytes += bytes;
        this.subUserUsed.money += money;
      }
    }
  }

  /** The counters, and the owner's balance left and held (micro-PTC). */
  report() {
    return {
      balance: BALANCE,
      left: this.balances.get(credential.userId) ?? 0,
      held: this.holds.get(credential.userId) ?? 0,
      reservations: this.reservations,
      reserved: this.reserved,
      refusals: this.refusals,
      consumed: this.consumed,
      consumedBytes: this.consumedBytes,
      overrun: this.overrun,
      released: this.released,
      renewals: this.renewals,
      subUserGrants: this.subUserGrants,
    };
  }
}

const store = new BenchCreditStore({ [credential.userId]: BALANCE });

/** Usage is metered as in production; in the finite variant it consumes the holds, else it is dropped. */
const usage: UsageSink =
  CREDIT_MODE === 'finite' ? { flush: (batch) => store.applyUsage(batch) } : { flush: async () => {} };

/**
 * The finite variant holds an IP allow-list (issue #21) as a busy production gateway does: 1,000
 * entries of other customers (10.0.0.0/8 addresses, none the benchmark's clients, which present
 * credentials), reloaded every 30 s. Password clients never look it up; it is there so that the
 * process carries every feature while it is measured.
 */
const allowList: AllowListStore | undefined =
  CREDIT_MODE === 'finite'
    ? {
        load: async () =>
          Array.from({ length: 1_000 }, (_, index) => ({
            network: `10.${index >> 8}.${index & 255}.0/24`,
            proxyId: credential.proxyId,
            username: credential.username,
          })),
        onChange: () => () => {},
      }
    : undefined;

const gateway = createGateway({
  allowList,
  // BENCH_GATEWAY_RELAY=stream measures the fallback relay (Node.js streams) instead of splice.
  relay: process.env.BENCH_GATEWAY_RELAY === 'stream' ? 'stream' : 'auto',
  credentials: new MemoryCredentialStore([credential, socksCredential]),
  exits: catalog,
  usage,
  // Production sizes and times. In the unlimited variant only its renewals (every 10 s) are called.
  credit: store,
  listeners: [{ host: '127.0.0.1', port: 0, protocol: 'auto' }],
  allowPrivateTargets: ['127.0.0.0/8'],
  // The idle-tunnel scenario holds 1 000+ connections of one proxy (default cap: 1 000 per proxy).
  limits: { maxConnections: 50_000, maxConnectionsPerProxy: 50_000 },
});

const [bound] = await gateway.listen();
if (!bound) throw new Error('the gateway bound no listener');

/** What credit control did so far: the store's counters and the gateway's own. */
const creditReport = () => ({ mode: CREDIT_MODE, ...store.report(), gateway: gateway.stats().credit });

let isClosing = false;
const close = async () => {
  if (isClosing) return;
  isClosing = true;
  const timer = setTimeout(() => process.exit(0), 3_000);
  timer.unref();
  await gateway.close().catch(() => {});
  if (CREDIT_MODE === 'finite') {
    const report = creditReport();
    process.stderr.write(
      `[bench] our gateway (finite balance) at exit: ${report.reservations} reservations holding ` +
        `${(report.reserved / MICRO).toFixed(1)} PTC, ${(report.consumed / MICRO).toFixed(1)} PTC consumed ` +
        `(${(report.consumedBytes / BYTES_PER_GB).toFixed(1)} GB), ${report.refusals} refusals, ` +
        `${(report.left / MICRO).toFixed(1)} of ${(report.balance / MICRO).toFixed(0)} PTC left\n`,
    );
  }
  process.exit(0);
};
process.on('SIGTERM', close);
process.on('SIGINT', close);
process.on('disconnect', close);
process.on('message', (message: { type?: string }) => {
  // `credit`: what credit control did so far (run.mjs asks around each measured window).
  if (message?.type === 'credit') {
    process.send?.({ type: 'credit-report', ...creditReport() });
    return;
  }
  // `gc` (run.mjs starts us with --expose-gc): a full collection before a memory sample, so that the
  // idle-tunnel figure is memory the tunnels retain, not garbage that V8 has not collected yet.
  if (message?.type !== 'gc') return;
  const collect = (globalThis as { gc?: () => void }).gc;
  collect?.();
  collect?.();
  process.send?.({ type: 'gc-done', collected: collect !== undefined });
});
process.send?.({ type: 'ready', port: bound.port, relay: gateway.stats().relay, credit: CREDIT_MODE });
