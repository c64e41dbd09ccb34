// @vitest-environment jsdom
import { AppError } from '@ptc/contracts';
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { admin as enUS } from '../../../locales/en-US/admin';
import { changeLocale } from '../../../shared/i18n/i18n';
import { installBrowserStubs, mockApi } from '../../../shared/testing/harness';
import { operator, renderConsoleAt } from '../admin.testing';
import { clearOperatorSession, setOperatorToken } from '../operator-session';
import { exit, exitPage, supply } from './supply.testing';

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 8_000 });

/** Opens `path` as the owner, with the supply and one exit unless the handlers say otherwise. */
const openAsOwner = (path: string, handlers: Parameters<typeof mockApi>[0] = {}) => {
  setOperatorToken('session-owner');
  const api = mockApi({
    'GET /admin/me': () => ({ data: operator('owner') }),
    'GET /admin/supply': () => ({ data: supply() }),
    'GET /admin/exits': () => ({ data: exitPage([exit()]) }),
    ...handlers,
  });
  renderConsoleAt(path);
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

describe('adding exits', () => {
  it('posts the upstream, its templates, the lines and every area as the API expects', async () => {
    const api = openAsOwner('/admin/supply?tab=add', {
      'POST /admin/exits': () => ({
        data: { records: [exit({ id: '1' }), exit({ id: '2' }), exit({ id: '3' }), exit({ id: '4' })] },
      }),
    });
    const form = await screen.findByTestId('admin-exit-add-form');
    expect(within(form).getByTestId('admin-exit-template-help').textContent).toContain(
      '{user}-country-{cc}-session-{sid}',
    );

    fireEvent.click(within(form).getByText(enUS['admin.supply.kind.http']));
    type('admin-exit-host', ' gw.provider.example ');
    type('admin-exit-port', '8080');
    type('admin-exit-account', 'acme');
    type('admin-exit-username', '{user}-country-{cc}-session-{sid}');
    type('admin-exit-password', 's3cret-{life}');
    fireEvent.click(within(form).getByText(enUS['admin.supply.type.datacenter']));
    fireEvent.click(within(form).getByText('Line 3'));
    type('admin-exit-area-0-country', 'us');
    type('admin-exit-area-0-state', 'ny');
    type('admin-exit-area-0-city', 'New York');
    fireEvent.click(within(form).getByTestId('admin-exit-area-add'));
    await within(form).findByTestId('admin-exit-area-1-country');
    type('admin-exit-area-1-country', 'de');
    fireEvent.click(within(form).getByTestId('admin-exit-add-submit'));

    expect((await screen.findByTestId('admin-exit-add-result')).textContent).toContain('Exits added: 4.');
    const [post] = api.callsTo('POST', '/admin/exits');
    expect(post?.body).toEqual({
      kind: 'http',
      host: 'gw.provider.example',
      port: 8080,
      account: 'acme',
      username_template: '{user}-country-{cc}-session-{sid}',
      password_template: 's3cret-{life}',
      type: 'datacenter',
      lines: [1, 3],
      areas: [{ country: 'US', state: 'NY', city: 'New York' }, { country: 'DE' }],
    });
    expect(post?.headers.get('x-operator-session')).toBe('session-owner');
  });

  it('sends a direct exit without upstream fields, and refuses an area without a country', async () => {
    const api = openAsOwner('/admin/supply?tab=add', {
      'POST /admin/exits': () => ({ data: { records: [exit({ kind: 'direct' })] } }),
    });
    const form = await screen.findByTestId('admin-exit-add-form');

    fireEvent.click(within(form).getByText(enUS['admin.supply.kind.direct']));
    await waitFor(() => expect(screen.queryByTestId('admin-exit-host')).toBeNull());
    fireEvent.click(within(form).getByTestId('admin-exit-add-submit'));
    expect(await screen.findByText(enUS['admin.supply.form.countryRequired'])).toBeTruthy();
    expect(api.callsTo('POST', '/admin/exits')).toEqual([]);

    type('admin-exit-area-0-country', 'jp');
    type('admin-exit-ip', '198.51.100.4');
    fireEvent.click(within(form).getByTestId('admin-exit-add-submit'));

    await waitFor(() => expect(api.callsTo('POST', '/admin/exits')).toHaveLength(1));
    expect(api.callsTo('POST', '/admin/exits')[0]?.body).toEqual({
      kind: 'direct',
      ip: '198.51.100.4',
      type: 'residential',
      lines: [1],
      areas: [{ country: 'JP' }],
    });
  });

  it("shows the server's reason when it refuses the exits", async () => {
    openAsOwner('/admin/supply?tab=add', {
      'POST /admin/exits': () => {
        throw new AppError('ERR_AREA_ERROR', { message: 'unknown state code "ZZ" in US' });
      },
    });
    const form = await screen.findByTestId('admin-exit-add-form');

    type('admin-exit-host', 'gw.provider.example');
    type('admin-exit-port', '1080');
    type('admin-exit-area-0-country', 'US');
    type('admin-exit-area-0-state', 'ZZ');
    fireEvent.click(within(form).getByTestId('admin-exit-add-submit'));

    const result = await screen.findByTestId('admin-exit-add-result');
    expect(result.textContent).toContain(enUS['admin.supply.add.failed']);
    expect(result.textContent).toContain('unknown state code "ZZ" in US');
  });
});

describe('editing an exit', () => {
  it('sends only what changed, and the password template only when a new one is typed', async () => {
    const api = openAsOwner('/admin/supply?tab=exits', {
      'PATCH /admin/exits/:id': () => ({ data: exit({ port: 1081, line: 2 }) }),
    });

    fireEvent.click(await screen.findByTestId('admin-exit-edit-101'));
    const form = await screen.findByTestId('admin-exit-edit-form');
    expect(within(form).getByTestId('admin-exit-password').getAttribute('placeholder')).toBe(
      enUS['admin.supply.form.passwordSet'],
    );
    type('admin-exit-port', '1081');
    fireEvent.click(within(form).getByText('2'));
    fireEvent.click(within(form).getByTestId('admin-exit-edit-submit'));

    await waitFor(() => expect(api.callsTo('PATCH', '/admin/exits/101')).toHaveLength(1));
    expect(api.callsTo('PATCH', '/admin/exits/101')[0]?.body).toEqual({ port: 1081, line: 2 });
  });
});

describe('the static inventory import', () => {
  it('lists the numbered bad lines of a refused file and says nothing was imported', async () => {
    const api = openAsOwner('/admin/supply?tab=import', {
      'POST /admin/inventory/import': () => {
        throw new AppError('ERR_ARGUMENT_TYPE', {
          message: '2 line(s) of the file have errors; nothing was imported',
          data: {
            errors: [
              { line: 3, message: 'ip "300.1.1.1" is not an IP address' },
              { line: 7, message: 'type must be residential or datacenter' },
            ],
            error_count: 2,
          },
        });
      },
    });
    expect((await screen.findByTestId('admin-inventory-columns')).textContent).toContain(
      'ip,country,state,city,type,kind,host,port,username,password,line,label',
    );

    const csv = 'ip,country,type\n203.0.113.1,US,datacenter\n300.1.1.1,US,datacenter\n';
    type('admin-inventory-csv', csv);
    fireEvent.click(screen.getByTestId('admin-inventory-import'));

    const result = await screen.findByTestId('admin-inventory-result');
    await waitFor(() => expect(result.textContent).toContain('Lines with errors: 2'));
    expect(result.textContent).toContain(enUS['admin.supply.import.nothingImported']);
    const rows = within(screen.getByTestId('admin-inventory-errors')).getAllByRole('row').slice(1);
    expect(rows.map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent))).toEqual([
      ['3', 'ip "300.1.1.1" is not an IP address'],
      ['7', 'type must be residential or datacenter'],
    ]);
    expect(api.callsTo('POST', '/admin/inventory/import')[0]?.body).toEqual({ csv, dry_run: false });
  });

  it('checks a file without importing it, then imports it', async () => {
    const api = openAsOwner('/admin/supply?tab=import', {
      'POST /admin/inventory/import': ({ body }) => {
        const isDryRun = (body as { dry_run: boolean }).dry_run;
        return { data: { imported: isDryRun ? 0 : 2, valid: 2, places: 1 } };
      },
    });

    await screen.findByTestId('admin-inventory-csv');
    type('admin-inventory-csv', 'ip,country,type\n203.0.113.1,US,datacenter\n');
    fireEvent.click(screen.getByTestId('admin-inventory-check'));
    const checked = await screen.findByTestId('admin-inventory-result');
    expect(checked.textContent).toContain('The file is valid: 2 addresses in 1 places.');
    expect(checked.textContent).toContain(enUS['admin.supply.import.validHint']);

    fireEvent.click(screen.getByTestId('admin-inventory-import'));
    await waitFor(() =>
      expect(screen.getByTestId('admin-inventory-result').textContent).toContain(
        'Imported 2 addresses in 1 places.',
      ),
    );
    expect(api.callsTo('POST', '/admin/inventory/import').map((call) => call.body)).toEqual([
      { csv: 'ip,country,type\n203.0.113.1,US,datacenter\n', dry_run: true },
      { csv: 'ip,country,type\n203.0.113.1,US,datacenter\n', dry_run: false },
    ]);
  });
});
