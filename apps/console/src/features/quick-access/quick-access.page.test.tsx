// @vitest-environment jsdom
import { AppError, type QuickAccessEntry, type UserInfo } from '@ptc/contracts';
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { extension as enUS } from '../../locales/en-US/extension';
import { queryClient } from '../../shared/api/query-client';
import {
  installFakeExtension,
  NO_RECEIVER,
  standInExtensionInfo,
} from '../../shared/extension/extension.stand-in';
import { changeLocale } from '../../shared/i18n/i18n';
import { clearSession, setToken, userStore } from '../../shared/session/session';
import { listPage, proxyRow } from '../../shared/testing/factories';
import { installBrowserStubs, mockApi, Providers, recordToasts } from '../../shared/testing/harness';
import QuickAccessPage from './quick-access.page';

// antd renders slowly in jsdom on a busy machine.
vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 8_000 });

const proxyOf = (id: string, overrides: Partial<NonNullable<QuickAccessEntry['proxy']>> = {}) => ({
  id,
  username: `user-${id}`,
  location: 'United States / New York',
  status: 1,
  enabled: true,
  expired: false,
  deleted: false,
  ...overrides,
});

const entryOf = (index: number, overrides: Partial<QuickAccessEntry> = {}): QuickAccessEntry => ({
  id: `q${index}`,
  url: `https://site${index}.example/path?x=${index}`,
  remark: `remark ${index}`,
  proxy_id: `p${index}`,
  proxy: proxyOf(`p${index}`),
  created_at: '2026-11-20T08:00:00.000Z',
  ...overrides,
});

let entries: QuickAccessEntry[];

const serve = () =>
  mockApi({
    'GET /proxy/quick_access': () => ({
      data: { list: entries, total: entries.length, page: 1, page_size: 200, limit: 200 },
    }),
    'POST /proxy/quick_access': (call) => {
      const body = call.body as { url: string; proxy_id: string; remark?: string };
      if (body.proxy_id !== 'p1' && body.proxy_id !== 'p2') throw new AppError('ERR_NO_THIS_USER_TOKEN');
      const created = entryOf(entries.length + 1, { ...body, remark: body.remark || null });
      entries = [created, ...entries];
      return { data: created };
    },
    'PUT /proxy/quick_access/:id': (call) => {
      const body = call.body as { url: string; proxy_id: string; remark?: string };
      entries = entries.map((entry) =>
        entry.id === call.params.id ? { ...entry, ...body, remark: body.remark || null } : entry,
      );
      return { data: entries.find((entry) => entry.id === call.params.id) };
    },
    'DELETE /proxy/quick_access/:id': (call) => {
      entries = entries.filter((entry) => entry.id !== call.params.id);
      return { data: null };
    },
    'GET /proxy/tokens/dynamic/traffic': () => ({ data: listPage([proxyRow(1), proxyRow(2)]) }),
    'GET /proxy/tokens/dynamic/ip': () => ({ data: listPage([]) }),
    'GET /proxy/tokens/static/traffic': () => ({ data: listPage([]) }),
    'GET /proxy/tokens/static/ip': () => ({ data: listPage([]) }),
    'GET /proxy/extension/info': () => ({ data: standInExtensionInfo() }),
    'POST /proxy/extension/pairings': () => ({
      data: { id: 'pr1', token: 'ptcx_secret', created_at: '2026-11-27T10:00:00.000Z' },
    }),
  });

const openPage = async () => {
  const api = serve();
  render(
    <Providers path="/quick-access">
      <QuickAccessPage />
    </Providers>,
  );
  await waitFor(() => expect(screen.getByTestId('quick-access-count').textContent).not.toBe(''));
  return api;
};

/** Picks the option `label` of the antd select `testId`. */
const choose = async (testId: string, label: RegExp) => {
  const select = screen.getByTestId(testId);
  fireEvent.mouseDown(select.querySelector('.ant-select-selector') ?? select);
  const option = await screen.findByText(label, { selector: '.ant-select-item-option-content' });
  fireEvent.click(option);
};

beforeAll(async () => {
  installBrowserStubs();
  await changeLocale('en-US');
});

beforeEach(() => {
  queryClient.clear();
  localStorage.clear();
  entries = [];
  recordToasts();
  setToken('session-token');
  userStore.set({ user_name: 'alice' } as UserInfo);
});

afterEach(() => {
  cleanup();
  clearSession();
  Reflect.deleteProperty(globalThis, 'chrome');
  vi.unstubAllGlobals();
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: 1024 });
});

describe('the quick access page', () => {
  it('lists URL, remark and proxy with its location, and says when the proxy was deleted, expired or is gone', async () => {
    entries = [
      entryOf(1),
      entryOf(2, { proxy: proxyOf('p2', { deleted: true }) }),
      entryOf(3, { proxy: proxyOf('p3', { expired: true, status: 3 }) }),
      entryOf(4, { proxy: null, remark: null }),
    ];
    await openPage();
    const rows = within(screen.getByTestId('quick-access-table')).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(4);
    expect(rows[0]?.textContent).toContain('https://site1.example/path?x=1');
    expect(rows[0]?.textContent).toContain('remark 1');
    expect(rows[0]?.textContent).toContain('user-p1');
    expect(rows[0]?.textContent).toContain('United States / New York');
    expect(within(rows[0] as HTMLElement).queryByTestId('quick-access-proxy-problem')).toBeNull();
    const problem = (index: number) =>
      within(rows[index] as HTMLElement).getByTestId('quick-access-proxy-problem').textContent;
    expect(problem(1)).toBe(enUS['quickAccess.proxy.deleted']);
    expect(problem(2)).toBe(enUS['quickAccess.proxy.expired']);
    expect(problem(3)).toBe(enUS['quickAccess.proxy.missing']);
    expect(screen.getByTestId('quick-access-count').textContent).toBe('4 of 200 entries');
  });

  it('requires a full URL with its scheme and a proxy, then adds the entry (remark optional)', async () => {
    const api = await openPage();
    expect(screen.getByText(enUS['quickAccess.empty'])).toBeTruthy();
    fireEvent.click(screen.getByTestId('quick-access-add'));
    fireEvent.click(await screen.findByTestId('quick-access-save'));
    expect(await screen.findByText(enUS['quickAccess.form.urlRequired'])).toBeTruthy();
    expect(await screen.findByText(enUS['quickAccess.form.proxyRequired'])).toBeTruthy();

    for (const bad of ['example.com', 'ftp://example.com/', 'https://', 'https://exa mple.com/']) {
      fireEvent.change(screen.getByTestId('quick-access-url'), { target: { value: bad } });
      expect(await screen.findByText(enUS['quickAccess.form.urlInvalid'])).toBeTruthy();
    }
    fireEvent.change(screen.getByTestId('quick-access-url'), {
      target: { value: ' https://shop.example/a?b=1 ' },
    });
    await waitFor(() => expect(screen.queryByText(enUS['quickAccess.form.urlInvalid'])).toBeNull());
    await choose('quick-access-proxy', /^user2 · /);
    fireEvent.click(screen.getByTestId('quick-access-save'));
    await waitFor(() => expect(api.callsTo('POST', '/proxy/quick_access')).toHaveLength(1));
    expect(api.callsTo('POST', '/proxy/quick_access')[0]?.body).toEqual({
      url: 'https://shop.example/a?b=1',
      proxy_id: 'p2',
      remark: '',
    });
    await waitFor(() =>
      expect(screen.getByTestId('quick-access-table').textContent).toContain('shop.example'),
    );
    expect(screen.queryByTestId('quick-access-form')).toBeNull();
  });

  it('edits an entry and deletes one after confirming', async () => {
    entries = [entryOf(1), entryOf(2)];
    const api = await openPage();
    fireEvent.click(screen.getByTestId('quick-access-edit-q1'));
    const url = (await screen.findByTestId('quick-access-url')) as HTMLInputElement;
    expect(url.value).toBe('https://site1.example/path?x=1');
    fireEvent.change(screen.getByTestId('quick-access-remark'), { target: { value: 'shop account' } });
    fireEvent.click(screen.getByTestId('quick-access-save'));
    await waitFor(() => expect(api.callsTo('PUT', '/proxy/quick_access/q1')).toHaveLength(1));
    expect(api.callsTo('PUT', '/proxy/quick_access/q1')[0]?.body).toEqual({
      url: 'https://site1.example/path?x=1',
      proxy_id: 'p1',
      remark: 'shop account',
    });
    await waitFor(() =>
      expect(screen.getByTestId('quick-access-table').textContent).toContain('shop account'),
    );

    fireEvent.click(screen.getByTestId('quick-access-delete-q2'));
    fireEvent.click(await screen.findByTestId('quick-access-delete-confirm'));
    await waitFor(() => expect(api.callsTo('DELETE', '/proxy/quick_access/q2')).toHaveLength(1));
    await waitFor(() =>
      expect(screen.getByTestId('quick-access-count').textContent).toBe('1 of 200 entries'),
    );
  });

  it('says "browser extension not found" with the download when opening without the extension', async () => {
    entries = [entryOf(1)];
    await openPage();
    fireEvent.click(screen.getByTestId('quick-access-open-q1'));
    const notFound = await screen.findByTestId('extension-not-found');
    expect(notFound.textContent).toContain(enUS['extension.notFound']);
    expect(within(notFound).getByTestId('extension-download').getAttribute('href')).toBe(
      '/api/proxy/browser/plugin',
    );
  });

  it('opens an entry through the extension: pairs, then open_quick_access, and shows where it exits', async () => {
    entries = [entryOf(1)];
    const fake = installFakeExtension((message) => {
      if (message.type === 'ping')
        return { reply: { ok: true, version: '1.2.3', paired: false, active: null } };
      if (message.type === 'open_quick_access')
        return { reply: { ok: true, state: 'success', ip: '203.0.113.50', country: 'DE', tab_opened: true } };
      return undefined;
    });
    await openPage();
    fireEvent.click(screen.getByTestId('quick-access-open-q1'));
    expect((await screen.findByTestId('extension-exit-ip')).textContent).toBe('203.0.113.50');
    expect(screen.getByTestId('extension-exit-country').textContent).toBe('Germany');
    expect(fake.types()).toEqual(['ping', 'pair', 'open_quick_access']);
    expect(fake.messages[2]?.message).toEqual({ type: 'open_quick_access', id: 'q1' });
  });

  it('says "extension setting failed or timed out" when the extension reports a timeout', async () => {
    entries = [entryOf(1)];
    localStorage.setItem('ptc-extension-pairing', JSON.stringify({ pairing_id: 'pr0', username: 'alice' }));
    installFakeExtension((message) => {
      if (message.type === 'ping')
        return { reply: { ok: true, version: '1.2.3', paired: true, active: null } };
      return { reply: { ok: false, state: 'timeout', reason: 'check_timeout' } };
    });
    await openPage();
    fireEvent.click(screen.getByTestId('quick-access-open-q1'));
    const failed = await screen.findByTestId('extension-failed');
    expect(failed.getAttribute('data-state')).toBe('timeout');
    expect(failed.textContent).toContain(enUS['extension.set.failed']);
    expect(failed.textContent).toContain('check_timeout');
  });

  it('shows cards at 390 px, each with its actions', async () => {
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 390 });
    entries = [entryOf(1, { url: `https://long.example/${'a'.repeat(300)}` })];
    installFakeExtension(() => ({ error: NO_RECEIVER }));
    await openPage();
    const card = await screen.findByTestId('quick-access-card-q1');
    expect(screen.queryByTestId('quick-access-table')).toBeNull();
    expect(within(card).getByTestId('quick-access-url-text').style.wordBreak).toBe('break-all');
    expect(within(card).getByTestId('quick-access-open-q1')).toBeTruthy();
  });
});
