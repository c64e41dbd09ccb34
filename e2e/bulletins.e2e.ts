import { createSessionToken, hashSessionToken, openDatabase, operatorSessions, operators } from '@ptc/db';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bulletins as enUS } from '../apps/console/src/locales/en-US/bulletins';
import { bulletins as ruRU } from '../apps/console/src/locales/ru-RU/bulletins';
import { bulletins as zhCN } from '../apps/console/src/locales/zh-CN/bulletins';
import { chromiumPath, launchBrowser } from './support/browser';
import { seedSignedInUser } from './support/seed';
import { migratedDataDir, type RunningServer, startServer } from './support/server';

const TEXTS = { 'en-US': enUS, 'zh-CN': zhCN, 'ru-RU': ruRU } as const;
type Locale = keyof typeof TEXTS;

/** The bulletin the operator writes, per console language. */
const BULLETIN = {
  'en-US': { title: 'Gateway maintenance tonight', body: 'Connections drop for a minute at 02:00 UTC.' },
  'zh-CN': { title: '今晚网关维护', body: 'UTC 02:00 连接将中断约一分钟。' },
  'ru-RU': { title: 'Техработы на шлюзе сегодня ночью', body: 'В 02:00 UTC соединения прервутся на минуту.' },
} as const;
const FIELD = { 'en-US': 'en', 'zh-CN': 'zh', 'ru-RU': 'ru' } as const;

/**
 * Issue #20 "Bulletins": an operator publishes a bulletin in three languages from the operator
 * console; each customer sees it once, in their language, above the overview; closing it hides it,
 * and it stays closed after a reload and in another browser of the same customer; at 390 px the
 * page does not scroll sideways.
 */
describe.skipIf(!chromiumPath)('bulletins in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  let operatorToken = '';
  const customers: Record<Locale, string> = { 'en-US': '', 'zh-CN': '', 'ru-RU': '' };

  beforeAll(async () => {
    const dataDir = migratedDataDir();
    for (const locale of Object.keys(customers) as Locale[]) {
      const name = `bulletin_${FIELD[locale]}`;
      const { token } = await seedSignedInUser(dataDir, {
        username: name,
        // New customers: the survey window (issue #20 rewards) opens by itself only for customers who
        // are not new, and would cover the bulletin.
        email: `${name}@example.test`,
      });
      customers[locale] = token;
    }
    // A signed-in support operator (TOTP enrolled), as the sign-in leaves it (operators.e2e covers sign-in).
    const database = await openDatabase({ dataDir });
    try {
      const [operator] = await database.db
        .insert(operators)
        .values({
          email: 'support@example.test',
          name: 'Support',
          role: 'support',
          passwordHash: 'not-a-hash',
          totpSecretSealed: 'enrolled-elsewhere',
        })
        .returning();
      if (!operator) throw new Error('no operator');
      operatorToken = createSessionToken();
      await database.db.insert(operatorSessions).values({
        operatorId: operator.id,
        tokenHash: hashSessionToken(operatorToken),
        stage: 2,
        expiresAt: new Date(Date.now() + 3_600_000),
      });
    } finally {
      await database.close();
    }
    [server, browser] = await Promise.all([startServer({ dataDir }), launchBrowser()]);
  });
  afterAll(async () => {
    await Promise.all(contexts.map((context) => context.close()));
    await browser?.close();
    await server?.stop();
  });

  /** A new browser in `locale` at `width`, signed in as the customer of that language. */
  const customerPage = async (locale: Locale, width: number): Promise<Page> => {
    const context = await browser.newContext({
      baseURL: server.url,
      locale,
      viewport: { width, height: 844 },
    });
    contexts.push(context);
    await context.addInitScript(
      ([chosen, token]) => {
        localStorage.setItem('arco-locale', chosen);
        localStorage.setItem('token', token);
      },
      [locale, customers[locale]] as const,
    );
    return context.newPage();
  };

  /** Opens the overview and waits until the bulletins were asked for and had time to show. */
  const openOverview = async (page: Page) => {
    const answered = page.waitForResponse((response) => response.url().endsWith('/api/proxy/announcements'));
    await page.goto('/dashboard/overview');
    await page.getByTestId('overview').waitFor();
    expect((await answered).status()).toBe(200);
  };

  const sidewaysScroll = (page: Page) =>
    page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

  it('an operator publishes a bulletin in three languages from the operator console', async () => {
    const context = await browser.newContext({ baseURL: server.url, locale: 'en-US' });
    contexts.push(context);
    await context.addInitScript((token) => sessionStorage.setItem('operator-token', token), operatorToken);
    const page = await context.newPage();
    await page.goto('/admin/bulletins');
    await page.getByTestId('admin-bulletin-add').click();
    await page.getByTestId('admin-bulletin-title-en').waitFor();
    for (const locale of Object.keys(BULLETIN) as Locale[]) {
      await page.getByTestId(`admin-bulletin-title-${FIELD[locale]}`).fill(BULLETIN[locale].title);
      await page.getByTestId(`admin-bulletin-body-${FIELD[locale]}`).fill(BULLETIN[locale].body);
    }
    await page.getByTestId('admin-bulletin-submit').click();
    const table = page.getByTestId('admin-bulletin-table');
    await expect.poll(() => table.textContent(), { timeout: 10_000 }).toContain(BULLETIN['en-US'].title);
    expect(await table.textContent()).toContain('0 / 0');
  });

  it.each([
    ['en-US', 1280],
    ['zh-CN', 1280],
    ['ru-RU', 390],
  ] as const)(
    'a %s customer at %i px sees it once in their language, closes it, and it stays closed',
    async (locale, width) => {
      const page = await customerPage(locale, width);
      await openOverview(page);
      const shown = page.getByTestId('bulletin');
      await shown.first().waitFor();
      expect(await shown.count()).toBe(1);
      expect(await shown.textContent()).toContain(BULLETIN[locale].title);
      expect(await shown.textContent()).toContain(BULLETIN[locale].body);
      for (const other of Object.keys(BULLETIN) as Locale[]) {
        if (other !== locale) expect(await shown.textContent()).not.toContain(BULLETIN[other].title);
      }
      expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);

      const closed = page.waitForResponse(
        (response) => response.request().method() === 'PUT' && response.url().endsWith('/close'),
      );
      await shown.getByRole('button', { name: TEXTS[locale]['bulletins.close'] }).click();
      expect((await closed).status()).toBe(200);
      await shown.first().waitFor({ state: 'detached' });
      const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('bulletin-list') ?? 'null'));
      expect(stored).toMatchObject({ activeId: null, list: [{ show: false }] });

      await page.reload();
      await openOverview(page);
      await page.waitForTimeout(300);
      expect(await shown.count()).toBe(0);

      // Another browser of the same customer (empty storage): closed on the server too.
      const elsewhere = await customerPage(locale, width);
      await openOverview(elsewhere);
      await elsewhere.waitForTimeout(300);
      expect(await elsewhere.getByTestId('bulletin').count()).toBe(0);
    },
  );

  it('the operator sees who read and closed it', async () => {
    const response = await fetch(`${server.url}/api/admin/announcements`, {
      headers: { 'x-operator-session': operatorToken },
    });
    const answer = (await response.json()) as {
      data: { list: { read_count: number; closed_count: number }[] };
    };
    expect(answer.data.list).toMatchObject([{ read_count: 3, closed_count: 3 }]);
  });
});
