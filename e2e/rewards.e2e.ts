import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath, launchBrowser } from './support/browser';
import { nextCodeTo } from './support/outbox';
import { seedSignedInUser } from './support/seed';
import { migratedDataDir, type RunningServer, startServer } from './support/server';

const LOCALES = ['en-US', 'zh-CN', 'ru-RU'] as const;
type Locale = (typeof LOCALES)[number];

/** The code table's 6002 text in each language (`locales/*\/errors.ts`), as the toast shows it. */
const SIGNIN_FAILED: Record<Locale, string> = {
  'en-US': 'You can sign in only once every 24 hours',
  'zh-CN': '每 24 小时只能签到一次',
  'ru-RU': 'Отмечаться можно только раз в 24 часа',
};
const SIGN_IN_BUTTON: Record<Locale, string> = {
  'en-US': 'Sign in today',
  'zh-CN': '今日签到',
  'ru-RU': 'Отметиться сегодня',
};
const SURVEY_REWARDED: Record<Locale, string> = {
  'en-US': 'Survey reward received',
  'zh-CN': '问卷奖励已领取',
  'ru-RU': 'Награда за опрос получена',
};

const PHONE = '+14155550142';

describe.skipIf(!chromiumPath)('daily sign-in and survey rewards in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let token: string;

  beforeAll(async () => {
    const dataDir = migratedDataDir();
    ({ token } = await seedSignedInUser(dataDir, {
      username: 'rewards_user',
      email: 'rewards@example.test',
      isNewUser: false,
    }));
    [server, browser] = await Promise.all([startServer({ dataDir }), launchBrowser()]);
  }, 90_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const api = async (path: string) => {
    const response = await fetch(`${server.url}/api${path}`, { headers: { authorization: token } });
    return ((await response.json()) as { data: Record<string, unknown> }).data;
  };

  const openPage = async (locale: Locale, width: number) => {
    const context = await browser.newContext({
      baseURL: server.url,
      locale,
      viewport: { width, height: 900 },
    });
    await context.addInitScript(
      ([chosen, session]) => {
        localStorage.setItem('arco-locale', chosen);
        localStorage.setItem('token', session);
      },
      [locale, token] as const,
    );
    return { context, page: await context.newPage() };
  };

  /** Fails with what sticks out when the page scrolls sideways. */
  const expectNoSidewaysScroll = async (page: Page, what: string) => {
    const reading = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
      overflowing: Array.from(document.body.querySelectorAll('*'))
        .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 0.5)
        .filter((element) => element.checkVisibility())
        .slice(-3)
        .map((element) => `${element.tagName} ${element.className} "${element.textContent?.slice(0, 30)}"`),
    }));
    expect(reading.scrollWidth, `${what}: ${reading.overflowing.join('; ')}`).toBeLessThanOrEqual(
      reading.innerWidth,
    );
  };

  /** Clicks "Sign in today" once more and waits for the 6002 toast in `locale`. */
  const expectSecondSignInRefused = async (page: Page, locale: Locale) => {
    await page.getByTestId('sign-in-today').click();
    await page
      .locator('.ant-message-notice', { hasText: SIGNIN_FAILED[locale] })
      .waitFor({ timeout: 10_000 });
  };

  it('takes the survey, binds a phone and signs in: 1 PTC once, 0.01 PTC, then 6002 (en-US, 1280 px)', async () => {
    const { context, page } = await openPage('en-US', 1280);
    try {
      await page.goto('/dashboard/overview');
      // The survey window pops up by itself (user/info show_questionnaire_windows).
      const survey = page.getByTestId('survey-window');
      await survey.waitFor({ timeout: 20_000 });
      await survey.getByText('What do you use proxies for?').waitFor();
      await survey.getByLabel('Data collection').check();
      await survey.getByLabel('Search engine').check();
      await survey.getByTestId('survey-remark').fill('Faster exits in Asia, please.');
      await survey.getByTestId('survey-submit').click();
      await survey.getByText('Bind a phone to receive 1 PTC').waitFor({ timeout: 10_000 });
      await survey.getByTestId('bind-phone').fill(PHONE);
      await survey.getByTestId('bind-phone-send-code').click();
      const { code } = await nextCodeTo(server.url, PHONE);
      await survey.getByTestId('bind-phone-code').fill(code);
      await survey.getByTestId('survey-bind-submit').click();
      await survey.getByText('Thank you! 1 PTC were added to your balance.').waitFor({ timeout: 10_000 });
      await survey.getByTestId('survey-close').click();
      await survey.waitFor({ state: 'detached' });
      await expect(api('/user/info')).resolves.toMatchObject({
        balance: '1.000000',
        phone: PHONE,
        has_gift: false,
        to_band_phone: false,
      });

      const card = page.getByTestId('rewards-card');
      await card.getByText('Survey reward received').waitFor();
      await card.getByText('Sign in once a day to receive 0.01 PTC.').waitFor();
      await page.getByTestId('sign-in-today').click();
      await page
        .locator('.ant-message-notice', { hasText: 'Signed in: +0.01 PTC' })
        .waitFor({ timeout: 10_000 });
      await page.getByTestId('sign-in-done').waitFor();
      await expect(page.getByTestId('sign-in-streak').innerText()).resolves.toBe('Streak: 1 day(s)');
      await expect(
        page.locator('[data-testid="sign-in-calendar"] li[data-signed="true"]').count(),
      ).resolves.toBe(1);
      await expectSecondSignInRefused(page, 'en-US');
      await expectNoSidewaysScroll(page, 'overview, en-US at 1280 px');
      await expect(api('/user/info')).resolves.toMatchObject({ balance: '1.010000' });

      // The money trail shows both rewards, once each.
      await page.evaluate(() => {
        window.history.pushState(null, '', '/charge/history');
        window.dispatchEvent(new PopStateEvent('popstate'));
      });
      const rows = page.locator('[data-testid="money-trail"] [data-testid="money-trail-row-reward"]');
      await rows.first().waitFor({ timeout: 15_000 });
      await expect(rows.count()).resolves.toBe(2);
      const amounts = await rows.locator('[data-testid="money-trail-amount"]').allInnerTexts();
      expect(amounts.map((text) => text.replace(/\s/g, '')).sort()).toEqual(['+0.01', '+1.00']);
    } finally {
      await context.close();
    }
  }, 60_000);

  it.each(LOCALES)('shows the card and refuses a second sign-in in %s at 390 px', async (locale) => {
    const { context, page } = await openPage(locale, 390);
    try {
      await page.goto('/dashboard/overview');
      const card = page.getByTestId('rewards-card');
      await card.waitFor({ timeout: 20_000 });
      await card.getByText(SURVEY_REWARDED[locale]).waitFor();
      await page.getByTestId('sign-in-done').waitFor();
      await expect(page.getByTestId('sign-in-today').innerText()).resolves.toContain(SIGN_IN_BUTTON[locale]);
      await expect(page.locator('[data-testid="sign-in-calendar"] li').count()).resolves.toBe(30);
      await expectSecondSignInRefused(page, locale);
      await card.scrollIntoViewIfNeeded();
      await expectNoSidewaysScroll(page, `overview, ${locale} at 390 px`);
      // No survey window any more: answered.
      await expect(page.getByTestId('survey-window').count()).resolves.toBe(0);
    } finally {
      await context.close();
    }
  });
});
