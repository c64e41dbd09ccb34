// @vitest-environment jsdom
import { AppError } from '@ptc/contracts';
import { cleanup, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { admin as enUS } from '../../locales/en-US/admin';
import { changeLocale } from '../../shared/i18n/i18n';
import { getToken } from '../../shared/session/session';
import { installBrowserStubs, mockApi } from '../../shared/testing/harness';
import { operator, renderConsoleAt } from './admin.testing';
import { clearOperatorSession, getOperatorToken, OPERATOR_TOKEN_KEY } from './operator-session';

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 8_000 });

const OTPAUTH = 'otpauth://totp/PTC:owner%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=PTC';
const RECOVERY_CODES = ['aaaa-bbbb-1111', 'cccc-dddd-2222', 'eeee-ffff-3333'];

const type = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });

const signInWithPassword = async () => {
  await screen.findByTestId('admin-login-email');
  type('admin-login-email', 'owner@example.com');
  type('admin-login-password', 'a long password here');
  fireEvent.click(screen.getByTestId('admin-login-submit'));
};

beforeAll(async () => {
  installBrowserStubs();
  await changeLocale('en-US');
});

beforeEach(() => clearOperatorSession());

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('operator sign-in', () => {
  it('enrols TOTP at the first sign-in: QR code and secret, then the recovery codes once, then the console', async () => {
    const api = mockApi({
      'POST /admin/session': () => ({
        data: {
          stage: 'enrol',
          token: 'pending-1',
          enrolment: { secret: 'JBSWY3DPEHPK3PXP', otpauth_url: OTPAUTH },
        },
      }),
      'POST /admin/session/totp': () => ({ data: { token: 'session-1', recovery_codes: RECOVERY_CODES } }),
      'GET /admin/me': () => ({ data: operator('owner') }),
      'GET /admin/audit': () => ({ data: { records: [] } }),
    });
    renderConsoleAt('/admin/login');

    await signInWithPassword();
    expect(await screen.findByTestId('admin-enrolment-qr')).toBeTruthy();
    expect(screen.getByRole('img', { name: enUS['admin.login.qrCode'] })).toBeTruthy();
    expect(screen.getByTestId('admin-enrolment-secret').textContent).toContain('JBSWY3DPEHPK3PXP');
    expect(api.callsTo('POST', '/admin/session')[0]?.body).toEqual({
      email: 'owner@example.com',
      password: 'a long password here',
    });

    type('admin-login-code', '123456');
    fireEvent.click(screen.getByTestId('admin-login-verify'));
    const codes = await screen.findByTestId('admin-recovery-codes');
    for (const code of RECOVERY_CODES) expect(codes.textContent).toContain(code);
    const [totp] = api.callsTo('POST', '/admin/session/totp');
    expect(totp?.body).toEqual({ code: '123456' });
    expect(totp?.headers.get('x-operator-session')).toBe('pending-1');
    // Not signed in until the codes are acknowledged.
    expect(getOperatorToken()).toBeNull();

    fireEvent.click(screen.getByTestId('admin-recovery-saved'));
    expect((await screen.findByTestId('admin-operator-email')).textContent).toBe('owner@example.com');
    expect(screen.queryByTestId('admin-recovery-codes')).toBeNull();
    expect(sessionStorage.getItem(OPERATOR_TOKEN_KEY)).toBe('session-1');
    expect(getToken()).toBeNull();
    const [me] = api.callsTo('GET', '/admin/me');
    expect(me?.headers.get('x-operator-session')).toBe('session-1');
    expect(api.calls.every((call) => !call.headers.has('authorization'))).toBe(true);
  });

  it('says the code is wrong when the server answers 2004, and stays on the code step', async () => {
    mockApi({
      'POST /admin/session': () => ({ data: { stage: 'totp', token: 'pending-2' } }),
      'POST /admin/session/totp': () => {
        throw new AppError('ERR_TOKEN_ERROR', { message: 'Identity authentication failed: wrong code' });
      },
    });
    renderConsoleAt('/admin/login');

    await signInWithPassword();
    await screen.findByTestId('admin-login-code');
    type('admin-login-code', '654321');
    fireEvent.click(screen.getByTestId('admin-login-verify'));

    expect((await screen.findByTestId('admin-login-error')).textContent).toBe(enUS['admin.login.wrongCode']);
    expect(screen.getByTestId('admin-login-code')).toBeTruthy();
    expect(getOperatorToken()).toBeNull();
  });

  it('says the email or password is wrong when the server answers 2003', async () => {
    mockApi({
      'POST /admin/session': () => {
        throw new AppError('ERR_PWD_ERROR', { message: 'Wrong operator email or password' });
      },
    });
    renderConsoleAt('/admin/login');

    await signInWithPassword();

    expect((await screen.findByTestId('admin-login-error')).textContent).toBe(
      enUS['admin.login.wrongCredentials'],
    );
    expect(screen.queryByTestId('admin-login-code')).toBeNull();
  });

  it('signs in with a recovery code instead of an app code', async () => {
    const api = mockApi({
      'POST /admin/session': () => ({ data: { stage: 'totp', token: 'pending-3' } }),
      'POST /admin/session/totp': () => ({ data: { token: 'session-3' } }),
      'GET /admin/me': () => ({ data: operator('finance') }),
    });
    renderConsoleAt('/admin/login');

    await signInWithPassword();
    fireEvent.click(await screen.findByTestId('admin-login-toggle-recovery'));
    type('admin-login-recovery-code', ' aaaa-bbbb-1111 ');
    fireEvent.click(screen.getByTestId('admin-login-verify'));

    await waitFor(() => expect(getOperatorToken()).toBe('session-3'));
    expect(api.callsTo('POST', '/admin/session/totp')[0]?.body).toEqual({ recovery_code: 'aaaa-bbbb-1111' });
    // A finance operator lands on the prices, the first page the role may open.
    expect(await screen.findByTestId('admin-price-submit')).toBeTruthy();
  });
});
