import type {
  Browser,
  BrowserContext,
  BrowserContextOptions,
  ConsoleMessage,
  Page,
  Route,
} from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { menu as enMenu } from '../apps/console/src/locales/en-US/menu';
import { menu as ruMenu } from '../apps/console/src/locales/ru-RU/menu';
import { menu as zhMenu } from '../apps/console/src/locales/zh-CN/menu';
import { hashPassword } from '../apps/server/src/modules/auth/secrets';
import { chromiumPath, launchBrowser } from './support/browser';
import { seedSignedInUser } from './support/seed';
import { migratedDataDir, type RunningServer, startServer } from './support/server';

const CAPTCHA = '1357';
const EMAIL = 'e2e-prerender@example.test';
const PASSWORD = 'prerender password 1';
const HEADINGS = {
  'en-US': enMenu['menu.login'],
  'zh-CN': zhMenu['menu.login'],
  'ru-RU': ruMenu['menu.login'],
};
type Locale = keyof typeof HEADINGS;

/** A phone as Lighthouse's mobile preset draws it, and a desktop. */
const PHONE: BrowserContextOptions = {
  viewport: { width: 412, height: 823 },
  isMobile: true,
  hasTouch: true,
  userAgent:
    'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.0.0 Mobile Safari/537.36',
};
const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 900 } };

/**
 * The sign-in page is prerendered per language and layout at build time and sent by the server
 * for `/login` (issue #16): it shows before any script runs, then React hydrates it.
 */
describe.skipIf(!chromiumPath)('the prerendered sign-in page in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  /** Errors and warnings of the browser console and uncaught errors of the current page. */
  let problems: string[];

  beforeAll(async () => {
    const dataDir = migratedDataDir();
    await seedSignedInUser(dataDir, {
      username: 'e2e_prerender',
      email: EMAIL,
      passwordHash: await hashPassword(PASSWORD),
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
  afterEach(async () => {
    await context?.close();
  });

  const open = async (options: BrowserContextOptions) => {
    context = await browser.newContext({ baseURL: server.url, ...options });
    page = await context.newPage();
    problems = [];
    page.on('console', (message: ConsoleMessage) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(String(error)));
  };

  /** Holds every script request until the returned function is called. */
  const holdScripts = async () => {
    const held: Route[] = [];
    let released = false;
    await page.route('**/*.js', (route) => (released ? route.continue() : void held.push(route)));
    return async () => {
      released = true;
      await Promise.all(held.map((route) => route.continue()));
    };
  };

  /** Marks the prerendered heading: hydration keeps the node, a render from scratch replaces it. */
  const markHeading = () =>
    page.locator('h1').evaluate((heading) => {
      heading.dataset.prerendered = 'kept';
    });
  /** `main.tsx` marks `#root` once the hydration has committed and the typing is replayed. */
  const hydrated = () => page.locator('#root[data-hydrated]').waitFor({ state: 'attached' });
  const headingKept = () => page.locator('h1').evaluate((heading) => heading.dataset.prerendered === 'kept');

  for (const locale of Object.keys(HEADINGS) as Locale[]) {
    it(`shows the form in ${locale} before any script runs`, async () => {
      await open({ ...PHONE, locale });
      await page.route('**/*.js', (route) => route.abort());
      await page.goto('/login', { waitUntil: 'domcontentloaded' });
      expect(await page.locator('html').getAttribute('lang')).toBe(locale);
      expect(await page.locator('h1').textContent()).toBe(HEADINGS[locale]);
      for (const field of ['login-email', 'login-password', 'login-captcha', 'login-submit'])
        expect(await page.getByTestId(field).isVisible()).toBe(true);
      // The captcha image comes with the HTML, not after the scripts.
      await page.waitForFunction(() => {
        const image = document.querySelector<HTMLImageElement>('[data-testid="captcha-image"]');
        return image?.complete && image.naturalWidth > 0;
      });
      // Styled by antd's first-screen stylesheet, not the browser's defaults.
      expect(
        await page.getByTestId('login-submit').evaluate((button) => getComputedStyle(button).backgroundColor),
      ).not.toBe('rgb(239, 239, 239)');
    });
  }

  /** Boxes and a few computed styles of what the sign-in page shows, by a name for each element. */
  const drawing = () =>
    page.evaluate(() => {
      const picks: Record<string, string> = {
        heading: 'h1',
        tabs: '.ant-segmented',
        email: '[data-testid="login-email"]',
        password: '[data-testid="login-password"]',
        captcha: '[data-testid="login-captcha"]',
        captchaImage: '[data-testid="captcha-image"]',
        remember: '[data-testid="login-remember"]',
        submit: '[data-testid="login-submit"]',
        guest: '[data-testid="guest-button"]',
        register: '[data-testid="register-link"]',
        language: '[data-testid="language-switch"]',
      };
      const drawn: Record<string, string> = {};
      for (const [name, selector] of Object.entries(picks)) {
        const element = document.querySelector(selector);
        if (!element) {
          drawn[name] = 'missing';
          continue;
        }
        const box = element.getBoundingClientRect();
        const style = getComputedStyle(element);
        drawn[name] = [
          box.x,
          box.y,
          box.width,
          box.height,
          style.color,
          style.backgroundColor,
          style.fontSize,
          style.borderTopColor,
          style.borderRadius,
        ]
          .map((value) => (typeof value === 'number' ? Math.round(value) : value))
          .join(' ');
      }
      return drawn;
    });

  it('draws the page with the HTML exactly as it stands once hydrated (no shift, no restyling)', async () => {
    for (const options of [PHONE, DESKTOP]) {
      await open({ ...options, locale: 'ru-RU' });
      await page.route('**/*.js', (route) => route.abort());
      await page.goto('/login', { waitUntil: 'load' });
      const before = await drawing();
      await context.close();
      await open({ ...options, locale: 'ru-RU' });
      await page.goto('/login');
      await hydrated();
      expect(await drawing()).toEqual(before);
      expect(problems).toEqual([]);
      await context.close();
    }
  });

  for (const [name, options] of [
    ['a phone', PHONE],
    ['a desktop', DESKTOP],
  ] as const) {
    it(`on ${name}, keeps what was typed before the scripts came, hydrates without errors and signs in`, async () => {
      await open({ ...options, locale: 'en-US' });
      const captchas: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/proxy/static/image')) captchas.push(request.url());
      });
      const release = await holdScripts();
      // Not `domcontentloaded`: it waits for the module scripts, which are held.
      await page.goto('/login', { waitUntil: 'commit' });
      await markHeading();
      await page.getByTestId('login-email').fill(EMAIL);
      await release();
      await hydrated();
      // A hydration mismatch is reported in the console (React then draws the page anew).
      expect(problems).toEqual([]);
      expect(await headingKept()).toBe(true);
      expect(await page.getByTestId('login-email').inputValue()).toBe(EMAIL);
      await page.getByTestId('login-password').fill(PASSWORD);
      await page.getByTestId('login-captcha').fill(CAPTCHA);
      await page.getByTestId('login-submit').click();
      await page.waitForURL((url) => !url.pathname.startsWith('/login'));
      expect(problems).toEqual([]);
      // Signed in with the image the HTML asked for: the form asked for no other.
      expect(captchas).toHaveLength(1);
    });
  }

  it('keeps a sign-in asked for before the page answers: nothing happens without scripts, it goes through once hydrated', async () => {
    await open({ ...PHONE, locale: 'en-US' });
    // The entry runs; the page's own chunk (which the hydration waits for) is held.
    const held: Route[] = [];
    let released = false;
    await page.route('**/assets/login.page-*.js', (route) =>
      released ? route.continue() : void held.push(route),
    );
    const release = await holdScripts();
    await page.goto('/login', { waitUntil: 'commit' });
    await page.getByTestId('login-email').fill(EMAIL);
    await page.getByTestId('login-password').fill(PASSWORD);
    await page.getByTestId('login-captcha').fill(CAPTCHA);
    // Without scripts the form submits nowhere: no reload, no credentials in the address.
    await page.getByTestId('login-submit').click();
    await page.waitForTimeout(300);
    expect(page.url()).toBe(`${server.url}/login`);
    expect(await page.getByTestId('login-email').inputValue()).toBe(EMAIL);
    await release();
    await page.waitForFunction(() => document.readyState === 'complete');
    // The entry has run, the page is not hydrated yet: this submit is held for React.
    expect(await page.locator('#root[data-hydrated]').count()).toBe(0);
    await page.getByTestId('login-captcha').press('Enter');
    released = true;
    await Promise.all(held.map((route) => route.continue()));
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    expect(problems).toEqual([]);
  });

  it('hydrates in the language chosen in the console, and the tabs and language switch work after it', async () => {
    await open({ ...PHONE, locale: 'en-US' });
    // Clicked as soon as the page has loaded, hydrated or not: a click before hydration is replayed.
    await page.goto('/login');
    await page.getByTestId('language-switch').click();
    await page.getByTestId('language-option-ru-RU').click();
    await page.locator('h1', { hasText: HEADINGS['ru-RU'] }).waitFor();
    // The choice goes to the server with the next request: the page comes prerendered in it.
    const release = await holdScripts();
    await page.reload({ waitUntil: 'commit' });
    await page.locator('h1').waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('ru-RU');
    expect(await page.locator('h1').textContent()).toBe(HEADINGS['ru-RU']);
    await markHeading();
    await release();
    await hydrated();
    expect(await headingKept()).toBe(true);
    await page.getByTestId('login-tab-phone').click();
    await page.getByTestId('login-phone').waitFor();
    await page.getByTestId('login-tab-account').click();
    await page.getByTestId('login-account').waitFor();
    expect(problems).toEqual([]);
  });

  it('renders anew, without errors, when the prerender is not what the console draws (a remembered account)', async () => {
    await open({ ...PHONE, locale: 'en-US' });
    await page.goto('/login');
    await page.evaluate((email) => {
      localStorage.setItem('remember-account', JSON.stringify({ email, account: '' }));
    }, EMAIL);
    const release = await holdScripts();
    await page.reload({ waitUntil: 'commit' });
    await markHeading();
    await release();
    await page.waitForFunction(
      (email) => document.querySelector<HTMLInputElement>('[data-testid="login-email"]')?.value === email,
      EMAIL,
    );
    await page.getByTestId('captcha-image').waitFor();
    expect(await headingKept()).toBe(false);
    expect(problems).toEqual([]);
  });
});
