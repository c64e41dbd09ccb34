// @vitest-environment jsdom
import { type ApiKey, AppError } from '@ptc/contracts';
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiKeys as enUS } from '../../locales/en-US/api-keys';
import { errors as enUSErrors } from '../../locales/en-US/errors';
import { queryClient } from '../../shared/api/query-client';
import { changeLocale } from '../../shared/i18n/i18n';
import { installBrowserStubs, mockApi, Providers, recordToasts } from '../../shared/testing/harness';
import ApiV1KeyPage from './api-v1-key.page';
import ApiV2KeysPage from './api-v2-keys.page';

// antd renders slowly in jsdom on a busy machine.
vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 8_000 });

/** A key as `GET /api/key/list` presents one. */
const listed = (index: number, overrides: Partial<ApiKey> = {}): ApiKey => ({
  key_id: `k${index}`,
  name: `scraper ${index}`,
  scope: 'full',
  allow_list: [],
  hint: `ptc_v2_Ab…${String(index).padStart(4, '0')}`,
  create_time: '2026-11-20T08:00:00.000Z',
  last_used_time: null,
  last_used_ip: null,
  ...overrides,
});

/** The keys the stand-in server holds. */
let keys: ApiKey[];

const serveKeys = () =>
  mockApi({
    'GET /api/key/list': () => ({ data: { list: keys, total: keys.length, limit: 10 } }),
    'POST /api/key': (call) => {
      const body = call.body as { name: string; scope: ApiKey['scope']; allow_list: string[] };
      if (keys.length >= 10) throw new AppError('ApiKeyLimit');
      const created = listed(keys.length + 1, {
        name: body.name,
        scope: body.scope,
        allow_list: body.allow_list,
      });
      keys = [...keys, created];
      return { data: { ...created, password: 'ptc_v2_TheSecretShownOnce0123456789' } };
    },
    'DELETE /api/key/:key_id': (call) => {
      const before = keys.length;
      keys = keys.filter((key) => key.key_id !== call.params.key_id);
      if (keys.length === before) throw new AppError('ERR_NO_API_TOKEN');
      return { data: null };
    },
  });

const openPage = async () => {
  const api = serveKeys();
  render(
    <Providers path="/api-v2/api-key">
      <ApiV2KeysPage />
    </Providers>,
  );
  await waitFor(() => expect(screen.getByTestId('api-key-count').textContent).not.toBe(''));
  return api;
};

beforeAll(async () => {
  installBrowserStubs();
  await changeLocale('en-US');
});

beforeEach(() => {
  queryClient.clear();
  keys = [];
  recordToasts();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the V2 API keys page', () => {
  it('lists each key with name, hint, access, allow-list, creation and last use (time and address)', async () => {
    keys = [
      listed(1),
      listed(2, {
        scope: 'read',
        allow_list: ['203.0.113.7', '198.51.100.0/24'],
        last_used_time: '2026-11-21T09:30:00.000Z',
        last_used_ip: '203.0.113.7',
      }),
    ];
    await openPage();
    const table = screen.getByTestId('api-key-table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    const second = rows[1] as HTMLElement;
    expect(second.textContent).toContain('scraper 2');
    expect(second.textContent).toContain('ptc_v2_Ab…0002');
    expect(second.textContent).toContain(enUS['apiKeys.scope.read']);
    expect(second.textContent).toContain('198.51.100.0/24');
    expect(second.textContent).toContain('from 203.0.113.7');
    expect(rows[0]?.textContent).toContain(enUS['apiKeys.allowList.any']);
    expect(rows[0]?.textContent).toContain(enUS['apiKeys.lastUsed.never']);
    expect(screen.getByTestId('api-key-count').textContent).toBe('2 of 10 keys');
    expect(screen.getByTestId('api-key-docs-link').getAttribute('href')).toBe('/api-v2/docs');
  });

  it('requires a name and a valid allow-list, then shows the secret once with the first call', async () => {
    const api = await openPage();
    fireEvent.click(screen.getByTestId('api-key-add'));
    fireEvent.click(await screen.findByTestId('api-key-add-submit'));
    expect(await screen.findByText('Please enter API-Key name')).toBeTruthy();
    fireEvent.change(screen.getByTestId('api-key-add-name'), { target: { value: '  nightly job ' } });
    fireEvent.change(screen.getByTestId('api-key-add-allow-list'), {
      target: { value: '203.0.113.7\nnot-an-address\n' },
    });
    fireEvent.click(screen.getByTestId('api-key-add-submit'));
    expect(await screen.findByText('Not an IP address or CIDR block: not-an-address')).toBeTruthy();
    expect(api.callsTo('POST', '/api/key')).toHaveLength(0);

    fireEvent.change(screen.getByTestId('api-key-add-allow-list'), {
      target: { value: '203.0.113.7\n\n2001:db8::/32' },
    });
    fireEvent.click(screen.getByLabelText(new RegExp(enUS['apiKeys.scope.read'])));
    fireEvent.click(screen.getByTestId('api-key-add-submit'));
    const secret = (await screen.findByTestId('api-key-secret')) as HTMLInputElement;
    expect(secret.value).toBe('ptc_v2_TheSecretShownOnce0123456789');
    expect(api.callsTo('POST', '/api/key')[0]?.body).toEqual({
      name: 'nightly job',
      scope: 'read',
      allow_list: ['203.0.113.7', '2001:db8::/32'],
    });
    const dialog = screen.getByTestId('api-key-secret-dialog');
    expect(dialog.textContent).toContain(enUS['apiKeys.secret.warning']);
    expect(screen.getByTestId('api-key-first-call').textContent).toBe(
      `curl -H "X-API-Key: ptc_v2_TheSecretShownOnce0123456789" ${window.location.origin}/api/v2/account`,
    );
    fireEvent.click(screen.getByTestId('api-key-secret-done'));
    await waitFor(() => expect(screen.queryByTestId('api-key-secret')).toBeNull());
    // The list shows the new key by its hint; its secret is nowhere on the page any more.
    await waitFor(() => expect(screen.getByTestId('api-key-table').textContent).toContain('nightly job'));
    expect(document.body.innerHTML).not.toContain('TheSecretShownOnce');
  });

  it('says the limit on the add button at 10 keys instead of letting the 11th fail', async () => {
    keys = Array.from({ length: 10 }, (_, index) => listed(index + 1));
    const api = await openPage();
    const add = screen.getByTestId('api-key-add') as HTMLButtonElement;
    expect(add.textContent).toBe(enUSErrors['errors.ApiKeyLimit']);
    expect(add.disabled).toBe(true);
    fireEvent.click(add);
    expect(screen.queryByTestId('api-key-add-dialog')).toBeNull();
    expect(api.callsTo('POST', '/api/key')).toHaveLength(0);
  });

  it('deletes a key only after the confirmation', async () => {
    keys = [listed(1), listed(2)];
    const api = await openPage();
    fireEvent.click(screen.getByTestId('api-key-delete-k1'));
    expect((await screen.findAllByText('Delete the API key “scraper 1”?')).length).toBeGreaterThan(0);
    expect(api.callsTo('DELETE', '/api/key/k1')).toHaveLength(0);
    fireEvent.click(screen.getByTestId('api-key-delete-confirm'));
    await waitFor(() => expect(api.callsTo('DELETE', '/api/key/k1')).toHaveLength(1));
    await waitFor(() => expect(screen.getByTestId('api-key-count').textContent).toBe('1 of 10 keys'));
    expect(screen.getByTestId('api-key-table').textContent).not.toContain('scraper 1');
  });
});

describe('the V1 API key page', () => {
  it('generates the legacy key, shows its id once, and regenerates or revokes it only after a confirmation', async () => {
    let current: { hint: string; create_time: string; last_used_time: null; last_used_ip: null } | null =
      null;
    let generated = 0;
    const api = mockApi({
      'GET /api/key/v1': () => ({ data: { key: current } }),
      'POST /api/key/v1': () => {
        generated += 1;
        const id = `ptc_v1_NewLegacyId${generated}`;
        current = {
          hint: `ptc_v1_New…yId${generated}`,
          create_time: '2026-11-22T10:00:00.000Z',
          last_used_time: null,
          last_used_ip: null,
        };
        return { data: { id, create_time: current.create_time } };
      },
      'DELETE /api/key/v1': () => {
        current = null;
        return { data: null };
      },
    });
    render(
      <Providers path="/api-v1/api-key">
        <ApiV1KeyPage />
      </Providers>,
    );
    expect((await screen.findByTestId('api-v1-deprecated')).textContent).toContain(
      enUS['apiKeys.v1.deprecated'],
    );
    fireEvent.click(await screen.findByTestId('api-v1-generate'));
    expect(((await screen.findByTestId('api-key-secret')) as HTMLInputElement).value).toBe(
      'ptc_v1_NewLegacyId1',
    );
    fireEvent.click(screen.getByTestId('api-key-secret-done'));
    expect((await screen.findByTestId('api-v1-hint')).textContent).toBe('ptc_v1_New…yId1');

    fireEvent.click(screen.getByTestId('api-v1-regenerate'));
    expect((await screen.findAllByText(enUS['apiKeys.v1.regenerate.effect'])).length).toBeGreaterThan(0);
    expect(api.callsTo('POST', '/api/key/v1')).toHaveLength(1);
    fireEvent.click(screen.getByTestId('api-v1-confirm'));
    expect(((await screen.findByTestId('api-key-secret')) as HTMLInputElement).value).toBe(
      'ptc_v1_NewLegacyId2',
    );
    fireEvent.click(screen.getByTestId('api-key-secret-done'));
    await waitFor(() => expect(screen.getByTestId('api-v1-hint').textContent).toBe('ptc_v1_New…yId2'));

    fireEvent.click(screen.getByTestId('api-v1-revoke'));
    await screen.findAllByText(enUS['apiKeys.v1.revoke.effect']);
    fireEvent.click((await screen.findAllByTestId('api-v1-confirm')).at(-1) as HTMLElement);
    await waitFor(() => expect(api.callsTo('DELETE', '/api/key/v1')).toHaveLength(1));
    expect(await screen.findByText(enUS['apiKeys.v1.none'])).toBeTruthy();
  });
});
