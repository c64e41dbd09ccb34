import { generate } from 'otplib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { twoFactor as enTexts } from '../apps/console/src/locales/en-US/two-factor';
import { twoFactor as ruTexts } from '../apps/console/src/locales/ru-RU/two-factor';
import { hashPassword } from '../apps/server/src/modules/auth/secrets';
import { startOidcProvider, type TestOidcProvider } from '../apps/server/src/test/oidc-provider';
import { chromiumPath, launchBrowser } from './support/browser';
import { seedSignedInUser } from './support/seed';
import { freePort, migratedDataDir, type RunningServer, startServer } from './support/server';

const CAPTCHA = '1357';
const EMAIL = 'two-factor@example.test';
const PASSWORD = 'two factor password';
const UI_TIMEOUT = 20_000;

/**
 * A code the server takes now and has not taken yet: the next 30-second step's (the server accepts
 * one step either way, and a step only once, so the enrolment's own step is never reused).
 */
const nextCode = (secret: string) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });

describe.skipIf(!chromiumPath)('two-factor sign-in in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  /** A real OpenID Connect provider on loopback, as Google: its account has the customer's email. */
  let google: TestOidcProvider;
  const contexts: BrowserContext[] = [];
  let secret = '';
  let recoveryCodes: string[] = [];

  beforeAll(async () => {
    const dataDir = migratedDataDir();
    await seedSignedInUser(dataDir, {
      username: 'two_factor_user',
      email: EMAIL,
      passwordHash: await hashPassword(PASSWORD),
      isNewUser: false,
    });
    const port = await freePort();
    google = await startOidcProvider({
      redirectUri: `http://127.0.0.1:${port}/login?oauth=google`,
      accounts: [{ sub: 'google-2fa', email: EMAIL, email_verified: true, name: 'Two Factor' }],
    });
    [server, browser] = await Promise.all([
      startServer({
        dataDir,
        port,
        env: {
          CAPTCHA_FIXED: CAPTCHA,
          GOOGLE_CLIENT_ID: google.clientId,
          GOOGLE_CLIENT_SECRET: google.clientSecret,
          GOOGLE_ISSUER: google.issuer,
        },
      }),
      launchBrowser(),
    ]);
  }, 90_000);
  afterAll(async () => {
    await Promise.all(contexts.map((context) => context.close().catch(() => undefined)));
    await browser?.close();
    await server?.stop();
    await google?.close();
  });

  /** A fresh browser (no cookies, no storage) in `locale` at `width` px. */
  const freshPage = async (locale = 'en-US', width = 1280) => {
    const context = await browser.newContext({
      baseURL: server.url,
      locale,
      viewport: { width, height: 900 },
    });
    contexts.push(context);
    await context.addInitScript((chosen) => {
      if (!localStorage.getItem('arco-locale')) localStorage.setItem('arco-locale', chosen);
    }, locale);
    const page = await context.newPage();
    page.setDefaultTimeout(UI_TIMEOUT);
    return page;
  };

  /** The password step through the form. */
  const submitPassword = async (page: Page) => {
    await page.goto('/login');
    // Typed only once React has the page (text typed into the prerendered form while React takes
    // it over can be lost).
    await page.locator('#root[data-hydrated]').waitFor({ state: 'attached' });
    await page.getByTestId('login-email').fill(EMAIL);
    await page.getByTestId('login-password').fill(PASSWORD);
    await page.getByTestId('login-captcha').fill(CAPTCHA);
    await page.getByTestId('login-submit').click();
  };

  /** Fails with what sticks out when the page scrolls sideways. */
  const expectNoSidewaysScroll = async (page: Page, what: string) => {
    await expect
      .poll(
        () =>
          page.evaluate(() => ({
            scrollWidth: document.documentElement.scrollWidth,
            innerWidth: window.innerWidth,
          })),
        { timeout: 5_000, message: what },
      )
      .toSatisfy(
        ({ scrollWidth, innerWidth }: { scrollWidth: number; innerWidth: number }) =>
          scrollWidth <= innerWidth,
      );
  };

  it('enrols TOTP from the user center: QR code and key, the first code, 10 recovery codes shown once', async () => {
    const page = await freshPage();
    await submitPassword(page);
    // No second factor yet: the password alone signs in.
    await page.waitForURL('**/dashboard/overview', { timeout: UI_TIMEOUT });
    await page.goto('/user-center');
    await expect
      .poll(() => page.getByTestId('two-factor-state').textContent(), { timeout: UI_TIMEOUT })
      .toBe(enTexts['twoFactor.card.off']);
    await page.getByTestId('two-factor-enable').click();
    await page.getByTestId('two-factor-qr').waitFor();
    secret = ((await page.getByTestId('two-factor-secret').textContent()) ?? '').trim();
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);

    // A wrong code is refused, and said so in the dialog.
    const right = await generate({ secret });
    await page
      .getByTestId('two-factor-enrol-code')
      .fill(((Number(right) + 1) % 1_000_000).toString().padStart(6, '0'));
    await page.getByTestId('two-factor-enrol-submit').click();
    await expect
      .poll(() => page.getByTestId('two-factor-enrol-error').textContent(), { timeout: UI_TIMEOUT })
      .toBe(enTexts['twoFactor.error.wrongCode']);

    await page.getByTestId('two-factor-enrol-code').fill(await generate({ secret }));
    await page.getByTestId('two-factor-enrol-submit').click();
    const codes = page.getByTestId('two-factor-recovery-codes').locator('span');
    await expect.poll(() => codes.count(), { timeout: UI_TIMEOUT }).toBe(10);
    recoveryCodes = (await codes.allTextContents()).map((code) => code.trim());
    for (const code of recoveryCodes) expect(code).toMatch(/^[0-9a-f]{4}(-[0-9a-f]{4}){3}$/);
    await page.getByTestId('two-factor-recovery-saved').click();
    await expect
      .poll(() => page.getByTestId('two-factor-state').textContent(), { timeout: UI_TIMEOUT })
      .toMatch(/^On since /);
    await expect
      .poll(() => page.getByTestId('two-factor-recovery-left').textContent())
      .toBe('Recovery codes left: 10');
    // Shown once: a reload shows the state, never the codes.
    await page.reload();
    await page.getByTestId('two-factor-state').waitFor();
    expect(await page.getByTestId('two-factor-recovery-codes').count()).toBe(0);
  });

  it('asks a fresh browser for the code; the generated code signs in and the browser is remembered', async () => {
    expect(secret, 'the enrolment test ran first').not.toBe('');
    const page = await freshPage();
    await submitPassword(page);
    const dialog = page.getByTestId('two-factor-dialog');
    await dialog.getByTestId('two-factor-code').waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

    await page.getByTestId('two-factor-code').fill(await nextCode(secret));
    await page.getByTestId('two-factor-submit').click();
    await page.waitForURL('**/dashboard/overview', { timeout: UI_TIMEOUT });

    // The user center lists this browser as remembered.
    await page.goto('/user-center');
    await page
      .getByTestId('two-factor-device')
      .filter({ hasText: enTexts['twoFactor.devices.current'] })
      .waitFor();

    // Signed out and in again in this browser: the password alone.
    await page.evaluate(() => localStorage.removeItem('token'));
    await submitPassword(page);
    await page.waitForURL('**/dashboard/overview', { timeout: UI_TIMEOUT });
    expect(await page.getByTestId('two-factor-dialog').count()).toBe(0);
  });

  it('takes a recovery code once (ru-RU, 390 px, no sideways scroll)', async () => {
    expect(recoveryCodes).toHaveLength(10);
    const [code] = recoveryCodes;
    const page = await freshPage('ru-RU', 390);
    await submitPassword(page);
    await page.getByTestId('two-factor-code').waitFor();
    await expect
      .poll(() => page.getByTestId('two-factor-dialog').textContent())
      .toContain(ruTexts['twoFactor.step.intro']);
    await expectNoSidewaysScroll(page, 'second step at 390 px');
    await page.getByTestId('two-factor-use-recovery').click();
    await page.getByTestId('two-factor-recovery').fill(code ?? '');
    // Not remembered: the next sign-in here asks again.
    await page.getByTestId('two-factor-remember').uncheck();
    await page.getByTestId('two-factor-submit').click();
    await page.waitForURL('**/dashboard/overview', { timeout: UI_TIMEOUT });
    await page.goto('/user-center');
    await expect
      .poll(() => page.getByTestId('two-factor-recovery-left').textContent(), { timeout: UI_TIMEOUT })
      .toBe('Осталось резервных кодов: 9');
    await expectNoSidewaysScroll(page, 'user center at 390 px');

    // The same code a second time: refused in the dialog, still on the sign-in page.
    await page.evaluate(() => localStorage.removeItem('token'));
    await submitPassword(page);
    await page.getByTestId('two-factor-use-recovery').click();
    await page.getByTestId('two-factor-recovery').fill(code ?? '');
    await page.getByTestId('two-factor-submit').click();
    await expect
      .poll(() => page.getByTestId('two-factor-error').textContent(), { timeout: UI_TIMEOUT })
      .toBe(ruTexts['twoFactor.error.wrongCode']);
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

    // Another unused one does.
    await page.getByTestId('two-factor-recovery').fill(recoveryCodes[1] ?? '');
    await page.getByTestId('two-factor-submit').click();
    await page.waitForURL('**/dashboard/overview', { timeout: UI_TIMEOUT });
  });

  it('asks for the second step after a Google sign-in too, and not again in the remembered browser', async () => {
    expect(recoveryCodes).toHaveLength(10);
    const page = await freshPage();
    /** The provider's way back to the console, as a browser that signed in at Google follows it. */
    const returnFromGoogle = async () => {
      const started = (await (await fetch(`${server.url}/api/user/oauth/google/url`)).json()) as {
        data: { url: string };
      };
      const back = await google.authorize(started.data.url, { login: 'google-2fa' });
      expect(back.error).toBeNull();
      await page.goto(`${back.url.pathname}${back.url.search}`);
    };

    await returnFromGoogle();
    await page.getByTestId('two-factor-dialog').getByTestId('two-factor-use-recovery').click();
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await page.getByTestId('two-factor-recovery').fill(recoveryCodes[5] ?? '');
    await page.getByTestId('two-factor-submit').click();
    await page.waitForURL('**/dashboard/overview', { timeout: UI_TIMEOUT });
    const info = await page.evaluate(async () => {
      const response = await fetch('/api/user/info', {
        headers: { authorization: localStorage.getItem('token') ?? '' },
      });
      return ((await response.json()) as { data: { email: string } }).data.email;
    });
    expect(info).toBe(EMAIL);

    // Signed out: Google alone signs in again in this (now remembered) browser.
    await page.evaluate(() => localStorage.removeItem('token'));
    await returnFromGoogle();
    await page.waitForURL('**/dashboard/overview', { timeout: UI_TIMEOUT });
    expect(await page.getByTestId('two-factor-dialog').count()).toBe(0);
  });
});

describe.skipIf(!chromiumPath)('passkeys as the second factor in Chromium (virtual authenticator)', () => {
  const PASSKEY_EMAIL = 'passkeys@example.test';
  let server: RunningServer;
  let browser: Browser;
  let token = '';

  beforeAll(async () => {
    const dataDir = migratedDataDir();
    ({ token } = await seedSignedInUser(dataDir, {
      username: 'passkey_user',
      email: PASSKEY_EMAIL,
      passwordHash: await hashPassword(PASSWORD),
      isNewUser: false,
    }));
    // WebAuthn wants a host name for the relying party: the console at http://localhost:<port>.
    [server, browser] = await Promise.all([
      startServer({ dataDir, env: { CAPTCHA_FIXED: CAPTCHA }, publicHost: 'localhost' }),
      launchBrowser(),
    ]);
    // Two-step verification on (the authenticator app), through the API: its own test is above.
    const post = async (path: string, body?: unknown) =>
      (
        await fetch(`${server.url}/api${path}`, {
          method: 'POST',
          headers: { authorization: token, 'content-type': 'application/json' },
          body: JSON.stringify(body ?? {}),
        })
      ).json() as Promise<{ code: number; data: Record<string, string> }>;
    const setup = await post('/user/2fa/totp/setup');
    const enabled = await post('/user/2fa/totp/enable', {
      code: await generate({ secret: setup.data.secret ?? '' }),
    });
    expect(enabled.code).toBe(0);
  }, 90_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('registers a passkey in the user center and answers the second step with it', async () => {
    const context = await browser.newContext({
      baseURL: server.url,
      locale: 'en-US',
      viewport: { width: 1280, height: 900 },
    });
    try {
      const page = await context.newPage();
      page.setDefaultTimeout(UI_TIMEOUT);
      // A platform authenticator that verifies the user, as Chrome's DevTools offer.
      const cdp = await context.newCDPSession(page);
      await cdp.send('WebAuthn.enable');
      const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
        options: {
          protocol: 'ctap2',
          transport: 'internal',
          hasResidentKey: true,
          hasUserVerification: true,
          isUserVerified: true,
          automaticPresenceSimulation: true,
        },
      });

      await page.goto('/login');
      await page.evaluate((session) => localStorage.setItem('token', session), token);
      await page.goto('/user-center');
      await page.getByTestId('passkey-add').click();
      await page.getByTestId('passkey-name').fill('Virtual authenticator');
      await page.getByTestId('passkey-add-submit').click();
      await page.getByTestId('passkey-item').filter({ hasText: 'Virtual authenticator' }).waitFor();
      const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
      expect(credentials).toHaveLength(1);

      // A new device for the server: no session, no remembered-device cookie.
      await context.clearCookies();
      await page.evaluate(() => localStorage.removeItem('token'));
      await page.goto('/login');
      await page.locator('#root[data-hydrated]').waitFor({ state: 'attached' });
      await page.getByTestId('login-email').fill(PASSKEY_EMAIL);
      await page.getByTestId('login-password').fill(PASSWORD);
      await page.getByTestId('login-captcha').fill(CAPTCHA);
      await page.getByTestId('login-submit').click();
      await page.getByTestId('two-factor-use-passkey').click();
      await page.waitForURL('**/dashboard/overview', { timeout: UI_TIMEOUT });
      const after = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
      expect(after.credentials[0]?.signCount ?? 0).toBeGreaterThan(credentials[0]?.signCount ?? 0);

      // Listed as used; deleted, the sign-in step no longer offers it.
      await page.goto('/user-center');
      await expect
        .poll(() => page.getByTestId('passkey-item').textContent(), { timeout: UI_TIMEOUT })
        .not.toContain(enTexts['twoFactor.passkeys.never']);
      await page.getByTestId('passkey-delete').click();
      await expect.poll(() => page.getByTestId('passkey-item').count(), { timeout: UI_TIMEOUT }).toBe(0);
      const status = await fetch(`${server.url}/api/user/2fa`, { headers: { authorization: token } });
      expect(((await status.json()) as { data: { passkeys: unknown[] } }).data.passkeys).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
