// @vitest-environment jsdom
import { type AdminRefundRequest, AppError } from '@ptc/contracts';
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { admin as enUS } from '../../../locales/en-US/admin';
import { changeLocale } from '../../../shared/i18n/i18n';
import { installBrowserStubs, mockApi } from '../../../shared/testing/harness';
import { operator, renderConsoleAt } from '../admin.testing';
import type { Operator } from '../admin.types';
import { clearOperatorSession, setOperatorToken } from '../operator-session';
import { charge, refundAnswer } from './money.testing';
import { CHARGES_PAGE_SIZE } from './refunds.page';

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 8_000 });

/** Opens alice's charges as an operator of `role`. */
const openChargesAs = async (role: Operator['role'], handlers: Parameters<typeof mockApi>[0] = {}) => {
  setOperatorToken(`session-${role}`);
  const api = mockApi({
    'GET /admin/me': () => ({ data: operator(role) }),
    'GET /admin/charges': () => ({ data: { records: [charge()], page: 1, page_size: CHARGES_PAGE_SIZE } }),
    ...handlers,
  });
  renderConsoleAt('/admin/refunds?customer=alice%40example.com');
  await screen.findByTestId('admin-refund-open-77');
  return api;
};

/** Opens the refund of charge 77 and fills in `values`. */
const fillRefund = async (values: { amount?: string; reason?: string }) => {
  fireEvent.click(screen.getByTestId('admin-refund-open-77'));
  const dialog = await screen.findByRole('dialog');
  if (values.amount !== undefined) {
    fireEvent.change(within(dialog).getByTestId('admin-refund-amount'), { target: { value: values.amount } });
  }
  if (values.reason !== undefined) {
    fireEvent.change(within(dialog).getByTestId('admin-refund-reason'), { target: { value: values.reason } });
  }
  return dialog;
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

describe('the refunds page', () => {
  it("finds the customer's charges by uid or email with what of each was refunded", async () => {
    const api = await openChargesAs('finance');

    const row = within(screen.getByTestId('admin-charges')).getAllByRole('row')[1];
    expect(row?.textContent).toContain(enUS['admin.customers.ledgerKind.purchase']);
    expect(row?.textContent).toContain(enUS['admin.money.product.dynamic-traffic']);
    expect(row?.textContent).toContain('10.000000');
    const [call] = api.callsTo('GET', '/admin/charges');
    expect(call?.query.get('customer')).toBe('alice@example.com');
    expect(call?.headers.get('x-operator-session')).toBe('session-finance');
  });

  it('states the amount, then refunds the entry with the reason and shows the new balance', async () => {
    const api = await openChargesAs('owner', {
      'POST /admin/refunds': ({ body }) => ({
        data: refundAnswer((body as AdminRefundRequest).amount ?? '10.000000', '26.500000'),
      }),
    });

    const dialog = await fillRefund({});
    expect(within(dialog).getByTestId('admin-refund-statement').textContent).toBe(
      '10.000000 PTC will be credited back to the balance of alice@example.com.',
    );
    fireEvent.change(within(dialog).getByTestId('admin-refund-amount'), { target: { value: '4' } });
    fireEvent.change(within(dialog).getByTestId('admin-refund-reason'), {
      target: { value: ' Proxy never worked ' },
    });
    await waitFor(() =>
      expect(within(dialog).getByTestId('admin-refund-statement').textContent).toBe(
        '4 PTC will be credited back to the balance of alice@example.com.',
      ),
    );
    fireEvent.click(within(dialog).getByTestId('admin-refund-confirm'));

    expect((await screen.findByTestId('admin-refund-result')).textContent).toBe(
      'Refunded 4 PTC. The balance of alice@example.com is now 26.500000 PTC.',
    );
    const posts = api.callsTo('POST', '/admin/refunds');
    expect(posts.map((post) => post.body)).toEqual([
      { entry_id: '77', reason: 'Proxy never worked', amount: '4' },
    ]);
    expect(posts[0]?.headers.get('x-operator-session')).toBe('session-owner');
  });

  it('sends nothing on a second click while the refund is out, and disables the button', async () => {
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    const api = await openChargesAs('finance', {
      'POST /admin/refunds': async () => {
        await answered;
        return { data: refundAnswer('10.000000', '32.500000') };
      },
    });

    const dialog = await fillRefund({ reason: 'Duplicate purchase' });
    const confirm = within(dialog).getByTestId('admin-refund-confirm');
    fireEvent.click(confirm);
    await waitFor(() => expect(api.callsTo('POST', '/admin/refunds')).toHaveLength(1));
    await waitFor(() => expect(confirm.hasAttribute('disabled')).toBe(true));
    fireEvent.click(confirm);
    fireEvent.submit(within(dialog).getByTestId('admin-refund-reason').closest('form') as HTMLFormElement);
    await new Promise((resolve) => setTimeout(resolve, 50));
    answer();

    expect((await screen.findByTestId('admin-refund-result')).textContent).toContain('32.500000 PTC');
    expect(api.callsTo('POST', '/admin/refunds')).toHaveLength(1);
    expect(api.callsTo('POST', '/admin/refunds')[0]?.body).toEqual({
      entry_id: '77',
      reason: 'Duplicate purchase',
    });
  });

  it('says readably that a charge was refunded already or that the amount exceeds it', async () => {
    let isRefunded = false;
    await openChargesAs('finance', {
      'POST /admin/refunds': () => {
        if (isRefunded) {
          throw new AppError('ERR_PRICE_ERROR', {
            message: 'Amount wrong: this charge was refunded already (a charge is refunded once)',
            data: { reason: 'already_refunded', refunded: '10.000000' },
          });
        }
        isRefunded = true;
        throw new AppError('ERR_PRICE_ERROR', {
          message: 'Amount wrong: at most 6.000000 PTC of this charge can be refunded',
          data: { reason: 'exceeds_charge', refundable: '6.000000' },
        });
      },
    });

    const dialog = await fillRefund({ amount: '8', reason: 'Goodwill' });
    fireEvent.click(within(dialog).getByTestId('admin-refund-confirm'));
    const refusal = await within(dialog).findByTestId('admin-refund-error');
    expect(refusal.textContent).toContain(enUS['admin.money.refund.failed']);
    expect(refusal.textContent).toContain(
      'That is more than is left of the charge: at most 6.000000 PTC can be refunded.',
    );

    fireEvent.click(within(dialog).getByTestId('admin-refund-confirm'));
    await waitFor(() =>
      expect(within(dialog).getByTestId('admin-refund-error').textContent).toContain(
        'This charge was refunded already (10.000000 PTC); a charge is refunded only once.',
      ),
    );
  });

  it('refuses a refund without a reason or above what is left, sending nothing', async () => {
    const api = await openChargesAs('finance');

    const dialog = await fillRefund({ amount: '12' });
    fireEvent.click(within(dialog).getByTestId('admin-refund-confirm'));

    expect(await within(dialog).findByText(enUS['admin.money.refund.reasonRequired'])).toBeTruthy();
    expect(
      within(dialog).getByText('Enter an amount above 0 and at most 10.000000 PTC, with at most 6 decimals'),
    ).toBeTruthy();
    expect(api.callsTo('POST', '/admin/refunds')).toEqual([]);
  });
});
