// @vitest-environment jsdom
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { admin as enUS } from '../../../locales/en-US/admin';
import { changeLocale } from '../../../shared/i18n/i18n';
import { installBrowserStubs, mockApi } from '../../../shared/testing/harness';
import { operator, renderConsoleAt } from '../admin.testing';
import { clearOperatorSession, setOperatorToken } from '../operator-session';
import { customer, customerDetails } from './customers.testing';

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 8_000 });

/** Types `text` into the search box and starts the search. */
const searchFor = async (text: string) => {
  const box = await screen.findByTestId('admin-customer-search');
  fireEvent.change(box, { target: { value: text } });
  fireEvent.click(screen.getByTestId('admin-customer-search-submit'));
};

beforeAll(async () => {
  installBrowserStubs();
  await changeLocale('en-US');
});

beforeEach(() => {
  clearOperatorSession();
  setOperatorToken('session-support');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the customer search', () => {
  it('sends the text and lists the customers found with their balance, plan and state', async () => {
    const api = mockApi({
      'GET /admin/me': () => ({ data: operator('support') }),
      'GET /admin/customers': () => ({
        data: {
          records: [
            customer(),
            customer({
              uid: 'u-2002',
              email: null,
              phone: '+8613800000000',
              username: 'bob',
              balance: '0.000000',
              plan: 'enterprise',
              discount_percent: 12.5,
              locked: true,
              locked_at: '2026-02-01T00:00:00.000Z',
            }),
          ],
        },
      }),
    });
    renderConsoleAt('/admin/customers');

    await searchFor('  203.0.113.7 ');

    const table = await screen.findByTestId('admin-customer-results');
    await within(table).findByText('u-2002');
    const [search] = api.callsTo('GET', '/admin/customers');
    expect(search?.query.get('q')).toBe('203.0.113.7');
    expect(search?.headers.get('x-operator-session')).toBe('session-support');
    const [, alice, bob] = within(table).getAllByRole('row');
    expect(alice?.textContent).toContain('alice@example.com');
    expect(alice?.textContent).toContain('12.500000 PTC');
    expect(alice?.textContent).toContain(enUS['admin.customers.plan.personal']);
    expect(alice?.textContent).toContain(enUS['admin.customers.lockedNo']);
    expect(bob?.textContent).toContain('+8613800000000');
    expect(bob?.textContent).toContain('Enterprise, 12.5% off');
    expect(bob?.textContent).toContain(enUS['admin.customers.lockedYes']);
  });

  it('opens the customer page when a row is clicked', async () => {
    mockApi({
      'GET /admin/me': () => ({ data: operator('support') }),
      'GET /admin/customers': () => ({ data: { records: [customer()] } }),
      'GET /admin/customers/:uid': () => ({ data: customerDetails() }),
    });
    renderConsoleAt('/admin/customers?q=alice');

    const table = await screen.findByTestId('admin-customer-results');
    fireEvent.click(await within(table).findByText('alice@example.com'));

    expect((await screen.findByTestId('admin-customer-balance')).textContent).toBe('12.500000 PTC');
  });

  it('says so when no customer matches', async () => {
    mockApi({
      'GET /admin/me': () => ({ data: operator('finance') }),
      'GET /admin/customers': () => ({ data: { records: [] } }),
    });
    renderConsoleAt('/admin/customers');

    await searchFor('nobody@example.com');

    const table = await screen.findByTestId('admin-customer-results');
    await waitFor(() => expect(table.textContent).toContain(enUS['admin.customers.noMatch']));
  });
});
