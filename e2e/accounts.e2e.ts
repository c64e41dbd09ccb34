import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { errors } from '../apps/console/src/locales/en-US/errors';
import { hashPassword } from '../apps/server/src/modules/auth/secrets';
import { chromiumPath, launchBrowser } from './support/browser';
import { nextCodeTo } from './support/outbox';
import { seedSignedInUser } from './support/seed';
import { migratedDataDir, type RunningServer, startServer } from './support/server';

const CAPTCHA = '2468';

describe.skipIf(!chromiumPath)('accounts in Chromium, as a person would', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    // The reset test's account exists before the server starts: registering it through the
    // console would send a code, and a second code to the same address waits a minute.
    const dataDir = migratedDataDir();
    await seedSignedInUser(dataDir, {
      username: 'e2e_reset',
      email: 'e2e-reset@example.test',
      passwordHash: await hashPassword('forgotten password'),
    });
    [server, browser] = await Promise.all([
      startServer({ dataDir, env: { CAPTCHA_FIXED: CAPTCHA } }),
      launchBrowser(),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  beforeEach(async () => {
    await context?.close();
    context = await browser.newContext({ baseURL: server.url, locale: 'en-US' });
    page = await context.newPage();
  });

  const field = (testId: string) => page.getByTestId(testId);

  const register = async (email: string, password: string) => {
    await page.goto('/register');
    await field('register-email').fill(email);
    await field('register-send-code').click();
    const { code } = await nextCodeTo(server.url, email);
    await field('register-email-code').fill(code);
    await field('register-password').fill(password);
    await field('register-confirm-password').fill(password);
    await field('register-captcha').fill(CAPTCHA);
    await field('register-region-overseas').check();
    await field('register-agree').check();
    await field('register-submit').click();
    await page.waitForURL('**/login**');
  };

  const signIn = async (email: string, password: string) => {
    await page.goto('/login');
    // Typed only once React has the page: text typed into the prerendered form while React draws
    // it anew (a hydration it refuses) is lost, as a person's would be in that instant.
    await page.locator('#root[data-hydrated]').waitFor({ state: 'attached' });
    await field('login-email').fill(email);
    await field('login-password').fill(password);
    await field('login-captcha').fill(CAPTCHA);
    await field('login-submit').click();
  };

  it('registers with the emailed code, signs in, changes the password, is sent back to login, and signs in with the new one', async () => {
    const email = 'e2e-register@example.test';
    await register(email, 'first password 1');
    await signIn(email, 'first password 1');
    await page.waitForURL('**/dashboard/overview');

    await page.goto('/user-center');
    await field('change-password-button').click();
    await field('old-password').fill('first password 1');
    await field('new-password').fill('second password 2');
    await field('confirm-password').fill('second password 2');
    await field('modal-submit').click();
    await page.waitForURL('**/login**');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

    await signIn(email, 'first password 1');
    await page.getByText(errors['errors.ERR_PWD_ERROR']).first().waitFor();
    await signIn(email, 'second password 2');
    await page.waitForURL('**/dashboard/overview');
  });

  it('shows the lockout message after 11 wrong passwords', async () => {
    const email = 'e2e-lockout@example.test';
    await register(email, 'lockout password');
    await page.goto('/login');
    await page.locator('#root[data-hydrated]').waitFor({ state: 'attached' });
    await field('login-email').fill(email);
    for (let attempt = 1; attempt <= 11; attempt += 1) {
      await field('login-password').fill(`wrong password ${attempt}`);
      await field('login-captcha').fill(CAPTCHA);
      const answered = page.waitForResponse((response) => response.url().endsWith('/api/user/login'));
      await field('login-submit').click();
      const body = await (await answered).json();
      expect(body.code).toBe(attempt <= 10 ? 2003 : 2007);
    }
    await page.getByText(errors['errors.ERR_BAN_LOGIN']).first().waitFor();
    expect(page.url()).toContain('/login');
  });

  it('resets the password through the emailed link', async () => {
    const email = 'e2e-reset@example.test';
    await page.goto('/forget-password');
    await field('forgot-email').fill(email);
    await field('forgot-send-code').click();
    const { message } = await nextCodeTo(server.url, email);
    const link = message.text.match(/https?:\/\/\S+\/reset-password\/[\w-]+/)?.[0];
    expect(link).toBeTruthy();
    await page.goto(new URL(link ?? '').pathname);
    await field('reset-password').fill('remembered password');
    await field('reset-confirm-password').fill('remembered password');
    await field('reset-submit').click();
    await page.waitForURL('**/login**');
    await signIn(email, 'remembered password');
    await page.waitForURL('**/dashboard/overview');
  });
});
