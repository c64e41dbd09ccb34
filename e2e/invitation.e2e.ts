import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { parsePtc } from '@ptc/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath, launchBrowser } from './support/browser';
import { nextCodeTo } from './support/outbox';
import { seedSignedInUser } from './support/seed';
import { freePort, migratedDataDir, type RunningServer, startServer } from './support/server';

const CAPTCHA = '8642';
const EPAY_PID = '1001';
const EPAY_KEY = 'e2e-aggregator-merchant-key';

/**
 * The epay aggregator's signature (its published `submit.php` protocol, as the aggregator computes
 * it): non-empty parameters but `sign`/`sign_type`, sorted, `k=v&…`, the merchant key, MD5 hex.
 */
const epaySign = (params: Record<string, string>) =>
  createHash('md5')
    .update(
      `${Object.entries(params)
        .filter(([name, value]) => name !== 'sign' && name !== 'sign_type' && value !== '')
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([name, value]) => `${name}=${value}`)
        .join('&')}${EPAY_KEY}`,
    )
    .digest('hex');

/**
 * A stand-in for the aggregator's hosted payment page: it records the signed `submit.php`
 * parameters the product sent the browser with (order, amount, notify URL), as the real one would
 * before taking the money.
 */
const startAggregator = async () => {
  const submitted: Record<string, string>[] = [];
  const port = await freePort();
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', `http://127.0.0.1:${port}`);
    if (url.pathname !== '/submit.php') {
      response.writeHead(404).end();
      return;
    }
    submitted.push(Object.fromEntries(url.searchParams));
    response
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      .end('<!doctype html><title>Aggregator</title><p data-testid="aggregator-page">Scan to pay</p>');
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    submitted,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

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
  let referrer: Awaited<ReturnType<typeof seedSignedInUser>>;
  let aggregator: Awaited<ReturnType<typeof startAggregator>>;

  beforeAll(async () => {
    const dataDir = migratedDataDir();
    inviter = await seedSignedInUser(dataDir, { username: 'inviter', email: 'inviter@example.test' });
    friend = await seedSignedInUser(dataDir, {
      username: 'invited_friend',
      email: 'invited.friend@example.test',
      referrerCode: inviter.user.inviteCode,
    });
    referrer = await seedSignedInUser(dataDir, {
      username: 'busy_referrer',
      email: 'busy.referrer@example.test',
    });
    aggregator = await startAggregator();
    [server, browser] = await Promise.all([
      startServer({
        dataDir,
        // TRUST_PROXY: the referee's browser comes from an address of its own (X-Forwarded-For),
        // as a real referee would; from the referrer's address no reward is paid (server tests).
        env: { CAPTCHA_FIXED: CAPTCHA, EPAY_URL: aggregator.url, EPAY_PID, EPAY_KEY, TRUST_PROXY: 'true' },
      }),
      launchBrowser(),
    ]);
  }, 90_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await aggregator?.close();
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

  it("pays the referrer once when the aggregator delivers a registered referee's first top-up 10 times at once", async () => {
    // The referrer has unlocked the programme (100 PTC through the card sandbox).
    await topUp(referrer.token, '100');
    const email = 'busy.referee@example.test';
    const password = 'referee password 1';

    // The referee registers on the console with the referrer's link (?ref=) and signs in.
    const context = await browser.newContext({
      baseURL: server.url,
      locale: 'en-US',
      viewport: { width: 1280, height: 900 },
      extraHTTPHeaders: { 'x-forwarded-for': '203.0.113.77' },
    });
    try {
      const page = await context.newPage();
      await page.goto(`/register?ref=${referrer.user.inviteCode}`);
      await page.getByTestId('register-email').fill(email);
      await page.getByTestId('register-send-code').click();
      const { code } = await nextCodeTo(server.url, email);
      await page.getByTestId('register-email-code').fill(code);
      await page.getByTestId('register-password').fill(password);
      await page.getByTestId('register-confirm-password').fill(password);
      await page.getByTestId('register-captcha').fill(CAPTCHA);
      await page.getByTestId('register-region-overseas').check();
      await page.getByTestId('register-agree').check();
      await page.getByTestId('register-submit').click();
      await page.waitForURL('**/login**', { timeout: 15_000 });
      await page.locator('#root[data-hydrated]').waitFor({ state: 'attached' });
      await page.getByTestId('login-email').fill(email);
      await page.getByTestId('login-password').fill(password);
      await page.getByTestId('login-captcha').fill(CAPTCHA);
      await page.getByTestId('login-submit').click();
      await page.waitForURL('**/dashboard/**', { timeout: 15_000 });
      const refereeToken = await page.evaluate(() => localStorage.getItem('token') ?? '');
      const info = await (
        await fetch(`${server.url}/api/user/info`, { headers: { authorization: refereeToken } })
      ).json();
      expect(info.data.ref).toBe(referrer.user.inviteCode);

      // Tops up 10 PTC through the payment aggregator: the console sends the browser to its page.
      await page.goto('/charge');
      await page.getByTestId('charge-package-10').click();
      await page.getByTestId('charge-method-epay').click();
      await page.getByTestId('charge-pay').click();
      await page.waitForURL(`${aggregator.url}/submit.php**`, { timeout: 15_000 });
      const submitted = aggregator.submitted.at(-1);
      expect(submitted).toMatchObject({ pid: EPAY_PID, sign_type: 'MD5' });
      if (!submitted) throw new Error('the aggregator got no order');
      expect(submitted.notify_url).toBe(`${server.url}/api/payments/notify/epay`);
      const { sign: _sign, sign_type: _type, ...signedParams } = submitted;
      expect(epaySign(signedParams)).toBe(submitted.sign);

      // The aggregator reports the payment, and delivers that one notification 10 times at once.
      const notification: Record<string, string> = {
        pid: EPAY_PID,
        trade_no: `AGG${Date.now()}`,
        out_trade_no: submitted.out_trade_no ?? '',
        type: submitted.type ?? 'alipay',
        name: submitted.name ?? '',
        money: submitted.money ?? '',
        trade_status: 'TRADE_SUCCESS',
      };
      const query = new URLSearchParams({ ...notification, sign: epaySign(notification), sign_type: 'MD5' });
      const deliveries = await Promise.all(
        Array.from({ length: 10 }, async () => {
          const response = await fetch(`${submitted.notify_url}?${query}`);
          return `${response.status} ${await response.text()}`;
        }),
      );
      expect(deliveries).toEqual(Array(10).fill('200 success'));
      const refereeInfo = await (
        await fetch(`${server.url}/api/user/info`, { headers: { authorization: refereeToken } })
      ).json();
      expect(refereeInfo.data.balance).toBe('10.000000');
    } finally {
      await context.close();
    }

    // The referrer's console: one invited customer, topped up, one reward of 1 PTC, 101 PTC.
    const referrerContext = await openContext('en-US', referrer.token, 1280);
    try {
      const page = await referrerContext.newPage();
      await page.goto('/invitation-program');
      const invitee = page.getByTestId('invitee');
      await invitee.first().waitFor({ timeout: 15_000 });
      await expect(invitee.count()).resolves.toBe(1);
      await expect(invitee.getAttribute('data-status')).resolves.toBe('topped_up');
      await expect(page.getByTestId('invitee-name').innerText()).resolves.toBe('bu***@example.test');
      await expect(page.getByTestId('invitee-reward').count()).resolves.toBe(1);
      await expect(page.getByTestId('invitee-reward').innerText()).resolves.toContain('+1.00 PTC');
      await expect(page.getByTestId('invitation-earned').innerText()).resolves.toContain('1.00');
      await expect
        .poll(() => page.getByTestId('header-balance').textContent(), { timeout: 15_000 })
        .toBe('101.00');
      await navigateInApp(page, '/charge/history');
      const referral = page.getByTestId('money-trail-row-referral');
      await referral.first().waitFor({ timeout: 15_000 });
      await expect(referral.count()).resolves.toBe(1);
    } finally {
      await referrerContext.close();
    }

    // The ledger adds up to the balance: a 100 PTC top-up and one 1 PTC referral reward.
    const ledger = await (
      await fetch(`${server.url}/api/proxy/charges/ledger?page_size=100`, {
        headers: { authorization: referrer.token },
      })
    ).json();
    const entries = ledger.data.data as { kind: string; amount: string; balance_after: string }[];
    expect(entries.map((entry) => `${entry.kind} ${entry.amount}`).sort()).toEqual([
      'referral 1.000000',
      'topup 100.000000',
    ]);
    expect(entries.reduce((sum, entry) => sum + parsePtc(entry.amount), 0n)).toBe(101_000_000n);
    expect(entries[0]?.balance_after).toBe('101.000000');
    const info = await (
      await fetch(`${server.url}/api/user/info`, { headers: { authorization: referrer.token } })
    ).json();
    expect(info.data.balance).toBe('101.000000');
  });
});
