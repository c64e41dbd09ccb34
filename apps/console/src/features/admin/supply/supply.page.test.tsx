// @vitest-environment jsdom
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { admin as enUS } from '../../../locales/en-US/admin';
import { changeLocale } from '../../../shared/i18n/i18n';
import { installBrowserStubs, mockApi } from '../../../shared/testing/harness';
import { operator, renderConsoleAt } from '../admin.testing';
import type { Operator } from '../admin.types';
import { clearOperatorSession, setOperatorToken } from '../operator-session';
import { exit, exitPage, staticExit, supply } from './supply.testing';

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 8_000 });

/** Opens `path` as an operator of `role`, with the supply and two exits unless the handlers say otherwise. */
const openSupplyAs = (role: Operator['role'], path: string, handlers: Parameters<typeof mockApi>[0] = {}) => {
  setOperatorToken(`session-${role}`);
  const api = mockApi({
    'GET /admin/me': () => ({ data: operator(role) }),
    'GET /admin/supply': () => ({ data: supply() }),
    'GET /admin/exits': () => ({ data: exitPage([exit(), staticExit()]) }),
    ...handlers,
  });
  renderConsoleAt(path);
  return api;
};

/** The table row of exit `id`. */
const rowOf = async (id: string) => {
  const table = await screen.findByTestId('admin-exits-table');
  const cell = await within(table).findByText(id);
  return cell.closest('tr') as HTMLElement;
};

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

describe('the supply overview', () => {
  it('shows the exit counts, the demo supply and the static inventory per place', async () => {
    openSupplyAs('finance', '/admin/supply');

    const total = await screen.findByTestId('admin-supply-count-total');
    expect(total.textContent).toContain(enUS['admin.supply.count.total']);
    expect(total.textContent).toContain('14');
    expect(screen.getByTestId('admin-supply-count-unhealthy').textContent).toContain('1');
    expect(screen.getByTestId('admin-supply-count-static').textContent).toContain('5');
    expect(screen.getByTestId('admin-supply-demo-state').textContent).toBe(enUS['admin.supply.demo.on']);
    // Finance reads the supply but does not switch it.
    expect(screen.queryByTestId('admin-supply-demo-switch')).toBeNull();
    const [, place] = within(screen.getByTestId('admin-supply-inventory')).getAllByRole('row');
    expect(place?.textContent).toContain('Frankfurt am Main, Hesse, Germany');
    expect(place?.textContent).toContain(enUS['admin.supply.type.datacenter']);
    expect([...(place?.querySelectorAll('td') ?? [])].slice(2).map((cell) => cell.textContent)).toEqual([
      '5',
      '2',
      '3',
      '1',
    ]);
  });

  it('asks the owner before switching the demo supply off, then switches it off', async () => {
    let isDemoOn = true;
    const api = openSupplyAs('owner', '/admin/supply', {
      'GET /admin/supply': () => ({ data: supply({ demo: { exits: 4, enabled: isDemoOn } }) }),
      'POST /admin/supply/demo': ({ body }) => {
        isDemoOn = (body as { enabled: boolean }).enabled;
        return {
          data: {
            enabled: isDemoOn,
            leases: [{ proxy: 'sp-1', outcome: 'moved', ip: '203.0.113.20', refunded: '0.000000' }],
          },
        };
      },
    });

    fireEvent.click(await screen.findByTestId('admin-supply-demo-switch'));

    expect(await screen.findByText(enUS['admin.supply.demo.offEffect'])).toBeTruthy();
    expect(api.callsTo('POST', '/admin/supply/demo')).toEqual([]);
    fireEvent.click(await screen.findByTestId('admin-supply-demo-confirm'));

    await waitFor(() =>
      expect(screen.getByTestId('admin-supply-demo-state').textContent).toBe(enUS['admin.supply.demo.off']),
    );
    expect(api.callsTo('POST', '/admin/supply/demo')[0]?.body).toEqual({ enabled: false });
    expect(screen.getByTestId('admin-supply-demo-result').textContent).toContain(
      'Proxy sp-1 moved to 203.0.113.20.',
    );
  });
});

describe('the exits table', () => {
  it('shows each exit with its address, place, state, last check, 24 h success rate and lease', async () => {
    openSupplyAs('finance', '/admin/supply?tab=exits');

    const upstream = await rowOf('101');
    expect(upstream.textContent).toContain('gw.provider.example:1080');
    expect(upstream.textContent).toContain(enUS['admin.supply.kind.socks5']);
    expect(upstream.textContent).toContain('New York, New York, United States');
    expect(upstream.textContent).toContain(enUS['admin.supply.state.healthy']);
    expect(upstream.textContent).toContain(enUS['admin.supply.check.ok']);
    expect(upstream.textContent).toContain('182 ms');
    expect(upstream.textContent).toContain('97.9%');

    const leased = await rowOf('202');
    expect(leased.textContent).toContain('203.0.113.9');
    expect(leased.textContent).toContain(enUS['admin.supply.state.unhealthy']);
    expect(leased.textContent).toContain(enUS['admin.supply.check.failedTag']);
    expect(leased.textContent).toContain('50%');
    expect(leased.textContent).toContain('sp-7f3a');

    fireEvent.mouseEnter(screen.getByTestId('admin-exit-last-error-202'));
    expect(await screen.findByText('connect ECONNREFUSED 203.0.113.9:443')).toBeTruthy();
  });

  it('sends the filters the operator picked', async () => {
    const api = openSupplyAs('finance', '/admin/supply?tab=exits');
    await rowOf('101');

    fireEvent.change(screen.getByTestId('admin-exits-filter-country'), { target: { value: 'de' } });
    fireEvent.change(screen.getByTestId('admin-exits-filter-q'), { target: { value: ' 203.0.113 ' } });
    fireEvent.click(screen.getByTestId('admin-exits-search'));

    await waitFor(() => expect(api.callsTo('GET', '/admin/exits')).toHaveLength(2));
    const query = api.callsTo('GET', '/admin/exits')[1]?.query;
    expect(query?.get('country')).toBe('DE');
    expect(query?.get('q')).toBe('203.0.113');
    expect(query?.get('page')).toBe('1');
    expect(query?.has('kind')).toBe(false);
  });

  it('shows support "Check now" but no add, edit, disable or retire', async () => {
    openSupplyAs('support', '/admin/supply?tab=exits');

    await rowOf('101');
    expect(screen.getByTestId('admin-exit-check-101')).toBeTruthy();
    expect(screen.getByTestId('admin-exit-check-202')).toBeTruthy();
    expect(screen.getByTestId('admin-exit-history-101')).toBeTruthy();
    expect(screen.queryByTestId('admin-exit-edit-101')).toBeNull();
    expect(screen.queryByTestId('admin-exit-toggle-101')).toBeNull();
    expect(screen.queryByTestId('admin-exit-retire-202')).toBeNull();
    expect(screen.queryByTestId('admin-supply-tab-add')).toBeNull();
    expect(screen.queryByTestId('admin-supply-tab-import')).toBeNull();
  });

  it('shows finance neither "Check now" nor any change', async () => {
    openSupplyAs('finance', '/admin/supply?tab=exits');

    await rowOf('101');
    expect(screen.queryByTestId('admin-exit-check-101')).toBeNull();
    expect(screen.queryByTestId('admin-exit-edit-101')).toBeNull();
    expect(screen.getByTestId('admin-exit-history-101')).toBeTruthy();
  });

  it('shows the owner every action: disable for a rotating exit, retire for a static address', async () => {
    openSupplyAs('owner', '/admin/supply?tab=exits');

    await rowOf('101');
    expect(screen.getByTestId('admin-exit-edit-101')).toBeTruthy();
    expect(screen.getByTestId('admin-exit-toggle-101').textContent).toBe(enUS['admin.supply.disable']);
    expect(screen.queryByTestId('admin-exit-retire-101')).toBeNull();
    expect(screen.getByTestId('admin-exit-retire-202')).toBeTruthy();
    expect(screen.queryByTestId('admin-exit-toggle-202')).toBeNull();
    expect(screen.getByTestId('admin-supply-tab-add')).toBeTruthy();
  });

  it('checks an exit now, says how it went and refreshes its row', async () => {
    const api = openSupplyAs('support', '/admin/supply?tab=exits', {
      'POST /admin/exits/:id/check': () => ({
        data: {
          check: { ok: false, latency_ms: null, error: 'upstream refused the credentials' },
          exit: exit({
            healthy: false,
            last_check_ok: false,
            last_latency_ms: null,
            last_error: 'upstream refused the credentials',
            last_checked_at: '2026-03-01T11:00:00.000Z',
            success_rate_24h: 0.94,
          }),
        },
      }),
    });

    fireEvent.click(await screen.findByTestId('admin-exit-check-101'));

    expect(
      await screen.findByText('Exit 101: the check failed: upstream refused the credentials'),
    ).toBeTruthy();
    const row = await rowOf('101');
    await waitFor(() => expect(row.textContent).toContain('94%'));
    expect(row.textContent).toContain(enUS['admin.supply.state.unhealthy']);
    expect(row.textContent).toContain(enUS['admin.supply.check.failedTag']);
    expect(api.callsTo('POST', '/admin/exits/101/check')[0]?.headers.get('x-operator-session')).toBe(
      'session-support',
    );
    // The row was refreshed from the answer, not by reading the whole list again.
    expect(api.callsTo('GET', '/admin/exits')).toHaveLength(1);
  });

  it('lists the latest health checks of an exit in a drawer', async () => {
    openSupplyAs('finance', '/admin/supply?tab=exits', {
      'GET /admin/exits/:id/checks': () => ({
        data: {
          records: [
            { checked_at: '2026-03-01T10:00:00.000Z', ok: true, latency_ms: 182, error: null },
            {
              checked_at: '2026-03-01T09:55:00.000Z',
              ok: false,
              latency_ms: null,
              error: 'timeout after 10 s',
            },
          ],
        },
      }),
    });

    fireEvent.click(await screen.findByTestId('admin-exit-history-101'));

    const checks = await screen.findByTestId('admin-exit-checks');
    expect(await within(checks).findByText('timeout after 10 s')).toBeTruthy();
    expect(within(checks).getByText('182 ms')).toBeTruthy();
  });

  it('asks before retiring a static address, then says what became of its lease', async () => {
    const api = openSupplyAs('owner', '/admin/supply?tab=exits', {
      'POST /admin/exits/:id/retire': () => ({
        data: {
          exit: staticExit({ enabled: false, disabled_at: '2026-03-01T12:00:00.000Z', leased_by: null }),
          leases: [{ proxy: 'sp-7f3a', outcome: 'refunded', ip: null, refunded: '3.250000' }],
        },
      }),
    });

    fireEvent.click(await screen.findByTestId('admin-exit-retire-202'));

    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Retire the static address 203.0.113.9?');
    expect(dialog.textContent).toContain('sp-7f3a');
    expect(api.callsTo('POST', '/admin/exits/202/retire')).toEqual([]);
    fireEvent.click(within(dialog).getByTestId('admin-exit-retire-confirm'));

    const result = await screen.findByTestId('admin-exit-retire-result');
    expect(result.textContent).toContain('The address 203.0.113.9 is retired.');
    expect(result.textContent).toContain('Proxy sp-7f3a ended; 3.250000 PTC refunded to the balance.');
    expect(api.callsTo('POST', '/admin/exits/202/retire')).toHaveLength(1);
    const row = await rowOf('202');
    await waitFor(() => expect(row.textContent).toContain(enUS['admin.supply.state.retired']));
    expect(screen.queryByTestId('admin-exit-retire-202')).toBeNull();
  });

  it('takes a rotating exit out of service', async () => {
    const api = openSupplyAs('owner', '/admin/supply?tab=exits', {
      'POST /admin/exits/:id/enabled': ({ body }) => ({
        data: exit({
          enabled: (body as { enabled: boolean }).enabled,
          disabled_at: '2026-03-01T12:00:00.000Z',
        }),
      }),
    });

    fireEvent.click(await screen.findByTestId('admin-exit-toggle-101'));

    await waitFor(() =>
      expect(screen.getByTestId('admin-exit-toggle-101').textContent).toBe(enUS['admin.supply.enable']),
    );
    expect(api.callsTo('POST', '/admin/exits/101/enabled')[0]?.body).toEqual({ enabled: false });
    expect((await rowOf('101')).textContent).toContain(enUS['admin.supply.state.disabled']);
  });
});
