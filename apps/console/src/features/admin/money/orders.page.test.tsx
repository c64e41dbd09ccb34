// @vitest-environment jsdom
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { admin as enUS } from '../../../locales/en-US/admin';
import { changeLocale } from '../../../shared/i18n/i18n';
import { installBrowserStubs, mockApi } from '../../../shared/testing/harness';
import { operator, renderConsoleAt } from '../admin.testing';
import type { Operator } from '../admin.types';
import { clearOperatorSession, setOperatorToken } from '../operator-session';
import { orderDetail, paymentOrder, wireOrder } from './money.testing';
import { ORDERS_PAGE_SIZE } from './orders.page';

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 8_000 });

const ORDERS = [paymentOrder(), wireOrder()];

/** Opens the orders page as an operator of `role`, the server answering both orders. */
const openOrdersAs = async (role: Operator['role'], handlers: Parameters<typeof mockApi>[0] = {}) => {
  setOperatorToken(`session-${role}`);
  const api = mockApi({
    'GET /admin/me': () => ({ data: operator(role) }),
    'GET /admin/orders': () => ({
      data: { records: ORDERS, total: ORDERS.length, page: 1, page_size: ORDERS_PAGE_SIZE },
    }),
    'GET /admin/orders/:order_no': ({ params }) => ({
      data: orderDetail(ORDERS.find((order) => order.order_no === params.order_no)),
    }),
    ...handlers,
  });
  renderConsoleAt('/admin/orders');
  await screen.findByTestId(`admin-order-open-${ORDERS[0]?.order_no}`);
  return api;
};

/** Picks `label` in the select of `testId`. */
const pick = async (testId: string, label: string) => {
  const select = screen.getByTestId(testId);
  fireEvent.mouseDown(select.querySelector('.ant-select-selector') ?? select);
  fireEvent.click(await screen.findByTitle(label));
};

/** Picks the first day of this month to today in the creation range. */
const pickCreatedRange = async () => {
  const picker = document.querySelector('.admin-orders-filter-created') as HTMLElement;
  const [start] = picker.querySelectorAll('input');
  fireEvent.mouseDown(start as HTMLInputElement);
  fireEvent.click(start as HTMLInputElement);
  const cell = (date: string) => document.querySelector(`td[title="${date}"]`) as HTMLElement;
  const first = dayjs().startOf('month').format('YYYY-MM-DD');
  const today = dayjs().format('YYYY-MM-DD');
  await waitFor(() => expect(cell(first)).toBeTruthy());
  fireEvent.click(cell(first));
  fireEvent.click(cell(today));
  return { first, today };
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

describe('the orders page', () => {
  it('lists the orders of every provider with their customer, reference, amounts and state', async () => {
    const api = await openOrdersAs('support');

    const table = screen.getByTestId('admin-orders');
    const [stripe, wire] = within(table).getAllByRole('row').slice(1);
    expect(stripe?.textContent).toContain('stripe / card');
    expect(stripe?.textContent).toContain('pi_123');
    expect(stripe?.textContent).toContain('103.50 USD');
    expect(stripe?.textContent).toContain(enUS['admin.customers.orderStatus.paid']);
    expect(wire?.textContent).toContain('wire / wire');
    expect(wire?.textContent).toContain(enUS['admin.customers.orderStatus.pending']);
    const customer = within(stripe as HTMLElement).getByRole('link', { name: 'alice@example.com' });
    expect(customer.getAttribute('href')).toBe('/admin/customers/u-1001');
    const [first] = api.callsTo('GET', '/admin/orders');
    expect(Object.fromEntries(first?.query ?? [])).toEqual({
      page: '1',
      page_size: String(ORDERS_PAGE_SIZE),
    });
    expect(first?.headers.get('x-operator-session')).toBe('session-support');
  });

  it('sends the state, provider, customer and creation days as the query', async () => {
    const api = await openOrdersAs('finance');

    await pick('admin-orders-filter-status', enUS['admin.customers.orderStatus.pending']);
    await pick('admin-orders-filter-provider', 'wire');
    fireEvent.change(screen.getByTestId('admin-orders-filter-customer'), {
      target: { value: ' alice@example.com ' },
    });
    const { first, today } = await pickCreatedRange();
    fireEvent.click(screen.getByTestId('admin-orders-search'));

    await waitFor(() => expect(api.callsTo('GET', '/admin/orders').length).toBeGreaterThan(1));
    const last = api.callsTo('GET', '/admin/orders').at(-1);
    expect(Object.fromEntries(last?.query ?? [])).toEqual({
      status: 'pending',
      provider: 'wire',
      customer: 'alice@example.com',
      from: first,
      to: today,
      page: '1',
      page_size: String(ORDERS_PAGE_SIZE),
    });
  });

  it('opens an order with the ledger entries it credited and the provider notifications', async () => {
    const api = await openOrdersAs('support');

    fireEvent.click(screen.getByTestId('admin-order-open-PTC20260103100000'));

    const ledger = await screen.findByTestId('admin-order-ledger');
    expect(within(ledger).getByText(enUS['admin.customers.ledgerKind.topup'])).toBeTruthy();
    expect(within(ledger).getByText('+100.000000')).toBeTruthy();
    const notifications = screen.getByTestId('admin-order-notifications');
    expect(within(notifications).getByText(enUS['admin.money.order.outcome.credited'])).toBeTruthy();
    expect(api.callsTo('GET', '/admin/orders/PTC20260103100000')).toHaveLength(1);
  });

  it('confirms a pending wire transfer with the amount and reference after a confirmation', async () => {
    let confirmed = false;
    const api = await openOrdersAs('finance', {
      'GET /admin/orders/:order_no': () => ({
        data: orderDetail(
          confirmed
            ? wireOrder({ status: 'paid', provider_ref: 'BANK-778', paid_at: '2026-01-05T00:00:00Z' })
            : wireOrder(),
        ),
      }),
      'POST /admin/orders/:order_no/confirm': () => {
        confirmed = true;
        return { data: { outcome: 'credited' } };
      },
    });

    fireEvent.click(screen.getByTestId('admin-order-open-PTC20260104120000'));
    const amount = (await screen.findByTestId('admin-order-confirm-amount')) as HTMLInputElement;
    expect(amount.value).toBe('2000.00');
    fireEvent.change(screen.getByTestId('admin-order-confirm-reference'), { target: { value: 'BANK-778' } });
    fireEvent.click(screen.getByTestId('admin-order-confirm-submit'));

    expect(
      await screen.findByText('Confirm that 2000.00 USD arrived for order PTC20260104120000?'),
    ).toBeTruthy();
    expect(api.callsTo('POST', '/admin/orders/PTC20260104120000/confirm')).toEqual([]);
    const ok = screen.getByTestId('admin-order-confirm-ok');
    fireEvent.click(ok);
    fireEvent.click(ok);

    expect((await screen.findByTestId('admin-order-confirm-result')).textContent).toContain(
      enUS['admin.money.confirm.done'],
    );
    const posts = api.callsTo('POST', '/admin/orders/PTC20260104120000/confirm');
    expect(posts).toHaveLength(1);
    expect(posts[0]?.body).toEqual({ amount: '2000.00', reference: 'BANK-778' });
    // Once paid, the order offers no confirmation any more.
    await waitFor(() => expect(screen.queryByTestId('admin-order-confirm-submit')).toBeNull());
  });

  it('shows support neither the transfer confirmation nor the refunds', async () => {
    const api = await openOrdersAs('support');

    fireEvent.click(screen.getByTestId('admin-order-open-PTC20260104120000'));
    await screen.findByTestId('admin-order-summary');
    expect(screen.queryByTestId('admin-order-confirm')).toBeNull();
    const menu = within(screen.getByTestId('admin-menu'));
    expect(menu.queryByText(enUS['admin.menu.refunds'])).toBeNull();
    expect(menu.queryByText(enUS['admin.menu.reports'])).toBeNull();
    expect(api.callsTo('POST', '/admin/orders/PTC20260104120000/confirm')).toEqual([]);
  });

  it('sends support away from the refunds page without asking for any charge', async () => {
    setOperatorToken('session-support');
    const api = mockApi({ 'GET /admin/me': () => ({ data: operator('support') }) });
    renderConsoleAt('/admin/refunds?customer=alice%40example.com');

    expect(await screen.findByTestId('admin-customer-search')).toBeTruthy();
    expect(screen.queryByTestId('admin-charges')).toBeNull();
    expect(api.callsTo('GET', '/admin/charges')).toEqual([]);
  });
});
