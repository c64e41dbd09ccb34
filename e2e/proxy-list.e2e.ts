import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proxies as enTexts } from '../apps/console/src/locales/en-US/proxies';
import { proxies as ruTexts } from '../apps/console/src/locales/ru-RU/proxies';
import { proxies as zhTexts } from '../apps/console/src/locales/zh-CN/proxies';
import { chromiumPath, launchBrowser } from './support/browser';
import { seedSignedInUser } from './support/seed';
import { freePort, migratedDataDir, type RunningServer, startServer, tempDataDir } from './support/server';

const run = promisify(execFile);

const TEXTS = { 'en-US': enTexts, 'zh-CN': zhTexts, 'ru-RU': ruTexts } as const;
type Locale = keyof typeof TEXTS;
const LOCALES = Object.keys(TEXTS) as Locale[];

/** The essential columns of a list paid by traffic, in their order (issue #16). */
const ESSENTIAL_TITLES = [
  'proxies.column.username',
  'proxies.column.host',
  'proxies.column.location',
  'proxies.column.protocol',
  'proxies.column.status',
  'proxies.column.switch',
  'proxies.column.trafficUsed',
  'proxies.column.actions',
] as const;

/** What the snippets fetch in the console; the test points them at its own target instead. */
const SNIPPET_TARGET = 'https://ipinfo.io/json';

/** A python3 that can run the requests snippet, or why not. */
const pythonWithRequests = async (): Promise<string | null> => {
  try {
    await run('python3', ['-c', 'import requests']);
    return null;
  } catch (error) {
    return String((error as { stderr?: string }).stderr ?? error);
  }
};

describe.skipIf(!chromiumPath)('the proxy list at a glance, in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let token: string;
  let target: Server;
  let targetPort: number;
  /** Paths the local target was asked for, in order. */
  const seen: string[] = [];

  beforeAll(async () => {
    target = createServer((request, response) => {
      seen.push(request.url ?? '');
      if (request.url === '/ip') {
        response.setHeader('content-type', 'application/json');
        response.end(JSON.stringify({ ip: request.socket.remoteAddress, country: 'US' }));
        return;
      }
      response.end(`seen ${request.url}`);
    });
    await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', () => resolve()));
    targetPort = (target.address() as AddressInfo).port;

    const dataDir = migratedDataDir();
    ({ token } = await seedSignedInUser(dataDir, {
      username: 'list_viewer',
      email: 'list-viewer@example.test',
      balance: 100_000_000n,
    }));
    const gatewayPort = await freePort();
    [server, browser] = await Promise.all([
      startServer({
        dataDir,
        env: {
          GATEWAY_PORT: String(gatewayPort),
          GATEWAY_PUBLIC_HOST: '127.0.0.1',
          GATEWAY_ALLOW_PRIVATE_TARGETS: '127.0.0.0/8',
          IP_CHECK_URL: `http://127.0.0.1:${targetPort}/ip`,
        },
      }),
      launchBrowser(),
    ]);
    // Five rotating proxies paid by traffic, as the universal generator makes them.
    const generated = await fetch(`${server.url}/api/proxy/proxy/dynamic/common/traffic`, {
      method: 'POST',
      headers: { authorization: token, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ count: '5', country: 'US' }),
    });
    const body = await generated.json();
    if (body.code !== 0) throw new Error(`generation refused: ${JSON.stringify(body)}`);
    // And a static IP, whose list shows the expiry instead of the traffic (one generation a second).
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const staticIp = await fetch(`${server.url}/api/proxy/proxy/static/ip`, {
      method: 'POST',
      headers: { authorization: token, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ type: 'residential', country: 'US', days: '30' }),
    });
    const bought = await staticIp.json();
    if (bought.code !== 0) throw new Error(`static IP purchase refused: ${JSON.stringify(bought)}`);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await new Promise<void>((resolve) => (target ? target.close(() => resolve()) : resolve()));
  });

  /** A signed-in page of a proxy list (dynamic traffic unless said) in a language at a window width. */
  const openList = async (locale: Locale, width: number, path = '/proxy/dynamic/traffic'): Promise<Page> => {
    const context = await browser.newContext({
      baseURL: server.url,
      locale,
      viewport: { width, height: 900 },
    });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('requestfailed', (request) => errors.push(`failed ${request.url()}`));
    await page.goto('/login');
    await page.evaluate(
      ([value, lang]) => {
        localStorage.setItem('token', value);
        localStorage.setItem('arco-locale', lang);
      },
      [token, locale] as const,
    );
    await page.goto(path);
    try {
      await page.getByTestId('proxy-list').getByTestId('proxy-username').first().waitFor({ timeout: 20_000 });
    } catch (error) {
      const text = (await page.locator('body').innerText()).slice(0, 500);
      throw new Error(
        `${locale} ${width}: no proxy listed (${String(error)}); page errors: ${errors.join(' | ')}; page: ${text}`,
      );
    }
    await page.waitForLoadState('networkidle');
    return page;
  };

  /** The list at `path` shows `titles` as its headers at 1280 px, with nothing scrolling sideways. */
  const expectEssentialColumns = async (
    locale: Locale,
    path: string,
    titles: readonly (keyof typeof enTexts)[],
  ) => {
    const page = await openList(locale, 1280, path);
    try {
      const texts = TEXTS[locale];
      const list = page.getByTestId('proxy-list');
      const headers = (await list.locator('.ant-table-thead th').allTextContents()).filter(Boolean);
      expect(headers).toEqual(titles.map((key) => texts[key]));
      const widths = await page.evaluate(() => {
        const content = document.querySelector(
          '[data-testid="proxy-list"] .ant-table-content, [data-testid="proxy-list"] .ant-table-body',
        ) as HTMLElement | null;
        const more = document.querySelector('[data-testid="proxy-list"] [data-testid="proxy-actions"]');
        const cell = more?.closest('td')?.getBoundingClientRect();
        const button = more?.getBoundingClientRect();
        return {
          table: content ? { scroll: content.scrollWidth, client: content.clientWidth } : null,
          document: {
            scroll: document.documentElement.scrollWidth,
            client: document.documentElement.clientWidth,
          },
          // The "More" button lies whole inside its cell (it was cut in Russian).
          moreInside: Boolean(cell && button && button.left >= cell.left && button.right <= cell.right),
        };
      });
      expect(widths.table, 'the table scroll container').not.toBeNull();
      expect(widths.table?.scroll, `${locale} table`).toBeLessThanOrEqual(widths.table?.client ?? 0);
      expect(widths.document.scroll, `${locale} document`).toBeLessThanOrEqual(widths.document.client);
      expect(widths.moreInside, `${locale} More button`).toBe(true);
      // Every proxy's status and switch are in view.
      for (const testId of ['proxy-status', 'proxy-switch']) {
        const box = await list.getByTestId(testId).first().boundingBox();
        expect(box && box.x + box.width <= 1280, `${locale} ${testId}`).toBe(true);
      }
    } finally {
      await page.context().close();
    }
  };

  for (const locale of LOCALES) {
    it(`shows the essential columns at 1280 px without scrolling sideways (${locale})`, async () => {
      await expectEssentialColumns(locale, '/proxy/dynamic/traffic', ESSENTIAL_TITLES);
    });

    it(`shows the static IP list with its expiry at 1280 px without scrolling sideways (${locale})`, async () => {
      await expectEssentialColumns(
        locale,
        '/proxy/static/ip',
        ESSENTIAL_TITLES.map((key) =>
          key === 'proxies.column.trafficUsed' ? 'proxies.column.expireTime' : key,
        ),
      );
    });

    it(`shows cards at 390 px with no sideways scroll (${locale})`, async () => {
      const page = await openList(locale, 390);
      try {
        const list = page.getByTestId('proxy-list');
        expect(await list.getByTestId('proxy-card').count()).toBe(5);
        expect(await list.locator('.ant-table').count()).toBe(0);
        const card = list.getByTestId('proxy-card').first();
        for (const testId of [
          'proxy-status',
          'proxy-switch',
          'proxy-card-usage',
          'proxy-copy',
          'proxy-connect',
        ]) {
          expect(await card.getByTestId(testId).isVisible(), `${locale} ${testId}`).toBe(true);
        }
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow, `${locale} overflows at 390 px`).toBeLessThanOrEqual(0);
      } finally {
        await page.context().close();
      }
    });
  }

  it('remembers the chosen columns in the browser', async () => {
    const page = await openList('en-US', 1280);
    try {
      await page.getByTestId('proxy-columns-chooser').click();
      await page.getByTestId('proxy-column-remark').click();
      const list = page.getByTestId('proxy-list');
      await expect.poll(() => list.locator('.ant-table-thead th').allTextContents()).toContain('Remark');
      await page.reload();
      await list.getByTestId('proxy-username').first().waitFor();
      expect(await list.locator('.ant-table-thead th').allTextContents()).toContain('Remark');
    } finally {
      await page.context().close();
    }
  });

  it("runs the connect dialog's Python snippet with python3 through the gateway, and checks the exit", async () => {
    const missing = await pythonWithRequests();
    if (missing) throw new Error(`python3 cannot import requests here: ${missing}`);
    const page = await openList('en-US', 1280);
    try {
      const list = page.getByTestId('proxy-list');
      await list.getByTestId('proxy-connect').first().click();
      const dialog = page.getByTestId('proxy-connect-dialog');
      await dialog.getByTestId('proxy-snippet-tab-python').click();
      const snippet = (await dialog.getByTestId('proxy-snippet-python').textContent()) ?? '';
      expect(snippet).toContain('import requests');
      expect(snippet).toContain(SNIPPET_TARGET);

      // The snippet as pasted, pointed at the local target; no proxy settings of the environment.
      const script = join(tempDataDir(), 'snippet.py');
      writeFileSync(script, snippet.replace(SNIPPET_TARGET, `http://127.0.0.1:${targetPort}/from-python`));
      const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? '/tmp' };
      const { stdout } = await run('python3', [script], { env, timeout: 30_000 });
      expect(stdout.trim()).toBe('200 seen /from-python');
      expect(seen).toContain('/from-python');

      // It went through the gateway: with the proxy switched off the same snippet is refused there.
      const username = snippet.match(/http:\/\/([a-z0-9]+):/)?.[1];
      const rows = (
        await (
          await fetch(`${server.url}/api/proxy/tokens/dynamic/traffic?page=1&page_size=50`, {
            headers: { authorization: token },
          })
        ).json()
      ).data.data as { id: string; username: string }[];
      const row = rows.find((candidate) => candidate.username === username);
      if (!row) throw new Error(`no proxy ${username} in the list`);
      const switchTo = (state: 5 | 6) =>
        fetch(`${server.url}/api/proxy/token/status/${row.id}?switch=${state}`, {
          method: 'PUT',
          headers: { authorization: token },
        });
      await switchTo(6);
      const before = seen.length;
      await expect
        .poll(async () => (await run('python3', [script], { env, timeout: 30_000 })).stdout.split(' ')[0], {
          timeout: 10_000,
        })
        .toBe('403');
      expect(seen.slice(before)).not.toContain('/from-python');
      await switchTo(5);

      // The check fetches through the proxy and shows where it exits.
      await expect
        .poll(
          async () => {
            await dialog.getByTestId('proxy-check-run').click();
            await dialog
              .locator('[data-testid="proxy-check-result"], [data-testid="proxy-check-error"]')
              .first()
              .waitFor({ timeout: 20_000 });
            return dialog.getByTestId('proxy-check-ip').count();
          },
          { timeout: 20_000 },
        )
        .toBe(1);
      expect(await dialog.getByTestId('proxy-check-ip').textContent()).toBe('127.0.0.1');
      expect(await dialog.getByTestId('proxy-check-country').textContent()).toBe('United States');
      expect(seen).toContain('/ip');
    } finally {
      await page.context().close();
    }
  });
});
