// @vitest-environment jsdom
import type { UserInfo } from '@ptc/contracts';
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { extension as enUS } from '../../locales/en-US/extension';
import { queryClient } from '../../shared/api/query-client';
import {
  installFakeExtension,
  NO_RECEIVER,
  standInExtensionInfo,
} from '../../shared/extension/extension.stand-in';
import { i18n } from '../../shared/i18n/i18n';
import { clearSession, setToken, userStore } from '../../shared/session/session';
import { proxyRow } from '../../shared/testing/factories';
import { installBrowserStubs, mockApi, Providers, recordToasts } from '../../shared/testing/harness';
import './proxies-texts';
import { ConnectDialog } from './connect-dialog';
import { RowActions, type RowHandlers } from './row-actions';

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 8_000 });

const handlers = (): RowHandlers => ({
  open: vi.fn(),
  remove: vi.fn(),
  useExtension: vi.fn(),
  setSwitch: vi.fn(async () => undefined),
  setRotation: vi.fn(async () => undefined),
  setAutoRenew: vi.fn(async () => undefined),
});

const serve = () =>
  mockApi({
    'GET /proxy/extension/info': () => ({ data: standInExtensionInfo() }),
    'POST /proxy/extension/pairings': () => ({
      data: { id: 'pr1', token: 'ptcx_secret', created_at: '2026-11-27T10:00:00.000Z' },
    }),
  });

/** The row's "use browser extension" action, from its "more" menu. */
const useExtensionFromRow = async (rowHandlers: RowHandlers) => {
  render(
    <Providers>
      <RowActions row={proxyRow(7)} handlers={rowHandlers} isRenewable={false} isMobile={false} t={i18n.t} />
    </Providers>,
  );
  fireEvent.click(screen.getByTestId('proxy-actions'));
  fireEvent.click(await screen.findByTestId('proxy-action-extension'));
};

const pairedExtension = (useProxy: unknown) =>
  installFakeExtension((message) => {
    if (message.type === 'ping') return { reply: { ok: true, version: '1.2.3', paired: true, active: null } };
    if (message.type === 'use_proxy') return { reply: useProxy };
    return undefined;
  });

beforeAll(() => {
  installBrowserStubs();
});

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
  queryClient.clear();
  localStorage.clear();
  localStorage.setItem('ptc-extension-pairing', JSON.stringify({ pairing_id: 'pr0', username: 'alice' }));
  recordToasts();
  setToken('session-token');
  userStore.set({ user_name: 'alice' } as UserInfo);
});

afterEach(() => {
  cleanup();
  clearSession();
  Reflect.deleteProperty(globalThis, 'chrome');
  vi.unstubAllGlobals();
});

describe('"use browser extension" in the proxy list', () => {
  it('sets the proxy through the extension and shows success with the exit IP and country', async () => {
    serve();
    const fake = pairedExtension({ ok: true, state: 'success', ip: '198.51.100.23', country: 'FR' });
    await useExtensionFromRow(handlers());
    const dialog = await screen.findByTestId('extension-task-dialog');
    await waitFor(() => expect(dialog.getAttribute('data-state')).toBe('success'));
    expect(screen.getByTestId('extension-exit-ip').textContent).toBe('198.51.100.23');
    expect(screen.getByTestId('extension-exit-country').textContent).toBe('France');
    expect(dialog.textContent).toContain('This browser now goes out through user7.');
    expect(fake.messages.at(-1)?.message).toEqual({ type: 'use_proxy', proxy_id: 'p7' });
  });

  it('says "extension setting failed or timed out" when the proxy refuses', async () => {
    serve();
    pairedExtension({ ok: false, state: 'failed', reason: 'proxy_auth_rejected' });
    await useExtensionFromRow(handlers());
    const failed = await screen.findByTestId('extension-failed');
    expect(failed.getAttribute('data-state')).toBe('failed');
    expect(failed.textContent).toContain(enUS['extension.set.failed']);
    expect(failed.textContent).toContain(enUS['extension.set.failedHint']);
    // The extension's code in words.
    expect(screen.getByTestId('extension-reason').textContent).toBe(
      `Reported by the extension: ${enUS['extension.reason.proxy_auth_rejected']}`,
    );
  });

  it('says "browser extension not found" with the download and a way to the install steps', async () => {
    serve();
    installFakeExtension(() => ({ error: NO_RECEIVER }));
    const rowHandlers = handlers();
    await useExtensionFromRow(rowHandlers);
    const notFound = await screen.findByTestId('extension-not-found');
    expect(notFound.textContent).toContain(enUS['extension.notFound']);
    expect(within(notFound).getByTestId('extension-download').getAttribute('href')).toBe(
      '/api/proxy/browser/plugin',
    );
    fireEvent.click(within(notFound).getByTestId('extension-install-steps'));
    expect(rowHandlers.useExtension).toHaveBeenCalledOnce();
  });
});

describe('the connect dialog’s extension button', () => {
  it('sets the proxy through the extension and reports a timeout', async () => {
    serve();
    const fake = pairedExtension({ ok: false, state: 'timeout', reason: 'no_answer_in_15s' });
    render(
      <Providers>
        <ConnectDialog proxy={proxyRow(3)} onClose={() => undefined} />
      </Providers>,
    );
    fireEvent.click(await screen.findByTestId('proxy-connect-extension'));
    const failed = await screen.findByTestId('extension-failed');
    expect(failed.getAttribute('data-state')).toBe('timeout');
    expect(failed.textContent).toContain(enUS['extension.set.failed']);
    expect(failed.textContent).toContain('15 seconds');
    // A code the console does not know is shown as the extension said it.
    expect(screen.getByTestId('extension-reason').textContent).toBe(
      'Reported by the extension: no_answer_in_15s',
    );
    expect(fake.messages.at(-1)?.message).toEqual({ type: 'use_proxy', proxy_id: 'p3' });
  });
});
