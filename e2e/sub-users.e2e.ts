import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { openDatabase } from '@ptc/db';
import { createExit, createSession, createUser } from '@ptc/db/testing';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHttpTarget, type TestTarget } from '../apps/gateway/src/testing/targets';
import { chromiumPath, launchBrowser } from './support/browser';
import { freePort, migratedDataDir, type RunningServer, startServer } from './support/server';

const run = promisify(execFile);
const MIB = 1_048_576;

/** A sub-user's credential as the copy button gives it: host:port:user:pass. */
interface Credential {
  host: string;
  port: number;
  username: string;
  password: string;
}

/**
 * Issue #21: a customer makes a sub-user with a small traffic limit on the Sub-users page, copies
 * its credential line, and traffic through the built gateway with it reaches a local target and is
 * paid from the customer's balance; the page shows the sub-user's usage; past its limit a long
 * download is cut and new connections are refused (4017); paused it is refused (4016), resumed it
 * works again; deleted, its credential is refused (4006). At 390 px in zh-CN and ru-RU the page and the
 * dialog have no sideways scroll.
 */
describe.skipIf(!chromiumPath)('sub-users in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let target: TestTarget;
  let token: string;

  beforeAll(async () => {
    target = await startHttpTarget();
    const dataDir = migratedDataDir();
    const seed = await openDatabase({ dataDir });
    try {
      const customer = await createUser(seed.db, { username: 'sub_user_owner', balance: 100_000_000n });
      token = await createSession(seed.db, customer.id);
      await createExit(seed.db, { country: 'US', line: 1 });
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
          GATEWAY_FLUSH_INTERVAL_MS: '500',
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

  /** `bytes` from the local target through the credential (HTTP forward): status, the gateway's code, size. */
  const fetchThrough = async (credential: Credential, bytes: number) => {
    const { stdout } = await run(
      'curl',
      [
        '-s',
        '-i',
        '--max-time',
        '20',
        '-x',
        `http://${credential.username}:${credential.password}@${credential.host}:${credential.port}`,
        `http://127.0.0.1:${target.port}/bytes/${bytes}`,
      ],
      { encoding: 'latin1', maxBuffer: 256 * MIB },
    ).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
    const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(stdout)?.[1] ?? 0);
    const code = /^x-ptc-error:[ \t]*(-?\d+)/im.exec(stdout)?.[1];
    return { status, code: code === undefined ? null : Number(code), length: stdout.length };
  };
  const api = async (path: string, init: RequestInit = {}) => {
    const response = await fetch(`${server.url}/api${path}`, {
      ...init,
      headers: { authorization: token, 'content-type': 'application/json', ...init.headers },
    });
    return response.json();
  };
  const openPage = async (locale: string, width: number) => {
    const context = await browser.newContext({
      baseURL: server.url,
      locale,
      viewport: { width, height: 900 },
    });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
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
  /** Fills and saves the add/edit dialog; answers the saved sub-user. */
  const saveDialog = async (
    page: Page,
    values: { name?: string; traffic?: string; unit?: 'MB' | 'GB' },
  ): Promise<{ id: string; name: string }> => {
    const dialog = page.getByTestId('sub-user-dialog');
    await dialog.waitFor({ timeout: 15_000 });
    if (values.name !== undefined) await dialog.getByTestId('sub-user-name-input').fill(values.name);
    if (values.unit) {
      await dialog.getByTestId('sub-user-traffic-unit').click();
      await page.locator(`.ant-select-item-option[title="${values.unit}"]`).click();
    }
    if (values.traffic !== undefined) await dialog.getByTestId('sub-user-traffic-limit').fill(values.traffic);
    const saved = page.waitForResponse(
      (response) =>
        /\/api\/sub_users(\/\d+)?$/.test(new URL(response.url()).pathname) &&
        response.request().method() !== 'GET',
      { timeout: 20_000 },
    );
    await page.getByTestId('sub-user-save').click();
    const answer = await (await saved).json();
    expect(answer, JSON.stringify(answer)).toMatchObject({ code: 0 });
    await dialog.waitFor({ state: 'detached', timeout: 15_000 });
    return answer.data;
  };

  it('creates a sub-user with a 1 MB limit at 1280 px, carries its traffic billed to the owner, cuts and refuses it past the limit, pauses, resumes and deletes it', async () => {
    const page = await openPage('en-US', 1280);
    await page.goto('/proxy/sub-users');
    await page.getByTestId('sub-user-add').click();
    const created = await saveDialog(page, { name: 'Team A', traffic: '1', unit: 'MB' });
    const row = page.getByTestId(`sub-user-${created.id}`);
    await row.waitFor({ timeout: 15_000 });
    expect(await row.getByTestId('sub-user-name').textContent()).toBe('Team A');
    expect(await row.textContent()).toContain('1 MB per month');
    expect(await row.getByTestId(`sub-user-status-${created.id}`).textContent()).toBe('Active');

    // The copy button gives the ready credential line.
    await row.getByTestId(`sub-user-copy-${created.id}`).click();
    const line = await page.evaluate(() => navigator.clipboard.readText());
    expect(line).toBe(await row.getByTestId(`sub-user-credential-${created.id}`).textContent());
    const [host = '', port = '', username = '', password = ''] = line.split(':');
    const credential: Credential = { host, port: Number(port), username, password };
    expect(credential.host).toBe('127.0.0.1');

    const before = (await api('/user/info')).data.balance as string;
    const small = await fetchThrough(credential, 256 * 1024);
    expect(small.status).toBe(200);
    expect(small.length).toBeGreaterThan(256 * 1024);
    // Its usage shows on the page (flushed, then the page refreshes): bytes and a bar.
    const used = row.getByTestId(`sub-user-used-text-${created.id}`);
    await expect.poll(() => used.textContent(), { timeout: 20_000 }).toMatch(/^2\d\d(\.\d+)? KB of 1 MB$/);
    // The owner paid: what it cost is counted, and the spendable balance went down.
    const listed = (await api('/sub_users')).data.list[0];
    expect(Number(listed.used_spending)).toBeGreaterThan(0);
    expect(Number((await api('/user/info')).data.balance)).toBeLessThan(Number(before));

    // A 50 MB download is cut near the limit; then the sub-user is refused.
    const long = await fetchThrough(credential, 50 * MIB);
    expect(long.length).toBeLessThan(MIB + 512 * 1024);
    await expect
      .poll(async () => (await fetchThrough(credential, 1024)).code, { timeout: 15_000 })
      .toBe(4017);
    await expect
      .poll(() => row.getByTestId(`sub-user-progress-${created.id}`).getAttribute('aria-valuenow'), {
        timeout: 20_000,
      })
      .toBe('100');

    // A higher limit (edit dialog) lets it carry on.
    await row.getByTestId(`sub-user-edit-${created.id}`).click();
    await saveDialog(page, { traffic: '100' });
    await expect.poll(() => row.textContent(), { timeout: 15_000 }).toContain('100 MB per month');
    await expect
      .poll(async () => (await fetchThrough(credential, 1024)).status, { timeout: 15_000 })
      .toBe(200);

    // Paused: refused (4016) within seconds; resumed: carried again.
    await row.getByTestId(`sub-user-pause-${created.id}`).click();
    await expect
      .poll(() => row.getByTestId(`sub-user-status-${created.id}`).textContent(), { timeout: 15_000 })
      .toBe('Paused');
    await expect
      .poll(async () => (await fetchThrough(credential, 1024)).code, { timeout: 10_000 })
      .toBe(4016);
    await row.getByTestId(`sub-user-resume-${created.id}`).click();
    await expect
      .poll(() => row.getByTestId(`sub-user-status-${created.id}`).textContent(), { timeout: 15_000 })
      .toBe('Active');
    await expect
      .poll(async () => (await fetchThrough(credential, 1024)).status, { timeout: 10_000 })
      .toBe(200);

    // Deleted after the confirmation: its credential is refused as a deleted proxy's (4006).
    await row.getByTestId(`sub-user-delete-${created.id}`).click();
    await page.getByTestId('sub-user-delete-confirm').click();
    await row.waitFor({ state: 'detached', timeout: 15_000 });
    await expect
      .poll(async () => (await fetchThrough(credential, 1024)).code, { timeout: 10_000 })
      .toBe(4006);
    await page.context().close();
  });

  it.each([
    ['zh-CN', '子用户', '新建子用户', '每月'],
    ['ru-RU', 'Субпользователи', 'Новый субпользователь', 'в месяц'],
  ])(
    'shows the page and the dialog at 390 px in %s without sideways scroll',
    async (locale, title, dialogTitle, perMonth) => {
      const made = await api('/sub_users', {
        method: 'POST',
        body: JSON.stringify({
          name: `${locale} team with a rather long name`,
          traffic_limit_bytes: 5 * 1024 * MIB,
        }),
      });
      expect(made).toMatchObject({ code: 0 });
      const page = await openPage(locale, 390);
      await page.goto('/proxy/sub-users');
      const card = page.getByTestId(`sub-user-${made.data.id}`);
      await card.waitFor({ timeout: 20_000 });
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(title);
      expect(await card.textContent()).toContain(perMonth);
      expect(await card.getByTestId(`sub-user-credential-${made.data.id}`).textContent()).toContain(
        made.data.password,
      );
      await expectNoSidewaysScroll(page, `${locale} list`);
      await page.getByTestId('sub-user-add').click();
      const dialog = page.getByTestId('sub-user-dialog');
      await dialog.waitFor({ timeout: 15_000 });
      expect(await page.locator('.ant-modal-title').textContent()).toBe(dialogTitle);
      await expectNoSidewaysScroll(page, `${locale} dialog`);
      await page.context().close();
    },
  );
});
