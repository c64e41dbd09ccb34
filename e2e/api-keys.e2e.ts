import { execFile } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath, launchBrowser } from './support/browser';
import { seedSignedInUser } from './support/seed';
import { freePort, migratedDataDir, type RunningServer, startServer } from './support/server';

const run = promisify(execFile);

/** Bytes the local target answers for `/bytes/<n>`. */
const KB = 1024;

/** The public API's envelope. */
interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

/**
 * Issue #17 end to end: a key made in the console (Chromium) is all a script needs — with plain
 * HTTP it generates a rotating proxy paid by traffic, downloads it as `host:port:user:pass`, curl
 * carries bytes through the gateway with that line, the usage shows through the API — and once
 * the key is deleted in the console the next call is refused (5001).
 */
describe.skipIf(!chromiumPath)('an API key from the console drives the public API', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let token: string;
  let target: Server;
  let targetPort: number;
  let gatewayPort: number;
  /** Paths the local target was asked for. */
  const seen: string[] = [];

  beforeAll(async () => {
    target = createServer((request, response) => {
      seen.push(request.url ?? '');
      const size = /^\/bytes\/(\d+)$/.exec(request.url ?? '')?.[1];
      response.end(size ? Buffer.alloc(Number(size), 97) : `seen ${request.url}`);
    });
    await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', () => resolve()));
    targetPort = (target.address() as AddressInfo).port;

    const dataDir = migratedDataDir();
    ({ token } = await seedSignedInUser(dataDir, {
      username: 'api_scripter',
      email: 'api-scripter@example.test',
      balance: 100_000_000n,
    }));
    gatewayPort = await freePort();
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
    const context = await browser.newContext({ baseURL: server.url, locale: 'en-US' });
    page = await context.newPage();
    await page.goto('/login');
    await page.evaluate((value) => localStorage.setItem('token', value), token);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await new Promise<void>((resolve) => (target ? target.close(() => resolve()) : resolve()));
  });

  /** A call of the public API with only the key, answering HTTP status and envelope. */
  const call = async <T>(key: string, method: string, path: string, body?: unknown, headers = {}) => {
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers: {
        'x-api-key': key,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, body: (await response.json()) as Envelope<T> };
  };

  it('creates a key in the console, scripts a proxy with it, and is refused once it is deleted', async () => {
    // The console: add a key by name; its secret is shown once, with a first call to paste.
    await page.goto('/api-v2/api-key');
    await page.getByTestId('api-key-add').click();
    await page.getByTestId('api-key-add-name').fill('e2e scraper');
    await page.getByTestId('api-key-add-submit').click();
    const secret = await page.getByTestId('api-key-secret').inputValue({ timeout: 15_000 });
    expect(secret).toMatch(/^ptc_v2_\S{20,}$/);
    const firstCall = await page.getByTestId('api-key-first-call').textContent();
    expect(firstCall).toBe(`curl -H "X-API-Key: ${secret}" ${server.url}/api/v2/account`);
    await page.getByTestId('api-key-secret-done').click();
    await expect.poll(() => page.getByTestId('api-key-name').allTextContents()).toEqual(['e2e scraper']);
    // The list shows only a hint of it, never the secret.
    expect(await page.locator('body').innerText()).not.toContain(secret);

    // The first call, as the dialog gave it, run by curl.
    const { stdout: account } = await run('sh', ['-c', firstCall ?? 'false']);
    expect(JSON.parse(account)).toMatchObject({ code: 0, data: { username: 'api_scripter' } });

    // A script with only HTTP and the key: a rotating proxy paid by traffic…
    const generated = await call<{ data: { id: string; username: string }[] }>(
      secret,
      'POST',
      '/api/v2/proxies/dynamic-traffic/universal',
      { count: 1, protocol: 'http', precision: 'country', country: 'US' },
      { 'idempotency-key': 'e2e-first-generation' },
    );
    expect(generated.status, JSON.stringify(generated.body)).toBe(200);
    const proxy = generated.body.data.data[0];
    if (!proxy) throw new Error(`nothing generated: ${JSON.stringify(generated.body)}`);

    // …downloaded in the line format scraper tools read…
    const download = await fetch(
      `${server.url}/api/v2/proxies/download?family=dynamic-traffic&format=host:port:user:pass`,
      { headers: { 'x-api-key': secret } },
    );
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toMatch(/^text\/plain/);
    const lines = (await download.text()).trim().split(/\r?\n/);
    expect(lines).toHaveLength(1);
    const [host, port, user, pass] = (lines[0] ?? '').split(':');
    expect({ host, port: Number(port), user }).toEqual({
      host: '127.0.0.1',
      port: gatewayPort,
      user: proxy.username,
    });

    // …and curl moves bytes through the gateway with that line.
    const { stdout } = await run('curl', [
      '-s',
      '--max-time',
      '15',
      '-o',
      '/dev/null',
      '-w',
      '%{http_code} %{size_download}',
      '-x',
      `http://${host}:${port}`,
      '--proxy-user',
      `${user}:${pass}`,
      `http://127.0.0.1:${targetPort}/bytes/${64 * KB}`,
    ]);
    expect(stdout.trim()).toBe(`200 ${64 * KB}`);
    expect(seen).toContain(`/bytes/${64 * KB}`);

    // The usage appears through the API once the gateway has flushed it (every 2 s).
    await expect
      .poll(
        async () => {
          const usage = await call<{ total: string }>(
            secret,
            'GET',
            `/api/v2/proxies/${proxy.id}/usage?days=1`,
          );
          return Number(usage.body.data?.total ?? 0);
        },
        { timeout: 30_000, interval: 1_000 },
      )
      .toBeGreaterThanOrEqual(64 * KB);

    // What the key spends is on the money trail as made "via API key <name>".
    const plans = await call<{ id: string; amount: string }[]>(secret, 'GET', '/api/v2/traffic/packages');
    const cheapest = [...plans.body.data].sort((a, b) => Number(a.amount) - Number(b.amount))[0];
    if (!cheapest) throw new Error(`no traffic package on sale: ${JSON.stringify(plans.body)}`);
    const bought = await call(
      secret,
      'POST',
      '/api/v2/traffic/purchases',
      { package_id: cheapest.id },
      { 'idempotency-key': 'e2e-package' },
    );
    expect(bought.body.code, JSON.stringify(bought.body)).toBe(0);
    await page.goto('/charge/history');
    await expect
      .poll(() => page.getByTestId('money-trail-description').allTextContents(), { timeout: 20_000 })
      .toContainEqual(expect.stringMatching(/^Traffic package \d+ GB · via API key e2e scraper$/));

    // The console deletes the key after a confirmation; the next call is refused.
    await page.goto('/api-v2/api-key');
    const deleteButton = page.locator('[data-testid^="api-key-delete-"]').first();
    await deleteButton.click();
    await page.getByTestId('api-key-delete-confirm').click();
    await expect.poll(() => page.getByTestId('api-key-count').textContent()).toBe('0 of 10 keys');
    const refused = await call(secret, 'GET', '/api/v2/account');
    expect(refused.status).toBe(401);
    expect(refused.body.code).toBe(5001);

    // The documentation link of the page leads to the rendered V2 reference.
    const docs = await fetch(`${server.url}/api-v2/docs`);
    expect(docs.status).toBe(200);
    expect(docs.headers.get('content-type')).toMatch(/^text\/html/);
  });

  it('gives the legacy V1 key once in the console; it works on V1 until revoked there', async () => {
    await page.goto('/api-v1/api-key');
    await page.getByTestId('api-v1-generate').click();
    const id = await page.getByTestId('api-key-secret').inputValue({ timeout: 15_000 });
    expect(id).toMatch(/^ptc_v1_\S{20,}$/);
    await page.getByTestId('api-key-secret-done').click();
    await page.getByTestId('api-v1-hint').waitFor();

    const balance = await fetch(`${server.url}/api/v1/balance`, { headers: { 'x-api-key': id } });
    expect(balance.status).toBe(200);
    expect(balance.headers.get('deprecation')).toBeTruthy();
    // V1 keys are for V1 only.
    expect((await call(id, 'GET', '/api/v2/account')).body.code).toBe(5001);

    // The V1 document page lists what /api/v1/openapi.json documents.
    await page.goto('/api-v1/document');
    await expect
      .poll(() => page.getByTestId('api-v1-operations').locator('tbody').innerText(), { timeout: 15_000 })
      .toContain('/api/v1/balance');

    await page.goto('/api-v1/api-key');
    await page.getByTestId('api-v1-revoke').click();
    await page.getByTestId('api-v1-confirm').click();
    await page.getByTestId('api-v1-generate').waitFor();
    expect((await call(id, 'GET', '/api/v1/balance')).body.code).toBe(5001);
  });

  /** What sticks out of a 390 px window sideways, and any text key shown instead of its text. */
  const readLayout = (target: Page) =>
    target.evaluate(() => {
      const overflowing = Array.from(document.body.querySelectorAll('*'))
        .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 0.5)
        .filter((element) => element.checkVisibility())
        .slice(-3)
        .map(
          (element) =>
            `${element.tagName} ${element.className} "${(element.textContent ?? '').slice(0, 40)}"`,
        );
      return {
        scrollWidth: document.documentElement.scrollWidth,
        innerWidth: window.innerWidth,
        overflowing,
        rawKeys: document.body.innerText.match(/\bapiKeys\.[a-zA-Z][\w.]*/g) ?? [],
      };
    });

  const expectFits = async (target: Page, where: string) => {
    const reading = await readLayout(target);
    expect(reading.rawKeys, where).toEqual([]);
    expect(reading.scrollWidth, `${where}: ${reading.overflowing.join('; ')}`).toBeLessThanOrEqual(
      reading.innerWidth,
    );
  };

  it.each(['en-US', 'zh-CN', 'ru-RU'])(
    'fits a 390 px phone in %s: key cards, the add and secret dialogs, the V1 key and the V1 document',
    async (locale) => {
      const context = await browser.newContext({
        baseURL: server.url,
        locale,
        viewport: { width: 390, height: 844 },
      });
      const phone = await context.newPage();
      try {
        await phone.goto('/login');
        await phone.evaluate(
          ([value, lang]) => {
            localStorage.setItem('token', value);
            localStorage.setItem('arco-locale', lang);
          },
          [token, locale] as const,
        );
        await phone.goto('/api-v2/api-key');
        await phone.getByTestId('api-key-count').waitFor({ timeout: 20_000 });
        await phone.getByTestId('api-key-add').click();
        await phone.getByTestId('api-key-add-name').fill(`phone ${locale} with a rather long key name`);
        await phone.getByTestId('api-key-add-allow-list').fill('203.0.113.7\n2001:db8:1234:5678::/64');
        await expectFits(phone, `${locale} add dialog`);
        await phone.getByTestId('api-key-add-submit').click();
        await phone.getByTestId('api-key-secret').waitFor();
        await expectFits(phone, `${locale} secret dialog`);
        await phone.getByTestId('api-key-secret-done').click();
        await phone.getByTestId('api-key-cards').waitFor();
        await expectFits(phone, `${locale} key cards`);

        await phone.goto('/api-v1/api-key');
        await phone.getByTestId('api-v1-deprecated').waitFor({ timeout: 20_000 });
        const generate = phone.getByTestId('api-v1-generate');
        const regenerate = phone.getByTestId('api-v1-regenerate');
        await generate.or(regenerate).waitFor();
        if (await generate.isVisible()) {
          await generate.click();
          await phone.getByTestId('api-key-secret').waitFor();
          await expectFits(phone, `${locale} V1 id dialog`);
          await phone.getByTestId('api-key-secret-done').click();
        }
        await phone.getByTestId('api-v1-hint').waitFor();
        await expectFits(phone, `${locale} V1 key`);

        await phone.goto('/api-v1/document');
        await phone.getByTestId('api-v1-deprecated').waitFor({ timeout: 20_000 });
        await phone.waitForLoadState('networkidle');
        await expectFits(phone, `${locale} V1 document`);
      } finally {
        await context.close();
      }
    },
  );

  it('shows every column of the Russian key table at 1280 px without scrolling sideways', async () => {
    const context = await browser.newContext({
      baseURL: server.url,
      locale: 'ru-RU',
      viewport: { width: 1280, height: 900 },
    });
    const desk = await context.newPage();
    try {
      await desk.goto('/login');
      await desk.evaluate((value) => {
        localStorage.setItem('token', value);
        localStorage.setItem('arco-locale', 'ru-RU');
      }, token);
      await desk.goto('/api-v2/api-key');
      // The phones' keys (one per language run, each with an allow-list) are listed.
      await expect
        .poll(() => desk.getByTestId('api-key-table').locator('tbody tr.ant-table-row').count(), {
          timeout: 20_000,
        })
        .toBeGreaterThanOrEqual(1);
      const widths = await desk.evaluate(() => {
        const table = document.querySelector('[data-testid="api-key-table"] .ant-table-content');
        return {
          page: document.documentElement.scrollWidth - window.innerWidth,
          table: table ? table.scrollWidth - table.clientWidth : -1,
          headers: Array.from(document.querySelectorAll('[data-testid="api-key-table"] th')).map(
            (th) => th.textContent ?? '',
          ),
        };
      });
      expect(widths.headers).toEqual([
        'Название',
        'Ключ',
        'Доступ',
        'Разрешённые адреса',
        'Создан',
        'Последнее использование',
        'Действия',
      ]);
      expect(widths.page).toBeLessThanOrEqual(0);
      expect(widths.table).toBe(0);
    } finally {
      await context.close();
    }
  });
});
