import { describe, expect, it } from 'vitest';
import { acceptExternal, originOf } from './messages';

const CONSOLE = 'https://console.example.com';

describe('messages from web pages', () => {
  it('takes a ping from any page the manifest admits', () => {
    expect(acceptExternal({ type: 'ping' }, 'https://elsewhere.example', null)).toEqual({
      ok: true,
      request: { type: 'ping' },
    });
  });

  it('takes a pairing only from the origin of the API it names', () => {
    const pair = { type: 'pair', token: 'ptcx_abc', api_base: `${CONSOLE}/` };
    expect(acceptExternal(pair, CONSOLE, null)).toMatchObject({ ok: true });
    expect(acceptExternal(pair, 'https://evil.example', null)).toEqual({
      ok: false,
      reason: 'origin_mismatch',
    });
    expect(acceptExternal({ ...pair, api_base: 'javascript:alert(1)' }, CONSOLE, null)).toEqual({
      ok: false,
      reason: 'origin_mismatch',
    });
  });

  it('takes the other requests only from the paired console', () => {
    const use = { type: 'use_proxy', proxy_id: 'p1' };
    expect(acceptExternal(use, CONSOLE, CONSOLE)).toEqual({ ok: true, request: use });
    expect(acceptExternal(use, 'https://console.example.com:8443', CONSOLE)).toEqual({
      ok: false,
      reason: 'origin_mismatch',
    });
    expect(acceptExternal(use, CONSOLE, null)).toEqual({ ok: false, reason: 'not_paired' });
    expect(acceptExternal({ type: 'off' }, undefined, CONSOLE)).toEqual({
      ok: false,
      reason: 'origin_mismatch',
    });
  });

  it('refuses malformed messages', () => {
    for (const message of [
      null,
      'ping',
      { type: 'status' },
      { type: 'use_proxy' },
      { type: 'use_proxy', proxy_id: '' },
      { type: 'open_quick_access', id: 5 },
      { type: 'pair', token: 'x'.repeat(201), api_base: CONSOLE },
    ])
      expect(acceptExternal(message, CONSOLE, CONSOLE), JSON.stringify(message)).toEqual({
        ok: false,
        reason: 'invalid_message',
      });
  });

  it('reads origins of http(s) addresses only', () => {
    expect(originOf('http://127.0.0.1:8080/x?y')).toBe('http://127.0.0.1:8080');
    expect(originOf('chrome-extension://abc/popup.html')).toBeNull();
    expect(originOf(undefined)).toBeNull();
  });
});
