import { randomUUID } from 'node:crypto';
import type { Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import type { RelayStats } from '@ptc/relay';
import { type Listed, Roster } from '../connections/roster';
import type { Allowance } from '../credit/allowance';
import type { GatewayLogger } from '../gateway.types';
import type { UsageBatch, UsageDelta, UsageSink } from '../ports';
import { DomainTally } from './domain-tally';

/** Options of the usage meter. */
export interface UsageMeterOptions {
  sink: UsageSink;
  flushIntervalMs: number;
  now: () => number;
  log: GatewayLogger;
  /** Attempts of the last flush on close (with short pauses) before giving up and logging the batch. */
  closeAttempts?: number;
}

/** A target-side socket being metered (the handle `track` answers). */
export interface Metered extends Listed {
  readonly proxyId: string;
  readonly socket: Socket;
  read: number;
  written: number;
  /** Uses of the socket (a tunnel, or each forwarded request on a pooled one) not counted yet. */
  uncounted: number;
  /**
   * The counters of a splice relay that moves the socket's bytes past Node.js (whose own counters
   * then stay still): bytes read from and written to the target, added to the socket's.
   */
  relayed: RelayStats | null;
  /** The connection's credit (proxies billed by traffic), or null. */
  readonly allowance: Allowance | null;
  /** The target domain its bytes and uses are tallied under (issue #21), or null: not tallied. */
  domain: string | null;
}

const HOUR_MS = 3_600_000;

/** Deltas not yet put in a batch, for one hour. */
interface Bucket {
  at: number;
  deltas: Map<string, UsageDelta>;
  /** The same bytes per proxy and target domain. */
  domains: DomainTally;
}

/**
 * Meters client↔target bytes per proxy from the target-side sockets' own counters (`bytesRead` is
 * target → client, `bytesWritten` client → target; plus a splice relay's, see `Metered`), relative
 * to a baseline taken when the tunnel was established, so handshakes with the gateway or an
 * upstream proxy count zero. Open sockets
 * are sampled every interval and when they close; the deltas go to the sink as batches with a
 * fresh id. A batch the sink refused is retried as is, with the same id, before any newer one;
 * deltas sampled meanwhile wait in a separate, unsent bucket.
 */
export class UsageMeter {
  private readonly metered = new Roster<Metered>();
  /** Unsent deltas by hour. */
  private readonly buckets = new Map<number, Bucket>();
  /** Sealed batches, oldest first; the head may have failed before and is retried unchanged. */
  private readonly queue: UsageBatch[] = [];
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;
  /** Bytes metered since start (client↔target, both directions), for the metrics. */
  private totals = { up: 0, down: 0 };
  /** When the oldest usage not yet in a batch, and the oldest usage in an unsent batch, was metered. */
  private unsentSince: number | null = null;
  private queuedSince: number | null = null;
  private lastFlushAt: number | null = null;

  constructor(private readonly options: UsageMeterOptions) {}

  /**
   * Starts metering a target-side socket; it is sampled a last time when it closes. Its first use
   * counts as one connection once it has carried traffic. With an allowance, what the connection
   * consumes is measured for it (socket counters, plus a splice relay's reads from both sides), each
   * sampled byte is attributed to it, and it is closed (its unused credit given back) after the last
   * sample.
   */
  track(
    proxyId: string,
    socket: Socket,
    baseline: { read: number; written: number },
    allowance: Allowance | null = null,
    domain: string | null = null,
  ): Metered {
    const entry: Metered = {
      proxyId,
      socket,
      read: baseline.read,
      written: baseline.written,
      uncounted: 1,
      relayed: null,
      allowance,
      domain,
      rosterIndex: -1,
    };
    this.metered.add(entry);
    if (allowance) {
      const base = baseline.read + baseline.written;
      let written = baseline.written;
      allowance.measure(() => {
        // bytesWritten is undefined on a destroyed socket in some states: keep the last figure.
        written = (socket.bytesWritten as number | undefined) ?? written;
        const { relayed } = entry;
        const relayReads = relayed ? (relayed[0] ?? 0) + (relayed[4] ?? 0) : 0;
        return socket.bytesRead + written + relayReads - base;
      });
    }
    socket.on('close', () => {
      this.sample(entry);
      this.metered.remove(entry);
      allowance?.close();
    });
    return entry;
  }

  /** The sockets being metered now (open, or closing). */
  sockets(): Socket[] {
    return this.metered.list().map((entry) => entry.socket);
  }

  /**
   * One more use of a tracked socket (a forwarded request on a pooled connection): one more
   * connection, tallied under `domain` (what the socket carried before counts for its previous one).
   */
  addUse(entry: Metered, domain: string | null = entry.domain): void {
    if (domain !== entry.domain) {
      this.sample(entry);
      entry.domain = domain;
    }
    entry.uncounted += 1;
  }

  /**
   * Takes back a use that carried nothing for the client (a request written to a pooled connection
   * the target had already closed, then retried on a new one): the bytes since `mark` are not
   * counted, provided no sample has counted them yet.
   */
  dropUse(entry: Metered, mark: { read: number; written: number }): void {
    if (entry.read > mark.read || entry.written > mark.written) return;
    entry.read += Math.max(0, entry.socket.bytesRead - mark.read);
    entry.written += Math.max(0, (entry.socket.bytesWritten ?? mark.written) - mark.written);
    entry.uncounted = Math.max(0, entry.uncounted - 1);
  }

  /** Starts sampling and flushing every interval. */
  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.flush(), this.options.flushIntervalMs);
    this.timer.unref();
  }

  /** Samples every open socket and sends what is pending; failures are kept for the next run. */
  flush(): Promise<void> {
    for (const entry of this.metered.list()) this.sample(entry);
    this.flushing ??= this.send().finally(() => {
      this.flushing = null;
    });
    return this.flushing;
  }

  /** Stops the timer, samples the sockets a last time and flushes everything, retrying a few times. */
  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    const attempts = this.options.closeAttempts ?? 5;
    for (let attempt = 1; ; attempt += 1) {
      await this.flushing;
      await this.flush();
      if (this.queue.length === 0 && this.buckets.size === 0) return;
      if (attempt >= attempts) break;
      await sleep(Math.min(100 * 2 ** attempt, 2_000));
    }
    this.options.log.error(
      { batches: this.queue, unsent: [...this.buckets.values()].map((b) => [...b.deltas.values()]) },
      'usage could not be flushed on close',
    );
  }

  /**
   * What the metrics show: bytes metered so far, how far behind the sink is (the age of the oldest
   * usage not yet flushed; 0 when all is flushed) and when a flush last succeeded.
   */
  stats(): { bytesUp: number; bytesDown: number; flushLagMs: number; lastFlushAt: number | null } {
    const oldest = Math.min(
      this.unsentSince ?? Number.POSITIVE_INFINITY,
      this.queuedSince ?? Number.POSITIVE_INFINITY,
    );
    return {
      bytesUp: this.totals.up,
      bytesDown: this.totals.down,
      flushLagMs: Number.isFinite(oldest) ? Math.max(0, this.options.now() - oldest) : 0,
      lastFlushAt: this.lastFlushAt,
    };
  }

  /** Batches waiting for the sink (for tests and diagnostics). */
  get pendingBatches(): readonly UsageBatch[] {
    return this.queue;
  }

  private sample(entry: Metered): void {
    const { socket, relayed } = entry;
    const read = socket.bytesRead + (relayed?.[0] ?? 0);
    // bytesWritten is undefined on a destroyed socket in some states; never count backwards.
    const socketWritten = socket.bytesWritten as number | undefined;
    const written =
      socketWritten === undefined
        ? entry.written
        : Math.max(entry.written, socketWritten + (relayed?.[1] ?? 0));
    const down = read - entry.read;
    const up = written - entry.written;
    if (down <= 0 && up <= 0) return;
    entry.read = Math.max(entry.read, read);
    entry.written = written;
    const now = this.options.now();
    const hour = Math.floor(now / HOUR_MS);
    let bucket = this.buckets.get(hour);
    if (!bucket) {
      bucket = { at: now, deltas: new Map(), domains: new DomainTally() };
      this.buckets.set(hour, bucket);
    }
    bucket.at = now;
    let delta = bucket.deltas.get(entry.proxyId);
    if (!delta) {
      delta = { proxyId: entry.proxyId, bytesUp: 0, bytesDown: 0, connections: 0, packageBytes: 0 };
      bucket.deltas.set(entry.proxyId, delta);
    }
    delta.bytesUp += Math.max(up, 0);
    delta.bytesDown += Math.max(down, 0);
    this.totals.up += Math.max(up, 0);
    this.totals.down += Math.max(down, 0);
    this.unsentSince ??= now;
    if (entry.allowance) delta.packageBytes += entry.allowance.attribute(Math.max(up, 0) + Math.max(down, 0));
    delta.connections += entry.uncounted;
    if (entry.domain !== null) {
      bucket.domains.add(entry.proxyId, entry.domain, Math.max(up, 0) + Math.max(down, 0), entry.uncounted);
    }
    entry.uncounted = 0;
  }

  private async send(): Promise<void> {
    for (;;) {
      if (this.queue.length === 0) this.seal();
      const batch = this.queue[0];
      if (!batch) {
        this.queuedSince = null;
        return;
      }
      try {
        await this.options.sink.flush(batch);
      } catch (error) {
        this.options.log.warn({ err: error, batchId: batch.batchId }, 'usage flush failed, will retry');
        return;
      }
      this.lastFlushAt = this.options.now();
      this.queue.shift();
    }
  }

  /** Turns the unsent buckets into batches (one per hour). */
  private seal(): void {
    if (this.buckets.size > 0) {
      this.queuedSince = this.unsentSince;
      this.unsentSince = null;
    }
    for (const [hour, bucket] of [...this.buckets].sort(([a], [b]) => a - b)) {
      this.buckets.delete(hour);
      this.queue.push({
        batchId: randomUUID(),
        at: new Date(bucket.at),
        deltas: [...bucket.deltas.values()],
        domains: bucket.domains.list(),
      });
    }
  }
}
