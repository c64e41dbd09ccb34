// @vitest-environment jsdom
import { type AdminAnnouncement, ANNOUNCEMENT_TITLE_MAX, AppError } from '@ptc/contracts';
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { adminBulletins as enUS } from '../../../locales/en-US/admin-bulletins';
import { changeLocale } from '../../../shared/i18n/i18n';
import { installBrowserStubs, mockApi } from '../../../shared/testing/harness';
import { operator, renderConsoleAt } from '../admin.testing';
import { clearOperatorSession, setOperatorToken } from '../operator-session';

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 8_000 });

const listed = (overrides: Partial<AdminAnnouncement> = {}): AdminAnnouncement => ({
  id: 'bl_1',
  title_en: 'Maintenance',
  body_en: 'Tonight',
  title_zh: null,
  body_zh: null,
  title_ru: 'Техработы',
  body_ru: 'Сегодня ночью',
  starts_at: '2026-11-27T10:00:00.000Z',
  ends_at: null,
  status: 'active',
  read_count: 3,
  closed_count: 2,
  created_by: 'sam@example.com',
  updated_by: 'sam@example.com',
  created_at: '2026-11-27T10:00:00.000Z',
  updated_at: '2026-11-27T10:00:00.000Z',
  ...overrides,
});

const openBulletins = async (handlers: Parameters<typeof mockApi>[0] = {}, rows = () => [listed()]) => {
  setOperatorToken('session-support');
  const api = mockApi({
    'GET /admin/me': () => ({ data: operator('support') }),
    'GET /admin/announcements': () => ({ data: { list: rows() } }),
    ...handlers,
  });
  renderConsoleAt('/admin/bulletins');
  await screen.findAllByTestId(/^admin-bulletin-delete-/);
  return api;
};

const type = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });

beforeAll(async () => {
  installBrowserStubs();
  await changeLocale('en-US');
});

beforeEach(() => {
  clearOperatorSession();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the operator bulletins page', () => {
  it('lists bulletins with languages, state, window and readers', async () => {
    await openBulletins({}, () => [
      listed(),
      listed({
        id: 'bl_2',
        title_en: null,
        body_en: null,
        status: 'ended',
        ends_at: '2026-11-28T10:00:00.000Z',
      }),
    ]);
    const table = screen.getByTestId('admin-bulletin-table');
    const first = within(table).getByText('Maintenance').closest('tr') as HTMLElement;
    expect(within(first).getByText(enUS['admin.bulletins.language.en'])).toBeTruthy();
    expect(within(first).getByText(enUS['admin.bulletins.language.ru'])).toBeTruthy();
    expect(within(first).queryByText(enUS['admin.bulletins.language.zh'])).toBeNull();
    expect(within(first).getByText('3 / 2')).toBeTruthy();
    expect(within(first).getByText(/until unpublished/)).toBeTruthy();
    // An ended bulletin is named by its first language and offers no unpublishing.
    const second = within(table).getByText('Техработы').closest('tr') as HTMLElement;
    expect(within(second).getByTestId('admin-bulletin-status-bl_2').textContent).toBe(
      enUS['admin.bulletins.status.ended'],
    );
    expect(screen.queryByTestId('admin-bulletin-unpublish-bl_2')).toBeNull();
    expect(screen.getByTestId('admin-bulletin-unpublish-bl_1')).toBeTruthy();
  });

  it('publishes a bulletin in the languages written, refusing a title without text and none at all', async () => {
    const api = await openBulletins({
      'POST /admin/announcements': (call) => ({ data: listed({ id: 'bl_new', ...(call.body as object) }) }),
    });
    fireEvent.click(screen.getByTestId('admin-bulletin-add'));
    await screen.findByTestId('admin-bulletin-dialog');
    fireEvent.click(screen.getByTestId('admin-bulletin-submit'));
    expect(await screen.findByText(enUS['admin.bulletins.oneLanguage'])).toBeTruthy();

    type('admin-bulletin-title-ru', 'Техработы');
    fireEvent.click(screen.getByTestId('admin-bulletin-submit'));
    expect(await screen.findByText(enUS['admin.bulletins.bodyMissing'])).toBeTruthy();

    type('admin-bulletin-title-en', 'x'.repeat(ANNOUNCEMENT_TITLE_MAX + 1));
    type('admin-bulletin-body-en', 'Tonight\nshort break');
    type('admin-bulletin-body-ru', 'Сегодня ночью');
    fireEvent.click(screen.getByTestId('admin-bulletin-submit'));
    expect(
      await screen.findByText(
        enUS['admin.bulletins.tooLong'].replace('{{max}}', String(ANNOUNCEMENT_TITLE_MAX)),
      ),
    ).toBeTruthy();
    expect(api.calls.filter((call) => call.method === 'POST')).toEqual([]);

    type('admin-bulletin-title-en', ' Maintenance ');
    fireEvent.click(screen.getByTestId('admin-bulletin-submit'));
    await waitFor(() => expect(api.calls.some((call) => call.method === 'POST')).toBe(true));
    expect(api.calls.find((call) => call.method === 'POST')?.body).toEqual({
      title_en: 'Maintenance',
      body_en: 'Tonight\nshort break',
      title_zh: null,
      body_zh: null,
      title_ru: 'Техработы',
      body_ru: 'Сегодня ночью',
      ends_at: null,
    });
    expect(await screen.findByText(enUS['admin.bulletins.published'])).toBeTruthy();
  });

  it("edits a bulletin, shows the server's refusal, unpublishes and deletes after a confirmation", async () => {
    let refuse = true;
    const api = await openBulletins({
      'PUT /admin/announcements/:id': (call) => {
        if (refuse) {
          refuse = false;
          throw new AppError('ERR_ARGUMENT_TYPE', { message: 'Argument type error: title_ru: too long' });
        }
        return { data: listed({ ...(call.body as object) }) };
      },
      'POST /admin/announcements/:id/unpublish': () => ({ data: listed({ status: 'ended' }) }),
      'DELETE /admin/announcements/:id': () => ({ data: { done: true } }),
    });
    fireEvent.click(screen.getByTestId('admin-bulletin-edit-bl_1'));
    await screen.findByTestId('admin-bulletin-dialog');
    expect((screen.getByTestId('admin-bulletin-title-ru') as HTMLInputElement).value).toBe('Техработы');
    type('admin-bulletin-body-en', 'Tomorrow');
    fireEvent.click(screen.getByTestId('admin-bulletin-submit'));
    expect(await screen.findByTestId('admin-bulletin-error')).toBeTruthy();
    fireEvent.click(screen.getByTestId('admin-bulletin-submit'));
    expect(await screen.findByText(enUS['admin.bulletins.saved'])).toBeTruthy();
    const put = api.calls.filter((call) => call.method === 'PUT').at(-1);
    expect(put?.path).toBe('/admin/announcements/bl_1');
    expect(put?.body).toMatchObject({
      body_en: 'Tomorrow',
      title_ru: 'Техработы',
      starts_at: '2026-11-27T10:00:00.000Z',
      ends_at: null,
    });

    fireEvent.click(screen.getByTestId('admin-bulletin-unpublish-bl_1'));
    fireEvent.click(await screen.findByTestId('admin-bulletin-confirm'));
    expect(await screen.findByText(enUS['admin.bulletins.unpublished'])).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('admin-bulletin-confirm')).toBeNull());
    fireEvent.click(screen.getByTestId('admin-bulletin-delete-bl_1'));
    fireEvent.click(await screen.findByTestId('admin-bulletin-confirm'));
    expect(await screen.findByText(enUS['admin.bulletins.deleted'])).toBeTruthy();
    expect(
      api.calls
        .filter((call) => ['POST', 'DELETE'].includes(call.method))
        .map((call) => `${call.method} ${call.path}`),
    ).toEqual(['POST /admin/announcements/bl_1/unpublish', 'DELETE /admin/announcements/bl_1']);
  });

  it('is in the menu of owner and support, not finance', async () => {
    setOperatorToken('session-finance');
    mockApi({
      'GET /admin/me': () => ({ data: operator('finance') }),
      'GET /admin/prices': () => ({ data: { records: [] } }),
    });
    renderConsoleAt('/admin/bulletins');
    await waitFor(() => expect(screen.queryByTestId('admin-bulletins')).toBeNull());
    const { buildOperatorMenu } = await import('../admin-menu');
    const names = (role: 'owner' | 'finance' | 'support') => JSON.stringify(buildOperatorMenu(role));
    expect(names('support')).toContain('adminBulletins');
    expect(names('owner')).toContain('adminBulletins');
    expect(names('finance')).not.toContain('adminBulletins');
  });
});
