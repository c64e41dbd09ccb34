/**
 * The console's side of the browser extension's message protocol (issue #18, SPEC §4 "browser-
 * extension proxy set: success, failed, timeout"; §8 "browser extension not found"): messages go
 * to the extension with `chrome.runtime.sendMessage(extensionId, …)`, which the extension accepts
 * from the console's origin only (`externally_connectable`). Every message has a timeout, and every
 * answer is one of four outcomes: success, failed, timeout, or not found (no extension to answer).
 */
import type { ExtensionRequest } from '@ptc/contracts';
import { browserStorage, type KeyValueStorage } from '../storage/storage';

/** What a message came to. */
export type ExtensionOutcome<Reply = Record<string, unknown>> =
  | { state: 'success'; reply: Reply }
  /** The extension answered that it could not do it (the proxy refused, the pairing ended…). */
  | { state: 'failed'; reason: string }
  /** No answer in time: from the extension, or the extension's own wait for the proxy (15 s). */
  | { state: 'timeout'; reason: string }
  /** No extension to answer: not installed, switched off, or another id. */
  | { state: 'not_found'; reason: string };

/**
 * How long the console waits for each answer. `use_proxy` and `open_quick_access` wait for the
 * extension's own check through the proxy (15 s in the extension), plus a margin for setting the
 * proxy and opening the tab; a silent extension past that is a timeout.
 */
export const EXTENSION_TIMEOUTS_MS: Readonly<Record<ExtensionRequest['type'], number>> = {
  ping: 3_000,
  pair: 10_000,
  unpair: 5_000,
  use_proxy: 20_000,
  off: 5_000,
  open_quick_access: 20_000,
};

/** What Chromium says when no extension with that id listens to this page. */
const NOT_FOUND_ERRORS = [
  /could not establish connection/i,
  /receiving end does not exist/i,
  /invalid extension id/i,
  /must specify an extension id/i,
];

/**
 * Classifies what `sendMessage` gave: the reply, or the error it reported (`runtime.lastError`, a
 * throw or a rejection). Pure: the tests call it with each case.
 */
export const classifyReply = (reply: unknown, error?: string): ExtensionOutcome => {
  if (error !== undefined) {
    if (NOT_FOUND_ERRORS.some((pattern) => pattern.test(error))) return { state: 'not_found', reason: error };
    return { state: 'failed', reason: error };
  }
  if (reply === null || typeof reply !== 'object') return { state: 'failed', reason: 'no_reply' };
  const answer = reply as Record<string, unknown>;
  if (answer.ok === true && (answer.state === undefined || answer.state === 'success')) {
    return { state: 'success', reply: answer };
  }
  const reason = typeof answer.reason === 'string' && answer.reason !== '' ? answer.reason : 'failed';
  if (answer.state === 'timeout') return { state: 'timeout', reason };
  return { state: 'failed', reason };
};

/** The part of `chrome.runtime` a web page sees when an extension lets it talk (`externally_connectable`). */
interface PageRuntime {
  sendMessage: (extensionId: string, message: unknown, callback: (reply: unknown) => void) => void;
  lastError?: { message?: string } | undefined;
}

/** The page's `chrome.runtime`, or null when no extension lets this page send it messages. */
export const pageRuntime = (): PageRuntime | null => {
  const runtime = (globalThis as { chrome?: { runtime?: Partial<PageRuntime> } }).chrome?.runtime;
  return typeof runtime?.sendMessage === 'function' ? (runtime as PageRuntime) : null;
};

const errorText = (error: unknown): string =>
  error instanceof Error ? error.message : typeof error === 'string' ? error : 'failed';

/**
 * Sends one message to the extension `extensionId` and waits at most `timeoutMs` (the type's
 * {@link EXTENSION_TIMEOUTS_MS} unless given) for its answer.
 */
export const sendToExtension = <Reply = Record<string, unknown>>(
  extensionId: string | null | undefined,
  message: ExtensionRequest,
  timeoutMs = EXTENSION_TIMEOUTS_MS[message.type],
): Promise<ExtensionOutcome<Reply>> => {
  const runtime = pageRuntime();
  if (!runtime) return Promise.resolve({ state: 'not_found', reason: 'no_runtime' });
  if (!extensionId) return Promise.resolve({ state: 'not_found', reason: 'no_extension_id' });
  return new Promise((resolve) => {
    let isDone = false;
    const finish = (outcome: ExtensionOutcome) => {
      if (isDone) return;
      isDone = true;
      clearTimeout(timer);
      resolve(outcome as ExtensionOutcome<Reply>);
    };
    const timer = setTimeout(() => finish({ state: 'timeout', reason: 'no_answer' }), timeoutMs);
    try {
      const pending: unknown = runtime.sendMessage(extensionId, message, (reply) => {
        // Reading lastError marks it handled (Chromium logs an unchecked one).
        const error = runtime.lastError?.message;
        finish(classifyReply(reply, error === undefined ? undefined : error));
      });
      // Some builds answer with a promise as well; a rejection is an error like lastError.
      if (pending && typeof (pending as Promise<unknown>).catch === 'function') {
        (pending as Promise<unknown>).catch((error: unknown) =>
          finish(classifyReply(undefined, errorText(error))),
        );
      }
    } catch (error) {
      finish(classifyReply(undefined, errorText(error)));
    }
  });
};

/** Where the console remembers the extension's id (for the logout's `unpair`) and its own pairing. */
export const EXTENSION_STORAGE_KEYS = {
  extensionId: 'ptc-extension-id',
  pairing: 'ptc-extension-pairing',
} as const;

/** The pairing this console made with the extension of this browser. */
export interface StoredPairing {
  pairing_id: string;
  username: string;
}

export const readStoredPairing = (storage: KeyValueStorage = browserStorage): StoredPairing | null => {
  try {
    const value = JSON.parse(storage.getItem(EXTENSION_STORAGE_KEYS.pairing) ?? 'null') as unknown;
    if (value && typeof value === 'object') {
      const { pairing_id, username } = value as Record<string, unknown>;
      if (typeof pairing_id === 'string' && typeof username === 'string') return { pairing_id, username };
    }
  } catch {
    // Unreadable: as if none.
  }
  return null;
};

export const writeStoredPairing = (
  pairing: StoredPairing | null,
  storage: KeyValueStorage = browserStorage,
) => {
  if (pairing) storage.setItem(EXTENSION_STORAGE_KEYS.pairing, JSON.stringify(pairing));
  else storage.removeItem(EXTENSION_STORAGE_KEYS.pairing);
};

/**
 * On logout (`features/auth/logout.ts`): tells the extension of this browser to forget its
 * pairing, without waiting (the server ends the pairing with the session as well), and forgets
 * this console's record of it. Sends nothing when this console never learnt the extension's id.
 */
export const unpairOnLogout = (storage: KeyValueStorage = browserStorage): void => {
  const extensionId = storage.getItem(EXTENSION_STORAGE_KEYS.extensionId);
  writeStoredPairing(null, storage);
  if (extensionId) void sendToExtension(extensionId, { type: 'unpair' });
};
