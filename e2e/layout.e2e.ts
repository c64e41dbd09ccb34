import { readdirSync, readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath, launchBrowser } from './support/browser';
import { seedSignedInUser } from './support/seed';
import { migratedDataDir, type RunningServer, startServer } from './support/server';

const ROUTES_SOURCE = readFileSync(new URL('../apps/console/src/routes.ts', import.meta.url), 'utf8');
const LOCALES = ['en-US', 'zh-CN', 'ru-RU'] as const;
/** Parameters of the routes that take one: made-up values, so their pages show what they show for a bad link. */
const PARAMS: Record<string, string> = { credential: 'not-a-reset-link', path: 'no-such-order', auth: 'e2e' };

/**
 * The literal paths of one block of the console's route table (`apps/console/src/routes.ts`),
 * with parameters filled in: the table is data, so reading it keeps this list complete.
 */
const pathsBetween = (start: string, end: string): string[] => {
  const from = ROUTES_SOURCE.indexOf(start);
  const to = ROUTES_SOURCE.indexOf(end, from);
  if (from < 0 || to < 0) throw new Error(`routes.ts no longer has ${start} … ${end}`);
  return [...ROUTES_SOURCE.slice(from, to).matchAll(/\bpath: '([^']+)'/g)].map(([, path = '']) =>
    path === '*' ? '/no/such/page' : path.replace(/:(\w+)/g, (_, name: string) => PARAMS[name] ?? 'e2e'),
  );
};

// `/redirect/:path` leaves for another page at once; the others stay to be measured.
const PUBLIC_PATHS = pathsBetween('const publicGroup', 'const defaultPages').filter(
  (path) => !path.startsWith('/redirect/'),
);
const CONSOLE_PATHS = pathsBetween('const defaultPages', 'const defaultGroup');

/** The namespaces of the console's text keys (`menu.`, `generators.` …), from the en-US locale files. */
const KEY_NAMESPACES = (() => {
  const folder = new URL('../apps/console/src/locales/en-US/', import.meta.url);
  const namespaces = new Set<string>();
  for (const file of readdirSync(folder)) {
    for (const [, namespace = ''] of readFileSync(new URL(file, folder), 'utf8').matchAll(
      /^\s*'([a-zA-Z]+)\.[\w.-]+':/gm,
    )) {
      namespaces.add(namespace);
    }
  }
  return [...namespaces];
})();

/** What a page shows at one width: how wide it scrolls and any text key shown instead of its text. */
interface PageReading {
  scrollWidth: number;
  innerWidth: number;
  /** The elements sticking out on the right, widest first (for the failure message). */
  overflowing: string[];
  rawKeys: string[];
  /** Tab bars that hide tabs behind antd's unlabelled "⋯". */
  hiddenTabs: number;
}

/** Reads the page in the browser: its scroll width, what overflows, and visible raw keys. */
const readPage = (namespaces: string[]): PageReading => {
  const keyPattern = new RegExp(`\\b(?:${namespaces.join('|')})\\.[A-Za-z][\\w-]*(?:\\.[\\w-]+)*`, 'g');
  const rawKeys: string[] = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent?.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
    for (const match of node.textContent?.matchAll(keyPattern) ?? []) rawKeys.push(match[0]);
  }
  for (const element of Array.from(
    document.querySelectorAll<HTMLElement>('[placeholder], [aria-label], [title]'),
  )) {
    if (!element.checkVisibility()) continue;
    for (const attribute of ['placeholder', 'aria-label', 'title']) {
      for (const match of element.getAttribute(attribute)?.matchAll(keyPattern) ?? []) rawKeys.push(match[0]);
    }
  }
  const describe = (element: Element) =>
    `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}${
      element.getAttribute('data-testid') ? `[data-testid=${element.getAttribute('data-testid')}]` : ''
    }.${Array.from(element.classList).slice(0, 2).join('.')} right=${Math.round(element.getBoundingClientRect().right)} "${(
      element.textContent ?? ''
    ).slice(0, 40)}"`;
  const overflowing = Array.from(document.body.querySelectorAll('*'))
    .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 0.5)
    .filter((element) => element.checkVisibility())
    // The innermost ones tell where the width comes from.
    .filter(
      (element) =>
        !Array.from(element.children).some(
          (child) => child.getBoundingClientRect().right > window.innerWidth + 0.5,
        ),
    )
    .slice(0, 5)
    .map(describe);
  return {
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
    overflowing,
    rawKeys,
    hiddenTabs: Array.from(document.querySelectorAll('.ant-tabs-nav-more')).filter((more) =>
      more.checkVisibility(),
    ).length,
  };
};

/**
 * The side menu's entries as a person sees them: the text that fits, with "…" where the label is
 * cut (the label's text measured character by character against the box it shows in).
 */
const readMenuLabels = (): { text: string; shown: string; isCut: boolean }[] =>
  Array.from(document.querySelectorAll<HTMLElement>('[data-testid="side-menu"] .ant-menu-title-content'))
    .filter((box) => box.checkVisibility())
    .map((box) => {
      const text = box.textContent ?? '';
      const inner = box.querySelector<HTMLElement>('a, span') ?? box;
      const isCut = box.scrollWidth > box.clientWidth + 1 || inner.scrollWidth > inner.clientWidth + 1;
      if (!isCut) return { text, shown: text, isCut };
      const right = box.getBoundingClientRect().right;
      const range = document.createRange();
      const textNode = document.createTreeWalker(box, NodeFilter.SHOW_TEXT).nextNode();
      let fits = 0;
      for (let end = 1; textNode && end <= (textNode.textContent?.length ?? 0); end += 1) {
        range.setStart(textNode, 0);
        range.setEnd(textNode, end);
        if (range.getBoundingClientRect().right > right) break;
        fits = end;
      }
      return { text, shown: `${text.slice(0, fits)}…`, isCut };
    });

describe.skipIf(!chromiumPath)('the console’s layout in Chromium, every page in every language', () => {
  let server: RunningServer;
  let browser: Browser;
  let token: string;

  beforeAll(async () => {
    const dataDir = migratedDataDir();
    // 10 PTC: enough to generate rotating proxies, so that the lists have rows to lay out.
    ({ token } = await seedSignedInUser(dataDir, {
      username: 'layout_user',
      email: 'layout@example.test',
      balance: 10_000_000n,
    }));
    [server, browser] = await Promise.all([startServer({ dataDir }), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** A context in `locale` at `width`, signed in or not, with the language chosen as a customer would have it stored. */
  const openContext = async (locale: string, width: number, isSignedIn: boolean) => {
    const context = await browser.newContext({
      baseURL: server.url,
      locale,
      viewport: { width, height: 844 },
    });
    await context.addInitScript(
      ([chosen, session]) => {
        localStorage.setItem('arco-locale', chosen);
        if (session) localStorage.setItem('token', session);
      },
      [locale, isSignedIn ? token : ''] as const,
    );
    return context;
  };

  /** Opens `path` and waits for the page to settle (its requests answered, its lazy chunks shown). */
  const visit = async (page: Page, path: string) => {
    await page.goto(path, { waitUntil: 'networkidle' });
    await page
      .locator('.ant-spin-spinning')
      .first()
      .waitFor({ state: 'detached', timeout: 10_000 })
      .catch(() => {});
    await page.waitForTimeout(150);
  };

  /**
   * Goes to `path` inside the running console, as its menu does (the router follows history's
   * popstate), and waits until no request has been open for 300 ms and no spinner shows: a new
   * page load per path spent most of this walk starting the console again.
   */
  const navigateInApp = async (page: Page, path: string) => {
    let open = 0;
    let quietSince = Date.now();
    const started = () => {
      open += 1;
    };
    const ended = () => {
      open -= 1;
      quietSince = Date.now();
    };
    page.on('request', started);
    page.on('requestfinished', ended);
    page.on('requestfailed', ended);
    try {
      await page.evaluate((target) => {
        window.history.pushState(null, '', target);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }, path);
      quietSince = Date.now();
      const deadline = Date.now() + 10_000;
      while (Date.now() < deadline && (open > 0 || Date.now() - quietSince < 300))
        await page.waitForTimeout(50);
      await page
        .locator('.ant-spin-spinning')
        .first()
        .waitFor({ state: 'detached', timeout: 10_000 })
        .catch(() => {});
      await page.waitForTimeout(150);
    } finally {
      page.off('request', started);
      page.off('requestfinished', ended);
      page.off('requestfailed', ended);
    }
  };

  /** Every problem of `paths` at 390 px: blank or failed pages, sideways scrolling, raw text keys, hidden tabs. */
  const problemsAt390 = async (context: BrowserContext, paths: string[]) => {
    const page = await context.newPage();
    const problems: string[] = [];
    const texts = new Set<string>();
    for (const [index, path] of paths.entries()) {
      if (index === 0) await visit(page, path);
      else await navigateInApp(page, path);
      texts.add(await page.evaluate(() => document.body.innerText));
      // A blank or failed page would pass the width check: it must have rendered its shell or title.
      const isShown = await page
        .locator('[data-layout], h1')
        .first()
        .waitFor({ timeout: 10_000 })
        .then(() => true)
        .catch(() => false);
      if (!isShown) problems.push(`${path}: nothing was rendered`);
      if ((await page.getByTestId('route-error').count()) > 0)
        problems.push(`${path}: the page failed to render`);
      const reading = await page.evaluate(readPage, KEY_NAMESPACES);
      if (reading.scrollWidth > reading.innerWidth) {
        problems.push(
          `${path}: ${reading.scrollWidth} px wide in a ${reading.innerWidth} px window (${reading.overflowing.join('; ')})`,
        );
      }
      if (reading.rawKeys.length > 0) problems.push(`${path}: raw text keys ${reading.rawKeys.join(', ')}`);
      if (reading.hiddenTabs > 0) problems.push(`${path}: tabs hidden behind an unlabelled "⋯"`);
    }
    await page.close();
    // Each path drew a page of its own (a few twins and redirects may show the same text).
    if (texts.size < paths.length * 0.6)
      problems.push(`only ${texts.size} distinct pages for ${paths.length} paths`);
    return problems;
  };

  it('walks every page of the route table', () => {
    expect(PUBLIC_PATHS).toEqual(expect.arrayContaining(['/login', '/register', '/forget-password']));
    expect(CONSOLE_PATHS).toEqual(
      expect.arrayContaining(['/dashboard/overview', '/proxy/dynamic/traffic', '/charge', '/user-center']),
    );
  });

  it('names places in the customer’s language: the regional result and the list say Лос-Анджелес, never "losangeles"', async () => {
    for (const [locale, country, place] of [
      ['ru-RU', 'Соединенные Штаты', 'Лос-Анджелес, CA, Соединенные Штаты'],
      ['zh-CN', '美国', '美国 CA 洛杉矶'],
    ] as const) {
      const context = await openContext(locale, 1280, true);
      try {
        const page = await context.newPage();
        await visit(page, '/proxy/dynamic/traffic');
        await page.getByTestId('gen-dynamic-traffic-tab-regional').click();
        /** Opens a select, types `text` to find it (the list is virtual) and picks it; else the first option. */
        const pick = async (testId: string, text?: string) => {
          await page.getByTestId(testId).click();
          if (text) await page.keyboard.type(text);
          const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
          const option = text ? options.filter({ hasText: text }).first() : options.first();
          await option.click();
          await page.locator('.ant-select-dropdown:visible').first().waitFor({ state: 'hidden' });
        };
        await pick('gen-dynamic-traffic-regional-country', country);
        await pick('gen-dynamic-traffic-regional-state', 'California');
        await pick('gen-dynamic-traffic-regional-city');
        await page.getByTestId('gen-dynamic-traffic-regional-submit').click();
        const result = page.getByTestId('gen-dynamic-traffic-result');
        await result.getByText(place, { exact: true }).first().waitFor();
        // The list below names the new proxy's location the same way.
        await page.waitForLoadState('networkidle');
        const text = await page.evaluate(() => document.body.innerText);
        expect(text).not.toMatch(/losangeles/i);
        expect(text).not.toContain('Los Angeles');
      } finally {
        await context.close();
      }
    }
  });

  for (const locale of LOCALES) {
    it(`fits 390 px without sideways scrolling, raw keys or hidden tabs in ${locale}`, async () => {
      const [visitor, customer] = await Promise.all([
        openContext(locale, 390, false),
        openContext(locale, 390, true),
      ]);
      try {
        // Side by side: most of a visit is waiting for the network to go quiet.
        const problems = await Promise.all([
          problemsAt390(visitor, PUBLIC_PATHS),
          problemsAt390(customer, CONSOLE_PATHS),
        ]);
        expect(problems.flat()).toEqual([]);
      } finally {
        await Promise.all([visitor.close(), customer.close()]);
      }
      // Walks every page of the console twice (visitor and customer): ~37 s on a quiet machine,
      // near a minute on a loaded one.
    }, 180_000);
  }

  it('says what happened on a bad link: an unknown WeChat order, a malformed reset link', async () => {
    const [customer, visitor] = await Promise.all([
      openContext('en-US', 390, true),
      openContext('en-US', 390, false),
    ]);
    try {
      const page = await customer.newPage();
      await visit(page, '/wechat/pay/no-such-order');
      await page.getByTestId('wechat-not-found').getByText('Order not found').waitFor();
      await expect(page.getByText(/system error/i).count()).resolves.toBe(0);
      await page.getByTestId('wechat-back').click();
      await page.waitForURL('**/charge');

      const reset = await visitor.newPage();
      await visit(reset, '/reset-password/not-a-reset-link');
      await reset.getByTestId('reset-invalid').getByText('This link is invalid or has expired').waitFor();
      await expect(reset.getByRole('button', { name: 'Retry' }).count()).resolves.toBe(0);
      await reset.getByTestId('reset-forgot-link').click();
      await reset.waitForURL('**/forget-password');
    } finally {
      await Promise.all([customer.close(), visitor.close()]);
    }
  });

  it('shows four distinct proxy entries in the Russian side menu at 1280 px', async () => {
    const context = await openContext('ru-RU', 1280, true);
    try {
      const page = await context.newPage();
      await visit(page, '/dashboard/overview');
      await page.getByTestId('side-menu').getByText('Прокси', { exact: true }).click();
      await page.locator('[data-testid="side-menu"] .ant-menu-sub').first().waitFor();
      await page.waitForTimeout(400);
      const labels = await page.evaluate(readMenuLabels);
      const proxyLabels = labels.filter((label) => /прокси по/i.test(label.text));
      expect(proxyLabels.map((label) => label.text)).toHaveLength(4);
      const shown = proxyLabels.map((label) => label.shown);
      expect(new Set(shown).size, `labels as shown: ${shown.join(' | ')}`).toBe(shown.length);
      // A cut label is ambiguous when a person cannot tell it from another; here none may be cut at all.
      expect(labels.filter((label) => label.isCut).map((label) => label.shown)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
