import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUserGuide as enUS } from '../apps/console/src/locales/en-US/new-user-guide';
import { newUserGuide as ruRU } from '../apps/console/src/locales/ru-RU/new-user-guide';
import { newUserGuide as zhCN } from '../apps/console/src/locales/zh-CN/new-user-guide';
import { hashPassword } from '../apps/server/src/modules/auth/secrets';
import { chromiumPath, launchBrowser } from './support/browser';
import { seedSignedInUser } from './support/seed';
import { migratedDataDir, type RunningServer, startServer } from './support/server';

const CAPTCHA = '2468';
const PASSWORD = 'new user guide 1';
const NEWCOMER = 'newcomer@example.test';
const REGULAR = 'regular@example.test';
const TEXTS = { 'en-US': enUS, 'zh-CN': zhCN, 'ru-RU': ruRU } as const;
/** A new customer of each language's test: closing the guide ends a customer's time as a new one. */
const newcomerIn = (locale: keyof typeof TEXTS) => `newcomer-${locale.toLowerCase()}@example.test`;

/**
 * Issue #20 "New-user guide": a new customer signs in and gets the guide, answers its three
 * questions and lands on the recommended generator with the answers pre-filled; a reload or a
 * second sign-in does not show it again, the help entry of the user menu does; a customer who is
 * not new never gets it by itself; in three languages at 390 px nothing scrolls sideways.
 */
describe.skipIf(!chromiumPath)('the new-user guide in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    const dataDir = migratedDataDir();
    const passwordHash = await hashPassword(PASSWORD);
    await seedSignedInUser(dataDir, { username: 'guide_newcomer', email: NEWCOMER, passwordHash });
    for (const locale of Object.keys(TEXTS) as (keyof typeof TEXTS)[]) {
      await seedSignedInUser(dataDir, {
        username: `guide_${locale}`,
        email: newcomerIn(locale),
        passwordHash,
      });
    }
    await seedSignedInUser(dataDir, {
      username: 'guide_regular',
      email: REGULAR,
      passwordHash,
      isNewUser: false,
    });
    [server, browser] = await Promise.all([
      startServer({ dataDir, env: { CAPTCHA_FIXED: CAPTCHA } }),
      launchBrowser(),
    ]);
  });
  afterAll(async () => {
    await Promise.all(contexts.map((context) => context.close()));
    await browser?.close();
    await server?.stop();
  });

  /** A new browser (empty storage) in `locale` at `width`. */
  const openPage = async (locale: keyof typeof TEXTS, width: number): Promise<Page> => {
    const context = await browser.newContext({
      baseURL: server.url,
      locale,
      viewport: { width, height: 844 },
    });
    contexts.push(context);
    await context.addInitScript((chosen) => localStorage.setItem('arco-locale', chosen), locale);
    return context.newPage();
  };

  const signIn = async (page: Page, email: string) => {
    await page.goto('/login');
    await page.locator('#root[data-hydrated]').waitFor({ state: 'attached' });
    await page.getByTestId('login-email').fill(email);
    await page.getByTestId('login-password').fill(PASSWORD);
    await page.getByTestId('login-captcha').fill(CAPTCHA);
    await page.getByTestId('login-submit').click();
    await page.waitForURL('**/dashboard/overview');
    await page.getByTestId('overview').waitFor();
  };

  const dialog = (page: Page) => page.getByTestId('guide-dialog');

  /** The guide stays closed: checked after the page had time to open it (its chunk is small). */
  const expectNoGuide = async (page: Page) => {
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(500);
    expect(await dialog(page).isVisible()).toBe(false);
  };

  const answer = async (page: Page, question: string, value: string) => {
    await page.getByTestId(`guide-answer-${question}-${value}`).check();
    await page.getByTestId('guide-next').click();
  };

  const isChecked = (page: Page, testId: string) =>
    page.getByTestId(testId).evaluate((label) => label.closest('label')?.querySelector('input')?.checked);

  /** The user info of the page's session, read through the API as the console does. */
  const userInfoOf = (page: Page) =>
    page.evaluate(async () => {
      const response = await fetch('/api/user/info', {
        headers: { authorization: localStorage.getItem('token') ?? '' },
      });
      return ((await response.json()) as { data: Record<string, unknown> }).data;
    });

  const sidewaysScroll = (page: Page) =>
    page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

  it('greets a new customer after signing in, recommends from three answers and opens that generator pre-filled; not again after a reload or a second sign-in; again from the help menu', async () => {
    const page = await openPage('en-US', 1280);
    await signIn(page, NEWCOMER);
    await dialog(page).waitFor();
    await page.getByRole('dialog').getByText(enUS['guide.title']).waitFor();
    await page.getByRole('radiogroup', { name: enUS['guide.use.question'] }).waitFor();

    await answer(page, 'use', 'scraping');
    await answer(page, 'keep', 'long');
    await answer(page, 'volume', 'heavy');
    await page.getByTestId('guide-result-static-ip-datacenter').waitFor();
    await page.getByTestId('guide-open').click();

    await page.waitForURL('**/proxy/static/ip?guide=scraping.long.heavy&type=datacenter&days=30');
    await page.getByTestId('gen-static-ip-form').waitFor();
    expect(await isChecked(page, 'gen-static-ip-type-datacenter')).toBe(true);
    expect(await isChecked(page, 'gen-static-ip-days-30')).toBe(true);
    await dialog(page).waitFor({ state: 'hidden' });
    // Through the guide, the customer is not new any more (issue #20), and the survey window
    // keeps shut on that day.
    await expect
      .poll(() => userInfoOf(page), { timeout: 10_000 })
      .toMatchObject({
        is_new_user: false,
        show_questionnaire_windows: false,
      });

    // Remembered for this customer: not on a reload, not on the next sign-in.
    await page.reload();
    await page.getByTestId('gen-static-ip-form').waitFor();
    await expectNoGuide(page);
    await page.getByTestId('user-menu').click();
    await page.getByTestId('logout-menu-item').click();
    await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
    await page.waitForURL('**/login**');
    await signIn(page, NEWCOMER);
    await expectNoGuide(page);

    // The help entry opens it whenever asked; another recommendation, another generator.
    await page.getByTestId('user-menu').click();
    await page.getByTestId('new-user-guide-menu-item').click();
    await dialog(page).waitFor();
    await answer(page, 'use', 'accounts');
    await answer(page, 'keep', 'long');
    await answer(page, 'volume', 'light');
    await page.getByTestId('guide-result-static-traffic-residential').waitFor();
    await page.getByTestId('guide-open').click();
    await page.waitForURL('**/proxy/static/traffic?guide=accounts.long.light&type=residential');
    await page.getByTestId('gen-static-traffic-form').waitFor();
    expect(await isChecked(page, 'gen-static-traffic-type-residential')).toBe(true);
  });

  it('does not open by itself for a customer who is not new', async () => {
    const page = await openPage('en-US', 1280);
    await signIn(page, REGULAR);
    await expectNoGuide(page);
  });

  it.each(['en-US', 'zh-CN', 'ru-RU'] as const)(
    'asks in %s at 390 px, by keyboard, without sideways scrolling, and lands on the generator',
    async (locale) => {
      const texts = TEXTS[locale];
      const page = await openPage(locale, 390);
      await signIn(page, newcomerIn(locale));
      await dialog(page).waitFor();
      await page.getByRole('radiogroup', { name: texts['guide.use.question'] }).waitFor();
      expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);

      // Arrow keys move between the answers, Tab reaches Next, Enter goes on.
      await page.getByTestId('guide-answer-use-accounts').focus();
      await page.keyboard.press('ArrowDown');
      expect(await page.getByTestId('guide-answer-use-ecommerce').isChecked()).toBe(true);
      await page.keyboard.press('Tab');
      await expect(page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).resolves.toBe(
        'guide-next',
      );
      await page.keyboard.press('Enter');
      await page.getByRole('radiogroup', { name: texts['guide.keep.question'] }).waitFor();
      expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);

      await answer(page, 'keep', 'day');
      await page.getByRole('radiogroup', { name: texts['guide.volume.question'] }).waitFor();
      await answer(page, 'volume', 'light');
      const result = page.getByTestId('guide-result-dynamic-ip');
      await result.waitFor();
      expect(await result.textContent()).toBe(texts['guide.product.dynamic-ip']);
      const box = await page.getByRole('dialog').boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
      expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);

      await page.getByTestId('guide-open').click();
      await page.waitForURL('**/proxy/dynamic/ip?guide=ecommerce.day.light');
      await page.getByTestId('gen-dynamic-ip-by-area-form').waitFor();
      await dialog(page).waitFor({ state: 'hidden' });
      expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
    },
  );
});
