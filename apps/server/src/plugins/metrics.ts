import { createHash, timingSafeEqual } from 'node:crypto';
import { AppError } from '@ptc/contracts';
import { type Database, queryRows, sql } from '@ptc/db';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/** What the gateway of this process reports (the embedded one; a standalone gateway has none here). */
export interface GatewayStatsSource {
  stats(): {
    connections: number;
    credit: { owners: number; holding: number; reservations: number; refusals: number };
    usage: { bytesUp: number; bytesDown: number; flushLagMs: number; lastFlushAt: number | null };
    refusals: { kind: string; code: number; count: number }[];
  };
}

/** Raises a counter to a running total read from elsewhere (the gateway counts; Prometheus wants counters). */
const catchUp = <L extends string>(
  counter: Counter<L>,
  seen: Map<string, number>,
  labels: Partial<Record<L, string | number>>,
  total: number,
) => {
  const key = JSON.stringify(labels);
  const delta = total - (seen.get(key) ?? 0);
  if (delta > 0) counter.inc(labels, delta);
  seen.set(key, Math.max(total, seen.get(key) ?? 0));
};

/**
 * The process's Prometheus metrics (prom-client, one registry per app): HTTP requests by route
 * pattern and status with their latency, job rounds by outcome, the embedded gateway's connections
 * and credit control, the ledger's totals (read at scrape time), and Node's process metrics.
 */
export class AppMetrics {
  readonly registry = new Registry();
  private gateway: GatewayStatsSource | null = null;
  readonly httpRequests = new Counter({
    name: 'ptc_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [this.registry],
  });
  readonly httpDuration = new Histogram({
    name: 'ptc_http_request_duration_seconds',
    help: 'HTTP request latency, by method and route pattern',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [this.registry],
  });
  readonly jobRuns = new Counter({
    name: 'ptc_job_runs_total',
    help: 'Background job rounds, by job and outcome (ok, failed)',
    labelNames: ['job', 'outcome'] as const,
    registers: [this.registry],
  });

  constructor(db: Database, options: { processMetrics: boolean }) {
    if (options.processMetrics) collectDefaultMetrics({ register: this.registry, prefix: 'ptc_' });
    const source = () => this.gateway?.stats() ?? null;
    new Gauge({
      name: 'ptc_gateway_connections',
      help: 'Open client connections of the embedded gateway',
      registers: [this.registry],
      collect() {
        this.set(source()?.connections ?? 0);
      },
    });
    new Gauge({
      name: 'ptc_gateway_credit',
      help: 'Credit control of the embedded gateway: owners known, owners holding credit, reservations and refusals so far',
      labelNames: ['what'] as const,
      registers: [this.registry],
      collect() {
        const credit = source()?.credit;
        for (const what of ['owners', 'holding', 'reservations', 'refusals'] as const) {
          this.set({ what }, credit?.[what] ?? 0);
        }
      },
    });
    const seenBytes = new Map<string, number>();
    new Counter({
      name: 'ptc_gateway_bytes_total',
      help: 'Client-target bytes metered by the embedded gateway, by direction (up: client to target)',
      labelNames: ['direction'] as const,
      registers: [this.registry],
      collect() {
        const usage = source()?.usage;
        catchUp(this, seenBytes, { direction: 'up' }, usage?.bytesUp ?? 0);
        catchUp(this, seenBytes, { direction: 'down' }, usage?.bytesDown ?? 0);
      },
    });
    const seenRefusals = new Map<string, number>();
    new Counter({
      name: 'ptc_gateway_refusals_total',
      help: 'Connections and requests the gateway refused, by refusal kind and code (README: refusal codes)',
      labelNames: ['kind', 'code'] as const,
      registers: [this.registry],
      collect() {
        for (const refusal of source()?.refusals ?? []) {
          catchUp(this, seenRefusals, { kind: refusal.kind, code: String(refusal.code) }, refusal.count);
        }
      },
    });
    new Gauge({
      name: 'ptc_gateway_usage_flush_lag_seconds',
      help: 'Age of the oldest metered usage the embedded gateway has not yet flushed to the database (0: all flushed)',
      registers: [this.registry],
      collect() {
        this.set((source()?.usage.flushLagMs ?? 0) / 1000);
      },
    });
    new Gauge({
      name: 'ptc_ledger_micro_ptc',
      help: 'Money in micro-PTC: the sum of balances, what gateways hold, and the sum of ledger entries (equal to the balances)',
      labelNames: ['what'] as const,
      registers: [this.registry],
      async collect() {
        const [totals] = await queryRows<{ balances: string; held: string; entries: string }>(
          db,
          sql`select (select coalesce(sum(balance), 0) from users)::text as balances,
                     (select coalesce(sum(held), 0) from users)::text as held,
                     (select coalesce(sum(amount), 0) from ledger_entries)::text as entries`,
        );
        this.set({ what: 'balances' }, Number(totals?.balances ?? 0));
        this.set({ what: 'held' }, Number(totals?.held ?? 0));
        this.set({ what: 'entries' }, Number(totals?.entries ?? 0));
      },
    });
  }

  /** The embedded gateway, once it runs. */
  watchGateway(gateway: GatewayStatsSource): void {
    this.gateway = gateway;
  }
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * `GET /metrics` in Prometheus text format, for a scraper holding `METRICS_TOKEN` (header
 * `Authorization: Bearer <token>`, compared in constant time); without the variable there is no
 * endpoint (404). Counts every answered request by its route pattern (never the raw URL).
 */
export const metricsPlugin = fp(
  async (app: FastifyInstance, { metrics, token }: { metrics: AppMetrics; token: string | undefined }) => {
    app.addHook('onResponse', async (request, reply) => {
      const route = request.routeOptions.url ?? 'unmatched';
      metrics.httpRequests.inc({ method: request.method, route, status: String(reply.statusCode) });
      metrics.httpDuration.observe({ method: request.method, route }, reply.elapsedTime / 1000);
    });
    app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
      if (!token) throw new AppError('ERR_NOT_FOUND');
      const given = (request.headers.authorization ?? '').replace(/^Bearer\s+/i, '');
      if (!timingSafeEqual(digest(given), digest(token))) throw new AppError('ERR_TOKEN_ERROR');
      return reply
        .header('content-type', metrics.registry.contentType)
        .header('cache-control', 'no-store')
        .send(await metrics.registry.metrics());
    });
  },
);
