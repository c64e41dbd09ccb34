import { readFileSync } from 'node:fs';
import { parsePtc } from '@ptc/contracts';
import { eq, openDatabase, proxies } from '@ptc/db';
import { createProxy, createSession, createUser } from '@ptc/db/testing';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../apps/server/src/modules/auth/secrets';
import { billUsage } from '../apps/server/src/modules/billing/usage-billing.service';
import { chromiumPath, launchBrowser } from './support/browser';
import { migratedDataDir, type RunningServer, startServer } from './support/server';

const CAPTCHA = '4321';
const EMAIL = 'money@example.test';
const PASSWORD = 'money trail password';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
/** What the seeded rotating proxy carried before the server started: 256 MiB. */
const CARRIED = 268_435_456n;

/**
 * Issue #16 "Money": a narrow desktop window tops up, a phone is told where to top up, and the
 * balance history shows a traffic charge, a package purchase and a static IP purchase with
 * balances that add up; a signed-out deep link lands where it pointed after signing in.
 */
describe.skipIf(!chromiumPath)('money in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let token: string;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    const dataDir = migratedDataDir();
    // Before the server opens the data: a customer with an opening balance whose rotating proxy
    // carried 256 MiB, billed by the server's own usage billing (a traffic charge in the ledger).
    const database = await openDatabase({ dataDir });
    try {
      const user = await createUser(database.db, {
        username: 'money_e2e',
        email: EMAIL,
        passwordHash: await hashPassword(PASSWORD),
        balance: 5_000_000n,
      });
      token = await createSession(database.db, user.id);
      const rotating = await createProxy(database.db, user.id, { family: 'dynamic-traffic' });
      await database.db.update(proxies).set({ bytesDown: CARRIED }).where(eq(proxies.id, rotating.id));
      await billUsage(database);
    } finally {
      await database.close();
    }
    [server, browser] = await Promise.all([
      startServer({ dataDir, env: { CAPTCHA_FIXED: CAPTCHA } }),
      launchBrowser(),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** A page signed in with the seeded session, in a new browser context. */
  const signedInPage = async (options: Parameters<Browser['newContext']>[0]): Promise<Page> => {
    const context = await browser.newContext({ baseURL: server.url, locale: 'en-US', ...options });
    contexts.push(context);
    const page = await context.newPage();
    await page.goto('/login');
    await page.evaluate((value) => localStorage.setItem('token', value), token);
    return page;
  };

  /** Calls the API as the customer. */
  const api = async (method: 'GET' | 'POST', path: string, form?: Record<string, string>) => {
    const response = await fetch(`${server.url}/api${path}`, {
      method,
      headers: {
        authorization: token,
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(form ? { body: new URLSearchParams(form).toString() } : {}),
    });
    return response.json();
  };

  it('tops up in a 900 px desktop window, paying on another address than PUBLIC_URL and coming back signed in', async () => {
    // The customer uses `localhost` while the server's PUBLIC_URL says 127.0.0.1: the payment
    // must bring them back to `localhost`, where their session lives.
    const localUrl = server.url.replace('127.0.0.1', 'localhost');
    const page = await signedInPage({ baseURL: localUrl, viewport: { width: 900, height: 900 } });
    await page.goto('/charge');
    expect(await page.getByTestId('charge-mobile-unsupported').count()).toBe(0);
    await page.getByTestId('charge-package-200').click();
    await page.getByTestId('charge-method-card').click();
    await page.getByTestId('charge-pay').click();
    await page.waitForURL('**/api/payments/sandbox/**');
    expect(new URL(page.url()).host).toBe(new URL(localUrl).host);
    await page.getByTestId('sandbox-pay').click();
    await page.waitForURL(/\/(stripe|charge)\?order=/);
    expect(new URL(page.url()).host).toBe(new URL(localUrl).host);
    // Still signed in: the header shows the balance with the 200 PTC and their 20 PTC bonus.
    await expect
      .poll(
        async () =>
          parsePtc((await page.getByTestId('header-balance').textContent())?.match(/[\d.]+/)?.[0] ?? '0'),
        {
          timeout: 15_000,
        },
      )
      .toBeGreaterThan(220_000_000n);
  });

  it('tells a phone where to top up instead of offering a dead button', async () => {
    const page = await signedInPage({
      userAgent: IPHONE,
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      deviceScaleFactor: 2,
    });
    await page.goto('/dashboard/overview');
    await page.getByTestId('charge-mobile-unsupported').waitFor();
    expect(await page.getByTestId('overview-top-up').count()).toBe(0);

    await page.goto('/charge');
    const notice = page.getByTestId('charge-mobile-unsupported');
    await notice.waitFor();
    expect(await notice.textContent()).toContain('computer');
    expect(await notice.textContent()).toContain(`${server.url}/charge`);
    expect(await page.getByTestId('charge-pay').count()).toBe(0);

    // The balance history reads on the phone without scrolling sideways: one movement per item.
    await page.goto('/charge/history');
    const usage = page.getByTestId('money-trail').getByTestId('money-trail-row-usage');
    await usage.waitFor();
    expect(await usage.getByTestId('money-trail-amount').textContent()).toBe('−1.25');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  it('shows a traffic charge, a package purchase and a static IP purchase with balances that add up', async () => {
    const plans = (await api('GET', '/proxy/traffic/payway')).data as { id: string; gb: number }[];
    const plan = plans.find((candidate) => candidate.gb === 10) ?? plans[0];
    if (!plan) throw new Error('no traffic package on sale');
    expect((await api('POST', '/proxy/traffic/buy', { package_id: plan.id })).code).toBe(0);
    const bought = await api('POST', '/proxy/proxy/static/ip', {
      type: 'residential',
      country: 'US',
      days: '30',
    });
    expect(bought.code).toBe(0);

    const page = await signedInPage({ viewport: { width: 1280, height: 900 } });
    await page.goto('/charge');
    await page.getByTestId('charge-money-trail-link').click();
    await page.waitForURL('**/charge/history');
    const trail = page.getByTestId('money-trail');
    await trail.getByTestId('money-trail-row-usage').waitFor();

    const rows = await trail.locator('tbody tr[data-testid^="money-trail-row-"]').evaluateAll((elements) =>
      elements.map((row) => ({
        kind: row.getAttribute('data-testid')?.replace('money-trail-row-', '') ?? '',
        description: row.querySelector('[data-testid="money-trail-description"]')?.textContent ?? '',
        amount: row.querySelector('[data-testid="money-trail-amount"]')?.textContent ?? '',
        balance: row.querySelector('[data-testid="money-trail-balance"]')?.textContent ?? '',
      })),
    );
    expect(rows.map((row) => row.kind)).toEqual([
      'purchase',
      'purchase',
      'bonus',
      'topup',
      'usage',
      'adjustment',
    ]);
    const [staticIp, pack, , , usage] = rows;
    expect(staticIp?.description).toMatch(
      /^Static proxy by IP \(residential\) × 1 · .+, United States · 30 days$/,
    );
    expect(pack?.description).toBe(`Traffic package ${plan.gb} GB`);
    expect(usage?.description).toBe('Traffic 256.00 MB · Rotating proxy by traffic');

    // Oldest first: each balance is the one before plus the movement, to the micro-PTC.
    const signed = (text: string) => parsePtc(text.replace('−', '-').replace('+', ''));
    let before = 0n;
    for (const row of [...rows].reverse()) {
      expect(before + signed(row.amount)).toBe(signed(row.balance));
      before = signed(row.balance);
    }
    const info = await api('GET', '/user/info');
    expect(parsePtc(info.data.balance)).toBe(before);

    // The kind filter asks the server for purchases only.
    await page.getByTestId('money-trail-kinds').click();
    await page.locator('.ant-select-item-option', { hasText: 'Purchase' }).click();
    await page.keyboard.press('Escape');
    await expect
      .poll(() => trail.locator('tbody tr[data-testid^="money-trail-row-"]').count(), { timeout: 10_000 })
      .toBe(2);

    // The CSV holds the exact amounts.
    const download = page.waitForEvent('download');
    await page.getByTestId('money-trail-csv').click();
    const csvPath = await (await download).path();
    const csv = readFileSync(csvPath, 'utf8');
    expect(csv).toContain('Traffic package');
    expect(csv).toMatch(/,-7\.990000,/);
  });

  it('takes a signed-out visit to /charge to the login page and back to /charge after signing in', async () => {
    const context = await browser.newContext({ baseURL: server.url, locale: 'en-US' });
    contexts.push(context);
    const page = await context.newPage();
    await page.goto('/charge/history');
    await page.waitForURL('**/login?redirect=%2Fcharge%2Fhistory');
    await page.getByTestId('login-email').fill(EMAIL);
    await page.getByTestId('login-password').fill(PASSWORD);
    await page.getByTestId('login-captcha').fill(CAPTCHA);
    await page.getByTestId('login-submit').click();
    await page.waitForURL('**/charge/history');
    await page.getByTestId('money-trail').waitFor();
  });
});
