import { createExit } from '@ptc/db/testing';
import { curl } from '@ptc/gateway/testing/curl';
import { startHttpTarget, type TestTarget } from '@ptc/gateway/testing/targets';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningGateway, startGateway } from '../../gateway';
import { freePort, gatewayTestEnv } from '../../test/proxies';
import { createTestApp, type TestApp } from '../../test/test-app';
import { callWithKey, customerWithKey } from './public-api.test-helpers';

describe('a proxy generated with a key moves bytes through the real gateway', () => {
  let t: TestApp;
  let gateway: RunningGateway;
  let target: TestTarget;

  beforeAll(async () => {
    const port = await freePort();
    [t, target] = await Promise.all([createTestApp(gatewayTestEnv(port)), startHttpTarget()]);
    await createExit(t.database.db, { country: 'US', state: 'NY', city: 'newyork', line: 1 });
    gateway = await startGateway(t.app.config, t.database, t.app.log);
  });
  afterAll(async () => {
    await gateway?.close();
    await target?.close();
    await t?.close();
  });

  it('a line of the text download (host:port:user:pass, with country and session) carries curl’s request, and its usage shows through the API', async () => {
    const customer = await customerWithKey(t.app, t.database, { balance: 5_000_000n });
    const generated = await callWithKey(t.app, customer.key, 'POST', '/api/v2/proxies/dynamic-traffic', {
      body: { country: 'US', count: 1 },
    });
    expect(generated.status).toBe(200);
    const id = generated.body.data.data[0].id as string;

    const download = await callWithKey(
      t.app,
      customer.key,
      'GET',
      '/api/v2/proxies/download?family=dynamic-traffic&format=host:port:user:pass&exit_country=us&session=random&session_life=10&lines_per_proxy=2',
    );
    const lines = (download.body as string).trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    for (const line of lines) {
      const [host, port, user, pass] = line.split(':');
      const result = await curl([
        '-x',
        `http://${host}:${port}`,
        '--proxy-user',
        `${user}:${pass}`,
        `http://127.0.0.1:${target.port}/hello`,
      ]);
      expect(result, line).toMatchObject({ exitCode: 0, status: 200, body: 'hello' });
    }

    await expect
      .poll(
        async () => {
          const usage = await callWithKey(t.app, customer.key, 'GET', `/api/v2/proxies/${id}/usage?days=1`);
          return BigInt(usage.body.data.total);
        },
        { timeout: 15_000, interval: 500 },
      )
      .toBeGreaterThan(0n);

    // Switched off through the key, the same line is refused by the gateway.
    await callWithKey(t.app, customer.key, 'PUT', `/api/v2/proxies/${id}/switch`, {
      body: { switch: 'off' },
    });
    const [host, port, user, pass] = (lines[0] ?? '').split(':');
    await expect
      .poll(
        async () =>
          (
            await curl([
              '-x',
              `http://${host}:${port}`,
              '--proxy-user',
              `${user}:${pass}`,
              `http://127.0.0.1:${target.port}/hello`,
            ])
          ).status,
        { timeout: 5_000 },
      )
      .toBe(403);
  }, 60_000); // Waits for the gateway's usage flush.
});
