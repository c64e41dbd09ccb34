import { STORAGE_KEYS } from '@ptc/contracts';
import { getLocale } from '../i18n/i18n';
import { getCachedUserInfo, getToken } from '../session/session';
import { browserStorage } from '../storage/storage';
import { earlyAwareFetch } from './early-responses';
import { createHttpClient, type HttpEffects } from './http-client';

/** API base: same-origin `/api` unless `VITE_API_BASE` says otherwise. */
export const API_BASE = import.meta.env.VITE_API_BASE || '/api';

// Until the app registers its dialogs and toasts, failures are only logged.
let effects: HttpEffects = {
  toast: (text) => console.error('[api]', text),
  showTouristDialog: () => console.error('[api] tourist user'),
  showBindContactDialog: () => console.error('[api] bind a phone or email first'),
  logoutToLogin: () => console.error('[api] token error'),
  translate: () => undefined,
};

/** Registers the user-facing side effects (toasts, dialogs, logout); see `app/http-effects.tsx`. */
export const setHttpEffects = (next: HttpEffects): void => {
  effects = next;
};

/** `Temporal.Now` where the browser has it (Chromium 144+, Firefox 139+); not in TypeScript's lib yet. */
const temporalNow = (globalThis as { Temporal?: { Now?: { timeZoneId?: () => string } } }).Temporal?.Now;

/**
 * The browser's time zone, read once: each request sends it. `Temporal.Now.timeZoneId()` where the
 * browser has it: the first `Intl.DateTimeFormat()` builds the locale's date patterns besides
 * (48-128 ms in desktop Chromium 156 on this machine against 1-4 ms; on /login it was in the
 * hydration's commit, through the OAuth providers request, issue #16).
 */
let timeZone: string | undefined;
const getTimeZone = () => {
  timeZone ??= temporalNow?.timeZoneId?.() ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  return timeZone;
};

/** The console's API client. */
export const api = createHttpClient({
  baseUrl: API_BASE,
  // The overview's first answers may have been asked for before this code arrived (`src/early/`).
  fetch: (input, init) => earlyAwareFetch(String(input), init ?? {}),
  context: {
    getToken,
    getLocale,
    getTimeZone,
    getRef: () => browserStorage.getItem(STORAGE_KEYS.ref),
    getAnniv: () => browserStorage.getItem(STORAGE_KEYS.anniv),
    getCachedUser: getCachedUserInfo,
  },
  effects: {
    toast: (text, durationMs) => effects.toast(text, durationMs),
    showTouristDialog: () => effects.showTouristDialog(),
    showBindContactDialog: () => effects.showBindContactDialog(),
    logoutToLogin: () => effects.logoutToLogin(),
    translate: (key) => effects.translate(key),
  },
});
