import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startScheduler } from '../jobs/scheduler';
import { customerWithBalance } from '../test/factories';
import { createTestApp, type TestApp } from '../test/test-app';

const METRICS_TOKEN = 'scrape-token-0123456789abcdef';

describe('/metrics for Prometheus', () => {
  let t: TestApp;
  let closed: TestApp;
  beforeAll(async () => {
    [t, closed] = await Promise.all([createTestApp({ METRICS_TOKEN }), createTestApp()]);
  });
  afterAll(async () => {
    await Promise.all([t?.close(), closed?.close()]);
  });

  const scrape = (app: TestApp, authorization?: string) =>
    app.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });

  it('exists only with METRICS_TOKEN, and answers only its bearer (compared in constant time)', async () => {
    expect((await scrape(closed, `Bearer ${METRICS_TOKEN}`)).statusCode).toBe(404);
    for (const header of [undefined, 'Bearer wrong', `Bearer ${METRICS_TOKEN}x`, METRICS_TOKEN.slice(1)]) {
      expect((await scrape(t, header)).statusCode, header).toBe(401);
    }
    const answer = await scrape(t, `Bearer ${METRICS_TOKEN}`);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toContain('text/plain');
  });

  it('counts requests by route pattern (never the raw URL), their latency, the ledger and job rounds', async () => {
    await customerWithBalance(t.database, 7_000_000n);
    await t.app.inject({ method: 'GET', url: '/api/proxy/charges/order/T-secret-looking-order-no' });
    const scheduler = startScheduler({
      jobs: [
        { name: 'works', everyMs: 20, run: async () => 1 },
        {
          name: 'breaks',
          everyMs: 20,
          run: async () => {
            throw new Error('boom');
          },
        },
      ],
      isLeader: async () => true,
      log: t.app.log,
      onRound: (job, outcome) => t.app.metrics.jobRuns.inc({ job, outcome }),
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    await scheduler.stop();

    const text = (await scrape(t, `Bearer ${METRICS_TOKEN}`)).body;
    expect(text).toMatch(
      /ptc_http_requests_total\{method="GET",route="\/api\/proxy\/charges\/order\/:order_no",status="401"\} 1/,
    );
    expect(text).not.toContain('T-secret-looking-order-no');
    expect(text).toMatch(
      /ptc_http_request_duration_seconds_count\{method="GET",route="\/api\/proxy\/charges\/order\/:order_no"\} 1/,
    );
    expect(text).toMatch(/ptc_ledger_micro_ptc\{what="balances"\} [1-9]\d*/);
    const balances = /ptc_ledger_micro_ptc\{what="balances"\} (\d+)/.exec(text)?.[1];
    expect(/ptc_ledger_micro_ptc\{what="entries"\} (\d+)/.exec(text)?.[1]).toBe(balances);
    expect(text).toMatch(/ptc_job_runs_total\{job="works",outcome="ok"\} [1-9]/);
    expect(text).toMatch(/ptc_job_runs_total\{job="breaks",outcome="failed"\} [1-9]/);
    expect(text).toContain('ptc_gateway_connections 0');
    expect(text).toContain('ptc_process_cpu_user_seconds_total');
  });
});
