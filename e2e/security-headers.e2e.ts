import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath, launchBrowser } from './support/browser';
import { seedSignedInUser } from './support/seed';
import { migratedDataDir, type RunningServer, startServer } from './support/server';

const ROUTES_SOURCE = readFileSync(new URL('../apps/console/src/routes.ts', import.meta.url), 'utf8');

/**
 * The literal paths of one block of the console's route table (`apps/console/src/routes.ts`),
 * with parameters filled in: the table is data, so reading it keeps this list complete.
 */
const pathsBetween = (start: string, end: string): string[] => {
  const from = ROUTES_SOURCE.indexOf(start);
  const to = ROUTES_SOURCE.indexOf(end, from);
  if (from < 0 || to < 0) throw new Error(`routes.ts no longer has ${start} … ${end}`);
  return [...ROUTES_SOURCE.slice(from, to).matchAll(/\bpath: '([^']+)'/g)].map(([, path = '']) =>
    path === '*' ? '/no/such/page' : path.replace(/:\w+/g, 'e2e'),
  );
};

const PUBLIC_PATHS = ['/', ...pathsBetween('const publicGroup', 'const defaultPages')];
const CONSOLE_PATHS = pathsBetween('const defaultPages', 'const defaultGroup');
// The native-app wrapper repeats every console page below /webapp.
const WEBAPP_PATHS = ['/webapp', ...CONSOLE_PATHS.map((path) => `/webapp${path}`)];

/** Records the CSP violations a document sees, from its first script on. */
const recordViolations = () => {
  const seen: string[] = [];
  (window as unknown as { cspViolations: string[] }).cspViolations = seen;
  document.addEventListener('securitypolicyviolation', (event) => {
    seen.push(`${event.violatedDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile})`);
  });
};

describe.skipIf(!chromiumPath)('security headers in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let token: string;
  /** Console messages about a policy since the last visit. */
  let policyMessages: string[] = [];

  beforeAll(async () => {
    const dataDir = migratedDataDir();
    ({ token } = await seedSignedInUser(dataDir, { username: 'csp_user', email: 'csp@example.test' }));
    [server, browser] = await Promise.all([startServer({ dataDir }), launchBrowser()]);
    context = await browser.newContext({
      baseURL: server.url,
      locale: 'en-US',
      viewport: { width: 1280, height: 800 },
    });
    await context.addInitScript(recordViolations);
    page = await context.newPage();
    page.on('console', (message) => {
      if (/Content Security Policy|Permissions-Policy|Refused to/i.test(message.text())) {
        policyMessages.push(message.text());
      }
    });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /**
   * Waits until the page has asked for nothing new for 150 ms (lazy route chunks, fonts, images):
   * Playwright's `networkidle` waits 500 ms, on each of these dozens of pages.
   */
  const settle = async () => {
    let seen = -1;
    for (let tries = 0; tries < 40; tries += 1) {
      const count = await page.evaluate(() => performance.getEntriesByType('resource').length);
      if (count === seen) return;
      seen = count;
      await page.waitForTimeout(150);
    }
  };

  /** Opens a page, waits until the network is quiet, and answers the violations it saw. */
  const visit = async (path: string) => {
    policyMessages = [];
    await page.goto(path);
    await settle();
    const recorded = await page.evaluate(
      () => (window as unknown as { cspViolations: string[] }).cspViolations,
    );
    return [...recorded, ...policyMessages];
  };

  /** The console rendered a layout with some text in it. */
  const expectConsoleRendered = async () => {
    await page.locator('[data-layout]').first().waitFor({ state: 'visible' });
    await expect(page.locator('#root').innerText()).resolves.toMatch(/\S/);
  };

  describe('signed out', () => {
    it.each(PUBLIC_PATHS)('renders %s without a CSP violation', async (path) => {
      await page.evaluate(() => localStorage.removeItem('token')).catch(() => undefined);
      expect(await visit(path)).toEqual([]);
      await expectConsoleRendered();
    });

    it('shows the captcha image (an object URL) on the login page', async () => {
      expect(await visit('/login')).toEqual([]);
      const image = page.getByTestId('captcha-image');
      await image.waitFor({ state: 'visible' });
      await expect(
        image.evaluate((element: HTMLImageElement) => element.naturalWidth),
      ).resolves.toBeGreaterThan(0);
    });
  });

  describe('signed in', () => {
    beforeAll(async () => {
      await page.goto('/login');
      await page.evaluate((value) => localStorage.setItem('token', value), token);
    });

    it.each([...CONSOLE_PATHS, ...WEBAPP_PATHS])('renders %s without a CSP violation', async (path) => {
      expect(await visit(path)).toEqual([]);
      await expectConsoleRendered();
    });
  });

  it('renders the API reference at /api-docs without a CSP violation', async () => {
    expect(await visit('/api-docs')).toEqual([]);
    await page.getByText('PTC Proxy Console API').first().waitFor({ state: 'visible' });
    // Only our own origin was asked for anything (no CDN, no web fonts).
    const origins = await page.evaluate(() =>
      performance.getEntriesByType('resource').map((entry) => new URL(entry.name).origin),
    );
    expect(new Set(origins)).toEqual(new Set([server.url]));
  });

  describe('framing', () => {
    let framer: Server;
    let framerUrl: string;
    beforeAll(async () => {
      framer = createServer((_request, response) => {
        response.setHeader('content-type', 'text/html; charset=utf-8');
        response.end(
          `<!doctype html><title>framer</title><iframe id="console" src="${server.url}/login"></iframe>`,
        );
      });
      await new Promise<void>((resolve) => framer.listen(0, '127.0.0.1', resolve));
      framerUrl = `http://127.0.0.1:${(framer.address() as AddressInfo).port}/`;
    });
    afterAll(() => new Promise<void>((resolve) => framer.close(() => resolve())));

    it('refuses to show the console inside a page of another origin', async () => {
      const messages = await visit(framerUrl);
      await expect
        .poll(() =>
          page
            .frames()
            .find((frame) => frame !== page.mainFrame())
            ?.url(),
        )
        .toMatch(/^chrome-error:/);
      const framed = page.frames().find((frame) => frame !== page.mainFrame());
      await expect(framed?.locator('[data-layout]').count()).resolves.toBe(0);
      expect(messages.join('\n')).toContain("frame-ancestors 'none'");
    });
  });
});
