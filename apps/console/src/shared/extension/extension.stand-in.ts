/**
 * A stand-in of the browser extension for the console's tests: a `chrome.runtime` on the page whose
 * `sendMessage` answers through Chromium's callback as the real extension does (or reports
 * Chromium's "not found" error, or never answers). Every message is kept.
 */
import type { ExtensionRequest } from '@ptc/contracts';

/** What the stand-in answers to one message: a reply, Chromium's error, or nothing at all. */
export type StandInAnswer = { reply: unknown } | { error: string } | 'silent';

/** Chromium's error when no extension with that id listens to the page. */
export const NO_RECEIVER = 'Could not establish connection. Receiving end does not exist.';

/** The extension id the stand-in server answers in `/proxy/extension/info`. */
export const STAND_IN_EXTENSION_ID = 'abcdefghijklmnopabcdefghijklmnop';

export interface FakeExtension {
  /** The messages sent, in order, with the id they were sent to. */
  messages: { extensionId: string; message: ExtensionRequest }[];
  /** The types of the messages sent, in order. */
  types: () => string[];
  /** Takes `chrome` off the page again. */
  remove: () => void;
}

/**
 * Puts a `chrome.runtime` on the page; `answer` decides each reply. Without an answer for a
 * message type the stand-in replies `{ok:true}`.
 */
export const installFakeExtension = (
  answer: (message: ExtensionRequest, extensionId: string) => StandInAnswer | undefined,
): FakeExtension => {
  const messages: FakeExtension['messages'] = [];
  const runtime: {
    lastError: { message: string } | undefined;
    sendMessage: (extensionId: string, message: ExtensionRequest, callback: (reply: unknown) => void) => void;
  } = {
    lastError: undefined,
    sendMessage: (extensionId, message, callback) => {
      messages.push({ extensionId, message });
      const outcome = answer(message, extensionId) ?? { reply: { ok: true } };
      if (outcome === 'silent') return;
      // Chromium answers asynchronously, with lastError set only while the callback runs.
      queueMicrotask(() => {
        if ('error' in outcome) {
          runtime.lastError = { message: outcome.error };
          callback(undefined);
          runtime.lastError = undefined;
        } else {
          callback(outcome.reply);
        }
      });
    },
  };
  Object.defineProperty(globalThis, 'chrome', { configurable: true, writable: true, value: { runtime } });
  return {
    messages,
    types: () => messages.map(({ message }) => message.type),
    remove: () => {
      Reflect.deleteProperty(globalThis, 'chrome');
    },
  };
};

/** The extension's `/proxy/extension/info` as the stand-in server answers it. */
export const standInExtensionInfo = (overrides: Record<string, unknown> = {}) => ({
  version: '1.2.3',
  extension_id: STAND_IN_EXTENSION_ID,
  file_name: 'ptc-proxy-extension-1.2.3.zip',
  size: 151_859,
  sha256: 'a'.repeat(64),
  stores: {},
  ...overrides,
});
