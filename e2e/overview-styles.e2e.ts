import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContextOptions } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath, launchBrowser } from './support/browser';
import { migratedDataDir, type RunningServer, startServer } from './support/server';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
/**
 * The antd classes the overview shows before it is used (`apps/console/src/app/overview-classes.json`):
 * the build keeps the rules that can apply to them as the overview's first stylesheet
 * (`antd-styles-split.ts`), and the whole stylesheets follow at the first use or when idle. Run with
 * `UPDATE_OVERVIEW_CLASSES=1` to write the list anew after changing what the overview shows.
 */
const CLASSES_FILE = join(ROOT, 'apps/console/src/app/overview-classes.json');
const ANTD_CSS = join(ROOT, 'node_modules/antd/dist/antd.css');

/** Every class antd's stylesheet names. */
const antdClasses = (): Set<string> =>
  new Set(
    [...readFileSync(ANTD_CSS, 'utf8').matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].map((match) => match[1] ?? ''),
  );

const PHONE: BrowserContextOptions = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
  userAgent:
    'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36',
};
const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 800 } };

describe.skipIf(!chromiumPath)('the overview before it is used', () => {
  let server: RunningServer;
  let browser: Browser;
  let tokens: { active: string; fresh: string };

  beforeAll(async () => {
    const dataDir = migratedDataDir();
    // The benchmark's customers (bench/console): one with a balance, a proxy and 30 days of
    // traffic, one who has just registered.
    const seeded = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'bench/console/seed.ts', '--data-dir', dataDir],
      {
        cwd: ROOT,
        encoding: 'utf8',
      },
    );
    if (seeded.status !== 0) throw new Error(`seeding failed: ${seeded.stderr}`);
    tokens = JSON.parse(seeded.stdout.trim().split('\n').pop() ?? '{}');
    [server, browser] = await Promise.all([startServer({ dataDir }), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /**
   * Opens the overview signed in and answers the classes on the page once it stops changing, and a
   * screenshot then. `firstFileOnly`: the whole antd stylesheets never arrive.
   */
  const classesShown = async (
    token: string,
    device: BrowserContextOptions,
    locale: string,
    options: { firstFileOnly?: boolean } = {},
  ) => {
    const context = await browser.newContext({ ...device, baseURL: server.url, locale });
    try {
      const page = await context.newPage();
      if (options.firstFileOnly)
        await page.route(/\/assets\/antd-(first-screen|signed-in)-/, (route) => route.abort());
      const userInfoRequests: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname === '/api/user/info') userInfoRequests.push(request.url());
      });
      await page.goto('/health');
      await page.evaluate(
        ([value, chosen]) => {
          localStorage.setItem('token', value);
          localStorage.setItem('arco-locale', chosen);
        },
        [token, locale] as const,
      );
      await page.goto('/dashboard/overview');
      await page.getByTestId('overview-balance').waitFor({ timeout: 30_000 });
      const read = () =>
        page.evaluate(() =>
          [
            ...new Set(
              Array.from(document.querySelectorAll('*')).flatMap((element) => Array.from(element.classList)),
            ),
          ].sort(),
        );
      // Until the lazy cards, the charts and any window that opens by itself have come.
      let previous = await read();
      for (let stable = 0; stable < 4; ) {
        await page.waitForTimeout(500);
        const next = await read();
        stable = next.join(' ') === previous.join(' ') ? stable + 1 : 0;
        previous = next;
      }
      const stylesheets = await page.evaluate(() =>
        Array.from(document.querySelectorAll('link[rel="stylesheet"]')).map(
          (link) => link.getAttribute('href') ?? '',
        ),
      );
      return {
        classes: previous,
        userInfoRequests: userInfoRequests.length,
        stylesheets,
        screenshot: await page.screenshot({ fullPage: true, animations: 'disabled', caret: 'hide' }),
      };
    } finally {
      await context.close();
    }
  };

  it("shows no antd class the overview's first stylesheet was not built for, and asks for the user info once", async () => {
    const known = antdClasses();
    const shown = new Set<string>();
    for (const [token, device, locale] of [
      [tokens.active, PHONE, 'en-US'],
      [tokens.fresh, PHONE, 'ru-RU'],
      [tokens.active, DESKTOP, 'zh-CN'],
      [tokens.fresh, DESKTOP, 'en-US'],
    ] as const) {
      const { classes, userInfoRequests } = await classesShown(token, device, locale);
      // The early request's answer is the one the console uses (src/early/).
      expect(userInfoRequests).toBe(1);
      for (const name of classes) if (known.has(name)) shown.add(name);
    }
    const listed = new Set<string>(JSON.parse(readFileSync(CLASSES_FILE, 'utf8')));
    if (process.env.UPDATE_OVERVIEW_CLASSES) {
      writeFileSync(CLASSES_FILE, `${JSON.stringify([...shown].sort(), null, 2)}\n`);
      return;
    }
    const missing = [...shown].filter((name) => !listed.has(name));
    expect(
      missing,
      'the overview shows antd classes missing from apps/console/src/app/overview-classes.json: rerun this file with UPDATE_OVERVIEW_CLASSES=1 and rebuild',
    ).toEqual([]);
  }, 180_000);

  it('looks the same with its first stylesheet alone as with the whole stylesheets', async () => {
    for (const [token, device] of [
      [tokens.active, PHONE],
      [tokens.fresh, DESKTOP],
    ] as const) {
      const alone = await classesShown(token, device, 'en-US', { firstFileOnly: true });
      const whole = await classesShown(token, device, 'en-US');
      expect(alone.stylesheets.some((href) => href.includes('antd-overview-first-'))).toBe(true);
      // Applied when idle without being used.
      expect(whole.stylesheets.filter((href) => /antd-(first-screen|signed-in)-/.test(href))).toHaveLength(2);
      expect(alone.screenshot.equals(whole.screenshot)).toBe(true);
    }
  }, 180_000);
});
