import { HOME_PATH, LOGIN_PATH } from '../../routes.paths';
import { navigateTo } from '../../shared/navigation/navigation';

/** The query parameter of the login page that says where to go after signing in. */
export const RETURN_PARAM = 'redirect';

/** A base no real address has: a path resolved against it that leaves it was not same-origin. */
const PROBE_ORIGIN = 'https://same-origin.invalid';

/**
 * The same-origin path `value` names, or null: only an absolute path of this console (`/charge`,
 * `/charge?order=1`) passes. Refused, so that the parameter can never send anyone elsewhere (no
 * open redirect): full and scheme-relative addresses (`https://…`, `//evil.example`, `/\evil`),
 * control characters, anything that resolves to another origin, and the login page itself.
 */
export const safeReturnPath = (value: string | null | undefined): string | null => {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused.
  if (/[\u0000-\u001f\u007f]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, PROBE_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== PROBE_ORIGIN || url.pathname === LOGIN_PATH) return null;
  return `${url.pathname}${url.search}${url.hash}`;
};

/** The login page for a visitor without a session who opened `path` (with its query). */
export const loginPathFor = (path: string): string => {
  const back = safeReturnPath(path);
  return back && back !== '/' && back !== HOME_PATH
    ? `${LOGIN_PATH}?${RETURN_PARAM}=${encodeURIComponent(back)}`
    : LOGIN_PATH;
};

/** Where to go after signing in from a login page with query `search`: its safe return path, else home. */
export const afterSignInPath = (search: string): string =>
  safeReturnPath(new URLSearchParams(search).get(RETURN_PARAM)) ?? HOME_PATH;

/**
 * After a sign-in from the login page: goes to `back` (read with `afterSignInPath` before signing
 * in) unless the route guard, which sees the new session first, has left the login page already.
 * Asking the address only now would find the guard's destination without its `?redirect=`, and
 * send the visitor home instead (issue #16's deep link, about one sign-in in fifteen under load).
 */
export const leaveLoginPage = (
  back: string,
  location: Pick<Location, 'pathname'> = window.location,
): void => {
  if (location.pathname !== LOGIN_PATH) return;
  void navigateTo(back, { replace: true });
};

/** Where the return path waits while the browser is away at an OAuth provider (this tab only). */
const RETURN_STORAGE_KEY = 'ptc.signInReturn';

const tabStorage = (): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null => {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
};

/**
 * Keeps the login page's safe return path for a sign-in that leaves the console (OAuth comes back
 * to `/login?oauth=…` without it); a login page without one forgets any kept before.
 */
export const keepReturnPath = (search: string, storage = tabStorage()): void => {
  if (!storage || new URLSearchParams(search).has('oauth')) return;
  const back = safeReturnPath(new URLSearchParams(search).get(RETURN_PARAM));
  if (back) storage.setItem(RETURN_STORAGE_KEY, back);
  else storage.removeItem(RETURN_STORAGE_KEY);
};

/** Where to go after an OAuth sign-in: the kept return path (checked again), else home. */
export const takeKeptReturnPath = (storage = tabStorage()): string => {
  const kept = storage?.getItem(RETURN_STORAGE_KEY) ?? null;
  storage?.removeItem(RETURN_STORAGE_KEY);
  return safeReturnPath(kept) ?? HOME_PATH;
};
