import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { openDatabase } from '@ptc/db';
import { createExit, createProxy, createSession, createUser } from '@ptc/db/testing';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHttpTarget, type TestTarget } from '../apps/gateway/src/testing/targets';
import { chromiumPath, launchBrowser } from './support/browser';
import { freePort, migratedDataDir, type RunningServer, startServer } from './support/server';

const run = promisify(execFile);

interface Figures {
  domain: string;
  bytes: number;
  requests: number;
}

/** Bytes as the card shows them (1024 steps, up to two decimals). */
const shown = (bytes: number) => {
  const units = ['B', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${unit === 0 ? String(Math.round(value)) : String(Math.round(value * 100) / 100)} ${units[unit]}`;
};

/**
 * Issue #21 item 4: traffic through the built gateway to two target names of a local server
 * (`localhost` one large download, `127.0.0.1` three small ones) shows on the overview's "Top
 * domains" card in the right order with the flushed figures, by traffic and by requests, and in
 * the proxy's own dialog from the list; switched off in the user center, new traffic adds no
 * figures and the card says collection is off. zh-CN and ru-RU at 390 px: no sideways scroll.
 */
describe.skipIf(!chromiumPath)('per-domain usage in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let target: TestTarget;
  let token: string;
  let proxy: { username: string; password: string; publicId: string };
  let gatewayPort: number;

  beforeAll(async () => {
    target = await startHttpTarget();
    const dataDir = migratedDataDir();
    const seed = await openDatabase({ dataDir });
    try {
      const customer = await createUser(seed.db, { username: 'domain_usage_owner', balance: 100_000_000n });
      token = await createSession(seed.db, customer.id);
      await createExit(seed.db, { country: 'US', line: 1 });
      proxy = await createProxy(seed.db, customer.id, { family: 'dynamic-traffic' });
    } finally {
      await seed.close();
    }
    gatewayPort = await freePort();
    [server, browser] = await Promise.all([
      startServer({
        dataDir,
        env: {
          GATEWAY_PORT: String(gatewayPort),
          GATEWAY_PUBLIC_HOST: '127.0.0.1',
          GATEWAY_ALLOW_PRIVATE_TARGETS: '127.0.0.0/8',
          GATEWAY_FLUSH_INTERVAL_MS: '500',
        },
      }),
      launchBrowser(),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await target?.close();
  });

  /** Downloads `bytes` from the local target named `host` through the proxy (HTTP forward). */
  const fetchThrough = async (host: string, bytes: number) => {
    const { stdout } = await run('curl', [
      '-s',
      '-o',
      '/dev/null',
      '-w',
      '%{http_code}',
      '--max-time',
      '20',
      '-x',
      `http://${proxy.username}:${proxy.password}@127.0.0.1:${gatewayPort}`,
      `http://${host}:${target.port}/bytes/${bytes}`,
    ]);
    expect(stdout).toBe('200');
  };
  const api = async (path: string, init: RequestInit = {}) => {
    const response = await fetch(`${server.url}/api${path}`, {
      ...init,
      headers: { authorization: token, 'content-type': 'application/json', ...init.headers },
    });
    return response.json();
  };
  const topDomains = async (): Promise<{ domains: Figures[]; total_bytes: number; enabled: boolean }> =>
    (await api('/proxy/domain_usage?range=24h')).data;
  /** Bytes the proxy carried, as its list row says. */
  const trafficUsed = async (): Promise<number> => {
    const answer = await api('/proxy/tokens/dynamic/traffic?page=1&page_size=10');
    const rows: { id: string; traffic_used: string }[] = answer.data?.data ?? [];
    return Number(rows.find((row) => row.id === proxy.publicId)?.traffic_used ?? Number.NaN);
  };
  const openPage = async (locale: string, width: number, path: string) => {
    const context = await browser.newContext({
      baseURL: server.url,
      locale,
      viewport: { width, height: 900 },
    });
    const page = await context.newPage();
    await page.goto('/login');
    await page.evaluate(
      ([value, language]) => {
        localStorage.setItem('token', value);
        localStorage.setItem('arco-locale', language);
      },
      [token, locale] as const,
    );
    await page.goto(path);
    return page;
  };
  const expectNoSidewaysScroll = async (page: Page, where: string) => {
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), {
        timeout: 10_000,
        message: where,
      })
      .toBeLessThanOrEqual(0);
  };
  /** The rows of a top domains card as shown: domain, bytes text, requests text. */
  const rowsOf = async (page: Page, scope = page.getByTestId('top-domains')) => {
    await scope.getByTestId('top-domain-row').first().waitFor({ timeout: 20_000 });
    return scope.getByTestId('top-domain-row').evaluateAll((rows) =>
      rows.map((row) => ({
        domain: row.getAttribute('data-domain'),
        bytes: row.querySelector('[data-testid="top-domain-bytes"]')?.textContent,
        requests: row.querySelector('[data-testid="top-domain-requests"]')?.textContent,
      })),
    );
  };
  /** Scrolls the overview down until the lazily mounted card is there. */
  const scrollToCard = async (page: Page) => {
    await page.getByTestId('top-domains-placeholder').waitFor({ timeout: 30_000 });
    await page.getByTestId('top-domains-placeholder').scrollIntoViewIfNeeded();
    await page.getByTestId('top-domains').waitFor({ timeout: 30_000 });
  };

  let figures: Figures[];

  it('shows the top domains on the overview by traffic and by requests, and per proxy', async () => {
    await fetchThrough('localhost', 300_000);
    for (let i = 0; i < 3; i += 1) await fetchThrough('127.0.0.1', 20_000);
    await expect
      .poll(async () => (await topDomains()).domains.reduce((sum, row) => sum + row.requests, 0), {
        timeout: 20_000,
      })
      .toBe(4);
    figures = (await topDomains()).domains;
    expect(figures.map((row) => [row.domain, row.requests])).toEqual([
      ['localhost', 1],
      ['127.0.0.1', 3],
    ]);
    expect(figures[0]?.bytes).toBeGreaterThan(300_000);
    expect(figures[1]?.bytes).toBeGreaterThan(60_000);
    expect(figures[1]?.bytes).toBeLessThan(63_000);

    const page = await openPage('en-US', 1280, '/dashboard/overview');
    await scrollToCard(page);
    const card = page.getByTestId('top-domains');
    await card.getByText('Top domains').waitFor();
    // The default range is 7 days, which holds the same hour.
    expect(await rowsOf(page)).toEqual(
      figures.map((row) => ({
        domain: row.domain,
        bytes: shown(row.bytes),
        requests: `${row.requests} requests`,
      })),
    );
    await card.getByText('By requests').click();
    await expect
      .poll(async () => (await rowsOf(page)).map((row) => row.domain), { timeout: 10_000 })
      .toEqual(['127.0.0.1', 'localhost']);
    await card.getByText('24 hours').click();
    await expect
      .poll(async () => (await rowsOf(page)).map((row) => row.requests), { timeout: 10_000 })
      .toEqual(['3 requests', '1 requests']);

    // The proxy's own figures, from its row's menu in the list.
    await page.goto('/proxy/dynamic/traffic');
    const list = page.getByTestId('proxy-list');
    await expect.poll(() => list.getByTestId('proxy-actions').count(), { timeout: 30_000 }).toBe(1);
    await list.getByTestId('proxy-actions').click();
    await page.getByTestId('proxy-action-domains').click();
    const dialog = page.getByTestId('top-domains-dialog');
    // The modal's root carries the id; its content is what shows.
    await dialog.getByTestId('top-domains').waitFor({ timeout: 20_000 });
    expect((await rowsOf(page, dialog)).map((row) => [row.domain, row.bytes])).toEqual(
      figures.map((row) => [row.domain, shown(row.bytes)]),
    );
    await page.context().close();
  });

  it('stops recording once switched off in the user center', async () => {
    const page = await openPage('en-US', 1280, '/user-center');
    const setting = page.getByTestId('domain-usage-setting');
    await setting.waitFor({ timeout: 30_000 });
    await setting.getByText('kept 30 days').waitFor();
    const toggle = page.getByTestId('domain-usage-switch');
    expect(await toggle.getAttribute('aria-checked')).toBe('true');
    await toggle.click();
    const saved = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/user/domain_usage') && response.request().method() === 'PUT',
    );
    await page.getByTestId('domain-usage-off-confirm').click();
    expect((await (await saved).json()).data).toEqual({ enabled: false, retention_days: 30 });
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('false');

    const before = await topDomains();
    expect(before.enabled).toBe(false);
    const usedBefore = await trafficUsed();
    await fetchThrough('localhost', 500_000);
    // The proxy's usage is still flushed (its bytes carried grow), but no domain figure does.
    await expect.poll(trafficUsed, { timeout: 20_000 }).toBeGreaterThan(usedBefore + 500_000);
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    const after = await topDomains();
    expect(after.total_bytes).toBe(before.total_bytes);
    expect(after.domains).toEqual(before.domains);

    await page.goto('/dashboard/overview');
    await scrollToCard(page);
    await page.getByTestId('top-domains-off').waitFor({ timeout: 20_000 });
    await page.context().close();
  });

  it.each([
    ['zh-CN', '热门域名'],
    ['ru-RU', 'Популярные домены'],
  ])('reads in %s at 390 px without sideways scroll', async (locale, title) => {
    const page = await openPage(locale, 390, '/dashboard/overview');
    await scrollToCard(page);
    await page.getByTestId('top-domains').getByText(title).waitFor({ timeout: 20_000 });
    expect((await rowsOf(page)).map((row) => row.domain)).toEqual(figures.map((row) => row.domain));
    await expectNoSidewaysScroll(page, `${locale} overview`);
    await page.goto('/user-center');
    await page.getByTestId('domain-usage-setting').waitFor({ timeout: 30_000 });
    await expectNoSidewaysScroll(page, `${locale} user center`);
    await page.context().close();
  });
});
