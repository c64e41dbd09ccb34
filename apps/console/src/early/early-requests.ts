/**
 * The overview's first requests, sent by a script of their own (`early-entry.ts`, listed in
 * `index.html` before the entry) that imports nothing: they leave right after the HTML instead of
 * after the entry's ~300 KB of code has arrived and run (issue #16: the overview's largest paint
 * waited for the user info's round trip after the code). The API client takes each answer once, if
 * it asks for the same address with the same headers soon after (`early-responses.ts`); otherwise
 * it asks as usual, so a difference here costs a request, never a wrong answer.
 *
 * This module must import nothing: the build puts whatever both entries import into the entry's
 * chunk, which this script would then wait for. Its rules copy the console's (the language rule
 * of `@ptc/contracts`, the request headers of `http-client.ts`); `early-requests.test.ts` holds
 * them equal.
 */

/** Where the requests are kept for the API client (`early-responses.ts` reads the same name). */
export const EARLY_REQUESTS_GLOBAL = '__ptcEarlyRequests';

/** One request sent early; `taken` once the API client has used its answer. */
export interface EarlyRequest {
  url: string;
  /** Header names in lower case, as `Headers` gives them. */
  headers: Record<string, string>;
  response: Promise<Response>;
  taken: boolean;
}

/** Addresses that open on the overview for a signed-in customer (`overview-prefetch.ts`). */
const OVERVIEW_PATHS = ['/dashboard/overview', '/dashboard'];
/** What the overview's first screen asks for (`overview-prefetch.ts`), below the API base. */
export const EARLY_API_PATHS = ['/user/info', '/proxy/summary/proxies', '/proxy/summary/traffic'];

const LOCALES = ['zh-CN', 'en-US', 'ru-RU'];
const DEFAULT_LOCALE = 'en-US';
/** Storage keys of `STORAGE_KEYS` in `@ptc/contracts`. */
export const EARLY_STORAGE_KEYS = { token: 'token', locale: 'arco-locale', ref: 'ref', anniv: 'anniv' };

/** The interface language by the console's rule: the stored choice, else the browser's, else English. */
export const earlyLocale = (stored: string | null, browserLanguages: readonly string[]): string => {
  if (stored !== null && LOCALES.includes(stored)) return stored;
  for (const tag of browserLanguages) {
    const exact = LOCALES.find((locale) => locale.toLowerCase() === tag.toLowerCase());
    if (exact) return exact;
    const language = tag.split('-')[0]?.toLowerCase();
    const near = LOCALES.find((locale) => locale.split('-')[0]?.toLowerCase() === language);
    if (near) return near;
  }
  return DEFAULT_LOCALE;
};

/** The headers the API client would send (SPEC §7), or null when no session is stored. */
export const earlyHeaders = (
  storage: Pick<Storage, 'getItem'>,
  browserLanguages: readonly string[],
  timeZone: string,
): Record<string, string> | null => {
  const token = storage.getItem(EARLY_STORAGE_KEYS.token);
  if (!token) return null;
  const headers: Record<string, string> = {
    lang: earlyLocale(storage.getItem(EARLY_STORAGE_KEYS.locale), browserLanguages),
    tz: timeZone,
    authorization: token,
  };
  const ref = storage.getItem(EARLY_STORAGE_KEYS.ref);
  if (ref) headers.ref = ref;
  const anniv = storage.getItem(EARLY_STORAGE_KEYS.anniv);
  if (anniv) headers.anniv = anniv;
  return headers;
};

/** The environment the requests are sent from (the page's `window`, or a test's). */
export interface EarlyScope {
  location: { pathname: string };
  storage: Pick<Storage, 'getItem'> | null;
  languages: readonly string[];
  timeZone: () => string;
  fetch: (url: string, init: RequestInit) => Promise<Response>;
  keep: (requests: EarlyRequest[]) => void;
}

/** Sends the overview's requests when the page is the overview and a session is stored. */
export const sendEarlyRequests = (scope: EarlyScope, apiBase: string): EarlyRequest[] => {
  if (!OVERVIEW_PATHS.includes(scope.location.pathname) || !scope.storage) return [];
  const headers = earlyHeaders(scope.storage, scope.languages, scope.timeZone());
  if (!headers) return [];
  const base = apiBase.replace(/\/$/, '');
  const requests = EARLY_API_PATHS.map((path) => {
    const url = `${base}${path}`;
    const response = scope.fetch(url, { method: 'GET', headers });
    // Kept for the API client, which handles a failure by asking again; unhandled here otherwise.
    response.catch(() => undefined);
    return { url, headers, response, taken: false };
  });
  scope.keep(requests);
  return requests;
};
