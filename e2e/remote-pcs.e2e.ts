import { randomUUID } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { type Database, eq, openDatabase, vms as vmsTable } from '@ptc/db';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath, launchBrowser } from './support/browser';
import { lastMessageTo } from './support/outbox';
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
  auto_renew: boolean;
  days: number;
  vm_conf: { id: number };
  operations: string[];
}

/** Text of the page the PC shows, to be copied inside the PC (non-Latin-1 too: the clipboard is UTF-8). */
const PC_TEXT = `pc-to-console ${randomUUID()} Привет`;
/** Text sent from the console's clipboard panel, to be pasted inside the PC. */
const CONSOLE_TEXT = `console-to-pc ${randomUUID()} 你好`;

/**
 * The target's page for the clipboard and the screen size: a textarea over the whole window holding
 * `PC_TEXT`; it tells the target (through the PC's proxy) when it was copied from, what was typed or
 * pasted into it, and the PC's screen and window size whenever they change.
 */
const PC_PAGE = `<!doctype html><title>pc page</title>
<body style="margin:0;background:#20a040">
<textarea id="t" autofocus spellcheck="false" style="box-sizing:border-box;display:block;width:100vw;height:100vh;margin:0;border:0;background:#20a040;color:#fff;font:32px sans-serif">${PC_TEXT}</textarea>
<script>
const t = document.getElementById('t');
const report = (path) => fetch(path).catch(() => {});
t.addEventListener('copy', () => report('/copied'));
t.addEventListener('input', () => report('/pasted?text=' + encodeURIComponent(t.value)));
let last = '';
setInterval(() => {
  const size = 'screen=' + screen.width + 'x' + screen.height + '&window=' + innerWidth + 'x' + innerHeight;
  if (size !== last) report('/size?' + (last = size));
}, 300);
</script>`;

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** "12.345678" (or "-0.5") PTC in micro-PTC, exactly. */
const microOf = (ptc: string): bigint => {
  const negative = ptc.startsWith('-');
  const [whole = '0', fraction = ''] = ptc.replace(/^[-+]/, '').split('.');
  const micro = BigInt(whole) * 1_000_000n + BigInt(fraction.padEnd(6, '0').slice(0, 6));
  return negative ? -micro : micro;
};

/**
 * Processes of the PC `id`: their command line or environment names its directory (the data
 * directory's `desktops/<id>`, or where its mount namespace binds it, `…/ptc-desktops/<id>`).
 */
const processesOf = (id: string) => {
  const mark = `desktops/${id}`;
  let count = 0;
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      const environ = readFileSync(`/proc/${pid}/environ`, 'utf8');
      if (cmdline.includes(mark) || environ.includes(mark)) count += 1;
    } catch {
      // Ended meanwhile.
    }
  }
  return count;
};

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
    let dataDir: string;
    let serverEnv: Record<string, string>;
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
    /** A customer API call answering its code (refusals included). */
    const call = async (method: string, path: string, body?: unknown) => {
      const response = await fetch(`${server.url}/api${path}`, {
        method,
        headers: { authorization: token, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      return ((await response.json()) as { code: number }).code;
    };
    const balanceText = async () => (await api<{ balance: string }>('GET', '/user/info')).balance;
    const balance = async () => Number(await balanceText());
    /** The money trail, newest first. */
    const ledger = async () =>
      (
        await api<{
          data: {
            kind: string;
            amount: string;
            balance_after: string;
            detail: { reference: string | null };
          }[];
        }>('GET', '/proxy/charges/ledger?page=1&page_size=100')
      ).data;
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
        response.setHeader('content-type', 'text/html; charset=utf-8');
        if (request.url === '/pc-page') {
          response.end(PC_PAGE);
          return;
        }
        // A page the desktop shows in a colour no empty screen has.
        response.end(
          `<title>target</title><body style="margin:0;background:#d0202a;color:#fff;font:48px sans-serif">seen ${request.url}</body>`,
        );
      });
      await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', () => resolve()));
      targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}`;

      dataDir = migratedDataDir();
      // Passable by the PCs' own users, as a production data directory is (README "Remote PCs").
      chmodSync(dataDir, 0o711);
      ({ token } = await seedSignedInUser(dataDir, {
        username: 'remote_pc_user',
        email: 'remote-pc-user@example.test',
        balance: 100_000_000n,
      }));
      serverEnv = {
        GATEWAY_ALLOW_PRIVATE_TARGETS: '127.0.0.0/8',
        VM_HOME_URL: `${targetUrl}/home`,
        VM_HOST_CAPACITY: '2',
      };
      [server, browser] = await Promise.all([startServer({ dataDir, env: serverEnv }), launchBrowser()]);
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

    it('opens remote control after the limits warning and shows the desktop browsing through the proxy, the clipboard both ways and the screen taking the window size', async () => {
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

      // The PC's screen takes the size of the console's frame (noVNC asks for it, Xvnc resizes), not
      // the 1280x800 the PC started with: the canvas is the remote framebuffer (not clipped when scaled).
      const canvas = page.locator('[data-testid="vm-remote-screen"] canvas');
      const sizes = () =>
        page.evaluate(() => {
          const screen = document.querySelector<HTMLElement>('[data-testid="vm-remote-screen"]');
          const drawn = screen?.querySelector('canvas');
          return {
            frame: { width: screen?.clientWidth ?? 0, height: screen?.clientHeight ?? 0 },
            remote: { width: drawn?.width ?? 0, height: drawn?.height ?? 0 },
          };
        });
      /** The remote screen's size once it is the frame's (within 4 px). */
      const remoteFollowsFrame = async () => {
        await expect
          .poll(
            async () => {
              const { frame, remote } = await sizes();
              return Math.abs(frame.width - remote.width) <= 4 && Math.abs(frame.height - remote.height) <= 4;
            },
            { timeout: 30_000, interval: 500 },
          )
          .toBe(true);
        return (await sizes()).remote;
      };
      /**
       * Waits until the page inside the PC reports a screen of `size`, and checks that the browser
       * window, maximized, fills it (less its address bar and tabs).
       */
      const pcSees = async (size: { width: number; height: number }) => {
        const reported = () => {
          const report = targetSeen.findLast((path) => path.startsWith('/size?'));
          const query = new URLSearchParams(report?.slice('/size?'.length) ?? '');
          return { screen: query.get('screen') ?? '', window: query.get('window') ?? '' };
        };
        // The window may be resized a moment after the screen.
        await expect
          .poll(() => `${reported().screen} ${reported().window.split('x')[0]}`, {
            timeout: 20_000,
            interval: 500,
          })
          .toBe(`${size.width}x${size.height} ${size.width}`);
        const height = Number(reported().window.split('x')[1]);
        expect(height).toBeGreaterThan(size.height - 200);
        expect(height).toBeLessThan(size.height);
      };
      const first = await remoteFollowsFrame();
      expect(first).not.toEqual({ width: 1280, height: 800 });

      // Typing reaches the PC: Chromium starts with its address bar focused, so a typed address and
      // Enter load it through the proxy.
      await page.getByTestId('vm-remote-keyboard-toggle').click();
      await page.getByTestId('vm-remote-keyboard-text').fill(`${targetUrl}/pc-page`);
      await page.getByTestId('vm-remote-keyboard-type').click();
      await page.getByTestId('vm-remote-key-enter').click();
      await expect.poll(() => targetSeen.includes('/pc-page'), { timeout: 20_000 }).toBe(true);
      await page.getByTestId('vm-remote-keyboard-toggle').click();
      // Inside the PC, the screen is the frame's size and the maximized browser window fills it.
      await pcSees(first);

      // Clipboard, PC to console: in the PC's page, select all and copy (keys through the canvas);
      // the console's clipboard panel shows the text.
      await canvas.click();
      await page.keyboard.press('Control+a');
      await page.keyboard.press('Control+c');
      await expect.poll(() => targetSeen.includes('/copied'), { timeout: 20_000 }).toBe(true);
      await page.getByTestId('vm-remote-clipboard-toggle').click();
      const clipboardText = page.getByTestId('vm-remote-clipboard-text');
      await expect.poll(() => clipboardText.inputValue(), { timeout: 20_000, interval: 500 }).toBe(PC_TEXT);

      // Clipboard, console to PC: text sent from the panel is pasted into the PC's page, which sends
      // it to the target.
      await clipboardText.fill(CONSOLE_TEXT);
      await page.getByTestId('vm-remote-clipboard-send').click();
      await canvas.click();
      await page.keyboard.press('Control+a');
      await page.keyboard.press('Control+v');
      const pasted = () =>
        targetSeen
          .filter((path) => path.startsWith('/pasted?'))
          .map((path) => new URLSearchParams(path.slice('/pasted?'.length)).get('text'));
      await expect.poll(pasted, { timeout: 20_000, interval: 500 }).toContain(CONSOLE_TEXT);
      await page.getByTestId('vm-remote-clipboard-toggle').click();

      // A smaller window: the PC's screen follows the frame again, as the PC itself sees it.
      await page.setViewportSize({ width: 1024, height: 700 });
      const second = await remoteFollowsFrame();
      expect(second.width).toBeLessThan(first.width - 100);
      expect(second.height).toBeLessThan(first.height - 100);
      await pcSees(second);
      await page.setViewportSize({ width: 1366, height: 900 });

      await page.getByTestId('vm-remote-disconnect').click();
      await page.getByTestId('vm-remote-ended').waitFor();
    }, 240_000);

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
      const priceShown = async () => (await page.getByTestId('vm-renew-price').textContent()) ?? '';
      const dayPrice = await priceShown();
      await page.getByTestId('vm-renew-days-7').click();
      // The dialog shows the 7 days' price before it is confirmed (a loaded machine draws it later).
      await expect.poll(priceShown, { timeout: 10_000 }).not.toBe(dayPrice);
      const price = Number.parseFloat(await priceShown());
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

    /**
     * Moves time as an operator's clock would: stops the server (the PCs stop with it), changes
     * the PC's row in the embedded database and starts the server again on the same data
     * directory. Its jobs run right after the start.
     */
    const restartWith = async (change: (db: Database) => Promise<unknown>) => {
      // The page leaves first and its requests end: a request still in flight when the server is
      // told to stop keeps its connection open, and the stop then ends in the shutdown timeout.
      await page.goto('about:blank');
      await new Promise((resolve) => setTimeout(resolve, 300));
      const code = await server.stop();
      if (code !== 0) throw new Error(`the server exited with ${code}:\n${server.output()}`);
      const database = await openDatabase({ dataDir, migrate: false });
      try {
        await change(database.db);
      } finally {
        await database.close();
      }
      // Still passable by the PCs' own users.
      chmodSync(dataDir, 0o711);
      server = await startServer({ dataDir, env: serverEnv });
    };
    /** Opens the list of the server now running (the list asks again only while a PC is changing). */
    const openList = async () => {
      await page.goto(`${server.url}/remote-service`);
      await page.getByTestId(`vm-status-${vmId}`).waitFor();
    };
    const setExpiry = (expiresAt: Date) => (db: Database) =>
      db.update(vmsTable).set({ expiresAt }).where(eq(vmsTable.publicId, vmId));
    /** Now plus `ms`, in whole seconds. */
    const fromNow = (ms: number) => new Date(Math.floor((Date.now() + ms) / 1_000) * 1_000);
    const vmNow = async () => {
      const vm = (await vms()).find((row) => row.id === vmId);
      if (!vm) throw new Error(`${vmId} is not listed`);
      return vm;
    };

    it('auto renews a PC 12 h before expiry for the days last bought, charged once and mailed', async () => {
      await page.goto('/remote-service');
      await waitForStatus(vmId, 'running');
      // The process count sees the running PC (Xvnc, window manager, Chromium).
      expect(processesOf(vmId)).toBeGreaterThanOrEqual(3);
      const autoRenew = page.getByTestId(`vm-auto-renew-${vmId}`);
      expect(await autoRenew.getAttribute('aria-checked')).toBe('false');
      await autoRenew.click();
      await expect.poll(async () => (await vmNow()).auto_renew, { timeout: 10_000 }).toBe(true);
      const vm = await vmNow();
      expect(vm.days).toBe(7);
      const payway = await api<{ pay_value: Record<string, Record<string, string>> }>(
        'GET',
        '/proxy/payway/vm',
      );
      const price = payway.pay_value[String(vm.vm_conf.id)]?.['7'] ?? '';
      expect(price).toMatch(/^\d+(\.\d+)?$/);
      const renewalsBefore = (await ledger()).filter((entry) => entry.kind === 'renewal').length;

      const expiresAt = fromNow(6 * HOUR_MS);
      await restartWith(setExpiry(expiresAt));
      // The PCs stopped with the server.
      expect(processesOf(vmId)).toBe(0);
      await expect
        .poll(async () => Date.parse((await vmNow()).expire_time), { timeout: 20_000, interval: 500 })
        .toBe(expiresAt.getTime() + 7 * DAY_MS);
      // Charged once, the price exactly: the balance right after the renewal is the one before less
      // the price (traffic billing and credit holds of the proxy move the balance as well).
      const checkCharge = async () => {
        const trail = await ledger();
        const renewals = trail.filter((entry) => entry.kind === 'renewal');
        expect(renewals).toHaveLength(renewalsBefore + 1);
        const at = trail.findIndex((entry) => entry.kind === 'renewal');
        const [renewal, previous] = [trail[at], trail[at + 1]];
        expect(renewal?.detail.reference).toBe(vmId);
        expect(microOf(renewal?.amount ?? '0')).toBe(-microOf(price));
        expect(microOf(renewal?.balance_after ?? '0')).toBe(
          microOf(previous?.balance_after ?? '0') - microOf(price),
        );
      };
      await checkCharge();
      await openList();
      const mail = await lastMessageTo(server.url, 'remote-pc-user@example.test');
      expect(mail.text).toContain(`Your remote PC ${vmId}`);
      expect(mail.text).toContain(`renewed automatically for 7 day(s) (${price} PTC)`);
      expect(mail.text).toContain(new Date(expiresAt.getTime() + 7 * DAY_MS).toISOString().slice(11, 16));
      // The list shows the new period (7 d 6 h, less the seconds gone) with auto renew still on.
      expect(await page.getByTestId(`vm-remaining-${vmId}`).textContent()).toMatch(/^7 d [56] h$/);
      expect(await page.getByTestId(`vm-auto-renew-${vmId}`).getAttribute('aria-checked')).toBe('true');
      // Nothing more is charged by the following rounds.
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      await checkCharge();
    }, 120_000);

    it('expires a PC without auto renew whose period ended: only renewing is left', async () => {
      const autoRenew = page.getByTestId(`vm-auto-renew-${vmId}`);
      await autoRenew.click();
      await expect.poll(async () => (await vmNow()).auto_renew, { timeout: 10_000 }).toBe(false);
      const before = await balanceText();

      await restartWith(setExpiry(fromNow(-60_000)));
      await expect
        .poll(async () => (await vmNow()).status, { timeout: 20_000, interval: 500 })
        .toBe('expired');
      await openList();
      expect(await page.getByTestId(`vm-status-${vmId}`).getAttribute('data-status')).toBe('expired');
      expect(await page.getByTestId(`vm-status-${vmId}`).textContent()).toBe('Expired');
      expect(await page.getByTestId(`vm-remaining-${vmId}`).textContent()).toBe('Expired');
      const vm = await vmNow();
      expect(vm.status).toBe('expired');
      expect([...vm.operations].sort()).toEqual(['auto_renew', 'renew']);
      expect(await page.getByTestId(`vm-renew-${vmId}`).isDisabled()).toBe(false);
      expect(await page.getByTestId(`vm-auto-renew-${vmId}`).isDisabled()).toBe(false);
      for (const operation of ['remote', 'start', 'stop', 'restart']) {
        expect(await page.getByTestId(`vm-${operation}-${vmId}`).isDisabled(), operation).toBe(true);
      }
      await page.getByTestId(`vm-remote-${vmId}`).hover({ force: true });
      await page.locator('.ant-tooltip:visible').getByText('Cannot operate').waitFor({ timeout: 5_000 });
      expect(await call('POST', '/proxy/vm/remote', { id: vmId })).toBe(20008);
      expect(await balanceText()).toBe(before);
      expect(processesOf(vmId)).toBe(0);
    }, 120_000);

    it('releases a PC 24 h after expiry: destroyed with its data, and it can no longer be renewed', async () => {
      const dir = join(dataDir, 'desktops', vmId);
      expect(existsSync(dir)).toBe(true);
      const before = await balanceText();

      await restartWith(setExpiry(fromNow(-25 * HOUR_MS)));
      await expect.poll(async () => (await vmNow()).released, { timeout: 20_000, interval: 500 }).toBe(true);
      await openList();
      expect(await page.getByTestId(`vm-status-${vmId}`).getAttribute('data-status')).toBe('released');
      expect(await page.getByTestId(`vm-status-${vmId}`).textContent()).toBe('Released');
      expect(await page.getByTestId(`vm-renew-${vmId}`).isDisabled()).toBe(true);
      expect(await page.getByTestId(`vm-auto-renew-${vmId}`).isDisabled()).toBe(true);
      const vm = await vmNow();
      expect(vm.released).toBe(true);
      expect(vm.operations).toEqual([]);
      expect(await call('POST', '/proxy/vm/renew/manual', { id: vmId, days: 1 })).toBe(20007);
      expect(await balanceText()).toBe(before);
      expect(processesOf(vmId)).toBe(0);
      expect(existsSync(dir)).toBe(false);
    }, 120_000);
  },
);
