// @vitest-environment jsdom
import type { AdminFees, AdminPriceTable, AdminTopUpTerms, AdminTrafficPlan } from '@ptc/contracts';
import { AppError } from '@ptc/contracts';
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { adminCatalogue as enUS } from '../../../locales/en-US/admin-catalogue';
import { changeLocale } from '../../../shared/i18n/i18n';
import { installBrowserStubs, mockApi } from '../../../shared/testing/harness';
import { operator, renderConsoleAt } from '../admin.testing';
import type { Operator } from '../admin.types';
import { clearOperatorSession, setOperatorToken } from '../operator-session';
import { basisPointsOfPercent, isPackageList, percentOfBasisPoints } from './catalogue-display';

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 8_000 });

/** A plan as `GET /admin/catalogue/plans` presents one (the 10 GB plan on sale unless told). */
const plan = (overrides: Partial<AdminTrafficPlan> = {}): AdminTrafficPlan => ({
  id: '2',
  gb: 10,
  price_per_gb: '4.50',
  amount: '45.00',
  discount_basis_points: 1000,
  valid_days: null,
  limit_per_user: null,
  on_sale: true,
  sold: 3,
  created_at: '2026-01-02T03:04:05.000Z',
  updated_at: '2026-01-02T03:04:05.000Z',
  ...overrides,
});

const TOP_UP_TERMS: AdminTopUpTerms = {
  packages: [
    { amount: '100.00', bonus: '0.00' },
    { amount: '200.00', bonus: '20.00' },
  ],
  bonus: { threshold: '200.00', basis_points: 1000 },
  min_amount: '1.00',
  max_amount: '2000.00',
  is_default: { packages: true, bonus: true },
};

const FEES: AdminFees = {
  fees: [
    { method: 'card', basis_points: 340, fixed: '0.50', is_default: true },
    { method: 'alipay', basis_points: 340, fixed: '0.50', is_default: true },
    { method: 'usdt', basis_points: 130, fixed: '0.00', is_default: true },
    { method: 'wire', basis_points: 0, fixed: '0.00', is_default: true },
    { method: 'auto', basis_points: 0, fixed: '0.00', is_default: true },
  ],
};

const PRICES: AdminPriceTable = {
  records: [{ key: 'dynamic_ip', price: '0.18', unit: 'ip', default_price: '0.15' }],
};

/** Opens the catalogue as an operator of `role`, the server answering the reads above. */
const openCatalogueAs = async (role: Operator['role'], handlers: Parameters<typeof mockApi>[0] = {}) => {
  setOperatorToken(`session-${role}`);
  const api = mockApi({
    'GET /admin/me': () => ({ data: operator(role) }),
    'GET /admin/catalogue/plans': () => ({
      data: { records: [plan(), plan({ id: '5', gb: 1, on_sale: false, valid_days: 7, limit_per_user: 1 })] },
    }),
    'GET /admin/catalogue/top-up': () => ({ data: TOP_UP_TERMS }),
    'GET /admin/catalogue/fees': () => ({ data: FEES }),
    'GET /admin/prices': () => ({ data: PRICES }),
    'GET /admin/vm/configurations': () => ({
      data: {
        records: [],
        host: {
          provider: 'local',
          capacity: 4,
          in_use: 0,
          customer_limit: 5,
          creation_suspended: false,
          available: true,
          message: null,
        },
      },
    }),
    ...handlers,
  });
  renderConsoleAt('/admin/catalogue');
  await screen.findByTestId('admin-catalogue');
  await screen.findByTestId('admin-plan-on-sale-5');
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

describe('reading rates and amounts', () => {
  it('turns typed percentages into basis points and back without floats', () => {
    expect(basisPointsOfPercent('3.4')).toBe(340);
    expect(basisPointsOfPercent('99.99')).toBe(9999);
    expect(basisPointsOfPercent('3.456')).toBeNull();
    expect(basisPointsOfPercent('-1')).toBeNull();
    expect(percentOfBasisPoints(340)).toBe('3.4');
    expect(percentOfBasisPoints(1000)).toBe('10');
    expect(percentOfBasisPoints(5)).toBe('0.05');
  });

  it('accepts 1 to 12 different package amounts within 1–2000 PTC in cents', () => {
    expect(isPackageList('10, 20,50 100.50', 12)).toBe(true);
    expect(isPackageList('10, 10.00', 12)).toBe(false);
    expect(isPackageList('0.99', 12)).toBe(false);
    expect(isPackageList('2000.01', 12)).toBe(false);
    expect(isPackageList('10.005', 12)).toBe(false);
    expect(isPackageList('', 12)).toBe(false);
  });
});

describe('the catalogue page', () => {
  it('shows support the plans, packages, bonus, fees and prices in force, with no way to change them', async () => {
    const api = await openCatalogueAs('support');

    expect(screen.getByTestId('admin-catalogue-read-only')).toBeTruthy();
    const plans = screen.getByTestId('admin-plans');
    expect(within(plans).getAllByText('45.00')).toHaveLength(2);
    expect(within(plans).getByText(enUS['admin.catalogue.plans.permanent'])).toBeTruthy();
    expect(within(plans).getByText('7 days')).toBeTruthy();
    expect((await screen.findByTestId('admin-top-up-packages')).textContent).toContain('200 PTC (+20)');
    expect(screen.getByTestId('admin-top-up-bonus').textContent).toContain(
      '10% on top-ups of 200 PTC or more',
    );
    const fees = await screen.findByTestId('admin-fees');
    expect(within(fees).getAllByText('3.4%')).toHaveLength(2);
    expect(within(fees).getByText('1.3%')).toBeTruthy();
    expect(within(fees).getByText(enUS['admin.catalogue.method.usdt'])).toBeTruthy();
    expect(within(await screen.findByTestId('admin-catalogue-prices')).getByText('0.18')).toBeTruthy();

    expect(screen.queryByTestId('admin-plan-add')).toBeNull();
    expect(screen.queryByTestId('admin-top-up-save')).toBeNull();
    expect(screen.queryByTestId('admin-fees-save')).toBeNull();
    expect(screen.queryByTestId('admin-catalogue-prices-link')).toBeNull();
    expect((screen.getByTestId('admin-plan-on-sale-2') as HTMLButtonElement).disabled).toBe(true);
    expect(api.calls.filter((call) => call.method !== 'GET')).toEqual([]);
  });

  it('adds a plan as finance types it', async () => {
    const api = await openCatalogueAs('finance', {
      'POST /admin/catalogue/plans': () => ({ data: plan({ id: '9', gb: 20 }) }),
    });

    fireEvent.click(screen.getByTestId('admin-plan-add'));
    await screen.findByTestId('admin-plan-dialog');
    type('admin-plan-gb', '20');
    type('admin-plan-price', '4');
    type('admin-plan-discount', '20');
    type('admin-plan-days', '30');
    fireEvent.click(screen.getByTestId('admin-plan-save'));

    await waitFor(() => expect(api.callsTo('POST', '/admin/catalogue/plans')).toHaveLength(1));
    expect(api.callsTo('POST', '/admin/catalogue/plans')[0]?.body).toEqual({
      gb: 20,
      price_per_gb: '4',
      discount_basis_points: 2000,
      valid_days: 30,
      limit_per_user: null,
      on_sale: true,
    });
    expect(api.callsTo('POST', '/admin/catalogue/plans')[0]?.headers.get('x-operator-session')).toBe(
      'session-finance',
    );
  });

  it('refuses a plan without a price before sending it', async () => {
    const api = await openCatalogueAs('owner');

    fireEvent.click(screen.getByTestId('admin-plan-add'));
    await screen.findByTestId('admin-plan-dialog');
    type('admin-plan-gb', '0');
    type('admin-plan-price', '0');
    fireEvent.click(screen.getByTestId('admin-plan-save'));

    expect(await screen.findByText(enUS['admin.catalogue.plans.gbInvalid'])).toBeTruthy();
    expect(await screen.findByText(enUS['admin.catalogue.plans.priceInvalid'])).toBeTruthy();
    expect(api.callsTo('POST', '/admin/catalogue/plans')).toEqual([]);
  });

  it('takes a plan off sale with its switch', async () => {
    const api = await openCatalogueAs('finance', {
      'PATCH /admin/catalogue/plans/:id': ({ params }) => ({ data: plan({ id: params.id, on_sale: false }) }),
    });

    fireEvent.click(screen.getByTestId('admin-plan-on-sale-2'));

    await waitFor(() => expect(api.callsTo('PATCH', '/admin/catalogue/plans/2')).toHaveLength(1));
    expect(api.callsTo('PATCH', '/admin/catalogue/plans/2')[0]?.body).toEqual({ on_sale: false });
  });

  it('sets the packages and the bonus rule', async () => {
    const api = await openCatalogueAs('owner', {
      'PUT /admin/catalogue/top-up': () => ({ data: TOP_UP_TERMS }),
    });

    await waitFor(() =>
      expect((screen.getByTestId('admin-top-up-packages-input') as HTMLInputElement).value).toBe('100, 200'),
    );
    type('admin-top-up-packages-input', '25, 100.5, 300');
    type('admin-top-up-threshold', '100');
    type('admin-top-up-percent', '15');
    fireEvent.click(screen.getByTestId('admin-top-up-save'));

    await waitFor(() => expect(api.callsTo('PUT', '/admin/catalogue/top-up')).toHaveLength(1));
    expect(api.callsTo('PUT', '/admin/catalogue/top-up')[0]?.body).toEqual({
      packages: ['25', '100.5', '300'],
      bonus: { threshold: '100', basis_points: 1500 },
    });
  });

  it('sends only the fees that changed, and refuses a rate of 100% before sending', async () => {
    const api = await openCatalogueAs('finance', {
      'PUT /admin/catalogue/fees': () => ({ data: FEES }),
    });

    await waitFor(() =>
      expect((screen.getByTestId('admin-fee-percent-card') as HTMLInputElement).value).toBe('3.4'),
    );
    type('admin-fee-percent-usdt', '100');
    fireEvent.click(screen.getByTestId('admin-fees-save'));
    expect(await screen.findByText(enUS['admin.catalogue.fees.percentInvalid'])).toBeTruthy();
    expect(api.callsTo('PUT', '/admin/catalogue/fees')).toEqual([]);

    type('admin-fee-percent-usdt', '1.3');
    type('admin-fee-percent-card', '5');
    type('admin-fee-fixed-card', '1');
    fireEvent.click(screen.getByTestId('admin-fees-save'));

    await waitFor(() => expect(api.callsTo('PUT', '/admin/catalogue/fees')).toHaveLength(1));
    expect(api.callsTo('PUT', '/admin/catalogue/fees')[0]?.body).toEqual({
      card: { basis_points: 500, fixed: '1' },
    });
  });

  it('says nothing was changed when the server refuses a fee', async () => {
    await openCatalogueAs('finance', {
      'PUT /admin/catalogue/fees': () => {
        throw new AppError('ERR_ARGUMENT_TYPE', {
          message: 'Argument type error: card.fixed: from 0 to 100 PTC',
        });
      },
    });

    await waitFor(() =>
      expect((screen.getByTestId('admin-fee-fixed-card') as HTMLInputElement).value).toBe('0.5'),
    );
    type('admin-fee-fixed-card', '2');
    fireEvent.click(screen.getByTestId('admin-fees-save'));

    expect((await screen.findByTestId('admin-fees-error')).textContent).toContain(
      enUS['admin.catalogue.failed'],
    );
  });
});
