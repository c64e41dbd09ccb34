import { execFile } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { exits, openDatabase } from '@ptc/db';
import { createSession, createUser } from '@ptc/db/testing';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath, launchBrowser } from './support/browser';
import { freePort, migratedDataDir, type RunningServer, startServer } from './support/server';
import { type SocksUpstream, startSocksUpstream } from './support/socks-upstream';

const run = promisify(execFile);
const CITY = 'replacementtown';
/** The static addresses of the area: each one a supplier SOCKS5 proxy on loopback. */
const ADDRESSES = ['198.51.100.11', '198.51.100.12', '198.51.100.13'];

interface ProxyRow {
  id: string;
  ip: string | null;
  username: string;
  password: string;
  address: string;
  port: number;
  expire_time: string;
}

/**
 * Issue #21: a customer replaces the address of a static IP from the proxy list, with a reason;
 * the list shows the new address, the money trail the replacement at 0, and the proxy's traffic
 * leaves through the new exit (each exit is a supplier proxy of its own that records its clients).
 */
describe.skipIf(!chromiumPath)('replacing a static IP in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let target: Server;
  let targetPort: number;
  let upstreams: SocksUpstream[];
  let token: string;
  let bought: ProxyRow;

  beforeAll(async () => {
    target = createServer((_request, response) => response.end('reached'));
    await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', () => resolve()));
    targetPort = (target.address() as AddressInfo).port;
    upstreams = await Promise.all(ADDRESSES.map(() => startSocksUpstream('exit-secret')));

    const dataDir = migratedDataDir();
    const seed = await openDatabase({ dataDir });
    try {
      const customer = await createUser(seed.db, { username: 'ip_replacer', balance: 100_000_000n });
      token = await createSession(seed.db, customer.id);
      await seed.db.insert(exits).values(
        upstreams.map((upstream, index) => ({
          kind: 'socks5' as const,
          host: '127.0.0.1',
          port: upstream.port,
          account: 'acct',
          usernameTemplate: '{user}',
          passwordTemplate: 'exit-secret',
          type: 'residential' as const,
          country: 'US',
          state: 'NY',
          city: CITY,
          label: 'Replacement Town, New York, United States',
          ip: ADDRESSES[index],
          isStatic: true,
        })),
      );
    } finally {
      await seed.close();
    }
    const gatewayPort = await freePort();
    [server, browser] = await Promise.all([
      startServer({
        dataDir,
        env: {
          GATEWAY_PORT: String(gatewayPort),
          GATEWAY_PUBLIC_HOST: '127.0.0.1',
          GATEWAY_ALLOW_PRIVATE_TARGETS: '127.0.0.0/8',
        },
      }),
      launchBrowser(),
    ]);

    // A 30-day static IP of that area, bought as the generator buys it.
    const response = await fetch(`${server.url}/api/proxy/proxy/static/ip`, {
      method: 'POST',
      headers: { authorization: token, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        type: 'residential',
        country: 'US',
        state: 'NY',
        city: CITY,
        days: '30',
      }).toString(),
    });
    const body = await response.json();
    expect(body, JSON.stringify(body)).toMatchObject({ code: 0 });
    bought = body.data.data[0];
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await Promise.all((upstreams ?? []).map((upstream) => upstream.close()));
    await new Promise<void>((resolve) => (target ? target.close(() => resolve()) : resolve()));
  });

  /** How many requests each exit carried so far. */
  const carried = () => upstreams.map((upstream) => upstream.seen.length);
  /** A request through the proxy (HTTP forward): answers the body. */
  const requestThrough = async (row: ProxyRow) => {
    const { stdout } = await run('curl', [
      '-s',
      '--max-time',
      '15',
      '-x',
      `http://${row.username}:${row.password}@${row.address}:${row.port}`,
      `http://127.0.0.1:${targetPort}/`,
    ]);
    return stdout;
  };
  /** The exit a request through the proxy leaves by: the one whose count went up. */
  const exitOfRequest = async (row: ProxyRow) => {
    const before = carried();
    expect(await requestThrough(row)).toBe('reached');
    const after = carried();
    const used = after.flatMap((count, index) => (count > (before[index] ?? 0) ? [ADDRESSES[index]] : []));
    expect(used).toHaveLength(1);
    return used[0];
  };
  /** The customer's static IP proxies as the API lists them. */
  const listed = async (): Promise<ProxyRow[]> => {
    const response = await fetch(`${server.url}/api/proxy/tokens/static/ip?page=1&page_size=20`, {
      headers: { authorization: token },
    });
    return (await response.json()).data.data;
  };
  const openPage = async (locale: string, width: number) => {
    const context = await browser.newContext({
      baseURL: server.url,
      locale,
      viewport: { width, height: 900 },
    });
    const page = await context.newPage();
    await page.goto('/login');
    await page.evaluate(
      ([value, language]) => {
        localStorage.setItem('token', value);
        localStorage.setItem('arco-locale', language);
      },
      [token, locale] as const,
    );
    return page;
  };
  const expectNoSidewaysScroll = async (page: Page, where: string) => {
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), {
        timeout: 10_000,
        message: where,
      })
      .toBeLessThanOrEqual(0);
  };
  /** Opens the row's (or card's) menu, then 'Replace IP', and answers the dialog. */
  const openReplaceDialog = async (page: Page) => {
    const list = page.getByTestId('proxy-list');
    await expect.poll(() => list.getByTestId('proxy-actions').count(), { timeout: 30_000 }).toBe(1);
    await list.getByTestId('proxy-actions').click();
    await page.getByTestId('proxy-action-replace').click();
    const dialog = page.getByTestId('proxy-replace-dialog');
    await dialog.waitFor({ timeout: 15_000 });
    await expect.poll(() => dialog.getByTestId('proxy-replace-left').count(), { timeout: 15_000 }).toBe(1);
    return dialog;
  };

  it('replaces the address from the list at 1280 px: the list shows the new one, the money trail the replacement at 0, traffic leaves through the new exit', async () => {
    expect(bought.ip).toBe(ADDRESSES[0]);
    expect(await exitOfRequest(bought)).toBe(ADDRESSES[0]);

    const page = await openPage('en-US', 1280);
    await page.goto('/proxy/static/ip');
    const list = page.getByTestId('proxy-list');
    await expect.poll(() => list.textContent(), { timeout: 30_000 }).toContain(ADDRESSES[0]);
    const dialog = await openReplaceDialog(page);
    expect(await dialog.getByTestId('proxy-replace-current').textContent()).toBe(ADDRESSES[0]);
    expect(await dialog.getByTestId('proxy-replace-left').textContent()).toBe(
      '3 of 3 replacements left for this proxy, 20 of 20 for your account (last 30 days).',
    );
    await dialog.getByText('Blocked by a target site').click();
    await dialog.getByTestId('proxy-replace-note').fill('shop.example blocks it');
    const replaced = page.waitForResponse(
      (response) =>
        response.url().includes('/api/proxy/token/replace/') && response.request().method() === 'POST',
      { timeout: 20_000 },
    );
    await dialog.getByTestId('proxy-replace-confirm').click();
    const answer = await (await replaced).json();
    expect(answer).toMatchObject({ code: 0, data: { old_ip: ADDRESSES[0], reason: 'blocked' } });
    const newIp = answer.data.new_ip as string;
    expect(ADDRESSES.slice(1)).toContain(newIp);
    expect(await dialog.getByTestId('proxy-replace-result').textContent({ timeout: 15_000 })).toBe(
      `${ADDRESSES[0]} → ${newIp}`,
    );
    await dialog.getByTestId('proxy-replace-close').click();
    // The list shows the new address; credentials and expiry are the same.
    await expect.poll(() => list.textContent(), { timeout: 15_000 }).toContain(newIp);
    expect(await list.textContent()).not.toContain(ADDRESSES[0]);
    const [row] = await listed();
    expect(row).toMatchObject({
      id: bought.id,
      ip: newIp,
      username: bought.username,
      password: bought.password,
      expire_time: bought.expire_time,
    });
    // The same credentials now leave through the new exit, never the old one.
    expect(await exitOfRequest(bought)).toBe(newIp);

    await page.goto('/charge/history');
    const entry = page.getByTestId('money-trail').getByTestId('money-trail-row-replacement');
    await expect.poll(() => entry.count(), { timeout: 30_000 }).toBe(1);
    expect(await entry.getByTestId('money-trail-amount').textContent()).toMatch(/^\+?0\.00$/);
    expect(await entry.textContent()).toContain('IP replacement');
    await page.context().close();
  });

  it.each([
    ['zh-CN', '更换 IP', '被目标网站封禁'],
    ['ru-RU', 'Заменить IP', 'Заблокирован сайтом'],
  ])('replaces it from the card at 390 px in %s without sideways scroll', async (locale, action, reason) => {
    const [before] = await listed();
    const page = await openPage(locale, 390);
    await page.goto('/proxy/static/ip');
    await expect
      .poll(() => page.getByTestId('proxy-list').textContent(), { timeout: 30_000 })
      .toContain(before?.ip ?? '');
    await expectNoSidewaysScroll(page, `${locale} list`);
    await page.getByTestId('proxy-list').getByTestId('proxy-actions').click();
    expect(await page.getByTestId('proxy-action-replace').textContent()).toBe(action);
    await page.getByTestId('proxy-action-replace').click();
    const dialog = page.getByTestId('proxy-replace-dialog');
    await dialog.waitFor({ timeout: 15_000 });
    await dialog.getByTestId('proxy-replace-left').waitFor({ timeout: 15_000 });
    expect(await dialog.textContent()).toContain(reason);
    await expectNoSidewaysScroll(page, `${locale} dialog`);
    await dialog.getByTestId('proxy-replace-reason-slow').click();
    await dialog.getByTestId('proxy-replace-confirm').click();
    const result = await dialog.getByTestId('proxy-replace-result').textContent({ timeout: 20_000 });
    const [after] = await listed();
    expect(after?.ip).not.toBe(before?.ip);
    expect(result).toBe(`${before?.ip} → ${after?.ip}`);
    await expectNoSidewaysScroll(page, `${locale} result`);
    await dialog.getByTestId('proxy-replace-close').click();
    await expect
      .poll(() => page.getByTestId('proxy-list').textContent(), { timeout: 15_000 })
      .toContain(after?.ip ?? '');
    expect(await exitOfRequest(bought)).toBe(after?.ip);
    await page.context().close();
  });
});
