import { generate } from 'otplib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { chromiumPath, launchBrowser } from './support/browser';
import { migratedDataDir, type RunningServer, spawnServer, startServer, waitForExit } from './support/server';

/**
 * The built product's operator side: the first owner from the command line, who enrols TOTP in
 * Chromium, keeps the recovery codes, acts through the API and finds it all in the audit trail.
 */
describe.skipIf(!chromiumPath)('operators of the built product', () => {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  let page: Page;
  const recoveryCodes: string[] = [];
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const api = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const response = await fetch(`${server?.url}/api${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...headers },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return response.json();
  };

  it('creates the first owner with npm run operator, who enrols TOTP in Chromium from the QR page and lands on the audit trail', async () => {
    const dataDir = migratedDataDir();
    const cli = spawnServer(
      { DATA_DIR: dataDir, OPERATOR_PASSWORD: 'a long owner password' },
      'operator.js',
      ['create', '--email', 'owner@example.test', '--role', 'owner'],
    );
    const created = await waitForExit(cli.child, cli.output);
    expect(created.code, created.output).toBe(0);
    expect(created.output).toContain('created operator owner@example.test (owner)');

    [server, browser] = await Promise.all([startServer({ dataDir }), launchBrowser()]);
    page = await (await browser.newContext({ baseURL: server.url, locale: 'en-US' })).newPage();
    await page.goto('/admin');
    await page.waitForURL(/\/admin\/login/);
    await page.getByTestId('admin-login-email').fill('owner@example.test');
    await page.getByTestId('admin-login-password').fill('a long owner password');
    await page.getByTestId('admin-login-submit').click();
    await page.getByTestId('admin-enrolment-qr').waitFor();
    // What an authenticator app would read from the QR code: the secret, shown beside it.
    const secret = (await page.getByTestId('admin-enrolment-secret').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    await page.getByTestId('admin-login-code').fill(await generate({ secret }));
    await page.getByTestId('admin-login-verify').click();
    const codes = page.getByTestId('admin-recovery-codes');
    await codes.waitFor();
    recoveryCodes.push(
      ...((await codes.textContent())?.match(/[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}/g) ?? []),
    );
    expect(recoveryCodes).toHaveLength(10);
    await page.getByTestId('admin-recovery-saved').click();
    await page.waitForURL(/\/admin\/audit/);
    expect(await page.getByTestId('admin-operator-email').textContent()).toBe('owner@example.test');
    await expect
      .poll(() => page.getByTestId('admin-audit-table').textContent(), { timeout: 10_000 })
      .toContain('operator.create');
  });

  it('signs in through the API with a recovery code (once), changes a price, and the trail shows it', async () => {
    const signIn = () =>
      api('POST', '/admin/session', { email: 'owner@example.test', password: 'a long owner password' });
    const first = await signIn();
    expect(first.data.stage).toBe('totp');
    const [recovery = ''] = recoveryCodes;
    const signedIn = await api(
      'POST',
      '/admin/session/totp',
      { recovery_code: recovery },
      {
        'x-operator-session': first.data.token,
      },
    );
    expect(signedIn.code).toBe(0);
    const again = await signIn();
    expect(
      (
        await api(
          'POST',
          '/admin/session/totp',
          { recovery_code: recovery },
          { 'x-operator-session': again.data.token },
        )
      ).code,
    ).toBe(2004);
    const headers = { 'x-operator-session': signedIn.data.token };
    expect((await api('PUT', '/admin/prices/dynamic_ip', { price: '0.18' }, headers)).data).toMatchObject({
      price: '0.18',
    });
    await page.reload();
    await expect
      .poll(() => page.getByTestId('admin-audit-table').textContent(), { timeout: 10_000 })
      .toContain('price.set');
  });
});
