// @vitest-environment jsdom
import type { Pairing, UserInfo } from '@ptc/contracts';
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { extension as enUS } from '../../locales/en-US/extension';
import { queryClient } from '../../shared/api/query-client';
import {
  installFakeExtension,
  NO_RECEIVER,
  STAND_IN_EXTENSION_ID,
  standInExtensionInfo,
} from '../../shared/extension/extension.stand-in';
import { readStoredPairing } from '../../shared/extension/extension-bridge';
import { changeLocale } from '../../shared/i18n/i18n';
import { clearSession, setToken, userStore } from '../../shared/session/session';
import { installBrowserStubs, mockApi, Providers, recordToasts } from '../../shared/testing/harness';
import BrowserExtensionPage from './browser-extension.page';
import { formatFileSize } from './file-size';

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 8_000 });

let pairings: Pairing[];
let stores: Record<string, string>;

const serve = () =>
  mockApi({
    'GET /proxy/extension/info': () => ({ data: standInExtensionInfo({ stores }) }),
    'GET /proxy/extension/pairings': () => ({ data: { list: pairings } }),
    'POST /proxy/extension/pairings': () => {
      const made: Pairing = {
        id: `pr${pairings.length + 1}`,
        label: 'Chrome on Linux',
        created_at: '2026-11-27T10:00:00.000Z',
        last_used_at: null,
      };
      pairings = [made, ...pairings];
      return { data: { id: made.id, token: 'ptcx_secret', created_at: made.created_at } };
    },
    'DELETE /proxy/extension/pairings/:id': (call) => {
      pairings = pairings.filter((pairing) => pairing.id !== call.params.id);
      return { data: null };
    },
  });

const openPage = async () => {
  const api = serve();
  render(
    <Providers path="/browser-extension">
      <BrowserExtensionPage />
    </Providers>,
  );
  await waitFor(() => expect(screen.getByTestId('extension-version').textContent).toContain('1.2.3'));
  return api;
};

const stateOf = () => screen.getByTestId('extension-state');

beforeAll(async () => {
  installBrowserStubs();
  await changeLocale('en-US');
});

beforeEach(() => {
  queryClient.clear();
  localStorage.clear();
  pairings = [];
  stores = {};
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

describe('the browser extension page', () => {
  it('offers the download with its version and size, and install steps for Chrome, Edge and 360', async () => {
    await openPage();
    const download = within(screen.getByTestId('extension-download-card')).getByTestId('extension-download');
    expect(download.getAttribute('href')).toBe('/api/proxy/browser/plugin');
    expect(screen.getByTestId('extension-version').textContent).toBe('Version 1.2.3, 148.3 KB');
    expect(screen.getByTestId('extension-steps-chrome').textContent).toContain('chrome://extensions');
    expect(screen.getByTestId('extension-steps-chrome').textContent).toContain(
      enUS['extension.steps.load.chrome'],
    );
    fireEvent.click(screen.getByTestId('extension-tab-edge'));
    expect((await screen.findByTestId('extension-steps-edge')).textContent).toContain('edge://extensions');
    fireEvent.click(screen.getByTestId('extension-tab-360'));
    expect((await screen.findByTestId('extension-steps-360')).textContent).toContain(
      enUS['extension.steps.drag.360'],
    );
    // No store configured: no store link.
    expect(screen.queryByTestId('extension-store-chrome')).toBeNull();
  });

  it('links the store pages the operator configured', async () => {
    stores = {
      chrome: 'https://chromewebstore.google.com/detail/ptc/abc',
      edge: 'https://microsoftedge.microsoft.com/addons/detail/ptc',
    };
    await openPage();
    expect(screen.getByTestId('extension-store-chrome').getAttribute('href')).toBe(stores.chrome);
    fireEvent.click(screen.getByTestId('extension-tab-edge'));
    expect((await screen.findByTestId('extension-store-edge')).getAttribute('href')).toBe(stores.edge);
    fireEvent.click(screen.getByTestId('extension-tab-360'));
    await screen.findByTestId('extension-steps-360');
    expect(screen.queryByTestId('extension-store-360')).toBeNull();
  });

  it('says the extension is not installed, with the download, when no extension answers', async () => {
    installFakeExtension(() => ({ error: NO_RECEIVER }));
    await openPage();
    await waitFor(() => expect(stateOf().getAttribute('data-state')).toBe('not_found'));
    expect(within(stateOf()).getByTestId('extension-not-found').textContent).toContain(
      enUS['extension.notFound'],
    );
    expect(within(stateOf()).getByTestId('extension-download').getAttribute('href')).toBe(
      '/api/proxy/browser/plugin',
    );
  });

  it('pairs an installed, unpaired extension for the signed-in customer and marks this browser in the list', async () => {
    let isPaired = false;
    const fake = installFakeExtension((message) => {
      if (message.type === 'ping')
        return { reply: { ok: true, version: '1.2.3', paired: isPaired, active: null } };
      if (message.type === 'pair') isPaired = true;
      return undefined;
    });
    const api = await openPage();
    await waitFor(() => expect(stateOf().getAttribute('data-state')).toBe('paired'));
    expect(stateOf().textContent).toContain('Installed (version 1.2.3) and connected to your account');
    expect(fake.messages.map(({ extensionId }) => extensionId)).toEqual([
      STAND_IN_EXTENSION_ID,
      STAND_IN_EXTENSION_ID,
    ]);
    expect(fake.messages[1]?.message).toEqual({
      type: 'pair',
      token: 'ptcx_secret',
      api_base: window.location.origin,
    });
    expect(api.callsTo('POST', '/proxy/extension/pairings')).toHaveLength(1);
    const own = await screen.findByTestId('extension-pairing-pr1');
    expect(own.textContent).toContain('Chrome on Linux');
    expect(own.textContent).toContain(enUS['extension.pairings.thisBrowser']);
    // The token is nowhere on the page.
    expect(document.body.innerHTML).not.toContain('ptcx_secret');
  });

  it('shows "installed, not paired" with a connect button when pairing fails, and connects on the click', async () => {
    let refuse = true;
    installFakeExtension((message) => {
      if (message.type === 'ping')
        return { reply: { ok: true, version: '1.2.3', paired: !refuse, active: null } };
      if (message.type === 'pair')
        return refuse ? { reply: { ok: false, reason: 'origin_mismatch' } } : undefined;
      return undefined;
    });
    await openPage();
    await waitFor(() => expect(stateOf().getAttribute('data-state')).toBe('not_paired'));
    expect(stateOf().textContent).toContain('Installed (version 1.2.3), not connected to your account');
    expect(stateOf().textContent).toContain('origin_mismatch');
    refuse = false;
    fireEvent.click(screen.getByTestId('extension-connect'));
    await waitFor(() => expect(stateOf().getAttribute('data-state')).toBe('paired'));
    expect(readStoredPairing()?.username).toBe('alice');
  });

  it('shows the active proxy and switches it off', async () => {
    localStorage.setItem('ptc-extension-pairing', JSON.stringify({ pairing_id: 'pr9', username: 'alice' }));
    let active: unknown = { proxy_id: 'p1', host: 'gw.example.test', port: 8000 };
    const fake = installFakeExtension((message) => {
      if (message.type === 'ping') return { reply: { ok: true, version: '1.2.3', paired: true, active } };
      if (message.type === 'off') active = null;
      return undefined;
    });
    await openPage();
    await waitFor(() =>
      expect(stateOf().textContent).toContain('The browser goes out through gw.example.test:8000.'),
    );
    fireEvent.click(screen.getByTestId('extension-off'));
    await waitFor(() => expect(stateOf().textContent).toContain(enUS['extension.state.direct']));
    expect(fake.types()).toContain('off');
  });

  it('lists the connected browsers and revokes one after confirming; revoking this browser unpairs it', async () => {
    pairings = [
      {
        id: 'pr1',
        label: 'Edge on Windows',
        created_at: '2026-11-20T08:00:00.000Z',
        last_used_at: '2026-11-26T09:30:00.000Z',
      },
      { id: 'pr2', label: null, created_at: '2026-11-21T08:00:00.000Z', last_used_at: null },
    ];
    localStorage.setItem('ptc-extension-pairing', JSON.stringify({ pairing_id: 'pr2', username: 'alice' }));
    const fake = installFakeExtension((message) =>
      message.type === 'ping'
        ? { reply: { ok: true, version: '1.2.3', paired: true, active: null } }
        : undefined,
    );
    const api = await openPage();
    const first = await screen.findByTestId('extension-pairing-pr1');
    expect(first.textContent).toContain('Edge on Windows');
    expect(first.textContent).toContain('Last used 2026-11-26');
    const second = screen.getByTestId('extension-pairing-pr2');
    expect(second.textContent).toContain(enUS['extension.pairings.unnamed']);
    expect(second.textContent).toContain(enUS['extension.pairings.neverUsed']);

    fireEvent.click(within(second).getByTestId('extension-revoke-pr2'));
    fireEvent.click(await screen.findByTestId('extension-revoke-confirm'));
    await waitFor(() => expect(api.callsTo('DELETE', '/proxy/extension/pairings/pr2')).toHaveLength(1));
    await waitFor(() => expect(fake.types()).toContain('unpair'));
    expect(readStoredPairing()).toBeNull();
    await waitFor(() => expect(screen.queryByTestId('extension-pairing-pr2')).toBeNull());
    expect(screen.getByTestId('extension-pairing-pr1')).toBeTruthy();
    // This browser is not paired again behind the customer's back: it waits for "connect".
    await waitFor(() => expect(stateOf().getAttribute('data-state')).toBe('not_paired'));
    expect(api.callsTo('POST', '/proxy/extension/pairings')).toHaveLength(0);
    fireEvent.click(screen.getByTestId('extension-connect'));
    await waitFor(() => expect(stateOf().getAttribute('data-state')).toBe('paired'));
    expect(api.callsTo('POST', '/proxy/extension/pairings')).toHaveLength(1);
  });
});

describe('formatFileSize', () => {
  it.each([
    [0, '0 B'],
    [812, '812 B'],
    [151_859, '148.3 KB'],
    [1_258_291, '1.2 MB'],
  ])('%d bytes are %s', (bytes, text) => {
    expect(formatFileSize(bytes)).toBe(text);
  });
});
