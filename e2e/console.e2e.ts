import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { chromiumPath, launchBrowser } from './support/browser';
import { seedSignedInUser } from './support/seed';
import { migratedDataDir, type RunningServer, startServer } from './support/server';

describe.skipIf(!chromiumPath)('the console in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let token: string;
  // Logging out revokes a session on the server, so that test gets its own.
  let logoutToken: string;

  beforeAll(async () => {
    const dataDir = migratedDataDir();
    const seeded = await seedSignedInUser(dataDir, { username: 'alice', email: 'alice@example.test' }, 2);
    [token = '', logoutToken = ''] = seeded.tokens;
    [server, browser] = await Promise.all([startServer({ dataDir }), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  beforeEach(async () => {
    await context?.close();
    context = await browser.newContext({
      baseURL: server.url,
      locale: 'en-US',
      viewport: { width: 1280, height: 800 },
    });
    page = await context.newPage();
  });

  const signIn = () => page.evaluate((value) => localStorage.setItem('token', value), token);

  it('lands on /login from /', async () => {
    await page.goto('/');
    await page.waitForURL('**/login');
    await page.getByRole('heading', { level: 1, name: 'Log in' }).waitFor();
  });

  it('sends a visitor without a token from the overview to login with the not-logged-in warning', async () => {
    await page.goto('/dashboard/overview');
    await page.waitForURL('**/login');
    await page.getByText('You are not logged in, please log in first').waitFor();
  });

  it('shows the not-found page for an unknown path', async () => {
    await page.goto('/no/such/page');
    await expect(page.getByTestId('not-found-title').textContent()).resolves.toBe('Page not found');
    await page.getByTestId('back-home').click();
    await page.waitForURL('**/login');
  });

  it('switches to Russian, in the page and in antd components, and keeps it after a reload', async () => {
    await page.goto('/login');
    // The switch itself, once React has the page (clicks before that: e2e/login-prerender.e2e.ts).
    await page.locator('#root[data-hydrated]').waitFor({ state: 'attached' });
    await page.getByTestId('language-switch').click();
    await page.getByTestId('language-option-ru-RU').click();
    await page.getByRole('heading', { level: 1, name: 'Вход' }).waitFor();
    await expect(page.evaluate(() => document.documentElement.lang)).resolves.toBe('ru-RU');

    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Вход' }).waitFor();

    // Signed in: antd's own texts (modal buttons, drawer close) come from its ru_RU locale.
    await signIn();
    await page.goto('/dashboard/overview');
    await page.locator('[data-layout="desktop"]').waitFor();
    await page.getByTestId('settings-button').click();
    await page.getByRole('button', { name: 'Закрыть' }).first().waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('user-menu').click();
    await page.getByTestId('logout-menu-item').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Отмена' }).waitFor();
    await dialog.getByRole('button', { name: 'Отмена' }).click();
    await expect(page.evaluate(() => localStorage.getItem('token'))).resolves.toBe(token);
  });

  it('shows the signed-in layout and logs out through antd’s confirm dialog', async () => {
    await page.goto('/login');
    await page.evaluate((value) => localStorage.setItem('token', value), logoutToken);
    await page.goto('/dashboard/overview');
    await page.locator('[data-layout="desktop"]').waitFor();
    await page.getByTestId('user-menu').click();
    await page.getByTestId('logout-menu-item').click();
    await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
    await page.waitForURL('**/login');
    await expect(page.evaluate(() => localStorage.getItem('token'))).resolves.toBeNull();
    // The session is revoked on the server too.
    const info = await fetch(`${server.url}/api/user/info`, { headers: { authorization: logoutToken } });
    expect((await info.json()).code).toBe(2004);
  });

  it('sends a signed-in visitor of /login to the overview, keeping the query', async () => {
    await page.goto('/login');
    await signIn();
    await page.goto('/login?ref=FRIEND&utm=mail');
    await page.waitForURL('**/dashboard/overview?ref=FRIEND&utm=mail');
  });

  it('logs out and goes to login when the stored token is no longer valid', async () => {
    await page.goto('/login');
    await page.evaluate(() => localStorage.setItem('token', 'revoked-or-made-up'));
    await page.goto('/dashboard/overview');
    await page.waitForURL('**/login');
    await expect(page.evaluate(() => localStorage.getItem('token'))).resolves.toBeNull();
  });

  it('switches to the mobile layout at 390 px wide and opens the menu from the hamburger', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/login');
    await signIn();
    await page.goto('/dashboard/overview');
    await page.locator('[data-layout="mobile"]').waitFor();
    await page.getByTestId('mobile-menu-button').click();
    await page.getByTestId('mobile-menu').waitFor();
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.locator('[data-layout="desktop"]').waitFor();
  });
});
