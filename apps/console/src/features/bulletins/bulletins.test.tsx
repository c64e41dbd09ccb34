// @vitest-environment jsdom
import { type Announcement, STORAGE_KEYS } from '@ptc/contracts';
import { act, cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { bulletins as ruRU } from '../../locales/ru-RU/bulletins';
import { queryClient } from '../../shared/api/query-client';
import { changeLocale } from '../../shared/i18n/i18n';
import { tokenStore } from '../../shared/session/session';
import { installBrowserStubs, mockApi, Providers } from '../../shared/testing/harness';
import { logout } from '../auth/logout';
import { BulletinHost } from './bulletin-host';
import {
  type BulletinList,
  bulletinListStore,
  clearBulletins,
  closeEntry,
  EMPTY_BULLETIN_LIST,
  parseBulletinList,
  pushEntry,
  removeEntry,
} from './bulletin-list';

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 8_000 });

beforeAll(() => {
  installBrowserStubs();
});

beforeEach(async () => {
  queryClient.clear();
  localStorage.clear();
  clearBulletins();
  await changeLocale('en-US');
});

afterEach(() => {
  cleanup();
  tokenStore.set(null);
  vi.unstubAllGlobals();
});

describe('the bulletin list (SPEC §4)', () => {
  it('pushing with an id sets it active and shows it, or merges it when present; without an id adds a placeholder', () => {
    let state: BulletinList = pushEntry(EMPTY_BULLETIN_LIST, { id: 'a' });
    expect(state).toEqual({ activeId: 'a', list: [{ id: 'a', show: true }] });
    state = pushEntry(state, { id: 'b' });
    expect(state).toEqual({
      activeId: 'b',
      list: [
        { id: 'a', show: true },
        { id: 'b', show: true },
      ],
    });
    // Merged, not added twice; what the entry had is kept unless the push says otherwise.
    state = pushEntry(closeEntry(state, 'a'), { id: 'a' });
    expect(state.activeId).toBe('a');
    expect(state.list).toEqual([
      { id: 'a', show: false },
      { id: 'b', show: true },
    ]);
    state = pushEntry(state, { id: 'a', show: true });
    expect(state.list[0]).toEqual({ id: 'a', show: true });
    state = pushEntry(state);
    expect(state.list).toHaveLength(3);
    expect(state.list[2]).toEqual({ id: null, show: true });
    expect(state.activeId).toBe('a');
  });

  it('closing hides it (the next shown one becomes active); removal deletes it', () => {
    let state = pushEntry(pushEntry(EMPTY_BULLETIN_LIST, { id: 'a' }), { id: 'b' });
    state = closeEntry(state, 'b');
    expect(state).toEqual({
      activeId: 'a',
      list: [
        { id: 'a', show: true },
        { id: 'b', show: false },
      ],
    });
    state = removeEntry(state, 'a');
    expect(state).toEqual({ activeId: null, list: [{ id: 'b', show: false }] });
  });

  it('reads only a well-formed stored list', () => {
    expect(parseBulletinList(undefined)).toEqual(EMPTY_BULLETIN_LIST);
    expect(parseBulletinList({ activeId: 3, list: 'x' })).toEqual(EMPTY_BULLETIN_LIST);
    expect(
      parseBulletinList({ activeId: 'a', list: [{ id: 'a', show: true }, { id: 5, show: true }, null] }),
    ).toEqual({ activeId: 'a', list: [{ id: 'a', show: true }] });
  });
});

const bulletin = (overrides: Partial<Announcement> = {}): Announcement => ({
  id: 'bl_one',
  title: 'Maintenance tonight',
  body: 'Gateways restart at 02:00 UTC.\nExpect a short break.',
  lang: 'en-US',
  published_at: '2026-11-27T10:00:00.000Z',
  ends_at: null,
  read: false,
  closed: false,
  ...overrides,
});

const renderHost = () =>
  render(<Providers path="/dashboard/overview" routes={[{ path: '*', element: <BulletinHost /> }]} />);

describe('the bulletin banner', () => {
  it("shows the customer's open bulletins, marks them read once, and closing one tells the server and keeps it closed", async () => {
    tokenStore.set('token-1');
    const api = mockApi({
      'GET /proxy/announcements': () => ({
        data: {
          list: [
            bulletin(),
            bulletin({ id: 'bl_closed', title: 'Closed elsewhere', closed: true, read: true }),
            bulletin({ id: 'bl_seen', title: 'Seen before', read: true }),
          ],
          unread: 1,
        },
      }),
      'PUT /proxy/announcements/:id/read': (call) => ({
        data: bulletin({ id: call.params.id, read: true }),
      }),
      'PUT /proxy/announcements/:id/close': (call) => ({
        data: bulletin({ id: call.params.id, read: true, closed: true }),
      }),
    });
    renderHost();
    const region = await screen.findByTestId('bulletins');
    const shown = within(region).getAllByTestId('bulletin');
    expect(shown.map((item) => item.getAttribute('data-bulletin-id'))).toEqual(['bl_one', 'bl_seen']);
    expect(within(region).getByText('Maintenance tonight')).toBeTruthy();
    expect(within(region).getAllByText(/Gateways restart/)[0]?.textContent).toContain(
      '\nExpect a short break.',
    );
    expect(within(region).queryByText('Closed elsewhere')).toBeNull();
    await waitFor(() =>
      expect(api.calls.filter((call) => call.method === 'PUT').map((call) => call.path)).toEqual([
        '/proxy/announcements/bl_one/read',
      ]),
    );
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.bulletinList) ?? 'null')).toEqual({
      activeId: 'bl_one',
      list: [
        { id: 'bl_seen', show: true },
        { id: 'bl_one', show: true },
      ],
    });

    fireEvent.click(within(shown[0] as HTMLElement).getByRole('button', { name: 'Close this bulletin' }));
    await waitFor(() => expect(screen.getAllByTestId('bulletin')).toHaveLength(1));
    await waitFor(() =>
      expect(
        api.calls.some((call) => call.method === 'PUT' && call.path === '/proxy/announcements/bl_one/close'),
      ).toBe(true),
    );
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.bulletinList) ?? 'null')).toMatchObject({
      activeId: 'bl_seen',
      list: [
        { id: 'bl_seen', show: true },
        { id: 'bl_one', show: false },
      ],
    });
  });

  it('asks in the language in use, shows nothing when every bulletin is closed, and forgets the list at logout', async () => {
    await changeLocale('ru-RU');
    tokenStore.set('token-2');
    localStorage.setItem(
      STORAGE_KEYS.bulletinList,
      JSON.stringify({ activeId: 'bl_gone', list: [{ id: 'bl_gone', show: true }] }),
    );
    const api = mockApi({
      'GET /proxy/announcements': () => ({
        data: { list: [bulletin({ id: 'bl_ru', title: 'Техработы', lang: 'ru-RU', read: true })], unread: 0 },
      }),
    });
    renderHost();
    const region = await screen.findByTestId('bulletins');
    expect(region.getAttribute('aria-label')).toBe(ruRU['bulletins.region']);
    expect(within(region).getByText('Техработы').getAttribute('lang')).toBe('ru-RU');
    expect(api.calls.find((call) => call.path === '/proxy/announcements')?.headers.get('lang')).toBe('ru-RU');
    // A bulletin no longer in force is removed from the list.
    expect(bulletinListStore.get().list.map((entry) => entry.id)).toEqual(['bl_ru']);

    act(() => logout());
    expect(localStorage.getItem(STORAGE_KEYS.bulletinList)).toBeNull();
    await waitFor(() => expect(bulletinListStore.get()).toEqual(EMPTY_BULLETIN_LIST));
  });

  it('renders nothing when the server has no open bulletin or cannot be reached', async () => {
    tokenStore.set('token-3');
    const api = mockApi({
      'GET /proxy/announcements': () => ({
        data: { list: [bulletin({ closed: true, read: true })], unread: 0 },
      }),
    });
    const { container } = renderHost();
    await waitFor(() => expect(api.calls.some((call) => call.path === '/proxy/announcements')).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(container.querySelector('[data-testid="bulletins"]')).toBeNull();
    expect(api.calls.filter((call) => call.method === 'PUT')).toEqual([]);
  });
});
