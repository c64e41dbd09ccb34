import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { promisify } from 'node:util';
import { openDatabase } from '@ptc/db';
import { createExit, createProxy, createSession, createUser } from '@ptc/db/testing';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHttpTarget, type TestTarget } from '../apps/gateway/src/testing/targets';
import { chromiumPath, launchBrowser } from './support/browser';
import { freePort, migratedDataDir, type RunningServer, startServer } from './support/server';

const run = promisify(execFile);
const MIB = 1_048_576;

/**
 * Issue #21 item 3: IP allow-list authentication against the built product. A customer adds their
 * current IP (127.0.0.1, what the server sees of the browser) in one click for an HTTP proxy and
 * types 127.0.0.2 for a SOCKS5 proxy; clients without credentials from those addresses reach a
 * local target through the gateway (HTTP forward and CONNECT, SOCKS5 "no authentication") and the
 * bytes are metered to the chosen proxy; another customer at 390 px (ru-RU, zh-CN) is refused an
 * overlapping range with the message in the dialog, without sideways scroll; removing an entry
 * cuts a download running from it and refuses the next connection without credentials (407).
 */
describe.skipIf(!chromiumPath)('IP allow-list in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let target: TestTarget;
  let gatewayPort: number;
  /** A gateway targeting port (GATEWAY_TARGET_PORTS) for the allow-list's port rules. */
  let targetPort: number;
  const tokens = { owner: '', other: '', third: '' };
  const proxies = { http: '', socks: '', httpUser: '', socksUser: '' };

  beforeAll(async () => {
    target = await startHttpTarget();
    const dataDir = migratedDataDir();
    const seed = await openDatabase({ dataDir });
    try {
      await createExit(seed.db, { country: 'US', line: 1 });
      const owner = await createUser(seed.db, { username: 'allowlist_owner', balance: 100_000_000n });
      const other = await createUser(seed.db, { username: 'allowlist_other', balance: 100_000_000n });
      const third = await createUser(seed.db, { username: 'allowlist_third', balance: 100_000_000n });
      const http = await createProxy(seed.db, owner.id, { protocol: 'http', remark: 'office http' });
      const socks = await createProxy(seed.db, owner.id, { protocol: 'socks5', remark: 'office socks' });
      await createProxy(seed.db, other.id, { protocol: 'http' });
      await createProxy(seed.db, third.id, { protocol: 'socks5' });
      Object.assign(proxies, {
        http: http.publicId,
        socks: socks.publicId,
        httpUser: http.username,
        socksUser: socks.username,
      });
      tokens.owner = await createSession(seed.db, owner.id);
      tokens.other = await createSession(seed.db, other.id);
      tokens.third = await createSession(seed.db, third.id);
    } finally {
      await seed.close();
    }
    gatewayPort = await freePort();
    targetPort = await freePort();
    [server, browser] = await Promise.all([
      startServer({
        dataDir,
        env: {
          GATEWAY_PORT: String(gatewayPort),
          GATEWAY_TARGET_PORTS: String(targetPort),
          GATEWAY_PUBLIC_HOST: '127.0.0.1',
          GATEWAY_ALLOW_PRIVATE_TARGETS: '127.0.0.0/8',
          GATEWAY_FLUSH_INTERVAL_MS: '500',
          // Loopback stands for the customers' networks here.
          IP_ALLOWLIST_ALLOW_PRIVATE: 'true',
        },
      }),
      launchBrowser(),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await target?.close();
  });

  /** A request without credentials from `source` through the gateway: HTTP status (0: none) and size. */
  const noCredentials = async (
    source: string,
    via: 'http' | 'connect' | 'socks5',
    bytes = 1024,
    port = gatewayPort,
  ) => {
    const proxyArgs =
      via === 'socks5'
        ? ['--socks5-hostname', `127.0.0.1:${port}`]
        : ['-x', `http://127.0.0.1:${port}`, ...(via === 'connect' ? ['-p'] : [])];
    const { stdout } = await run(
      'curl',
      [
        '-s',
        '-o',
        '/dev/null',
        '-w',
        '%{http_code} %{size_download}',
        '--max-time',
        '20',
        '--interface',
        source,
        ...proxyArgs,
        `http://127.0.0.1:${target.port}/bytes/${bytes}`,
      ],
      { encoding: 'utf8' },
    ).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
    const [status = '0', size = '0'] = stdout.trim().split(' ');
    return { status: Number(status), size: Number(size) };
  };
  const api = async (token: string, path: string) => {
    const response = await fetch(`${server.url}/api${path}`, { headers: { authorization: token } });
    return response.json();
  };
  /** Bytes the proxy carried as the list shows them. */
  const trafficOf = async (publicId: string) => {
    const list = await api(tokens.owner, '/proxy/tokens/dynamic/traffic?page=1&page_size=50');
    const row = list.data.data.find((proxy: { id: string }) => proxy.id === publicId);
    return Number(row?.traffic_used ?? 0);
  };
  const openPage = async (token: string, locale: string, width: number) => {
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
    await page.goto('/proxy/ip-allowlist');
    await page.getByTestId('ip-allowlist-count').filter({ hasText: /\d/ }).waitFor({ timeout: 20_000 });
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
  /** Chooses a proxy in the dialog's picker by its username, then saves; answers the API's envelope. */
  const chooseAndSave = async (page: Page, username: string) => {
    // The modal's root (which carries the test id) has no box of its own: look inside it.
    const dialog = page.getByTestId('ip-allowlist-dialog');
    await dialog.getByTestId('ip-allowlist-proxy').click();
    await page.locator('.ant-select-item-option').filter({ hasText: username }).click();
    const saved = page.waitForResponse(
      (response) =>
        new URL(response.url()).pathname === '/api/proxy/allowlist' && response.request().method() === 'POST',
      { timeout: 20_000 },
    );
    await dialog.getByTestId('ip-allowlist-save').click();
    return (await saved).json();
  };

  it('adds the current IP in one click and a typed address at 1280 px; clients without credentials from them use the chosen proxies, metered to them', async () => {
    const page = await openPage(tokens.owner, 'en-US', 1280);
    expect(await page.getByTestId('ip-allowlist-count').textContent()).toBe('0 of 20 ranges');
    const current = page.getByTestId('ip-allowlist-current');
    expect(await current.textContent()).toContain('Your current IP: 127.0.0.1');
    // Not listed yet: refused like any client without credentials.
    expect((await noCredentials('127.0.0.1', 'http')).status).toBe(407);

    await current.getByTestId('ip-allowlist-add-current').click();
    const dialog = page.getByTestId('ip-allowlist-dialog');
    await page.getByTestId('ip-allowlist-network').waitFor({ timeout: 15_000 });
    expect(await dialog.getByTestId('ip-allowlist-network').inputValue()).toBe('127.0.0.1');
    await dialog.getByTestId('ip-allowlist-note').fill('office');
    const first = await chooseAndSave(page, proxies.httpUser);
    expect(first).toMatchObject({ code: 0, data: { network: '127.0.0.1/32', note: 'office' } });
    await page.getByTestId('ip-allowlist-network').waitFor({ state: 'detached', timeout: 15_000 });
    const row = page.getByTestId(`ip-allowlist-entry-${first.data.id}`);
    await row.waitFor({ timeout: 15_000 });
    expect(await row.textContent()).toContain(proxies.httpUser);
    // Listed: the one-click button is gone.
    expect(await current.getByTestId('ip-allowlist-add-current').count()).toBe(0);

    await page.getByTestId('ip-allowlist-add').click();
    await page.getByTestId('ip-allowlist-network').waitFor({ timeout: 15_000 });
    await dialog.getByTestId('ip-allowlist-network').fill('127.0.0.2');
    const second = await chooseAndSave(page, proxies.socksUser);
    expect(second).toMatchObject({ code: 0, data: { network: '127.0.0.2/32' } });
    await expect.poll(() => page.getByTestId('ip-allowlist-count').textContent()).toBe('2 of 20 ranges');

    // Within seconds the gateway carries them without credentials: HTTP forward and CONNECT as the
    // HTTP proxy, SOCKS5 "no authentication" as the SOCKS5 proxy.
    const before = await trafficOf(proxies.http);
    await expect
      .poll(async () => (await noCredentials('127.0.0.1', 'http')).status, { timeout: 5_000 })
      .toBe(200);
    expect(await noCredentials('127.0.0.1', 'http', 300_000)).toEqual({ status: 200, size: 300_000 });
    expect(await noCredentials('127.0.0.1', 'connect', 200_000)).toEqual({ status: 200, size: 200_000 });
    expect(await noCredentials('127.0.0.2', 'socks5', 100_000)).toEqual({ status: 200, size: 100_000 });
    // The HTTP proxy is not a SOCKS5 one, nor the other way round (4008 refusals).
    expect((await noCredentials('127.0.0.1', 'socks5')).status).toBe(0);
    expect((await noCredentials('127.0.0.2', 'http')).status).toBe(403);
    // Another address is still refused.
    expect((await noCredentials('127.0.0.3', 'http')).status).toBe(407);
    await expect.poll(() => trafficOf(proxies.http), { timeout: 15_000 }).toBeGreaterThan(before + 500_000);
    await expect.poll(() => trafficOf(proxies.socks), { timeout: 15_000 }).toBeGreaterThan(100_000);
    await page.context().close();
  });

  it('adds a targeting rule for a gateway port to the listed address and shows its host:port line; clients without credentials on that port are carried', async () => {
    const page = await openPage(tokens.owner, 'en-US', 1280);
    const entry = (await api(tokens.owner, '/proxy/allowlist')).data.items.find(
      (item: { network: string }) => item.network === '127.0.0.1/32',
    );
    const rules = page.getByTestId(`ip-allowlist-ports-${entry.id}`);
    await rules.waitFor({ timeout: 15_000 });
    expect(await rules.textContent()).toContain("The proxy's own targeting on every port");
    await page.getByTestId(`ip-allowlist-port-select-${entry.id}`).click();
    await page.getByTitle(String(targetPort)).click();
    await page.getByTestId(`ip-allowlist-port-params-${entry.id}`).fill('session-e2e1');
    const saved = page.waitForResponse((response) => response.url().endsWith(`/allowlist/${entry.id}/ports`));
    await page.getByTestId(`ip-allowlist-port-add-${entry.id}`).click();
    expect(await (await saved).json()).toMatchObject({
      code: 0,
      data: {
        port_rules: [{ port: targetPort, params: 'session-e2e1', host_port: `127.0.0.1:${targetPort}` }],
      },
    });
    const line = page.getByTestId(`ip-allowlist-port-rule-${targetPort}`);
    await line.waitFor({ timeout: 15_000 });
    expect(await line.textContent()).toContain(`127.0.0.1:${targetPort}`);
    await expect
      .poll(async () => (await noCredentials('127.0.0.1', 'http', 1024, targetPort)).status, {
        timeout: 5_000,
      })
      .toBe(200);
    expect(await noCredentials('127.0.0.1', 'connect', 50_000, targetPort)).toEqual({
      status: 200,
      size: 50_000,
    });
    // The main port keeps working as before.
    expect((await noCredentials('127.0.0.1', 'http')).status).toBe(200);
    await page.context().close();
  });

  it.each([
    [
      'ru-RU',
      () => tokens.other,
      'Этот диапазон адресов пересекается с диапазоном в белом списке другого аккаунта',
    ],
    ['zh-CN', () => tokens.third, '该地址段与其他账户白名单中的地址段重叠'],
  ])(
    'refuses another customer (%s, 390 px) a range overlapping the first one’s, saying so in the dialog',
    async (locale, token, text) => {
      const page = await openPage(token(), locale, 390);
      await expectNoSidewaysScroll(page, `${locale} page`);
      await page.getByTestId('ip-allowlist-add').click();
      const dialog = page.getByTestId('ip-allowlist-dialog');
      await page.getByTestId('ip-allowlist-network').waitFor({ timeout: 15_000 });
      await dialog.getByTestId('ip-allowlist-network').fill('127.0.0.0/24');
      const list = await api(token(), '/proxy/allowlist');
      const answer = await chooseAndSave(page, list.data.choices[0].username);
      expect(answer.code).toBe(4021);
      const refusal = dialog.getByTestId('ip-allowlist-error');
      await refusal.waitFor({ timeout: 10_000 });
      expect(await refusal.textContent()).toBe(text);
      await expectNoSidewaysScroll(page, `${locale} dialog`);
      // Nothing was listed; the dialog keeps what was typed.
      expect(await dialog.getByTestId('ip-allowlist-network').inputValue()).toBe('127.0.0.0/24');
      expect((await api(token(), '/proxy/allowlist')).data.items).toEqual([]);
      await page.context().close();
    },
  );

  it('removing an entry cuts a download running from its address and refuses the next connection without credentials', async () => {
    const page = await openPage(tokens.owner, 'en-US', 1280);
    const list = (await api(tokens.owner, '/proxy/allowlist')).data.items as {
      id: string;
      network: string;
    }[];
    const socksEntry = list.find((entry) => entry.network === '127.0.0.2/32');
    const httpEntry = list.find((entry) => entry.network === '127.0.0.1/32');
    if (!socksEntry || !httpEntry) throw new Error('entries missing');

    // A slow 50 MB download through SOCKS5 without credentials, running while the entry is removed.
    const download: ChildProcess = spawn('curl', [
      '-s',
      '-o',
      '/dev/null',
      '--limit-rate',
      '200K',
      '--interface',
      '127.0.0.2',
      '--socks5-hostname',
      `127.0.0.1:${gatewayPort}`,
      `http://127.0.0.1:${target.port}/bytes/${50 * MIB}`,
    ]);
    const ended = new Promise<number | null>((resolve) => download.once('exit', (code) => resolve(code)));
    try {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(download.exitCode).toBeNull();
      for (const entry of [socksEntry, httpEntry]) {
        await page.getByTestId(`ip-allowlist-delete-${entry.id}`).click();
        const removed = page.waitForResponse(
          (response) =>
            response.request().method() === 'DELETE' && response.url().includes('/proxy/allowlist/'),
          { timeout: 15_000 },
        );
        await page.getByTestId('ip-allowlist-delete-confirm').click();
        expect(await (await removed).json()).toMatchObject({ code: 0 });
        await page
          .getByTestId(`ip-allowlist-entry-${entry.id}`)
          .waitFor({ state: 'detached', timeout: 15_000 });
      }
      const started = Date.now();
      // Cut within seconds (it would need minutes at 200 KB/s): curl ends with an error.
      expect(await ended).not.toBe(0);
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      download.kill();
    }
    await expect
      .poll(async () => (await noCredentials('127.0.0.1', 'http')).status, { timeout: 5_000 })
      .toBe(407);
    expect((await noCredentials('127.0.0.2', 'socks5')).status).toBe(0);
    expect(await page.getByTestId('ip-allowlist-count').textContent()).toBe('0 of 20 ranges');
    await page.context().close();
  });
});
