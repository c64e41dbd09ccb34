// @vitest-environment jsdom
import { AppError, type UserInfo } from '@ptc/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../api/query-client';
import { clearSession, setToken, userStore } from '../session/session';
import { mockApi, recordToasts } from '../testing/harness';
import {
  installFakeExtension,
  NO_RECEIVER,
  STAND_IN_EXTENSION_ID,
  standInExtensionInfo,
} from './extension.stand-in';
import { EXTENSION_STORAGE_KEYS, readStoredPairing } from './extension-bridge';
import { browserLabel, connectExtension, openQuickAccess, setBrowserProxy } from './extension-client';

const signIn = (name = 'alice', extra: Partial<UserInfo> = {}) => {
  setToken('session-token');
  userStore.set({ user_name: name, ...extra } as UserInfo);
};

/** The stand-in server: the info, and pairings numbered from 1. */
const serve = (overrides: Record<string, () => unknown> = {}) => {
  let made = 0;
  return mockApi({
    'GET /proxy/extension/info': () => ({ data: standInExtensionInfo() }),
    'POST /proxy/extension/pairings': () => {
      if (overrides.refusePairing) throw new AppError('ERR_TOKEN_ERROR');
      made += 1;
      return {
        data: { id: `pr${made}`, token: `ptcx_token${made}`, created_at: '2026-11-27T10:00:00.000Z' },
      };
    },
    'DELETE /proxy/extension/pairings/:id': () => ({ data: null }),
  });
};

const PING_UNPAIRED = { reply: { ok: true, version: '1.2.3', paired: false, active: null } };
const PING_PAIRED = { reply: { ok: true, version: '1.2.3', paired: true, active: null } };

beforeEach(() => {
  queryClient.clear();
  localStorage.clear();
  recordToasts();
});

afterEach(() => {
  Reflect.deleteProperty(globalThis, 'chrome');
  clearSession();
  vi.unstubAllGlobals();
});

describe('connecting the extension', () => {
  it('pairs an unpaired extension for the signed-in customer: a new pairing, then pair with its token and this origin', async () => {
    signIn();
    const api = serve();
    const fake = installFakeExtension((message) => (message.type === 'ping' ? PING_UNPAIRED : undefined));
    expect(await connectExtension()).toEqual({ kind: 'paired', version: '1.2.3', active: null });
    expect(fake.types()).toEqual(['ping', 'pair']);
    expect(fake.messages[1]).toEqual({
      extensionId: STAND_IN_EXTENSION_ID,
      message: { type: 'pair', token: 'ptcx_token1', api_base: window.location.origin },
    });
    expect(api.callsTo('POST', '/proxy/extension/pairings')[0]?.body).toEqual({ label: expect.any(String) });
    expect(readStoredPairing()).toEqual({ pairing_id: 'pr1', username: 'alice' });
    // The logout's unpair can find the extension without the server.
    expect(localStorage.getItem(EXTENSION_STORAGE_KEYS.extensionId)).toBe(STAND_IN_EXTENSION_ID);
  });

  it('leaves an extension paired by this console for this customer as it is', async () => {
    signIn();
    const api = serve();
    const fake = installFakeExtension((message) => (message.type === 'ping' ? PING_PAIRED : undefined));
    await connectExtension();
    fake.messages.length = 0;
    // A second look: still paired, this console made the pairing: no new one.
    expect((await connectExtension()).kind).toBe('paired');
    expect(fake.types()).toEqual(['ping']);
    expect(api.callsTo('POST', '/proxy/extension/pairings')).toHaveLength(1);
  });

  it('pairs again when the extension is paired but not by this customer (another user signed in here)', async () => {
    localStorage.setItem(
      EXTENSION_STORAGE_KEYS.pairing,
      JSON.stringify({ pairing_id: 'old', username: 'bob' }),
    );
    signIn('alice');
    serve();
    const fake = installFakeExtension((message) => (message.type === 'ping' ? PING_PAIRED : undefined));
    expect((await connectExtension()).kind).toBe('paired');
    expect(fake.types()).toEqual(['ping', 'pair']);
    expect(readStoredPairing()?.username).toBe('alice');
  });

  it('does not pair without a signed-in customer, nor for a tourist', async () => {
    const api = serve();
    const fake = installFakeExtension((message) => (message.type === 'ping' ? PING_UNPAIRED : undefined));
    expect(await connectExtension()).toEqual({ kind: 'not_paired', version: '1.2.3' });
    signIn('guest', { is_tourist: true });
    expect((await connectExtension()).kind).toBe('not_paired');
    expect(fake.types()).toEqual(['ping', 'ping']);
    expect(api.callsTo('POST', '/proxy/extension/pairings')).toHaveLength(0);
  });

  it('revokes the new pairing when the extension refuses it', async () => {
    signIn();
    const api = serve();
    installFakeExtension((message) =>
      message.type === 'ping' ? PING_UNPAIRED : { reply: { ok: false, reason: 'origin_mismatch' } },
    );
    expect(await connectExtension()).toEqual({
      kind: 'not_paired',
      version: '1.2.3',
      reason: 'origin_mismatch',
    });
    await vi.waitFor(() => expect(api.callsTo('DELETE', '/proxy/extension/pairings/pr1')).toHaveLength(1));
    expect(readStoredPairing()).toBeNull();
  });

  it('says not found when no extension answers', async () => {
    signIn();
    serve();
    expect((await connectExtension()).kind).toBe('not_found');
    installFakeExtension(() => ({ error: NO_RECEIVER }));
    expect(await connectExtension()).toEqual({ kind: 'not_found', reason: NO_RECEIVER });
  });
});

describe('setting the proxy through the extension', () => {
  it('pairs first, then answers success with the exit IP and country', async () => {
    signIn();
    serve();
    const fake = installFakeExtension((message) => {
      if (message.type === 'ping') return PING_UNPAIRED;
      if (message.type === 'use_proxy')
        return { reply: { ok: true, state: 'success', ip: '203.0.113.77', country: 'JP' } };
      return undefined;
    });
    expect(await setBrowserProxy('p9')).toEqual({ state: 'success', ip: '203.0.113.77', country: 'JP' });
    expect(fake.types()).toEqual(['ping', 'pair', 'use_proxy']);
    expect(fake.messages[2]?.message).toEqual({ type: 'use_proxy', proxy_id: 'p9' });
  });

  it('answers failed and timeout as the extension reports them', async () => {
    signIn();
    serve();
    let next: unknown = { ok: false, state: 'failed', reason: 'proxy_refused' };
    let isPaired = false;
    const fake = installFakeExtension((message) => {
      if (message.type === 'ping') return isPaired ? PING_PAIRED : PING_UNPAIRED;
      if (message.type === 'pair') isPaired = true;
      return message.type === 'pair' ? undefined : { reply: next };
    });
    expect(await setBrowserProxy('p1')).toEqual({ state: 'failed', reason: 'proxy_refused' });
    expect(fake.types()).toEqual(['ping', 'pair', 'use_proxy']);
    next = { ok: false, state: 'timeout', reason: 'check_timeout' };
    expect(await openQuickAccess('q1')).toEqual({ state: 'timeout', reason: 'check_timeout' });
    // Paired by the first call: the second sends its message straight after the ping.
    expect(fake.types().slice(3)).toEqual(['ping', 'open_quick_access']);
  });

  it('pairs again once when the extension says its pairing ended, then retries', async () => {
    signIn();
    const api = serve();
    let uses = 0;
    const fake = installFakeExtension((message) => {
      if (message.type === 'ping') return PING_PAIRED;
      if (message.type === 'open_quick_access') {
        uses += 1;
        return uses === 1
          ? { reply: { ok: false, state: 'failed', reason: 'pairing_ended' } }
          : { reply: { ok: true, state: 'success', ip: null, country: null, tab_opened: true } };
      }
      return undefined;
    });
    localStorage.setItem(
      EXTENSION_STORAGE_KEYS.pairing,
      JSON.stringify({ pairing_id: 'pr0', username: 'alice' }),
    );
    expect(await openQuickAccess('q1')).toEqual({ state: 'success', ip: null, country: null });
    expect(fake.types()).toEqual(['ping', 'open_quick_access', 'ping', 'pair', 'open_quick_access']);
    expect(api.callsTo('POST', '/proxy/extension/pairings')).toHaveLength(1);
  });

  it('answers not found without the extension, sending nothing to the server but the info', async () => {
    signIn();
    const api = serve();
    expect((await setBrowserProxy('p1')).state).toBe('not_found');
    expect(api.calls.map((call) => `${call.method} ${call.path}`)).toEqual(['GET /proxy/extension/info']);
  });
});

describe('browserLabel', () => {
  it.each([
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      'Edge on Windows',
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      'Chrome on macOS',
    ],
    [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36',
      'Chrome on Linux',
    ],
    [
      'Mozilla/5.0 (Windows NT 6.1) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/86.0 Safari/537.36 QIHU 360SE',
      '360 on Windows',
    ],
  ])('names %s', (userAgent, label) => {
    expect(browserLabel(userAgent)).toBe(label);
  });
});
