import { LOGIN_PATH } from '../../routes.paths';
import { queryClient } from '../../shared/api/query-client';
import { navigateTo } from '../../shared/navigation/navigation';
import { clearSession } from '../../shared/session/session';
import { logoutOnServer } from './auth.api';
import { markTouristSession } from './tourist-markers';

/** How long after a deliberate logout the guard's "not logged in" warning stays quiet. */
const QUIET_WINDOW_MS = 2_000;
let loggedOutAt = 0;

/** Ends the session on this device (SPEC §4) and drops every cached server answer. */
export const logout = (): void => {
  loggedOutAt = Date.now();
  // The browser extension forgets its pairing too; loaded on logout only (not in the first screen).
  void import('../../shared/extension/extension-bridge')
    .then(({ unpairOnLogout }) => unpairOnLogout())
    .catch(() => undefined);
  // The bulletin list in memory, if its module loaded (storage is cleared by clearSession).
  void import('../bulletins/bulletin-list')
    .then(({ clearBulletins }) => clearBulletins())
    .catch(() => undefined);
  markTouristSession(undefined);
  clearSession();
  queryClient.clear();
};

/** Logs out and goes to the login page. */
export const logoutToLogin = (): void => {
  logout();
  navigateTo(LOGIN_PATH, { replace: true });
};

/**
 * The user's own "Log out": revokes the session on the server (`POST /user/logout`, whose
 * failure changes nothing), then logs out here and goes to the login page.
 */
export const signOut = async (): Promise<void> => {
  try {
    await logoutOnServer();
  } catch {
    // The session is forgotten on this device either way.
  }
  logoutToLogin();
};

/**
 * True right after a deliberate logout, when the guard should send the user to login
 * without also warning that they are not logged in.
 */
export const isRecentLogout = (now = Date.now()): boolean => now - loggedOutAt < QUIET_WINDOW_MS;
