import type { ExtensionRequest } from '@ptc/contracts';
import type { InternalRequest } from '../shared/state';
import {
  authenticator,
  getStatus,
  off,
  openQuickAccess,
  pair,
  ping,
  quickAccess,
  switchToProxy,
  unpair,
} from './controller';
import { acceptExternal, originOf } from './messages';
import { readStored } from './storage';

// Registered at the top level, so a 407 wakes the worker and finds its listener (MV3).
chrome.webRequest.onAuthRequired.addListener(
  (details, callback) => {
    authenticator.answer(details).then(
      (answer) => callback?.(answer),
      () => callback?.({}),
    );
    return undefined;
  },
  { urls: ['<all_urls>'] },
  ['asyncBlocking'],
);

const handle = (
  request: ExtensionRequest | InternalRequest,
  senderOrigin: string | null,
): Promise<unknown> => {
  switch (request.type) {
    case 'ping':
      return ping();
    case 'pair':
      return senderOrigin
        ? pair(request.token, senderOrigin)
        : Promise.resolve({ ok: false, reason: 'origin_mismatch' });
    case 'unpair':
      return unpair();
    case 'use_proxy':
      return switchToProxy(request.proxy_id);
    case 'off':
      return off();
    case 'open_quick_access':
      return openQuickAccess(request.id);
    case 'status':
      return getStatus();
    case 'quick_access':
      return quickAccess();
  }
};

// The console, through externally_connectable.
chrome.runtime.onMessageExternal.addListener((message, sender, sendResponse) => {
  readStored()
    .then(({ pairing }) => {
      const accepted = acceptExternal(message, sender.origin, pairing?.api_origin ?? null);
      if (!accepted.ok) return accepted;
      return handle(accepted.request, originOf(sender.origin));
    })
    .then(sendResponse, (error: unknown) => sendResponse({ ok: false, reason: String(error) }));
  return true;
});

const INTERNAL_TYPES = new Set(['status', 'quick_access', 'off', 'unpair', 'open_quick_access']);

// The popup and the options page.
chrome.runtime.onMessage.addListener((message: InternalRequest, sender, sendResponse) => {
  if (sender.id !== chrome.runtime.id || !INTERNAL_TYPES.has(message?.type)) return false;
  handle(message, null).then(sendResponse, (error: unknown) =>
    sendResponse({ ok: false, reason: String(error) }),
  );
  return true;
});
