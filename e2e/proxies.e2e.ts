import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import ExcelJS from 'exceljs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath, launchBrowser } from './support/browser';
import { seedSignedInUser } from './support/seed';
import { freePort, migratedDataDir, type RunningServer, startServer, tempDataDir } from './support/server';

const run = promisify(execFile);
const SCREENSHOTS = fileURLToPath(new URL('../test-results/screenshots', import.meta.url));
const MB = 1_048_576;

/** curl through a proxy URL; answers the HTTP status and the size of the body. */
const curlVia = async (proxyUrl: string, url: string) => {
  const { stdout } = await run('curl', [
    '-s',
    '--max-time',
    '10',
    '-o',
    '/dev/null',
    '-w',
    '%{http_code} %{size_download}',
    '-x',
    proxyUrl,
    url,
  ]).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '0 0' }));
  const [status, size] = stdout.trim().split(' ');
  return { status: Number(status), size: Number(size) };
};

/** Texts of a page that look like i18n keys nobody translated (`proxies.copy.title`). */
const rawKeys = (text: string) =>
  text.match(/\b(?:proxies|generators|overview|trafficPackage|menu|common|errors)\.[a-z][\w.]*[a-zA-Z]\b/g) ??
  [];

describe.skipIf(!chromiumPath)('proxies in Chromium, as a customer uses them', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let token: string;
  let target: Server;
  let targetPort: number;
  let gatewayPort: number;

  beforeAll(async () => {
    target = createServer((request, response) => {
      const size = Number(/^\/bytes\/(\d+)$/.exec(request.url ?? '')?.[1] ?? 5);
      response.end(Buffer.alloc(size, 97));
    });
    await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', () => resolve()));
    targetPort = (target.address() as AddressInfo).port;

    const dataDir = migratedDataDir();
    ({ token } = await seedSignedInUser(dataDir, {
      username: 'proxy_buyer',
      email: 'proxy-buyer@example.test',
      balance: 100_000_000n,
    }));
    gatewayPort = await freePort();
    [server, browser] = await Promise.all([
      startServer({
        dataDir,
        env: {
          GATEWAY_PORT: String(gatewayPort),
          GATEWAY_PUBLIC_HOST: '127.0.0.1',
          GATEWAY_ALLOW_PRIVATE_TARGETS: '127.0.0.0/8',
        },
      }),
      launchBrowser(),
    ]);
    context = await browser.newContext({
      baseURL: server.url,
      locale: 'en-US',
      viewport: { width: 1280, height: 900 },
      acceptDownloads: true,
    });
    page = await context.newPage();
    await page.goto('/login');
    await page.evaluate((value) => {
      localStorage.setItem('token', value);
      localStorage.setItem('arco-locale', 'en-US');
    }, token);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await new Promise<void>((resolve) => (target ? target.close(() => resolve()) : resolve()));
  });

  /** The customer's dynamic traffic proxies as the API lists them. */
  const listed = async () => {
    const response = await fetch(`${server.url}/api/proxy/tokens/dynamic/traffic?page=1&page_size=50`, {
      headers: { authorization: token },
    });
    const body = await response.json();
    expect(body.code).toBe(0);
    return body.data.data as { id: string; username: string; password: string; switch: number }[];
  };

  it('buys a package, generates 5 proxies, copies one and uses it, then sees traffic and cost on the overview', async () => {
    await page.goto('/proxy/dynamic/traffic?tab=package');
    await page.getByTestId('traffic-package-plan-10').click();
    await page.getByTestId('traffic-package-buy-button').click();
    // The purchase's own answer first: a refusal names its code here instead of a stale remainder.
    const bought = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/proxy/traffic/buy') && response.request().method() === 'POST',
      { timeout: 20_000 },
    );
    await page.locator('.ant-modal-confirm-btns .ant-btn-primary').click();
    expect(await (await bought).json()).toMatchObject({ code: 0 });
    await expect
      .poll(() => page.getByTestId('traffic-package-remaining').textContent(), { timeout: 20_000 })
      .toMatch(/10(\.0+)?\s*GB/);

    await page.getByTestId('proxy-page-tab-generate').click();
    const count = page.locator(
      'input[data-testid="gen-dynamic-traffic-universal-count"], [data-testid="gen-dynamic-traffic-universal-count"] input',
    );
    await count.fill('5');
    await page.getByTestId('gen-dynamic-traffic-universal-submit').click();
    await expect
      .poll(() => page.locator('[data-testid$="-result-row"]').count(), { timeout: 10_000 })
      .toBe(5);
    const list = page.getByTestId('proxy-list');
    await expect.poll(() => list.getByTestId('proxy-username').count(), { timeout: 10_000 }).toBe(5);

    // The copy dialog gives the proxy in both forms; the user:pass@address:port one goes to curl.
    await list.getByTestId('proxy-copy').first().click();
    const dialog = page.getByTestId('proxy-copy-dialog');
    const atForm = await dialog.getByTestId('proxy-copy-atForm').inputValue();
    const colonForm = await dialog.getByTestId('proxy-copy-colonForm').inputValue();
    expect(atForm).toMatch(new RegExp(`^[^:@]+:[^:@]+@127\\.0\\.0\\.1:${gatewayPort}$`));
    const [user, pass] = atForm.split('@')[0]?.split(':') ?? [];
    expect(colonForm).toBe(`127.0.0.1:${gatewayPort}:${user}:${pass}`);
    await page.keyboard.press('Escape');

    const fetched = await curlVia(`http://${atForm}`, `http://127.0.0.1:${targetPort}/bytes/${2 * MB}`);
    expect(fetched).toEqual({ status: 200, size: 2 * MB });

    // The gateway flushes usage every few seconds; the overview reads the hourly buckets.
    await expect
      .poll(
        async () => {
          await page.goto('/dashboard/overview');
          return page.getByTestId('overview-traffic-24h-total').textContent({ timeout: 10_000 });
        },
        { timeout: 30_000, interval: 2_000 },
      )
      .toMatch(/[2-9](\.\d+)?\s*MB/);
    // The cost card loads when it comes near the screen (the placeholder is then replaced).
    await expect
      .poll(async () => {
        await page
          .getByTestId('overview-cost')
          .scrollIntoViewIfNeeded({ timeout: 2_000 })
          .catch(() => {});
        return page.getByTestId('overview-cost-total').count();
      })
      .toBeGreaterThan(0);
    // 10 GB at 5 PTC/GB less 10% is what the package cost, spent on dynamic traffic.
    await expect(page.getByTestId('overview-cost-dynamic_traffic').textContent()).resolves.toContain('45');
    await expect(page.getByTestId('overview-cost-total').textContent()).resolves.toContain('45');
  });

  it('switches one proxy off (the gateway refuses it) and back on', async () => {
    const first = (await listed())[0];
    if (!first) throw new Error('no proxy listed');
    await page.goto('/proxy/dynamic/traffic');
    const row = page.locator('tr', { has: page.getByText(first.username, { exact: true }) });
    const proxyUrl = `http://${first.username}:${first.password}@127.0.0.1:${gatewayPort}`;

    await row.getByTestId('proxy-switch').click();
    await expect.poll(async () => (await listed()).find((p) => p.id === first.id)?.switch).toBe(6);
    await expect
      .poll(async () => (await curlVia(proxyUrl, `http://127.0.0.1:${targetPort}/`)).status, {
        timeout: 10_000,
      })
      .toBe(403);

    await row.getByTestId('proxy-switch').click();
    await expect.poll(async () => (await listed()).find((p) => p.id === first.id)?.switch).toBe(5);
    await expect
      .poll(async () => (await curlVia(proxyUrl, `http://127.0.0.1:${targetPort}/`)).status, {
        timeout: 10_000,
      })
      .toBe(200);
  });

  it("tests a proxy's speed out of the box (no SPEEDTEST_URL: the gateway answers its own target)", async () => {
    const first = (await listed())[0];
    if (!first) throw new Error('no proxy listed');
    await page.goto('/proxy/dynamic/traffic');
    const row = page.locator('tr', { has: page.getByText(first.username, { exact: true }) });
    await row.getByTestId('proxy-speed').click();
    await expect.poll(() => page.getByTestId('proxy-speed-result').count(), { timeout: 20_000 }).toBe(1);
    expect(await page.getByTestId('proxy-speed-error').count()).toBe(0);
    expect(await page.getByTestId('proxy-speed-latency').textContent()).toMatch(/\d+ ms/);
    await page.keyboard.press('Escape');
  });

  it('buys a dynamic IP by a prefix the generator offers on the demo supply, sees its address and uses it', async () => {
    await page.goto('/proxy/dynamic/ip');
    await page.getByTestId('gen-dynamic-ip-tab-by-ip').click();
    await page.getByTestId('gen-dynamic-ip-by-ip-ip').click();
    const option = page.getByTestId('gen-dynamic-ip-by-ip-prefix').first();
    await option.waitFor({ timeout: 10_000 });
    const offered = (await option.textContent())?.split(' ')[0] ?? '';
    expect(offered).toMatch(/^198\.18\.\d{1,3}\.\*$/);
    await option.click();
    await expect.poll(() => page.getByTestId('gen-dynamic-ip-by-ip-ip').inputValue()).toBe(offered);
    await page.getByTestId('gen-dynamic-ip-by-ip-submit').click();
    // A prepaid purchase shows its price and charges only once confirmed.
    await page.getByTestId('gen-confirm-pay').click();
    await expect
      .poll(() => page.locator('[data-testid="gen-dynamic-ip-result-row"]').count(), { timeout: 10_000 })
      .toBe(1);

    const response = await fetch(`${server.url}/api/proxy/tokens/dynamic/ip?page=1&page_size=10`, {
      headers: { authorization: token },
    });
    const [bought] = (await response.json()).data.data as {
      ip: string | null;
      username: string;
      password: string;
    }[];
    if (!bought) throw new Error('no dynamic IP listed');
    // The address it was given, of the offered prefix, is in its row of the list.
    expect(bought.ip?.startsWith(offered.slice(0, -1))).toBe(true);
    await expect
      .poll(
        () =>
          page
            .getByTestId('proxy-list')
            .getByText(bought.ip ?? '', { exact: true })
            .count(),
        {
          timeout: 10_000,
        },
      )
      .toBe(1);
    const proxyUrl = `http://${bought.username}:${bought.password}@127.0.0.1:${gatewayPort}`;
    expect(await curlVia(proxyUrl, `http://127.0.0.1:${targetPort}/bytes/1024`)).toEqual({
      status: 200,
      size: 1024,
    });
  });

  it('refuses a batch delete of proxies that have not expired, and exports them to xlsx', async () => {
    await page.goto('/proxy/dynamic/traffic');
    const list = page.getByTestId('proxy-list');
    await list.getByTestId('proxy-username').first().waitFor();
    await list.locator('.ant-table-thead .ant-checkbox-input').check();
    await expect(page.getByTestId('proxy-batch-count').textContent()).resolves.toContain('5');

    await page.getByTestId('proxy-batch-delete').click();
    await page.getByText('Batch delete is invalid').waitFor();
    expect(await listed()).toHaveLength(5);

    await page.getByTestId('proxy-batch-export').click();
    const dialog = page.getByTestId('proxy-export-dialog');
    await dialog.getByText('xlsx', { exact: true }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByTestId('proxy-export-submit').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    const file = join(tempDataDir(), download.suggestedFilename());
    await download.saveAs(file);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Uint8Array.from(readFileSync(file)).buffer);
    const sheet = book.worksheets[0];
    if (!sheet) throw new Error('the workbook has no sheet');
    const text: string[] = [];
    sheet.eachRow((row) => {
      row.eachCell((cell) => {
        text.push(String(cell.value));
      });
    });
    for (const proxy of await listed()) expect(text).toContain(proxy.username);
  });

  it('shows the overview and a proxy page in English and Russian, at desktop width and 390 px, without raw keys or overflow', async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    for (const locale of ['en-US', 'ru-RU'] as const) {
      for (const width of [1280, 390]) {
        const view = await context.browser()?.newContext({
          baseURL: server.url,
          locale,
          viewport: { width, height: 900 },
        });
        if (!view) throw new Error('no browser');
        const shot = await view.newPage();
        await shot.goto('/login');
        await shot.evaluate(
          ([value, lang]) => {
            localStorage.setItem('token', value);
            localStorage.setItem('arco-locale', lang);
          },
          [token, locale] as const,
        );
        const regional = async () => {
          await shot.getByTestId('gen-dynamic-traffic-tab-regional').click();
          await shot.getByTestId('gen-dynamic-traffic-regional-route-budget').click();
          await shot.getByTestId('gen-dynamic-traffic-regional-line-4').waitFor();
          // Budget without a state takes line 3, and the price follows.
          await expect
            .poll(() => shot.getByTestId('gen-dynamic-traffic-regional-price-unit').textContent())
            .toContain('3.00');
        };
        // The overview's cost card loads when it comes near the screen.
        const costTable = () =>
          expect
            .poll(async () => {
              await shot
                .getByTestId('overview-cost')
                .scrollIntoViewIfNeeded({ timeout: 2_000 })
                .catch(() => {});
              return shot.getByTestId('overview-cost-table').count();
            })
            .toBeGreaterThan(0);
        for (const [name, path, ready, prepare] of [
          ['overview', '/dashboard/overview', 'overview-cost', costTable],
          ['dynamic-traffic', '/proxy/dynamic/traffic', 'proxy-list', null],
          // The regional generator with the route type and its nodes.
          ['dynamic-traffic-regional', '/proxy/dynamic/traffic', 'proxy-list', regional],
        ] as const) {
          await shot.goto(path);
          await shot.getByTestId(ready).waitFor();
          await prepare?.();
          await shot.waitForLoadState('networkidle');
          const body = (await shot.locator('body').innerText()) ?? '';
          expect(rawKeys(body), `${name} ${locale} ${width}`).toEqual([]);
          if (locale === 'ru-RU') expect(body, `${name} ${width}`).toMatch(/[а-яё]{4,}/i);
          const overflow = await shot.evaluate(
            () => document.documentElement.scrollWidth - window.innerWidth,
          );
          expect(overflow, `${name} ${locale} ${width} overflows`).toBeLessThanOrEqual(0);
          await shot.screenshot({
            path: join(SCREENSHOTS, `${name}-${locale}-${width}.png`),
            fullPage: true,
          });
        }
        await view.close();
      }
    }
  });
});
