import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryStorage } from '../storage/storage';
import { installFakeExtension, NO_RECEIVER } from './extension.stand-in';
import {
  classifyReply,
  EXTENSION_STORAGE_KEYS,
  EXTENSION_TIMEOUTS_MS,
  readStoredPairing,
  sendToExtension,
  unpairOnLogout,
  writeStoredPairing,
} from './extension-bridge';

const ID = 'abcdefghijklmnopabcdefghijklmnop';

afterEach(() => {
  Reflect.deleteProperty(globalThis, 'chrome');
  vi.useRealTimers();
});

describe('classifyReply (SPEC §4 success / failed / timeout, §8 not found)', () => {
  it.each([
    NO_RECEIVER,
    'Could not establish connection.',
    'Receiving end does not exist.',
    "Invalid extension id: 'x'",
    'chrome.runtime.sendMessage() called from a webpage must specify an Extension ID (string) for its first argument.',
  ])('calls Chromium’s "%s" not found', (error) => {
    expect(classifyReply(undefined, error)).toEqual({ state: 'not_found', reason: error });
  });

  it('calls any other error a failure, with its text', () => {
    expect(classifyReply(undefined, 'The message port closed before a response was received.')).toEqual({
      state: 'failed',
      reason: 'The message port closed before a response was received.',
    });
  });

  it('answers success for ok:true with or without state:success', () => {
    expect(classifyReply({ ok: true, state: 'success', ip: '203.0.113.9', country: 'DE' })).toEqual({
      state: 'success',
      reply: { ok: true, state: 'success', ip: '203.0.113.9', country: 'DE' },
    });
    expect(classifyReply({ ok: true, version: '1.0.0', paired: false, active: null }).state).toBe('success');
  });

  it('answers failed and timeout with the extension’s reason', () => {
    expect(classifyReply({ ok: false, state: 'failed', reason: 'proxy_refused_407' })).toEqual({
      state: 'failed',
      reason: 'proxy_refused_407',
    });
    expect(classifyReply({ ok: false, state: 'timeout', reason: 'no_answer_15s' })).toEqual({
      state: 'timeout',
      reason: 'no_answer_15s',
    });
    expect(classifyReply({ ok: false, reason: 'not_paired' })).toEqual({
      state: 'failed',
      reason: 'not_paired',
    });
  });

  it('does not take a malformed or empty reply for success', () => {
    expect(classifyReply(undefined)).toEqual({ state: 'failed', reason: 'no_reply' });
    expect(classifyReply('ok')).toEqual({ state: 'failed', reason: 'no_reply' });
    expect(classifyReply({ ok: 'yes' })).toEqual({ state: 'failed', reason: 'failed' });
    expect(classifyReply({ ok: true, state: 'failed', reason: 'x' })).toEqual({
      state: 'failed',
      reason: 'x',
    });
  });
});

describe('sendToExtension', () => {
  it('is "not found" without chrome.runtime (no extension lets this page talk), sending nothing', async () => {
    expect(await sendToExtension(ID, { type: 'ping' })).toEqual({ state: 'not_found', reason: 'no_runtime' });
  });

  it('is "not found" without an extension id', async () => {
    installFakeExtension(() => ({ reply: { ok: true } }));
    expect((await sendToExtension(null, { type: 'ping' })).state).toBe('not_found');
  });

  it('is "not found" when Chromium reports no receiving end through lastError', async () => {
    const fake = installFakeExtension(() => ({ error: NO_RECEIVER }));
    expect(await sendToExtension(ID, { type: 'ping' })).toEqual({ state: 'not_found', reason: NO_RECEIVER });
    expect(fake.messages).toEqual([{ extensionId: ID, message: { type: 'ping' } }]);
  });

  it('is "not found" when sendMessage throws (an id Chromium refuses)', async () => {
    Object.defineProperty(globalThis, 'chrome', {
      configurable: true,
      value: {
        runtime: {
          sendMessage: () => {
            throw new TypeError("Error in invocation of runtime.sendMessage: Invalid extension id: 'bad'");
          },
        },
      },
    });
    expect((await sendToExtension('bad', { type: 'ping' })).state).toBe('not_found');
  });

  it('is "not found" when the promise form rejects with no receiving end', async () => {
    Object.defineProperty(globalThis, 'chrome', {
      configurable: true,
      value: { runtime: { sendMessage: () => Promise.reject(new Error(NO_RECEIVER)) } },
    });
    expect((await sendToExtension(ID, { type: 'ping' })).state).toBe('not_found');
  });

  it('passes the extension’s answer through the classification', async () => {
    installFakeExtension((message) =>
      message.type === 'use_proxy'
        ? { reply: { ok: true, state: 'success', ip: '198.51.100.7', country: 'US' } }
        : { reply: { ok: false, state: 'failed', reason: 'nope' } },
    );
    expect(await sendToExtension(ID, { type: 'use_proxy', proxy_id: 'p1' })).toEqual({
      state: 'success',
      reply: { ok: true, state: 'success', ip: '198.51.100.7', country: 'US' },
    });
    expect(await sendToExtension(ID, { type: 'off' })).toEqual({ state: 'failed', reason: 'nope' });
  });

  it('times out when the extension never answers, after the type’s wait', async () => {
    vi.useFakeTimers();
    installFakeExtension(() => 'silent');
    let settled: unknown = null;
    void sendToExtension(ID, { type: 'use_proxy', proxy_id: 'p1' }).then((outcome) => {
      settled = outcome;
    });
    await vi.advanceTimersByTimeAsync(EXTENSION_TIMEOUTS_MS.use_proxy - 1);
    expect(settled).toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toEqual({ state: 'timeout', reason: 'no_answer' });
    // The wait covers the extension's own 15 s check through the proxy.
    expect(EXTENSION_TIMEOUTS_MS.use_proxy).toBeGreaterThan(15_000);
    expect(EXTENSION_TIMEOUTS_MS.open_quick_access).toBeGreaterThan(15_000);
  });

  it('takes the first of a late answer and the timeout only once', async () => {
    vi.useFakeTimers();
    let reply: ((value: unknown) => void) | undefined;
    Object.defineProperty(globalThis, 'chrome', {
      configurable: true,
      value: {
        runtime: {
          sendMessage: (_id: string, _message: unknown, callback: (value: unknown) => void) => {
            reply = callback;
          },
        },
      },
    });
    const pending = sendToExtension(ID, { type: 'ping' }, 100);
    await vi.advanceTimersByTimeAsync(100);
    reply?.({ ok: true, version: '1', paired: true, active: null });
    expect(await pending).toEqual({ state: 'timeout', reason: 'no_answer' });
  });
});

describe('the logout’s unpair', () => {
  it('sends unpair to the extension this console learnt and forgets the pairing record', () => {
    const storage = createMemoryStorage();
    storage.setItem(EXTENSION_STORAGE_KEYS.extensionId, ID);
    writeStoredPairing({ pairing_id: 'pr1', username: 'alice' }, storage);
    const fake = installFakeExtension(() => ({ reply: { ok: true } }));
    unpairOnLogout(storage);
    expect(fake.messages).toEqual([{ extensionId: ID, message: { type: 'unpair' } }]);
    expect(readStoredPairing(storage)).toBeNull();
  });

  it('sends nothing when no extension id was ever learnt', () => {
    const fake = installFakeExtension(() => ({ reply: { ok: true } }));
    unpairOnLogout(createMemoryStorage());
    expect(fake.messages).toEqual([]);
  });

  it('reads only a well-formed pairing record', () => {
    const storage = createMemoryStorage();
    storage.setItem(EXTENSION_STORAGE_KEYS.pairing, '{broken');
    expect(readStoredPairing(storage)).toBeNull();
    storage.setItem(EXTENSION_STORAGE_KEYS.pairing, JSON.stringify({ pairing_id: 1 }));
    expect(readStoredPairing(storage)).toBeNull();
  });
});
