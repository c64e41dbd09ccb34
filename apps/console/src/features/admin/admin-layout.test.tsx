// @vitest-environment jsdom
import { AppError } from '@ptc/contracts';
import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { admin as enUS } from '../../locales/en-US/admin';
import { changeLocale } from '../../shared/i18n/i18n';
import { clearSession, setToken } from '../../shared/session/session';
import { installBrowserStubs, mockApi } from '../../shared/testing/harness';
import { operator, renderConsoleAt } from './admin.testing';
import { buildOperatorMenu } from './admin-menu';
import { clearOperatorSession, getOperatorToken, setOperatorToken } from './operator-session';

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 8_000 });

const menuTexts = () =>
  within(screen.getByTestId('admin-menu'))
    .queryAllByRole('link')
    .map((link) => link.textContent);

beforeAll(async () => {
  installBrowserStubs();
  await changeLocale('en-US');
});

beforeEach(() => {
  clearOperatorSession();
  clearSession();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the operator menu', () => {
  it('lists for each role exactly the pages the role may open', () => {
    const keys = (role: Parameters<typeof buildOperatorMenu>[0]) =>
      buildOperatorMenu(role).map((entry) => entry.key);
    expect(keys('owner')).toEqual([
      'adminAudit',
      'adminPrices',
      'adminCustomers',
      'adminSupply',
      'adminOrders',
      'adminRefunds',
      'adminReports',
      'adminCatalogue',
      'adminBulletins',
      'adminSurvey',
      'adminOperators',
    ]);
    expect(keys('finance')).toEqual([
      'adminPrices',
      'adminCustomers',
      'adminSupply',
      'adminOrders',
      'adminRefunds',
      'adminReports',
      'adminCatalogue',
    ]);
    expect(keys('support')).toEqual([
      'adminCustomers',
      'adminSupply',
      'adminOrders',
      'adminCatalogue',
      'adminBulletins',
      'adminSurvey',
    ]);
  });
});

describe('the operator layout', () => {
  it('sends a visitor without an operator session to the operator sign-in, whatever customer session there is', async () => {
    setToken('customer-token');
    const api = mockApi({ 'GET /user/info': () => ({ data: { user_name: 'alice' } }) });
    renderConsoleAt('/admin/audit');

    expect(await screen.findByTestId('admin-login')).toBeTruthy();
    expect(api.calls).toEqual([]);
  });

  it('shows the operator, the role and the pages of the role in the menu', async () => {
    setOperatorToken('session-owner');
    mockApi({
      'GET /admin/me': () => ({ data: operator('owner') }),
      'GET /admin/audit': () => ({ data: { records: [] } }),
    });
    renderConsoleAt('/admin');

    expect((await screen.findByTestId('admin-operator-email')).textContent).toBe('owner@example.com');
    expect(screen.getByTestId('admin-operator-role').textContent).toBe(enUS['admin.role.owner']);
    expect(menuTexts()).toEqual([
      enUS['admin.menu.audit'],
      enUS['admin.menu.prices'],
      enUS['admin.menu.customers'],
      enUS['admin.menu.supply'],
      enUS['admin.menu.orders'],
      enUS['admin.menu.refunds'],
      enUS['admin.menu.reports'],
      enUS['admin.menu.catalogue'],
      enUS['admin.menu.bulletins'],
      enUS['admin.menu.survey'],
      enUS['admin.menu.operators'],
    ]);
  });

  it('shows a support operator neither the audit trail nor the prices, only the customers', async () => {
    setOperatorToken('session-support');
    const api = mockApi({ 'GET /admin/me': () => ({ data: operator('support') }) });
    renderConsoleAt('/admin/prices');

    expect(await screen.findByTestId('admin-customer-search')).toBeTruthy();
    expect(menuTexts()).toEqual([
      enUS['admin.menu.customers'],
      enUS['admin.menu.supply'],
      enUS['admin.menu.orders'],
      enUS['admin.menu.catalogue'],
      enUS['admin.menu.bulletins'],
      enUS['admin.menu.survey'],
    ]);
    expect(screen.queryByTestId('admin-price-submit')).toBeNull();
    expect(api.callsTo('GET', '/admin/audit')).toEqual([]);
  });

  it('sends a finance operator from the audit trail to the prices', async () => {
    setOperatorToken('session-finance');
    const api = mockApi({ 'GET /admin/me': () => ({ data: operator('finance') }) });
    renderConsoleAt('/admin/audit');

    expect(await screen.findByTestId('admin-price-submit')).toBeTruthy();
    expect(menuTexts()).toEqual([
      enUS['admin.menu.prices'],
      enUS['admin.menu.customers'],
      enUS['admin.menu.supply'],
      enUS['admin.menu.orders'],
      enUS['admin.menu.refunds'],
      enUS['admin.menu.reports'],
      enUS['admin.menu.catalogue'],
    ]);
    expect(api.callsTo('GET', '/admin/audit')).toEqual([]);
  });

  it('signs in again when the server no longer accepts the session', async () => {
    setOperatorToken('session-expired');
    mockApi({
      'GET /admin/me': () => {
        throw new AppError('ERR_TOKEN_ERROR');
      },
    });
    renderConsoleAt('/admin/audit');

    expect(await screen.findByTestId('admin-login')).toBeTruthy();
    await waitFor(() => expect(getOperatorToken()).toBeNull());
  });

  it('signs out on the server and here', async () => {
    setOperatorToken('session-owner');
    const api = mockApi({
      'GET /admin/me': () => ({ data: operator('owner') }),
      'GET /admin/audit': () => ({ data: { records: [] } }),
      'POST /admin/session/logout': () => ({ data: { done: true } }),
    });
    renderConsoleAt('/admin/audit');

    (await screen.findByTestId('admin-sign-out')).click();

    expect(await screen.findByTestId('admin-login')).toBeTruthy();
    expect(api.callsTo('POST', '/admin/session/logout')[0]?.headers.get('x-operator-session')).toBe(
      'session-owner',
    );
    expect(getOperatorToken()).toBeNull();
  });
});
