// @vitest-environment jsdom
import { AppError, STORAGE_KEYS, type UserInfo } from '@ptc/contracts';
import { cleanup, configure, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { errors as ruErrors } from '../../locales/ru-RU/errors';
import { shareCode as ruRU } from '../../locales/ru-RU/share-code';
import { errors as zhErrors } from '../../locales/zh-CN/errors';
import { queryClient } from '../../shared/api/query-client';
import { changeLocale } from '../../shared/i18n/i18n';
import { clearSession, setToken, userStore } from '../../shared/session/session';
import { installBrowserStubs, mockApi, Providers, recordToasts } from '../../shared/testing/harness';
import ShareCodePage from './share-code.page';

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 8_000 });

const VALID = { code: 'ALICE234', valid: true as const, inviter: 'al***@example.com' };

const serve = (overrides: Parameters<typeof mockApi>[0] = {}) =>
  mockApi({
    'GET /share_codes/:code': ({ params }) => {
      if (params.code?.toUpperCase() !== VALID.code) throw new AppError('REFERRAL_CODE_INVALID');
      return { data: VALID };
    },
    ...overrides,
  });

const renderAt = (path: string) =>
  render(<Providers path={path} routes={[{ path: '/authentication/:auth', element: <ShareCodePage /> }]} />);

beforeAll(() => {
  installBrowserStubs();
});

beforeEach(async () => {
  await changeLocale('en-US');
  queryClient.clear();
  localStorage.clear();
  recordToasts();
});

afterEach(() => {
  cleanup();
  clearSession();
  vi.unstubAllGlobals();
});

describe('the share-code page', () => {
  it('keeps a valid code (any case) as the referral code and offers registration with it', async () => {
    const api = serve();
    renderAt('/authentication/alice234');
    expect((await screen.findByTestId('share-code-inviter')).textContent).toBe(
      'You were invited by al***@example.com',
    );
    expect(screen.getByTestId('share-code-code').textContent).toContain('ALICE234');
    expect(localStorage.getItem(STORAGE_KEYS.ref)).toBe('ALICE234');
    expect(screen.getByTestId('share-code-register').closest('a')?.getAttribute('href')).toBe(
      '/register?ref=ALICE234',
    );
    expect(screen.getByTestId('share-code-login').getAttribute('href')).toBe('/login');
    expect(api.calls.find((call) => call.path.startsWith('/share_codes/'))?.path).toBe(
      '/share_codes/alice234',
    );
  });

  it('says an unknown code is invalid, with register and log in and no retry, storing nothing', async () => {
    serve();
    renderAt('/authentication/NOPE1234');
    await screen.findByTestId('share-code-invalid');
    expect(screen.getByTestId('share-code-invalid-title').textContent).toBe('Invalid referral code');
    expect(screen.getByTestId('share-code-register').closest('a')?.getAttribute('href')).toBe('/register');
    expect(screen.getByTestId('share-code-login')).toBeTruthy();
    expect(screen.queryByTestId('share-code-retry')).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.ref)).toBeNull();
  });

  it('speaks the language in use', async () => {
    await changeLocale('ru-RU');
    serve();
    renderAt('/authentication/Alice234');
    expect((await screen.findByTestId('share-code-inviter')).textContent).toBe(
      ruRU['shareCode.invitedBy'].replace('{{inviter}}', 'al***@example.com'),
    );
    cleanup();
    renderAt('/authentication/unknown9');
    expect((await screen.findByTestId('share-code-invalid-title')).textContent).toBe(
      ruErrors['errors.REFERRAL_CODE_INVALID'],
    );
    cleanup();
    await changeLocale('zh-CN');
    renderAt('/authentication/unknown9');
    expect((await screen.findByTestId('share-code-invalid-title')).textContent).toBe(
      zhErrors['errors.REFERRAL_CODE_INVALID'],
    );
  });

  it('tells a signed-in customer how to bind it, or that a referrer is already bound', async () => {
    serve();
    setToken('session-token');
    const customer = { user_name: 'bob', invite_code: 'BOB23456', ref: null } as unknown as UserInfo;
    userStore.set(customer);
    renderAt('/authentication/alice234');
    const hint = await screen.findByTestId('share-code-signed-in');
    expect(hint.dataset.state).toBe('bindHint');
    expect(hint.textContent).toContain('ALICE234');
    expect(screen.getByTestId('share-code-user-center').closest('a')?.getAttribute('href')).toBe(
      '/user-center',
    );
    expect(screen.queryByTestId('share-code-register')).toBeNull();
    cleanup();
    userStore.set({ ...customer, ref: 'CAROL234' });
    renderAt('/authentication/alice234');
    expect((await screen.findByTestId('share-code-signed-in')).dataset.state).toBe('alreadyBound');
    cleanup();
    userStore.set({ ...customer, invite_code: 'ALICE234' });
    renderAt('/authentication/alice234');
    expect((await screen.findByTestId('share-code-signed-in')).dataset.state).toBe('own');
  });

  it('asks a stored session who it is before choosing what to show', async () => {
    serve({
      'GET /user/info': () => ({
        data: { user_name: 'dora', invite_code: 'DORA2345', ref: 'ALICE234', is_tourist: false },
      }),
    });
    setToken('stored-token');
    renderAt('/authentication/ALICE234');
    expect((await screen.findByTestId('share-code-signed-in')).dataset.state).toBe('boundToThis');
  });

  it('offers a retry when the check itself failed', async () => {
    let fail = true;
    serve({
      'GET /share_codes/:code': () => {
        if (fail) throw new AppError('ERR_INTERNAL_ERROR');
        return { data: VALID };
      },
    });
    renderAt('/authentication/alice234');
    await screen.findByTestId('share-code-failed');
    fail = false;
    fireEvent.click(screen.getByTestId('share-code-retry'));
    expect(await screen.findByTestId('share-code-valid')).toBeTruthy();
  });
});
