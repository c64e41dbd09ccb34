import { chmodSync, existsSync, mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath, launchBrowser } from './support/browser';
import { seedSignedInUser } from './support/seed';
import { migratedDataDir, type RunningServer, startServer } from './support/server';

/** Where the console screenshots go when `SCREENSHOT_DIR` is set (desktop and 390 px). */
const SCREENSHOT_DIR = process.env.SCREENSHOT_DIR;

interface ProxyRow {
  id: string;
  username: string;
  traffic_used: string;
}

interface VmRow {
  id: string;
  status: string;
  expire_time: string;
  released: boolean;
}

/**
 * What the local desktop provider needs (README "Remote PCs"): its programs, and root to give each
 * PC a user, a mount namespace and firewall rules of its own. Without them the tests are skipped
 * locally; CI installs the programs and runs as root, so there a missing piece fails the run.
 */
const DESKTOP_PROGRAMS = ['Xvnc', 'matchbox-window-manager', 'iptables'];
const missingForDesktops = [
  ...DESKTOP_PROGRAMS.filter(
    (program) => !['/usr/bin', '/usr/sbin', '/bin', '/sbin'].some((dir) => existsSync(join(dir, program))),
  ),
  ...(process.getuid?.() === 0 ? [] : ['root']),
];
if (missingForDesktops.length > 0 && process.env.CI) {
  throw new Error(`CI is set but remote PCs cannot run here: missing ${missingForDesktops.join(', ')}`);
}

describe.skipIf(!chromiumPath || missingForDesktops.length > 0)(
  'remote PCs in the console, on the local desktop provider',
  () => {
    let server: RunningServer;
    let browser: Browser;
    let token: string;
    let target: Server;
    let targetUrl: string;
    let proxy: ProxyRow;
    let page: Page;
    /** Paths the local target was asked for. */
    const targetSeen: string[] = [];

    /** A customer API call with the console session. */
    const api = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
      const response = await fetch(`${server.url}/api${path}`, {
        method,
        headers: { authorization: token, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      const answer = (await response.json()) as { code: number; data: T };
      if (answer.code !== 0) throw new Error(`${method} ${path}: ${JSON.stringify(answer)}`);
      return answer.data;
    };
    const balance = async () => Number((await api<{ balance: string }>('GET', '/user/info')).balance);
    const vms = async () => (await api<{ data: VmRow[] }>('GET', '/proxy/vm?page=1&page_size=20')).data;

    const screenshot = async (shot: Page, name: string) => {
      if (!SCREENSHOT_DIR) return;
      mkdirSync(SCREENSHOT_DIR, { recursive: true });
      await shot.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
    };

    /** Opens the antd select `testId`, types `search` when given (the lists are virtual), picks the option with `label`. */
    const choose = async (testId: string, label: string, search?: string) => {
      await page.getByTestId(testId).click();
      if (search) await page.keyboard.type(search);
      await page
        .locator('.ant-select-dropdown:visible .ant-select-item-option')
        .filter({ hasText: label })
        .first()
        .click();
      await page.locator('.ant-select-dropdown:visible').first().waitFor({ state: 'hidden' });
    };

    /** Waits until the list shows `id` in `status`. */
    const waitForStatus = async (id: string, status: string, timeout = 60_000) => {
      await expect
        .poll(() => page.getByTestId(`vm-status-${id}`).getAttribute('data-status'), {
          timeout,
          interval: 500,
        })
        .toBe(status);
    };

    beforeAll(async () => {
      target = createServer((request, response) => {
        targetSeen.push(request.url ?? '');
        response.setHeader('content-type', 'text/html');
        // A page the desktop shows in a colour no empty screen has.
        response.end(
          `<title>target</title><body style="margin:0;background:#d0202a;color:#fff;font:48px sans-serif">seen ${request.url}</body>`,
        );
      });
      await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', () => resolve()));
      targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}`;

      const dataDir = migratedDataDir();
      // Passable by the PCs' own users, as a production data directory is (README "Remote PCs").
      chmodSync(dataDir, 0o711);
      ({ token } = await seedSignedInUser(dataDir, {
        username: 'remote_pc_user',
        email: 'remote-pc-user@example.test',
        balance: 100_000_000n,
      }));
      [server, browser] = await Promise.all([
        startServer({
          dataDir,
          env: {
            GATEWAY_ALLOW_PRIVATE_TARGETS: '127.0.0.0/8',
            VM_HOME_URL: `${targetUrl}/home`,
            VM_HOST_CAPACITY: '2',
          },
        }),
        launchBrowser(),
      ]);
      const generated = await fetch(`${server.url}/api/proxy/proxy/dynamic/common/traffic`, {
        method: 'POST',
        headers: { authorization: token, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ count: '1', country: 'US' }),
      });
      const body = await generated.json();
      if (body.code !== 0) throw new Error(`generation refused: ${JSON.stringify(body)}`);
      const [first] = (
        await api<{ data: ProxyRow[] }>('GET', '/proxy/tokens/dynamic/traffic?page=1&page_size=5')
      ).data;
      if (!first) throw new Error('no proxy generated');
      proxy = first;

      const context = await browser.newContext({
        baseURL: server.url,
        viewport: { width: 1366, height: 900 },
      });
      await context.addInitScript((session) => {
        localStorage.setItem('token', session);
        localStorage.setItem('arco-locale', 'en-US');
      }, token);
      page = await context.newPage();
    }, 240_000);

    afterAll(async () => {
      await browser?.close();
      await server?.stop();
      await new Promise<void>((resolve) => (target ? target.close(() => resolve()) : resolve()));
    });

    let vmId = '';

    it('creates a PC from the form with the price shown first, charged once, and it comes up running', async () => {
      await page.goto('/remote-service');
      await page.getByTestId('vm-create-form').waitFor();
      await page.getByTestId('vm-create-submit').click();
      await page.getByText('Please choose the area').waitFor();

      await choose('vm-create-area', 'United States', 'United States');
      await choose('vm-create-conf', 'Standard');
      await page.getByTestId('vm-create-days-1').click();
      const price = (await page.getByTestId('vm-create-price').textContent()) ?? '';
      expect(price).toMatch(/^\d+\.\d+ PTC$/);
      await choose('vm-create-proxy', proxy.username, proxy.username);
      const before = await balance();
      await page.getByTestId('vm-create-submit').click();
      await page.getByTestId('vm-create-confirm').click();

      await expect.poll(async () => (await vms()).length, { timeout: 10_000 }).toBe(1);
      vmId = (await vms())[0]?.id ?? '';
      expect(await balance()).toBeCloseTo(before - Number.parseFloat(price), 6);
      await waitForStatus(vmId, 'running', 90_000);
      // Connection details, the password hidden until revealed.
      expect(await page.getByTestId(`vm-password-${vmId}`).textContent()).toBe('••••••••');
      await page.getByTestId(`vm-password-${vmId}-reveal`).click();
      expect(await page.getByTestId(`vm-password-${vmId}`).textContent()).not.toBe('••••••••');
      await page.getByTestId(`vm-password-${vmId}-reveal`).click();
      expect(await page.getByTestId(`vm-start-${vmId}`).isDisabled()).toBe(true);
      await page.mouse.move(0, 0);
      await screenshot(page, 'remote-pcs-desktop');
      if (SCREENSHOT_DIR)
        await page
          .getByTestId('vm-table')
          .screenshot({ path: join(SCREENSHOT_DIR, 'remote-pcs-desktop-list.png') });
    }, 150_000);

    it('opens remote control after the limits warning and shows the desktop browsing through the proxy', async () => {
      await page.getByTestId(`vm-remote-${vmId}`).click();
      await page.getByTestId('vm-remote-warning').waitFor();
      await page.getByTestId('vm-remote-connect').click();
      await expect
        .poll(() => page.getByTestId('vm-remote').getAttribute('data-phase'), { timeout: 30_000 })
        .toBe('connected');
      // The screen is drawn, and Chromium in the PC shows the target's red page.
      await expect
        .poll(
          () =>
            page.evaluate(() => {
              const canvas = document.querySelector<HTMLCanvasElement>(
                '[data-testid="vm-remote-screen"] canvas',
              );
              const context = canvas?.getContext('2d');
              if (!canvas || !context || canvas.width === 0) return 0;
              const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
              let red = 0;
              for (let i = 0; i < data.length; i += 4 * 97) {
                if ((data[i] ?? 0) > 180 && (data[i + 1] ?? 0) < 80 && (data[i + 2] ?? 0) < 80) red += 1;
              }
              return red;
            }),
          { timeout: 60_000, interval: 1_000 },
        )
        .toBeGreaterThan(100);
      expect(targetSeen).toContain('/home');
      await expect
        .poll(
          async () =>
            Number(
              (await api<{ data: ProxyRow[] }>('GET', '/proxy/tokens/dynamic/traffic?page=1&page_size=5'))
                .data[0]?.traffic_used ?? '0',
            ),
          { timeout: 30_000 },
        )
        .toBeGreaterThan(0);
      await screenshot(page, 'remote-control-desktop');
      // Typing reaches the PC: Chromium starts with its address bar focused, so a typed address and
      // Enter load it through the proxy.
      await page.getByTestId('vm-remote-keyboard-toggle').click();
      await page.getByTestId('vm-remote-keyboard-text').fill(`${targetUrl}/typed`);
      await page.getByTestId('vm-remote-keyboard-type').click();
      await page.getByTestId('vm-remote-key-enter').click();
      await expect.poll(() => targetSeen.includes('/typed'), { timeout: 20_000 }).toBe(true);
      await page.getByTestId('vm-remote-disconnect').click();
      await page.getByTestId('vm-remote-ended').waitFor();
    }, 120_000);

    it('shuts down, starts, restarts and renews from the list', async () => {
      await page.goto('/remote-service');
      await waitForStatus(vmId, 'running');
      await page.getByTestId(`vm-stop-${vmId}`).click();
      await page.getByTestId('vm-action-confirm').click();
      await waitForStatus(vmId, 'stopped');
      expect(await page.getByTestId(`vm-remote-${vmId}`).isDisabled()).toBe(true);
      await page.getByTestId(`vm-start-${vmId}`).click();
      await waitForStatus(vmId, 'running', 90_000);
      await page.getByTestId(`vm-restart-${vmId}`).click();
      await page.getByTestId('vm-action-confirm').click();
      await waitForStatus(vmId, 'running', 90_000);

      const [vm] = await vms();
      const before = await balance();
      await page.getByTestId(`vm-renew-${vmId}`).click();
      await page.getByTestId('vm-renew-days-7').click();
      const price = Number.parseFloat((await page.getByTestId('vm-renew-price').textContent()) ?? '');
      await page.getByTestId('vm-renew-confirm').click();
      await page.getByTestId('vm-renew-dialog').waitFor({ state: 'detached' });
      const [renewed] = await vms();
      expect(Date.parse(renewed?.expire_time ?? '') - Date.parse(vm?.expire_time ?? '')).toBe(7 * 86_400_000);
      expect(await balance()).toBeCloseTo(before - price, 6);
    }, 240_000);

    it('lays both pages out at 390 px in every language: cards, nothing sideways, no raw text key', async () => {
      for (const locale of ['en-US', 'zh-CN', 'ru-RU']) {
        const context = await browser.newContext({
          baseURL: server.url,
          viewport: { width: 390, height: 844 },
        });
        await context.addInitScript(
          ([session, chosen]) => {
            localStorage.setItem('token', session);
            localStorage.setItem('arco-locale', chosen);
          },
          [token, locale] as const,
        );
        const phone = await context.newPage();
        try {
          const check = async (name: string) => {
            expect(
              await phone.evaluate(() => document.documentElement.scrollWidth),
              `${name} ${locale}`,
            ).toBeLessThanOrEqual(390);
            expect(
              await phone.evaluate(() => /\bremotePc\.[\w.]+/.exec(document.body.innerText)?.[0] ?? null),
            ).toBeNull();
            await screenshot(phone, `${name}-390-${locale}`);
          };
          await phone.goto('/remote-service');
          await phone.getByTestId(`vm-card-${vmId}`).waitFor();
          await phone.getByTestId('vm-create-form').waitFor();
          await check('remote-pcs');
          await phone.goto(`/remote-service/remote/${vmId}`);
          await phone.getByTestId('vm-remote-warning').waitFor();
          await check('remote-control');
        } finally {
          await context.close();
        }
      }
    }, 90_000);
  },
);
