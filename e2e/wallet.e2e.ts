import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath, launchBrowser } from './support/browser';
import { seedSignedInUser } from './support/seed';
import { migratedDataDir, type RunningServer, startServer } from './support/server';

describe.skipIf(!chromiumPath)('the wallet in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let token: string;

  beforeAll(async () => {
    const dataDir = migratedDataDir();
    ({ token } = await seedSignedInUser(dataDir, { username: 'payer', email: 'payer@example.test' }));
    [server, browser] = await Promise.all([startServer({ dataDir }), launchBrowser()]);
    const context = await browser.newContext({
      baseURL: server.url,
      locale: 'en-US',
      viewport: { width: 1280, height: 900 },
    });
    page = await context.newPage();
    await page.goto('/login');
    await page.evaluate((value) => localStorage.setItem('token', value), token);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('tops up 200 PTC through the sandbox checkout: balance 220 and the bonus in the records', async () => {
    await page.goto('/charge');
    // Sandbox payments are live: the header says so.
    await expect(page.getByTestId('demo-marker').textContent()).resolves.toBe('Demo');
    await page.getByTestId('charge-package-200').click();
    await page.getByTestId('charge-method-card').click();
    await expect(page.getByTestId('charge-quote-total').textContent()).resolves.toContain('207.30');
    await expect(page.getByTestId('charge-quote-bonus').textContent()).resolves.toContain('20.00');
    await page.getByTestId('charge-pay').click();

    // The sandbox stands in for the card provider's hosted checkout.
    await page.waitForURL('**/api/payments/sandbox/**');
    // The checkout link is signed for this order and its owner; without its access it is refused.
    const checkout = new URL(page.url());
    expect(checkout.searchParams.get('access')).toMatch(/^\d+\.[\w-]{43}$/);
    const bare = await fetch(`${server.url}${checkout.pathname}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'action=pay',
    });
    expect((await bare.json()).code).toBe(2004);
    await expect(page.getByTestId('sandbox-total').textContent()).resolves.toContain('207.30 USD');
    await page.getByTestId('sandbox-pay').click();

    await page.waitForURL(/\/(stripe|charge)\?order=/);
    await expect
      .poll(() => page.getByTestId('header-balance').textContent(), { timeout: 15_000 })
      .toContain('220.00');

    await page.goto('/charge');
    const records = page.getByTestId('charge-records');
    await records.getByText('220.00').first().waitFor();
    await expect(records.textContent()).resolves.toContain('20.00');

    const info = await fetch(`${server.url}/api/user/info`, { headers: { authorization: token } });
    expect((await info.json()).data.balance).toBe('220.000000');
  });
});
