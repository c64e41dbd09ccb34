// @vitest-environment jsdom
import type { AdminVmCatalogue, AdminVmConfiguration } from '@ptc/contracts';
import { AppError } from '@ptc/contracts';
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { adminCatalogue as enUS } from '../../../locales/en-US/admin-catalogue';
import { adminCatalogue as ruRU } from '../../../locales/ru-RU/admin-catalogue';
import { changeLocale } from '../../../shared/i18n/i18n';
import { installBrowserStubs, mockApi } from '../../../shared/testing/harness';
import { operator, renderConsoleAt } from '../admin.testing';
import type { Operator } from '../admin.types';
import { clearOperatorSession, setOperatorToken } from '../operator-session';

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 8_000 });

const conf = (overrides: Partial<AdminVmConfiguration> = {}): AdminVmConfiguration => ({
  id: 1,
  name: '基础型',
  en_name: 'Basic',
  ru_name: 'Базовая',
  cpu: 1,
  memory_mb: 2048,
  price_per_day: '0.60',
  price_7_days: '4.20',
  price_30_days: '15.00',
  active: true,
  pcs: 2,
  ...overrides,
});

const CATALOGUE: AdminVmCatalogue = {
  records: [
    conf(),
    conf({
      id: 3,
      name: '高性能型',
      en_name: 'Performance',
      ru_name: 'Производительная',
      cpu: 4,
      memory_mb: 8192,
      price_per_day: '1.80',
      price_7_days: '12.60',
      price_30_days: '45.00',
      active: false,
      pcs: 0,
    }),
  ],
  host: {
    provider: 'local',
    capacity: 8,
    in_use: 3,
    customer_limit: 5,
    creation_suspended: false,
    available: false,
    message: 'Remote PCs cannot run on this host: missing Xvnc',
  },
};

/** Opens the catalogue as an operator of `role`; the other cards' reads answer empty. */
const openAs = async (role: Operator['role'], handlers: Parameters<typeof mockApi>[0] = {}) => {
  setOperatorToken(`session-${role}`);
  const api = mockApi({
    'GET /admin/me': () => ({ data: operator(role) }),
    'GET /admin/catalogue/plans': () => ({ data: { records: [] } }),
    'GET /admin/catalogue/top-up': () => ({
      data: {
        packages: [],
        bonus: { threshold: '200.00', basis_points: 0 },
        min_amount: '1.00',
        max_amount: '2000.00',
        is_default: { packages: true, bonus: true },
      },
    }),
    'GET /admin/catalogue/fees': () => ({ data: { fees: [] } }),
    'GET /admin/prices': () => ({ data: { records: [] } }),
    'GET /admin/vm/configurations': () => ({ data: CATALOGUE }),
    ...handlers,
  });
  renderConsoleAt('/admin/catalogue');
  // The first test of a worker imports the page's chunks: a loaded machine needs more than 8 s.
  await screen.findByTestId('admin-vm-conf-offered-3', undefined, { timeout: 20_000 });
  return api;
};

const type = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });

beforeAll(() => {
  installBrowserStubs();
});

beforeEach(async () => {
  clearOperatorSession();
  await changeLocale('en-US');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('remote PC configurations on the catalogue page', () => {
  it('shows support the configurations, prices, PCs held and the host read-only, with no way to edit', async () => {
    const api = await openAs('support');
    const table = screen.getByTestId('admin-vm-confs');
    expect(within(table).getByText('Basic')).toBeTruthy();
    expect(within(table).getByText('4.20')).toBeTruthy();
    expect(within(table).getByText('15.00')).toBeTruthy();
    expect(screen.getByTestId('admin-vm-conf-offered-1').textContent).toBe(
      enUS['admin.catalogue.vms.offered'],
    );
    expect(screen.getByTestId('admin-vm-conf-offered-3').textContent).toBe(
      enUS['admin.catalogue.vms.withdrawn'],
    );
    expect(screen.getByTestId('admin-vm-host-capacity').textContent).toBe('3 of 8 PCs in use');
    expect(screen.getByTestId('admin-vm-host-customer-limit').textContent).toBe('5');
    expect(screen.getByTestId('admin-vm-host-creation').textContent).toBe(enUS['admin.catalogue.vms.open']);
    expect(screen.getByTestId('admin-vm-host-unavailable').textContent).toContain('missing Xvnc');
    expect(screen.queryByTestId('admin-vm-conf-edit-1')).toBeNull();
    expect(api.calls.filter((call) => call.method !== 'GET')).toEqual([]);
  });

  it('lets finance change prices, limits and the offer, sending exactly what was typed', async () => {
    const api = await openAs('finance', {
      'PATCH /admin/vm/configurations/:id': () => ({ data: conf({ price_per_day: '0.75' }) }),
    });
    fireEvent.click(screen.getByTestId('admin-vm-conf-edit-1'));
    await screen.findByTestId('admin-vm-conf-dialog');
    expect((screen.getByTestId('admin-vm-conf-price-day') as HTMLInputElement).value).toBe('0.6');
    type('admin-vm-conf-price-day', '0.75');
    type('admin-vm-conf-price-30', '18.5');
    type('admin-vm-conf-cpu', '2');
    type('admin-vm-conf-memory', '3072');
    fireEvent.click(screen.getByTestId('admin-vm-conf-active'));
    fireEvent.click(screen.getByTestId('admin-vm-conf-save'));

    await waitFor(() => expect(api.callsTo('PATCH', '/admin/vm/configurations/1')).toHaveLength(1));
    const [sent] = api.callsTo('PATCH', '/admin/vm/configurations/1');
    expect(sent?.body).toEqual({
      price_per_day: '0.75',
      price_30_days: '18.5',
      cpu: 2,
      memory_mb: 3072,
      active: false,
    });
    expect(sent?.headers.get('x-operator-session')).toBe('session-finance');
    await waitFor(() => expect(screen.queryByTestId('admin-vm-conf-dialog')).toBeNull());
    // The list is read again after the change.
    await waitFor(() => expect(api.callsTo('GET', '/admin/vm/configurations').length).toBeGreaterThan(1));
  });

  it('refuses what the server would refuse before sending it, and shows a refusal it answers', async () => {
    const api = await openAs('owner', {
      'PATCH /admin/vm/configurations/:id': () => {
        throw new AppError('ERR_NOT_FOUND', { message: 'No such remote PC configuration' });
      },
    });
    fireEvent.click(screen.getByTestId('admin-vm-conf-edit-1'));
    await screen.findByTestId('admin-vm-conf-dialog');
    type('admin-vm-conf-price-day', '0');
    type('admin-vm-conf-price-30', '30000.5');
    type('admin-vm-conf-cpu', '65');
    type('admin-vm-conf-memory', '100');
    fireEvent.click(screen.getByTestId('admin-vm-conf-save'));
    expect(await screen.findByText(enUS['admin.catalogue.vms.pricePerDayInvalid'])).toBeTruthy();
    expect(await screen.findByText(enUS['admin.catalogue.vms.price30DaysInvalid'])).toBeTruthy();
    expect(await screen.findByText(enUS['admin.catalogue.vms.cpuInvalid'])).toBeTruthy();
    expect(await screen.findByText(enUS['admin.catalogue.vms.memoryInvalid'])).toBeTruthy();
    expect(api.callsTo('PATCH', '/admin/vm/configurations/1')).toEqual([]);

    type('admin-vm-conf-price-day', '1');
    type('admin-vm-conf-price-30', '20');
    type('admin-vm-conf-cpu', '2');
    type('admin-vm-conf-memory', '4096');
    fireEvent.click(screen.getByTestId('admin-vm-conf-save'));
    expect((await screen.findByTestId('admin-vm-conf-error')).textContent).toContain(
      enUS['admin.catalogue.failed'],
    );
    expect(api.callsTo('PATCH', '/admin/vm/configurations/1')).toHaveLength(1);
  });

  it('speaks Russian, configuration names included', async () => {
    await changeLocale('ru-RU');
    await openAs('support');
    expect(screen.getByText(ruRU['admin.catalogue.vms.title'])).toBeTruthy();
    expect(within(screen.getByTestId('admin-vm-confs')).getByText('Производительная')).toBeTruthy();
    expect(screen.getByTestId('admin-vm-host-capacity').textContent).toBe('Занято 3 из 8 ПК');
  });
});
