// @vitest-environment jsdom
import { AppError } from '@ptc/contracts';
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { admin as enUS } from '../../../locales/en-US/admin';
import { changeLocale } from '../../../shared/i18n/i18n';
import { installBrowserStubs, mockApi } from '../../../shared/testing/harness';
import { operator, renderConsoleAt } from '../admin.testing';
import type { BalanceAdjustment, Operator } from '../admin.types';
import { clearOperatorSession, setOperatorToken } from '../operator-session';
import { customer, customerDetails, ledgerEntry } from './customers.testing';

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 8_000 });

/** Opens the page of customer u-1001 as an operator of `role`. */
const openCustomerAs = async (role: Operator['role'], handlers: Parameters<typeof mockApi>[0] = {}) => {
  setOperatorToken(`session-${role}`);
  const api = mockApi({
    'GET /admin/me': () => ({ data: operator(role) }),
    'GET /admin/customers/:uid': () => ({ data: customerDetails() }),
    ...handlers,
  });
  renderConsoleAt('/admin/customers/u-1001');
  await screen.findByTestId('admin-customer-summary');
  return api;
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

describe('the customer page', () => {
  it('shows the balance, plan, money trail, orders and proxies', async () => {
    await openCustomerAs('support');

    expect(screen.getByTestId('admin-customer-balance').textContent).toBe('12.500000 PTC');
    const ledger = screen.getByTestId('admin-customer-ledger');
    expect(within(ledger).getByText(enUS['admin.customers.ledgerKind.topup'])).toBeTruthy();
    expect(within(ledger).getByText('+12.500000')).toBeTruthy();
    expect(within(screen.getByTestId('admin-customer-orders')).getByText('pi_123')).toBeTruthy();
    expect(within(screen.getByTestId('admin-customer-proxies')).getByText('1.50 GB')).toBeTruthy();
  });

  it('shows support the lock and the sign-out but not the balance adjustment or the plan', async () => {
    await openCustomerAs('support');

    expect(screen.getByTestId('admin-customer-lock')).toBeTruthy();
    expect(screen.getByTestId('admin-customer-sign-out')).toBeTruthy();
    expect(screen.queryByTestId('admin-customer-adjust-submit')).toBeNull();
    expect(screen.queryByTestId('admin-customer-plan-submit')).toBeNull();
  });

  it('shows finance the balance adjustment and the plan but not the lock or the sign-out', async () => {
    await openCustomerAs('finance');

    expect(await screen.findByTestId('admin-customer-adjust-submit')).toBeTruthy();
    expect(screen.getByTestId('admin-customer-plan-submit')).toBeTruthy();
    expect(screen.queryByTestId('admin-customer-lock')).toBeNull();
    expect(screen.queryByTestId('admin-customer-sign-out')).toBeNull();
  });

  it('adjusts the balance with the amount, the reason and one request id, and shows the new balance and ledger row', async () => {
    let adjusted = false;
    // The server answers the adjustment only when the test says so.
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    const api = await openCustomerAs('finance', {
      'GET /admin/customers/:uid': () => ({
        data: adjusted
          ? customerDetails({
              customer: customer({ balance: '7.500000' }),
              ledger: [
                ledgerEntry({
                  kind: 'adjustment',
                  amount: '-5.000000',
                  balance_after: '7.500000',
                  note: 'Refund of a duplicate top-up',
                  at: '2026-01-04T10:00:00.000Z',
                }),
                ledgerEntry(),
              ],
            })
          : customerDetails(),
      }),
      'POST /admin/customers/:uid/balance': async () => {
        await answered;
        adjusted = true;
        return { data: { applied: true, balance: '7.500000' } };
      },
    });

    fireEvent.change(await screen.findByTestId('admin-customer-adjust-amount'), { target: { value: '-5' } });
    fireEvent.change(screen.getByTestId('admin-customer-adjust-reason'), {
      target: { value: 'Refund of a duplicate top-up' },
    });
    const submit = screen.getByTestId('admin-customer-adjust-submit');
    fireEvent.click(submit);
    fireEvent.click(submit);
    await waitFor(() => expect(api.callsTo('POST', '/admin/customers/u-1001/balance')).toHaveLength(1));
    // Enter in a field submits the same form again while its answer is still out.
    fireEvent.submit(submit.closest('form') as HTMLFormElement);
    await new Promise((resolve) => setTimeout(resolve, 50));
    answer();

    expect((await screen.findByTestId('admin-customer-adjust-result')).textContent).toContain(
      'The balance is now 7.500000 PTC',
    );
    const posts = api.callsTo('POST', '/admin/customers/u-1001/balance');
    expect(posts).toHaveLength(1);
    const body = posts[0]?.body as BalanceAdjustment;
    expect(body).toEqual({
      amount: '-5',
      reason: 'Refund of a duplicate top-up',
      request_id: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
    expect(posts[0]?.headers.get('x-operator-session')).toBe('session-finance');
    await waitFor(() =>
      expect(screen.getByTestId('admin-customer-balance').textContent).toBe('7.500000 PTC'),
    );
    const ledger = screen.getByTestId('admin-customer-ledger');
    const newest = within(ledger).getAllByRole('row')[1];
    expect(newest?.textContent).toContain(enUS['admin.customers.ledgerKind.adjustment']);
    expect(newest?.textContent).toContain('-5.000000');
    expect(newest?.textContent).toContain('Refund of a duplicate top-up');
  });

  it('sends a new request id for the next adjustment and says why the server refused one', async () => {
    const api = await openCustomerAs('owner', {
      'POST /admin/customers/:uid/balance': ({ body }) => {
        if ((body as BalanceAdjustment).amount === '-100') throw new AppError('ERR_BALANCE_NOT_ENOUGH');
        return { data: { applied: true, balance: '13.500000' } };
      },
    });

    fireEvent.change(await screen.findByTestId('admin-customer-adjust-amount'), {
      target: { value: '-100' },
    });
    fireEvent.change(screen.getByTestId('admin-customer-adjust-reason'), { target: { value: 'Chargeback' } });
    fireEvent.click(screen.getByTestId('admin-customer-adjust-submit'));
    const refusal = await screen.findByTestId('admin-customer-adjust-result');
    await waitFor(() => expect(refusal.textContent).toContain(enUS['admin.errors.balanceBelowZero']));
    expect(refusal.textContent).toContain(enUS['admin.customers.adjust.failed']);

    fireEvent.change(screen.getByTestId('admin-customer-adjust-amount'), { target: { value: '1' } });
    fireEvent.click(screen.getByTestId('admin-customer-adjust-submit'));
    await waitFor(() =>
      expect(screen.getByTestId('admin-customer-adjust-result').textContent).toContain('13.500000 PTC'),
    );

    const [refusedId, creditedId] = api
      .callsTo('POST', '/admin/customers/u-1001/balance')
      .map((call) => (call.body as BalanceAdjustment).request_id);
    expect(creditedId).toMatch(/^[0-9a-f]{32}$/);
    expect(creditedId).not.toBe(refusedId);
  });

  it('refuses an adjustment without a reason or with a zero amount, sending nothing', async () => {
    const api = await openCustomerAs('finance');

    fireEvent.change(await screen.findByTestId('admin-customer-adjust-amount'), { target: { value: '0' } });
    fireEvent.click(screen.getByTestId('admin-customer-adjust-submit'));

    expect(await screen.findByText(enUS['admin.customers.adjust.amountInvalid'])).toBeTruthy();
    expect(await screen.findByText(enUS['admin.customers.reasonRequired'])).toBeTruthy();
    expect(api.callsTo('POST', '/admin/customers/u-1001/balance')).toEqual([]);
  });

  it('asks for a confirmation and a reason before locking, then locks', async () => {
    let locked = customer();
    const api = await openCustomerAs('support', {
      'GET /admin/customers/:uid': () => ({ data: customerDetails({ customer: locked }) }),
      'POST /admin/customers/:uid/lock': ({ body }) => {
        locked = customer({
          locked: (body as { locked: boolean }).locked,
          locked_at: '2026-03-01T00:00:00.000Z',
        });
        return { data: locked };
      },
    });

    fireEvent.click(screen.getByTestId('admin-customer-lock'));

    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Lock the account of alice@example.com?')).toBeTruthy();
    expect(api.callsTo('POST', '/admin/customers/u-1001/lock')).toEqual([]);

    fireEvent.click(within(dialog).getByTestId('admin-customer-lock-confirm'));
    expect(await within(dialog).findByText(enUS['admin.customers.reasonRequired'])).toBeTruthy();
    expect(api.callsTo('POST', '/admin/customers/u-1001/lock')).toEqual([]);

    fireEvent.change(within(dialog).getByTestId('admin-customer-lock-reason'), {
      target: { value: 'Card fraud reported' },
    });
    fireEvent.click(within(dialog).getByTestId('admin-customer-lock-confirm'));

    await waitFor(() => expect(api.callsTo('POST', '/admin/customers/u-1001/lock')).toHaveLength(1));
    expect(api.callsTo('POST', '/admin/customers/u-1001/lock')[0]?.body).toEqual({
      locked: true,
      reason: 'Card fraud reported',
    });
    await waitFor(() =>
      expect(screen.getByTestId('admin-customer-lock').textContent).toBe(enUS['admin.customers.lock.unlock']),
    );
  });

  it('signs the customer out everywhere after a confirmation', async () => {
    const api = await openCustomerAs('owner', {
      'POST /admin/customers/:uid/sessions/revoke': () => ({ data: { sessions_ended: 2 } }),
    });

    fireEvent.click(screen.getByTestId('admin-customer-sign-out'));
    expect(await screen.findByText(enUS['admin.customers.signOut.effect'])).toBeTruthy();
    expect(api.callsTo('POST', '/admin/customers/u-1001/sessions/revoke')).toEqual([]);
    fireEvent.click(await screen.findByTestId('admin-customer-sign-out-confirm'));

    expect((await screen.findByTestId('admin-customer-sign-out-result')).textContent).toContain(
      'Sessions ended: 2.',
    );
    expect(api.callsTo('POST', '/admin/customers/u-1001/sessions/revoke')).toHaveLength(1);
  });

  it('sets the enterprise plan with its discount in basis points', async () => {
    const api = await openCustomerAs('finance', {
      'PUT /admin/users/:uid/plan': () => ({
        data: { uid: 'u-1001', plan: 'enterprise', discount_percent: 12.5, discount_basis_points: 1250 },
      }),
    });

    const plan = screen.getByTestId('admin-customer-plan');
    fireEvent.mouseDown(plan.querySelector('.ant-select-selector') ?? plan);
    fireEvent.click(await screen.findByTitle(enUS['admin.customers.plan.enterprise']));
    const discount = screen.getByTestId('admin-customer-discount');
    await waitFor(() => expect(discount.hasAttribute('disabled')).toBe(false));
    fireEvent.change(discount, { target: { value: '12.5' } });
    fireEvent.blur(discount);
    fireEvent.click(screen.getByTestId('admin-customer-plan-submit'));

    expect((await screen.findByTestId('admin-customer-plan-result')).textContent).toContain(
      enUS['admin.customers.plan.saved'],
    );
    expect(api.callsTo('PUT', '/admin/users/u-1001/plan')[0]?.body).toEqual({
      plan: 'enterprise',
      discount_basis_points: 1250,
    });
  });

  it('says there is no such customer', async () => {
    setOperatorToken('session-owner');
    mockApi({
      'GET /admin/me': () => ({ data: operator('owner') }),
      'GET /admin/customers/:uid': () => {
        throw new AppError('ERR_NO_USER');
      },
    });
    renderConsoleAt('/admin/customers/u-404');

    expect(await screen.findByText(enUS['admin.errors.noCustomer'])).toBeTruthy();
  });
});
