// @vitest-environment jsdom
import type {
  ConnectionTool,
  FingerprintBrowser,
  GatewayHostAnswer,
  MobileApp,
  UserInfo,
} from '@ptc/contracts';
import { AppError } from '@ptc/contracts';
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectionHelp as enUS } from '../../locales/en-US/connection-help';
import { connectionHelp as ruRU } from '../../locales/ru-RU/connection-help';
import { queryClient } from '../../shared/api/query-client';
import { changeLocale } from '../../shared/i18n/i18n';
import { clearSession, setToken, userStore } from '../../shared/session/session';
import { installBrowserStubs, mockApi, Providers, recordToasts } from '../../shared/testing/harness';
import ConnectionToolPage from './connection-tool.page';
import FingerprintBrowserPage from './fingerprint-browser.page';
import MobileAppPage from './mobile-app.page';

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 8_000 });

const prose = (en: string, ru = `${en} (ru)`, zh = `${en} (zh)`) => ({
  'en-US': en,
  'zh-CN': zh,
  'ru-RU': ru,
});

const TOOLS: ConnectionTool[] = [
  {
    platform: 'windows',
    name: 'Tool for Windows',
    version: '7.1.0',
    size: 2 * 1024 * 1024,
    url: 'https://dl.test/tool.exe',
    released_at: '2026-11-01',
    notes: prose('Windows 11 only'),
  },
  {
    platform: 'linux',
    name: 'Tool for Linux',
    version: '7.0.2',
    size: 512,
    url: 'https://dl.test/tool.AppImage',
    released_at: '2026-10-01',
    notes: null,
  },
];

const APPS: MobileApp[] = [
  {
    platform: 'ios',
    name: 'App for iOS',
    version: '4.0',
    kind: 'store',
    url: 'https://apps.test/ios',
    released_at: null,
    availability: prose('Not in the China store'),
  },
  {
    platform: 'android',
    name: 'App APK',
    version: '4.1',
    kind: 'apk',
    url: 'https://dl.test/app.apk',
    released_at: '2026-09-09',
    availability: null,
  },
];

const PARTNERS: FingerprintBrowser[] = [
  {
    id: 'zeta',
    name: 'Zeta Browser',
    logo_url: null,
    description: prose('Profiles apart'),
    promo_code: 'ZETA-42',
    promo: prose('Half price'),
    url: 'https://zeta.test/',
  },
];

let host: GatewayHostAnswer;

const serve = (overrides: Parameters<typeof mockApi>[0] = {}) =>
  mockApi({
    'GET /proxy/tools': () => ({ data: { list: TOOLS } }),
    'GET /proxy/mobile_apps': () => ({ data: { list: APPS } }),
    'GET /proxy/fingerprint_browsers': () => ({ data: { list: PARTNERS } }),
    'GET /proxy/proxy/host': () => ({ data: host }),
    'PUT /proxy/proxy/host': (call) => {
      const chosen = (call.body as { host: string }).host;
      if (!host.hosts.includes(chosen)) throw new AppError('ERR_ARGUMENT_TYPE', { data: { field: 'host' } });
      host = { ...host, host: chosen, chosen: true };
      return { data: host };
    },
    ...overrides,
  });

beforeAll(() => {
  installBrowserStubs();
});

beforeEach(async () => {
  await changeLocale('en-US');
  queryClient.clear();
  localStorage.clear();
  recordToasts();
  setToken('session-token');
  userStore.set({ user_name: 'alice' } as UserInfo);
  host = {
    host: 'gw.test',
    default_host: 'gw.test',
    chosen: false,
    hosts: ['gw.test', 'hk.gw.test'],
    port: 8000,
  };
});

afterEach(() => {
  cleanup();
  clearSession();
  vi.unstubAllGlobals();
});

describe('the connection tool page', () => {
  it("shows the server's downloads with version, size, date, notes and link", async () => {
    serve();
    render(
      <Providers path="/connection-assistance/connection-tool">
        <ConnectionToolPage />
      </Providers>,
    );
    const windows = await screen.findByTestId('tool-windows');
    expect(windows.textContent).toContain('Tool for Windows');
    expect(screen.getByTestId('tool-windows-version').textContent).toBe('Version 7.1.0 · 2.0 MB');
    expect(windows.textContent).toContain('Released 2026-11-01');
    expect(windows.textContent).toContain('Windows 11 only');
    expect(screen.getByTestId('tool-windows-download').getAttribute('href')).toBe('https://dl.test/tool.exe');
    expect(screen.getByTestId('tool-linux-version').textContent).toBe('Version 7.0.2 · 512 B');
    expect(screen.queryByTestId('tool-macos')).toBeNull();
  });

  it('shows the notes in the language in use', async () => {
    await changeLocale('ru-RU');
    serve();
    render(
      <Providers path="/connection-assistance/connection-tool">
        <ConnectionToolPage />
      </Providers>,
    );
    expect((await screen.findByTestId('tool-windows')).textContent).toContain('Windows 11 only (ru)');
    expect(screen.getByTestId('connection-tool').textContent).toContain(ruRU['connectionHelp.tool.intro']);
  });

  it('chooses the preferred gateway host and shows the saved address', async () => {
    const api = serve();
    render(
      <Providers path="/connection-assistance/connection-tool">
        <ConnectionToolPage />
      </Providers>,
    );
    const card = await screen.findByTestId('gateway-host');
    await waitFor(() => expect(screen.getByTestId('gateway-host-current').dataset.host).toBe('gw.test'));
    expect(within(card).getByText(enUS['connectionHelp.host.default'])).toBeTruthy();
    const save = screen.getByTestId('gateway-host-save') as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.click(screen.getByTestId('gateway-host-hk.gw.test'));
    await waitFor(() => expect(save.disabled).toBe(false));
    fireEvent.click(save);
    await waitFor(() => expect(screen.getByTestId('gateway-host-current').dataset.host).toBe('hk.gw.test'));
    expect(screen.getByTestId('gateway-host-current').textContent).toContain('hk.gw.test:8000');
    const put = api.calls.find((call) => call.method === 'PUT');
    expect(put?.body).toEqual({ host: 'hk.gw.test' });
  });

  it('says when the list fails, and retries', async () => {
    let fail = true;
    serve({
      'GET /proxy/tools': () => {
        if (fail) throw new AppError('ERR_INTERNAL_ERROR');
        return { data: { list: TOOLS } };
      },
    });
    render(
      <Providers path="/connection-assistance/connection-tool">
        <ConnectionToolPage />
      </Providers>,
    );
    const failed = await screen.findByText(enUS['connectionHelp.loadFailed']);
    fail = false;
    fireEvent.click(within(failed.closest('[role="alert"]') as HTMLElement).getByRole('button'));
    expect(await screen.findByTestId('tool-windows')).toBeTruthy();
  });
});

describe('the mobile app page', () => {
  it('shows each app with its store or APK link and a QR code', async () => {
    serve();
    render(
      <Providers path="/mobile-app">
        <MobileAppPage />
      </Providers>,
    );
    const ios = await screen.findByTestId('mobile-app-ios-store-0');
    expect(ios.textContent).toContain('App for iOS');
    expect(ios.textContent).toContain('Not in the China store');
    expect(screen.getByTestId('mobile-app-ios-store-0-link').getAttribute('href')).toBe(
      'https://apps.test/ios',
    );
    expect(screen.getByTestId('mobile-app-ios-store-0-link').textContent).toContain(
      enUS['connectionHelp.mobile.store'],
    );
    expect(screen.getByTestId('mobile-app-android-apk-1-link').textContent).toContain(
      enUS['connectionHelp.mobile.apk'],
    );
    expect(screen.getByTestId('mobile-app-android-apk-1').textContent).toContain('Released 2026-09-09');
  });
});

describe('the fingerprint browser page', () => {
  it('shows the partner with its description, promo code and link', async () => {
    await changeLocale('zh-CN');
    serve();
    render(
      <Providers path="/fingerprint-browser">
        <FingerprintBrowserPage />
      </Providers>,
    );
    const card = await screen.findByTestId('partner-zeta');
    expect(card.textContent).toContain('Zeta Browser');
    expect(screen.getByTestId('partner-zeta-description').textContent).toBe('Profiles apart (zh)');
    expect(screen.getByTestId('partner-zeta-promo').textContent).toContain('ZETA-42');
    expect(card.textContent).toContain('Half price (zh)');
    expect(screen.getByTestId('partner-zeta-link').getAttribute('href')).toBe('https://zeta.test/');
  });
});
