import { execFile } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { openDatabase } from '@ptc/db';
import { createSession, createUser } from '@ptc/db/testing';
import { generate } from 'otplib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath, launchBrowser } from './support/browser';
import {
  freePort,
  migratedDataDir,
  type RunningServer,
  spawnServer,
  startServer,
  waitForExit,
} from './support/server';
import { type SocksUpstream, startSocksUpstream } from './support/socks-upstream';

const run = promisify(execFile);

/**
 * The operator's supply in the built product (issue #15): the owner enrols TOTP, switches the demo
 * supply off and adds a supplier's SOCKS5 proxy (on loopback) for Berlin in Chromium; a customer's
 * proxy there carries traffic through it under the templated username; once the supplier stops,
 * "Check now" shows the exit failing.
 */
describe.skipIf(!chromiumPath)('supply run by operators in the built product', () => {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  let upstream: SocksUpstream;
  let target: Server;
  let targetPort: number;
  let page: Page;
  beforeAll(async () => {
    target = createServer((_request, response) => response.end('through the supplier'));
    await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', () => resolve()));
    targetPort = (target.address() as AddressInfo).port;
    upstream = await startSocksUpstream('supplier-secret');
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await upstream?.close();
    await new Promise<void>((resolve) => target.close(() => resolve()));
  });

  it('adds a local SOCKS5 supplier as supply for Berlin; a customer proxy reaches the target through it; the check shows it failing once it stops', async () => {
    const dataDir = migratedDataDir();
    const cli = spawnServer(
      { DATA_DIR: dataDir, OPERATOR_PASSWORD: 'a long owner password' },
      'operator.js',
      ['create', '--email', 'owner@example.test', '--role', 'owner'],
    );
    const created = await waitForExit(cli.child, cli.output);
    expect(created.code, created.output).toBe(0);
    const seed = await openDatabase({ dataDir });
    const customer = await createUser(seed.db, { balance: 10_000_000n });
    const token = await createSession(seed.db, customer.id);
    await seed.close();

    const gatewayPort = await freePort();
    [server, browser] = await Promise.all([
      startServer({
        dataDir,
        env: {
          GATEWAY_PORT: String(gatewayPort),
          GATEWAY_ALLOW_PRIVATE_TARGETS: '127.0.0.0/8',
          SUPPLY_PROBE_URL: `http://127.0.0.1:${targetPort}/`,
          SUPPLY_PROBE_TIMEOUT_MS: '3000',
        },
      }),
      launchBrowser(),
    ]);
    page = await (await browser.newContext({ baseURL: server.url, locale: 'en-US' })).newPage();

    // The owner enrols TOTP at the first sign-in.
    await page.goto('/admin');
    await page.getByTestId('admin-login-email').fill('owner@example.test');
    await page.getByTestId('admin-login-password').fill('a long owner password');
    await page.getByTestId('admin-login-submit').click();
    const secret = (await page.getByTestId('admin-enrolment-secret').textContent())?.trim() ?? '';
    await page.getByTestId('admin-login-code').fill(await generate({ secret }));
    await page.getByTestId('admin-login-verify').click();
    await page.getByTestId('admin-recovery-codes').waitFor();
    await page.getByTestId('admin-recovery-saved').click();
    await page.waitForURL(/\/admin\//);

    // The demo supply goes off: Berlin has no exit until the supplier is added.
    await page.goto('/admin/supply');
    await expect
      .poll(() => page.getByTestId('admin-supply-demo-state').textContent(), { timeout: 10_000 })
      .toMatch(/Serving/);
    await page.getByTestId('admin-supply-demo-switch').click();
    await page.getByTestId('admin-supply-demo-confirm').click();
    await expect
      .poll(() => page.getByTestId('admin-supply-demo-state').textContent(), { timeout: 10_000 })
      .toMatch(/Switched off/);

    // The supplier, through the add form.
    await page.getByTestId('admin-supply-tab-add').click();
    const form = page.getByTestId('admin-exit-add-form');
    await form.getByText('SOCKS5', { exact: true }).click();
    await page.getByTestId('admin-exit-host').fill('127.0.0.1');
    await page.getByTestId('admin-exit-port').fill(String(upstream.port));
    await page.getByTestId('admin-exit-account').fill('acme');
    await page.getByTestId('admin-exit-username').fill('{user}-country-{cc}-city-{city}-session-{sid}');
    await page.getByTestId('admin-exit-password').fill('supplier-secret');
    await page.getByTestId('admin-exit-area-0-country').fill('DE');
    await page.getByTestId('admin-exit-area-0-state').fill('BE');
    await page.getByTestId('admin-exit-area-0-city').fill('Berlin');
    await page.getByTestId('admin-exit-add-submit').click();
    await page.getByText('Exits added: 1.').first().waitFor({ timeout: 10_000 });

    // A customer buys a rotating proxy in Berlin and uses it: the supplier carries it.
    const generated = await fetch(`${server.url}/api/proxy/proxy/dynamic/traffic`, {
      method: 'POST',
      headers: { authorization: token, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ country: 'DE', state: 'BE', city: 'berlin' }).toString(),
    }).then((response) => response.json());
    expect(generated.code, JSON.stringify(generated)).toBe(0);
    const [proxy] = generated.data.data;
    const { stdout } = await run('curl', [
      '-sS',
      '--max-time',
      '10',
      '-x',
      `http://${proxy.username}:${proxy.password}@127.0.0.1:${gatewayPort}`,
      `http://127.0.0.1:${targetPort}/`,
    ]);
    expect(stdout).toBe('through the supplier');
    expect(upstream.seen.at(-1)).toMatchObject({
      host: '127.0.0.1',
      port: targetPort,
      password: 'supplier-secret',
    });
    expect(upstream.seen.at(-1)?.username).toMatch(/^acme-country-de-city-berlin-session-\w+$/);

    // Health: passes now, fails once the supplier is gone.
    await page.goto('/admin/supply?tab=exits');
    const check = page.locator('[data-testid^="admin-exit-check-"]').first();
    const exitId = (await check.getAttribute('data-testid'))?.replace('admin-exit-check-', '') ?? '';
    await check.click();
    await expect
      .poll(() => page.getByTestId(`admin-exit-last-check-${exitId}`).textContent(), { timeout: 10_000 })
      .toMatch(/Passed/);
    await upstream.close();
    await page.getByTestId(`admin-exit-check-${exitId}`).click();
    await expect
      .poll(() => page.getByTestId(`admin-exit-last-check-${exitId}`).textContent(), { timeout: 10_000 })
      .toMatch(/Failed/);

    // Every step is in the audit trail.
    await page.goto('/admin/audit');
    await expect
      .poll(() => page.getByTestId('admin-audit-table').textContent(), { timeout: 10_000 })
      .toContain('exit.check');
    const trail = (await page.getByTestId('admin-audit-table').textContent()) ?? '';
    for (const action of ['supply.demo.disable', 'exit.create', 'exit.check'])
      expect(trail).toContain(action);
  }, 120_000);
});
