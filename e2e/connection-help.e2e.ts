import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath, launchBrowser } from './support/browser';
import { seedSignedInUser } from './support/seed';
import { migratedDataDir, type RunningServer, startServer, tempDataDir } from './support/server';

const LOCALES = ['en-US', 'zh-CN', 'ru-RU'] as const;
type Locale = (typeof LOCALES)[number];

/** The operator's file: its tools and partners replace the defaults, the mobile apps stay the defaults. */
const OPERATOR_CONTENT = {
  tools: [
    {
      platform: 'windows',
      name: 'E2E Connector for Windows',
      version: '5.6.7',
      size: 3 * 1024 * 1024,
      url: 'https://downloads.e2e.test/connector-5.6.7.exe',
      released_at: '2026-11-20',
      notes: {
        'en-US': 'Operator note in English',
        'zh-CN': '运营方的中文说明',
        'ru-RU': 'Заметка оператора по-русски',
      },
    },
    {
      platform: 'android',
      name: 'E2E Connector for Android, with a rather long name that has to wrap on a phone',
      version: '5.6.0',
      size: 900_000,
      url: 'https://downloads.e2e.test/connector-5.6.0.apk',
      released_at: '2026-11-18',
    },
  ],
  fingerprint_browsers: [
    {
      id: 'e2e-partner',
      name: 'E2E Partner Browser',
      description: {
        'en-US': 'Partner description in English',
        'zh-CN': '合作伙伴的中文介绍',
        'ru-RU': 'Описание партнёра по-русски',
      },
      promo_code: 'E2E-PROMO-2026',
      promo: { 'en-US': 'Thirty percent off' },
      url: 'https://partner.e2e.test/',
    },
  ],
};

/** Texts the mobile-app page must show (the server's defaults, `modules/help/help-defaults.ts`). */
const DEFAULT_IOS_AVAILABILITY: Record<Locale, string> = {
  'en-US': 'App Store outside mainland China',
  'zh-CN': '中国大陆以外地区的 App Store',
  'ru-RU': 'App Store за пределами материкового Китая',
};

const HOSTS = ['127.0.0.1', 'localhost'];

describe.skipIf(!chromiumPath)('connection help in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let token: string;

  beforeAll(async () => {
    const dataDir = migratedDataDir();
    const contentFile = join(tempDataDir(), 'help-content.json');
    writeFileSync(contentFile, JSON.stringify(OPERATOR_CONTENT));
    ({ token } = await seedSignedInUser(dataDir, {
      username: 'help_user',
      email: 'help@example.test',
    }));
    [server, browser] = await Promise.all([
      startServer({
        dataDir,
        env: { HELP_CONTENT_FILE: contentFile, GATEWAY_PUBLIC_HOSTS: HOSTS.join(',') },
      }),
      launchBrowser(),
    ]);
  }, 90_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** Goes to `path` inside the running console, as its menu does. */
  const navigateInApp = (page: Page, path: string) =>
    page.evaluate((target) => {
      window.history.pushState(null, '', target);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, path);

  /**
   * Fails with what sticks out when the page scrolls sideways, once the layout had 5 s to settle (right
   * after the window shrinks to 390 px, the desktop header is still there for a frame or two; under
   * CI's load that was long enough to be read once).
   */
  const expectNoSidewaysScroll = async (page: Page, what: string) => {
    const read = () =>
      page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        innerWidth: window.innerWidth,
        overflowing: Array.from(document.body.querySelectorAll('*'))
          .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 0.5)
          .filter((element) => element.checkVisibility())
          .slice(-3)
          .map((element) => `${element.tagName} ${element.className} "${element.textContent?.slice(0, 30)}"`),
      }));
    let reading = await read();
    for (let waited = 0; reading.scrollWidth > reading.innerWidth && waited < 5_000; waited += 250) {
      await page.waitForTimeout(250);
      reading = await read();
    }
    expect(reading.scrollWidth, `${what}: ${reading.overflowing.join('; ')}`).toBeLessThanOrEqual(
      reading.innerWidth,
    );
  };

  /** Checks the three pages show the server's content in `locale`, without sideways scrolling. */
  const checkPages = async (page: Page, locale: Locale, width: number) => {
    const what = `${locale} at ${width} px`;
    await navigateInApp(page, '/connection-assistance/connection-tool');
    const windows = page.getByTestId('tool-windows');
    await windows.waitFor({ timeout: 15_000 });
    await expect(windows.innerText()).resolves.toContain('E2E Connector for Windows');
    await expect(windows.innerText()).resolves.toContain(OPERATOR_CONTENT.tools[0]?.notes?.[locale]);
    await expect(page.getByTestId('tool-windows-version').innerText()).resolves.toContain('5.6.7');
    await expect(page.getByTestId('tool-windows-download').getAttribute('href')).resolves.toBe(
      'https://downloads.e2e.test/connector-5.6.7.exe',
    );
    await expect(page.getByTestId('tool-android').isVisible()).resolves.toBe(true);
    // The operator's list replaced the defaults.
    await expect(page.getByTestId('tool-macos').count()).resolves.toBe(0);
    await page.getByTestId('gateway-host-current').waitFor();
    await expectNoSidewaysScroll(page, `connection tool, ${what}`);

    await navigateInApp(page, '/mobile-app');
    const ios = page.getByTestId('mobile-app-ios-store-0');
    await ios.waitFor({ timeout: 15_000 });
    await expect(ios.innerText()).resolves.toContain(DEFAULT_IOS_AVAILABILITY[locale]);
    await expect(page.locator('[data-testid="mobile-app"] canvas').count()).resolves.toBeGreaterThan(0);
    await expectNoSidewaysScroll(page, `mobile app, ${what}`);

    await navigateInApp(page, '/fingerprint-browser');
    const partner = page.getByTestId('partner-e2e-partner');
    await partner.waitFor({ timeout: 15_000 });
    await expect(page.getByTestId('partner-e2e-partner-description').innerText()).resolves.toBe(
      OPERATOR_CONTENT.fingerprint_browsers[0]?.description[locale],
    );
    await expect(page.getByTestId('partner-e2e-partner-promo').innerText()).resolves.toContain(
      'E2E-PROMO-2026',
    );
    // Thirty percent off is only in English: the other languages show the English text.
    await expect(partner.innerText()).resolves.toContain('Thirty percent off');
    await expect(page.getByTestId('partner-e2e-partner-link').getAttribute('href')).resolves.toBe(
      'https://partner.e2e.test/',
    );
    await expectNoSidewaysScroll(page, `fingerprint browsers, ${what}`);
  };

  it.each(LOCALES)(
    'shows every connection-help page with the server’s content in %s at 1280 and 390 px',
    async (locale) => {
      const context = await browser.newContext({
        baseURL: server.url,
        locale,
        viewport: { width: 1280, height: 900 },
      });
      await context.addInitScript(
        ([chosen, session]) => {
          localStorage.setItem('arco-locale', chosen);
          localStorage.setItem('token', session);
        },
        [locale, token] as const,
      );
      const page = await context.newPage();
      try {
        await page.goto('/connection-assistance/connection-tool');
        await checkPages(page, locale, 1280);
        await page.setViewportSize({ width: 390, height: 844 });
        await checkPages(page, locale, 390);
      } finally {
        await context.close();
      }
    },
  );

  it('keeps the chosen gateway host across a reload', async () => {
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
    await context.addInitScript((session) => {
      localStorage.setItem('arco-locale', 'en-US');
      localStorage.setItem('token', session);
    }, token);
    const page = await context.newPage();
    try {
      await page.goto('/connection-assistance/connection-tool');
      const current = page.getByTestId('gateway-host-current');
      await current.waitFor({ timeout: 15_000 });
      await expect(current.getAttribute('data-host')).resolves.toBe(HOSTS[0]);
      await page.getByTestId(`gateway-host-${HOSTS[1]}`).check();
      await page.getByTestId('gateway-host-save').click();
      await page.locator(`[data-testid="gateway-host-current"][data-host="${HOSTS[1]}"]`).waitFor();

      await page.reload();
      await page.locator('[data-testid="gateway-host-current"]').waitFor({ timeout: 15_000 });
      await expect(page.getByTestId('gateway-host-current').getAttribute('data-host')).resolves.toBe(
        HOSTS[1],
      );
      await expect(page.getByTestId('gateway-host-current').innerText()).resolves.toContain(`${HOSTS[1]}:`);
      await expect(page.getByTestId(`gateway-host-${HOSTS[1]}`).isChecked()).resolves.toBe(true);
    } finally {
      await context.close();
    }
  });
});
