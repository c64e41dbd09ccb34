import { loadUserInfo } from '../auth/auth.api';
import { markTouristSession } from '../auth/tourist-markers';

/**
 * Reloads the user info after a change. Binding a phone or email turns a tourist into a
 * registered user, so the guest markers go once the server no longer calls the user a tourist.
 */
export const refreshUserInfo = async (): Promise<void> => {
  try {
    // The markers go before the session sees the info, so pages re-render as registered.
    await loadUserInfo((info) => {
      if (!info.is_tourist) markTouristSession(undefined);
    });
  } catch (error) {
    console.warn('[user-center] the user info could not be reloaded', error);
  }
};
