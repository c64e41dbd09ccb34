import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath, launchBrowser } from './support/browser';
import { seedSignedInUser } from './support/seed';
import { migratedDataDir, type RunningServer, startServer } from './support/server';

const LOCALES = ['en-US', 'zh-CN', 'ru-RU'] as const;
type Locale = (typeof LOCALES)[number];

/** The "n PTC more" line of the locked page, per language, for 100 PTC left. */
const REMAINING_100: Record<Locale, string> = {
  'en-US': 'Top up 100.00 PTC more to unlock it.',
  'zh-CN': '再充值 100.00 PTC 即可开启。',
  'ru-RU': 'Пополните баланс ещё на 100.00 PTC, чтобы открыть её.',
};
const TOPPED_UP: Record<Locale, string> = {
  'en-US': 'Topped up',
  'zh-CN': '已充值',
  'ru-RU': 'Пополнил баланс',
};

describe.skipIf(!chromiumPath)('the invitation programme in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let inviter: Awaited<ReturnType<typeof seedSignedInUser>>;
  let friend: Awaited<ReturnType<typeof seedSignedInUser>>;

  beforeAll(async () => {
    const dataDir = migratedDataDir();
    inviter = await seedSignedInUser(dataDir, { username: 'inviter', email: 'inviter@example.test' });
    friend = await seedSignedInUser(dataDir, {
      username: 'invited_friend',
      email: 'invited.friend@example.test',
      referrerCode: inviter.user.inviteCode,
    });
    [server, browser] = await Promise.all([startServer({ dataDir }), launchBrowser()]);
  }, 90_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** Pays a card top-up of `amount` PTC through the sandbox checkout, as its "Pay" button does. */
  const topUp = async (token: string, amount: string) => {
    const created = await fetch(`${server.url}/api/proxy/charges/stripe`, {
      method: 'POST',
      headers: { authorization: token, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ amount }).toString(),
    });
    const order = (await created.json()) as { code: number; data: { checkout: { url: string } } };
    expect(order.code).toBe(0);
    const paid = await fetch(order.data.checkout.url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'action=pay',
      redirect: 'manual',
    });
    expect(paid.status).toBeLessThan(400);
  };

  const openContext = async (locale: Locale, token: string, width: number): Promise<BrowserContext> => {
    const context = await browser.newContext({
      baseURL: server.url,
      locale,
      viewport: { width, height: width < 500 ? 844 : 900 },
    });
    await context.addInitScript(
      ([chosen, session]) => {
        localStorage.setItem('arco-locale', chosen);
        localStorage.setItem('token', session);
      },
      [locale, token] as const,
    );
    return context;
  };

  /** Goes to `path` inside the running console, as its menu does. */
  const navigateInApp = (page: Page, path: string) =>
    page.evaluate((target) => {
      window.history.pushState(null, '', target);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, path);

  /** Fails with what sticks out when the page still scrolls sideways once the layout settled (5 s). */
  const expectNoSidewaysScroll = async (page: Page, what: string) => {
    await page
      .waitForFunction(() => document.documentElement.scrollWidth <= window.innerWidth, undefined, {
        timeout: 5_000,
      })
      .catch(() => undefined);
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

  it.each(LOCALES)('tells a new customer how to unlock it in %s, at 390 px', async (locale) => {
    const context = await openContext(locale, inviter.token, 390);
    try {
      const page = await context.newPage();
      await page.goto('/invitation-program');
      const remaining = page.getByTestId('invitation-remaining');
      await remaining.waitFor({ timeout: 15_000 });
      await expect(remaining.innerText()).resolves.toBe(REMAINING_100[locale]);
      await expect(page.getByTestId('invitation-page-code').count()).resolves.toBe(0);
      await expect(page.getByTestId('coming-soon').count()).resolves.toBe(0);
      await expectNoSidewaysScroll(page, `locked, ${locale}`);
    } finally {
      await context.close();
    }
  });

  it('after 100 PTC of top-ups shows link, code and the friend who topped up, and the reward in the money trail', async () => {
    // The 100 PTC unlock the programme; then the friend's first top-up pays the inviter 1 PTC.
    await topUp(inviter.token, '100');
    await topUp(friend.token, '10');

    for (const locale of LOCALES) {
      const context = await openContext(locale, inviter.token, 1280);
      try {
        const page = await context.newPage();
        await page.goto('/invitation-program');
        for (const width of [1280, 390]) {
          if (width === 390) await page.setViewportSize({ width, height: 844 });
          const what = `${locale} at ${width} px`;
          const code = page.getByTestId('invitation-page-code');
          await code.waitFor({ timeout: 15_000 });
          await expect(code.innerText()).resolves.toContain(inviter.user.inviteCode);
          await expect(page.getByTestId('invitation-page-link').innerText()).resolves.toContain(
            `/register?ref=${inviter.user.inviteCode}`,
          );
          const invitee = page.getByTestId('invitee');
          await invitee.first().waitFor({ timeout: 15_000 });
          await expect(invitee.count()).resolves.toBe(1);
          await expect(invitee.getAttribute('data-status')).resolves.toBe('topped_up');
          await expect(page.getByTestId('invitee-name').innerText()).resolves.toBe('in***@example.test');
          await expect(invitee.innerText()).resolves.toContain(TOPPED_UP[locale]);
          await expect(page.getByTestId('invitee-reward').innerText()).resolves.toContain('+1.00 PTC');
          await expect(page.getByTestId('invitation-earned').innerText()).resolves.toContain('1.00');
          await expectNoSidewaysScroll(page, what);
        }
        if (locale === 'en-US') {
          await navigateInApp(page, '/charge/history');
          const referral = page.getByTestId('money-trail-row-referral');
          await referral.first().waitFor({ timeout: 15_000 });
          await expect(referral.count()).resolves.toBe(1);
          await expect(referral.first().innerText()).resolves.toContain('1.00');
          await expectNoSidewaysScroll(page, 'money trail at 390 px');
        }
      } finally {
        await context.close();
      }
    }

    // The friend's second top-up pays nothing more.
    await topUp(friend.token, '10');
    const summary = await fetch(`${server.url}/api/invitations`, {
      headers: { authorization: inviter.token },
    });
    expect((await summary.json()).data).toMatchObject({ unlocked: true, rewards_earned: '1.000000' });
  });
});
