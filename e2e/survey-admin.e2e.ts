import { createSessionToken, hashSessionToken, openDatabase, operatorSessions, operators } from '@ptc/db';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath, launchBrowser } from './support/browser';
import { seedSignedInUser } from './support/seed';
import { migratedDataDir, type RunningServer, startServer } from './support/server';

type Locale = 'en-US' | 'zh-CN' | 'ru-RU';
/** The operator's new wording of the "how did you hear about us" question. */
const SOURCE_TITLE: Record<Locale, string> = {
  'en-US': 'Where did you first find PTC?',
  'zh-CN': '您最初是在哪里发现 PTC 的？',
  'ru-RU': 'Где вы впервые нашли PTC?',
};

/**
 * Issue #20: an operator edits the survey in the operator console (rewords a question in three
 * languages, moves it first, retires the free-text one); customers who open the survey window get
 * the new set in their language, and their answers are stored against that version.
 */
describe.skipIf(!chromiumPath)('the survey as operators edit it, in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  let operatorToken = '';
  const customers: Partial<Record<Locale, string>> = {};

  beforeAll(async () => {
    const dataDir = migratedDataDir();
    for (const locale of ['en-US', 'ru-RU'] as const) {
      const name = `survey_${locale.slice(0, 2)}`;
      // Not new: the survey window opens by itself only for customers who are not new.
      ({ token: customers[locale] } = await seedSignedInUser(dataDir, {
        username: name,
        email: `${name}@example.test`,
        isNewUser: false,
      }));
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
  }, 90_000);
  afterAll(async () => {
    await Promise.all(contexts.map((context) => context.close()));
    await browser?.close();
    await server?.stop();
  });

  const adminSurvey = async () => {
    const response = await fetch(`${server.url}/api/admin/survey`, {
      headers: { 'x-operator-session': operatorToken },
    });
    return (await response.json()).data as {
      version: number;
      questions: { id: string; retired: boolean }[];
      answered: { version: number; count: number }[];
    };
  };

  /** Fails with what sticks out when the page scrolls sideways once the layout settled (5 s). */
  const expectNoSidewaysScroll = async (page: Page, what: string) => {
    await page
      .waitForFunction(() => document.documentElement.scrollWidth <= window.innerWidth, undefined, {
        timeout: 5_000,
      })
      .catch(() => undefined);
    const reading = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
    }));
    expect(reading.scrollWidth, what).toBeLessThanOrEqual(reading.innerWidth);
  };

  it('a support operator rewords a question in three languages, moves it first and retires another', async () => {
    const context = await browser.newContext({ baseURL: server.url, locale: 'en-US' });
    contexts.push(context);
    await context.addInitScript((token) => sessionStorage.setItem('operator-token', token), operatorToken);
    const page = await context.newPage();
    await page.goto('/admin/survey');
    await page.getByTestId('admin-survey-edit-source').click();
    await page.getByTestId('admin-survey-title-en-US').waitFor({ timeout: 15_000 });
    for (const locale of Object.keys(SOURCE_TITLE) as Locale[]) {
      await page.getByTestId(`admin-survey-title-${locale}`).fill(SOURCE_TITLE[locale]);
    }
    await page.getByTestId('admin-survey-submit').click();
    await expect
      .poll(() => page.getByTestId('admin-survey-title-of-source').textContent(), { timeout: 15_000 })
      .toBe(SOURCE_TITLE['en-US']);
    await page.getByTestId('admin-survey-up-source').click();
    await expect
      .poll(async () => (await adminSurvey()).questions.map((question) => question.id), { timeout: 15_000 })
      .toEqual(['source', 'use_case', 'remark']);
    await page.getByTestId('admin-survey-up-source').isDisabled();
    await page.getByTestId('admin-survey-retire-remark').click();
    await expect
      .poll(() => page.getByTestId('admin-survey-state-remark').textContent(), { timeout: 15_000 })
      .toBe('Retired');
    await expect
      .poll(async () => (await page.getByTestId('admin-survey-version').getAttribute('data-version')) ?? '', {
        timeout: 15_000,
      })
      .toBe('3');
    await expectNoSidewaysScroll(page, 'operator survey page at 1280 px');
  });

  it('a customer gets the new set in the survey window in their language, and the answers keep version 3', async () => {
    for (const [locale, width] of [
      ['en-US', 1280],
      ['ru-RU', 390],
    ] as const) {
      const context = await browser.newContext({
        baseURL: server.url,
        locale,
        viewport: { width, height: 900 },
      });
      contexts.push(context);
      await context.addInitScript(
        ([chosen, session]) => {
          localStorage.setItem('arco-locale', chosen);
          localStorage.setItem('token', session);
        },
        [locale, customers[locale] ?? ''] as const,
      );
      const page = await context.newPage();
      await page.goto('/dashboard/overview');
      const survey = page.getByTestId('survey-window');
      await survey.waitFor({ timeout: 20_000 });
      const labels = survey.locator('.ant-form-item-label label');
      await labels.first().waitFor({ timeout: 15_000 });
      // The reworded question first, in the customer's language; the retired one is not asked.
      await expect(labels.allInnerTexts()).resolves.toHaveLength(2);
      await expect(labels.first().innerText()).resolves.toBe(SOURCE_TITLE[locale]);
      await expect(survey.getByTestId('survey-remark').count()).resolves.toBe(0);
      await expectNoSidewaysScroll(page, `survey window, ${locale} at ${width} px`);
      if (locale === 'en-US') {
        await survey.getByLabel('Search engine').check();
        await survey.getByLabel('Data collection').check();
        await survey.getByTestId('survey-submit').click();
        await survey.getByText('Bind a phone to receive 1 PTC').waitFor({ timeout: 15_000 });
      }
    }
    await expect
      .poll(async () => (await adminSurvey()).answered, { timeout: 10_000 })
      .toEqual([{ version: 3, count: 1 }]);
  });
});
