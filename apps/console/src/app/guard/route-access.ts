import { HOME_PATH, LOGIN_PATH, WEBAPP_NAME_PREFIX } from '../../routes.paths';
import { loginPathFor, RETURN_PARAM, safeReturnPath } from './sign-in-return';

/** What the guard knows when a route is about to render. */
export interface RouteAccessInput {
  /** Name of the matched route of the table. */
  routeName: string;
  /** The route is on the whitelist of public routes. */
  isPublic: boolean;
  /** A token is stored. */
  hasToken: boolean;
  /** The user info (with a user name) is loaded into the session. */
  isUserLoaded: boolean;
  /** Query string of the visited location, including `?` (or empty). */
  search: string;
  /** Path of the visited location: the login page brings a visitor back to it after signing in. */
  pathname?: string;
  /** The route belongs to the operator area, which has its own guard and session. */
  isOperatorArea?: boolean;
}

/** The guard's verdict. */
export type RouteAccessDecision =
  | { type: 'allow' }
  | { type: 'fetchUser' }
  | { type: 'redirect'; to: string; warningKey?: 'user.noLogin' };

/** The guard's verdict after the user-info fetch failed. */
export type FetchFailureDecision = { type: 'bridgeLogout' } | { type: 'redirect'; to: string };

/**
 * The route guard of SPEC §2:
 * 0. the operator area passes untouched: its layout guards it with the operator session, and a
 *    customer session (or its absence) must change nothing there;
 * 1. routes whose name contains 'authentication' always pass;
 * 2. with a token but no loaded user name, the user info is fetched first;
 * 3. a signed-in visit to login goes to its `redirect` path when it is a safe same-origin one,
 *    else to the overview, keeping the query;
 * 4. without a token only public routes pass; otherwise warn `user.noLogin` and go to login,
 *    which brings the visitor back to the address they opened (`?redirect=`, same-origin only).
 */
export const decideRouteAccess = (input: RouteAccessInput): RouteAccessDecision => {
  if (input.isOperatorArea) return { type: 'allow' };
  if (input.routeName.includes('authentication')) return { type: 'allow' };
  if (input.hasToken) {
    if (!input.isUserLoaded) return { type: 'fetchUser' };
    if (input.routeName === 'login') {
      const back = safeReturnPath(new URLSearchParams(input.search).get(RETURN_PARAM));
      return { type: 'redirect', to: back ?? `${HOME_PATH}${input.search}` };
    }
    return { type: 'allow' };
  }
  if (input.isPublic) return { type: 'allow' };
  const to = input.pathname ? loginPathFor(`${input.pathname}${input.search}`) : LOGIN_PATH;
  return { type: 'redirect', to, warningKey: 'user.noLogin' };
};

/**
 * After a failed user-info fetch the user is logged out: sent to login, or, inside the
 * native app wrapper (route names starting with `webapp`), told so over the app's bridge.
 */
export const decideFetchFailure = (routeName: string, path?: string): FetchFailureDecision => {
  if (routeName.startsWith(WEBAPP_NAME_PREFIX)) return { type: 'bridgeLogout' };
  // A session that ended (expired, revoked) is a signed-out visit: back here after signing in.
  return { type: 'redirect', to: path ? loginPathFor(path) : LOGIN_PATH };
};
