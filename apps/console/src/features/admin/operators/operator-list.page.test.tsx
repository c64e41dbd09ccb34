// @vitest-environment jsdom
import { type AdminOperator, AppError } from '@ptc/contracts';
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { admin as enUSAdmin } from '../../../locales/en-US/admin';
import { adminOperators as enUS } from '../../../locales/en-US/admin-operators';
import { errors as enUSErrors } from '../../../locales/en-US/errors';
import { changeLocale } from '../../../shared/i18n/i18n';
import { installBrowserStubs, mockApi } from '../../../shared/testing/harness';
import { operator, renderConsoleAt } from '../admin.testing';
import { clearOperatorSession, setOperatorToken } from '../operator-session';

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 8_000 });

/** An operator as `GET /admin/operators` presents one (an enrolled, enabled support unless told). */
const listed = (overrides: Partial<AdminOperator> = {}): AdminOperator => ({
  id: '7',
  email: 'sam@example.com',
  name: 'Sam',
  role: 'support',
  disabled: false,
  disabled_at: null,
  totp_enrolled: true,
  created_at: '2026-01-02T03:04:05.000Z',
  last_sign_in_at: '2026-01-05T10:00:00.000Z',
  ...overrides,
});

/** The signed-in owner's own row. */
const OWNER_ROW = listed({ id: '1', email: 'owner@example.com', name: 'Olivia', role: 'owner' });

/** Opens the operators page as the owner; the server lists `rows` (the owner and Sam unless told). */
const openOperators = async (
  handlers: Parameters<typeof mockApi>[0] = {},
  rows: () => AdminOperator[] = () => [OWNER_ROW, listed()],
) => {
  setOperatorToken('session-owner');
  const api = mockApi({
    'GET /admin/me': () => ({ data: operator('owner') }),
    'GET /admin/operators': () => ({ data: { records: rows() } }),
    ...handlers,
  });
  renderConsoleAt('/admin/operators');
  await screen.findByTestId('admin-operator-disable-7');
  return api;
};

/** The open confirmation dialog titled `title`. */
const confirmation = async (title: string) =>
  (await screen.findAllByText(title))[0]?.closest('.ant-modal') as HTMLElement;

/** Confirms the open confirmation dialog. */
const confirmDialog = async () => {
  fireEvent.click(await screen.findByTestId('admin-operator-confirm'));
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

describe('the operators page', () => {
  it('lists every operator with role, state, two-factor and last sign-in, and offers no action on the owner themselves', async () => {
    await openOperators({}, () => [
      OWNER_ROW,
      listed(),
      listed({
        id: '8',
        email: 'fay@example.com',
        role: 'finance',
        disabled: true,
        totp_enrolled: false,
        last_sign_in_at: null,
      }),
    ]);

    const table = screen.getByTestId('admin-operator-table');
    const ownRow = within(table).getByText('owner@example.com').closest('tr') as HTMLElement;
    expect(within(ownRow).getByText(enUS['admin.operators.you'])).toBeTruthy();
    expect(within(ownRow).queryAllByRole('button')).toEqual([]);
    expect(within(ownRow).queryByRole('combobox')).toBeNull();
    expect(screen.getByTestId('admin-operator-state-7').textContent).toBe(enUS['admin.operators.enabled']);
    expect(screen.getByTestId('admin-operator-state-8').textContent).toBe(enUS['admin.operators.disabled']);
    expect(screen.getByTestId('admin-operator-totp-state-8').textContent).toBe(
      enUS['admin.operators.totpPending'],
    );
    expect(screen.getByTestId('admin-operator-disable-8').textContent).toBe(enUS['admin.operators.enable']);
    const fayRow = within(table).getByText('fay@example.com').closest('tr') as HTMLElement;
    expect(within(fayRow).getByText(enUS['admin.operators.never'])).toBeTruthy();
    expect(within(fayRow).getByText(enUSAdmin['admin.role.finance'])).toBeTruthy();
  });

  it('shows the owner the Operators menu entry, and no other role', async () => {
    await openOperators();
    expect(
      within(screen.getByTestId('admin-menu')).getByText(enUSAdmin['admin.menu.operators']),
    ).toBeTruthy();
    cleanup();

    setOperatorToken('session-finance');
    const api = mockApi({ 'GET /admin/me': () => ({ data: operator('finance') }) });
    renderConsoleAt('/admin/operators');
    // A role that may not open the page is sent to its first page.
    expect(await screen.findByTestId('admin-price-submit')).toBeTruthy();
    expect(
      within(screen.getByTestId('admin-menu')).queryByText(enUSAdmin['admin.menu.operators']),
    ).toBeNull();
    expect(api.calls.filter((call) => call.path.startsWith('/admin/operators'))).toEqual([]);
  });

  it('adds an operator and shows its password once, with a copy button', async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    let rows = [OWNER_ROW, listed()];
    const api = await openOperators(
      {
        'POST /admin/operators': ({ body }) => {
          const added = listed({
            id: '9',
            email: 'new@example.com',
            name: 'Nina',
            role: 'finance',
            totp_enrolled: false,
            last_sign_in_at: null,
          });
          rows = [...rows, added];
          expect(body).toEqual({ email: 'new@example.com', name: 'Nina', role: 'finance' });
          return { data: { operator: added, password: 'Generated-Once-Password-1' } };
        },
      },
      () => rows,
    );

    fireEvent.click(screen.getByTestId('admin-operator-add'));
    fireEvent.change(await screen.findByTestId('admin-operator-add-email'), {
      target: { value: ' new@example.com ' },
    });
    fireEvent.change(screen.getByTestId('admin-operator-add-name'), { target: { value: 'Nina' } });
    const role = screen.getByTestId('admin-operator-add-role');
    fireEvent.mouseDown(role.querySelector('.ant-select-selector') ?? role);
    fireEvent.click(await screen.findByTitle(enUSAdmin['admin.role.finance']));
    fireEvent.click(screen.getByTestId('admin-operator-add-submit'));

    const password = await screen.findByTestId('admin-operator-password');
    expect(password.textContent).toBe('Generated-Once-Password-1');
    expect(api.callsTo('POST', '/admin/operators')).toHaveLength(1);
    const dialog = screen.getByTestId('admin-operator-password-dialog');
    fireEvent.click(dialog.querySelector('.ant-typography-copy') as HTMLElement);
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('Generated-Once-Password-1'));
    expect(await screen.findByTestId('admin-operator-disable-9')).toBeTruthy();

    fireEvent.click(screen.getByTestId('admin-operator-password-done'));
    await waitFor(() => expect(screen.queryByTestId('admin-operator-password')).toBeNull());
  });

  it("says why an operator could not be added, in the API's words", async () => {
    const api = await openOperators({
      'POST /admin/operators': () => {
        throw new AppError('ERR_HAVE_USER', { message: 'An operator sam@example.com exists already' });
      },
    });

    fireEvent.click(screen.getByTestId('admin-operator-add'));
    fireEvent.change(await screen.findByTestId('admin-operator-add-email'), {
      target: { value: 'sam@example.com' },
    });
    fireEvent.click(screen.getByTestId('admin-operator-add-submit'));

    const refusal = await screen.findByTestId('admin-operator-add-error');
    expect(refusal.textContent).toContain(enUS['admin.operators.failed']);
    expect(refusal.textContent).toContain(enUSAdmin['admin.errors.operatorExists']);
    expect(api.callsTo('POST', '/admin/operators')[0]?.body).toEqual({
      email: 'sam@example.com',
      role: 'support',
    });
    expect(screen.queryByTestId('admin-operator-password')).toBeNull();
  });

  it('refuses an add without a valid email, sending nothing', async () => {
    const api = await openOperators();

    fireEvent.click(screen.getByTestId('admin-operator-add'));
    fireEvent.change(await screen.findByTestId('admin-operator-add-email'), {
      target: { value: 'not-an-email' },
    });
    fireEvent.click(screen.getByTestId('admin-operator-add-submit'));

    expect(await screen.findByText(enUS['admin.operators.emailInvalid'])).toBeTruthy();
    expect(api.callsTo('POST', '/admin/operators')).toEqual([]);
  });

  it('changes a role after a confirmation', async () => {
    let role: AdminOperator['role'] = 'support';
    const api = await openOperators(
      {
        'PATCH /admin/operators/:id': ({ body }) => {
          role = (body as { role: AdminOperator['role'] }).role;
          return { data: listed({ role }) };
        },
      },
      () => [OWNER_ROW, listed({ role })],
    );

    const select = screen.getByTestId('admin-operator-role-7');
    fireEvent.mouseDown(select.querySelector('.ant-select-selector') ?? select);
    fireEvent.click(await screen.findByTitle(enUSAdmin['admin.role.finance']));

    expect(await confirmation('Make sam@example.com Finance?')).toBeTruthy();
    expect(api.callsTo('PATCH', '/admin/operators/7')).toEqual([]);
    await confirmDialog();

    await waitFor(() => expect(api.callsTo('PATCH', '/admin/operators/7')).toHaveLength(1));
    expect(api.callsTo('PATCH', '/admin/operators/7')[0]?.body).toEqual({ role: 'finance' });
    expect(api.callsTo('PATCH', '/admin/operators/7')[0]?.headers.get('x-operator-session')).toBe(
      'session-owner',
    );
    expect(await screen.findByText('sam@example.com is now Finance.')).toBeTruthy();
  });

  it('disables an operator after a confirmation that says its sessions end, then offers to enable it', async () => {
    let disabled = false;
    const api = await openOperators(
      {
        'PATCH /admin/operators/:id': ({ body }) => {
          disabled = (body as { disabled: boolean }).disabled;
          return { data: listed({ disabled }) };
        },
      },
      () => [OWNER_ROW, listed({ disabled })],
    );

    fireEvent.click(screen.getByTestId('admin-operator-disable-7'));
    expect(await confirmation('Disable sam@example.com?')).toBeTruthy();
    expect(screen.getByText(enUS['admin.operators.disable.effect'])).toBeTruthy();
    expect(api.callsTo('PATCH', '/admin/operators/7')).toEqual([]);
    await confirmDialog();

    await waitFor(() =>
      expect(screen.getByTestId('admin-operator-disable-7').textContent).toBe(enUS['admin.operators.enable']),
    );
    expect(api.callsTo('PATCH', '/admin/operators/7')[0]?.body).toEqual({ disabled: true });
    expect(screen.getByTestId('admin-operator-state-7').textContent).toBe(enUS['admin.operators.disabled']);
  });

  it("shows the API's refusal of a change (the last enabled owner) and changes nothing on the page", async () => {
    await openOperators(
      {
        'PATCH /admin/operators/:id': () => {
          throw new AppError('ERR_LAST_OWNER');
        },
      },
      () => [OWNER_ROW, listed({ id: '7', role: 'owner' })],
    );

    fireEvent.click(screen.getByTestId('admin-operator-disable-7'));
    await confirmDialog();

    const refusal = await screen.findByTestId('admin-operators-error');
    expect(refusal.textContent).toContain(enUS['admin.operators.failed']);
    expect(refusal.textContent).toContain(enUSErrors['errors.ERR_LAST_OWNER']);
    expect(screen.getByTestId('admin-operator-state-7').textContent).toBe(enUS['admin.operators.enabled']);
  });

  it('resets two-factor authentication after a confirmation', async () => {
    let isEnrolled = true;
    const api = await openOperators(
      {
        'POST /admin/operators/:id/totp/reset': () => {
          isEnrolled = false;
          return { data: { operator: listed({ totp_enrolled: false }), sessions_ended: 1 } };
        },
      },
      () => [OWNER_ROW, listed({ totp_enrolled: isEnrolled })],
    );

    fireEvent.click(screen.getByTestId('admin-operator-reset-totp-7'));
    expect(await screen.findByText(enUS['admin.operators.resetTotp.effect'])).toBeTruthy();
    expect(api.callsTo('POST', '/admin/operators/7/totp/reset')).toEqual([]);
    await confirmDialog();

    await waitFor(() =>
      expect(screen.getByTestId('admin-operator-totp-state-7').textContent).toBe(
        enUS['admin.operators.totpPending'],
      ),
    );
    expect(api.callsTo('POST', '/admin/operators/7/totp/reset')).toHaveLength(1);
  });

  it('resets a password after a confirmation and shows the new one once', async () => {
    const api = await openOperators({
      'POST /admin/operators/:id/password/reset': () => ({
        data: { operator: listed(), password: 'Brand-New-Password-22', sessions_ended: 2 },
      }),
    });

    fireEvent.click(screen.getByTestId('admin-operator-reset-password-7'));
    expect(await confirmation('Give sam@example.com a new password?')).toBeTruthy();
    expect(api.callsTo('POST', '/admin/operators/7/password/reset')).toEqual([]);
    await confirmDialog();

    expect((await screen.findByTestId('admin-operator-password')).textContent).toBe('Brand-New-Password-22');
    expect(screen.getByText('Password of sam@example.com')).toBeTruthy();
    expect(api.callsTo('POST', '/admin/operators/7/password/reset')).toHaveLength(1);
  });

  it('sends nothing when a confirmation is cancelled', async () => {
    const api = await openOperators();

    fireEvent.click(screen.getByTestId('admin-operator-reset-password-7'));
    const dialog = await confirmation('Give sam@example.com a new password?');
    fireEvent.click(within(dialog).getByText(enUS['admin.operators.cancel']));

    await waitFor(() => expect(screen.queryAllByText('Give sam@example.com a new password?')).toEqual([]));
    expect(api.calls.filter((call) => call.method !== 'GET')).toEqual([]);
  });
});
