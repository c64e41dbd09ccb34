import { createExit } from '@ptc/db/testing';
import { curl } from '@ptc/gateway/testing/curl';
import { startHttpTarget, type TestTarget } from '@ptc/gateway/testing/targets';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningGateway, startGateway } from '../gateway';
import { startScheduler } from '../jobs/scheduler';
import { ACCOUNT_TEST_ENV } from '../test/accounts';
import { customerWithBalance } from '../test/factories';
import { freePort, gatewayTestEnv, generateOk } from '../test/proxies';
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

describe('/metrics of the embedded gateway', () => {
  let t: TestApp;
  let gateway: RunningGateway;
  let target: TestTarget;
  beforeAll(async () => {
    const port = await freePort();
    [t, target] = await Promise.all([
      createTestApp({ METRICS_TOKEN, ...gatewayTestEnv(port), ...ACCOUNT_TEST_ENV }),
      startHttpTarget(),
    ]);
    await createExit(t.database.db, { country: 'US', line: 1 });
    gateway = await startGateway(t.app.config, t.database, t.app.log);
    t.app.metrics.watchGateway(gateway.gateway);
  });
  afterAll(async () => {
    await gateway?.close();
    await target?.close();
    await t?.close();
  });

  const scrape = async () =>
    (
      await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      })
    ).body;
  const figure = (text: string, pattern: RegExp) => Number(pattern.exec(text)?.[1] ?? Number.NaN);

  it('counts metered bytes by direction, refusals by kind and code, and shows the usage flush lag', async () => {
    const before = await scrape();
    const down = figure(before, /ptc_gateway_bytes_total\{direction="down"\} (\d+)/) || 0;
    const customer = await customerWithBalance(t.database, 5_000_000n);
    const [proxy] = (await generateOk(t.app, t.database.db, customer, 'dynamic/traffic', { country: 'US' }))
      .data;
    const via = `http://${proxy.username}:${proxy.password}@${proxy.address}:${proxy.port}`;
    expect((await curl(['-x', via, `http://127.0.0.1:${target.port}/bytes/100000`])).status).toBe(200);
    expect(
      (await curl(['-x', `http://nobody:wrong@${proxy.address}:${proxy.port}`, 'http://127.0.0.1/'])).status,
    ).toBe(407);
    await expect
      .poll(async () => figure(await scrape(), /ptc_gateway_bytes_total\{direction="down"\} (\d+)/), {
        timeout: 5_000,
      })
      .toBeGreaterThanOrEqual(down + 100_000);
    const text = await scrape();
    expect(figure(text, /ptc_gateway_bytes_total\{direction="up"\} (\d+)/)).toBeGreaterThan(0);
    expect(
      figure(text, /ptc_gateway_refusals_total\{kind="auth_required",code="2004"\} (\d+)/),
    ).toBeGreaterThanOrEqual(1);
    expect(text).toMatch(/ptc_gateway_usage_flush_lag_seconds \d/);
  });
});
