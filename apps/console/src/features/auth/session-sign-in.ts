import type { OAuthProvider, PasswordSignInResponse, SessionResponse } from '@ptc/contracts';
import { i18n } from '../../shared/i18n/i18n';
import { clearSession, setToken } from '../../shared/session/session';
import { getFeedback } from '../../shared/ui/feedback';
import { loadUserInfo } from './auth.api';
import { type SignedIn, signInWith } from './sign-in';
import {
  completeOAuth,
  logSignUp,
  type SignUpMethod,
  startTourist,
  type TouristSession,
} from './sign-in.api';
import { markTouristSession } from './tourist-markers';

/** The user info after a sign-in; its failure is silent in the client, so it is told here. */
const loadSignedInUser = async () => {
  try {
    return await loadUserInfo();
  } catch (error) {
    void getFeedback().message.error(i18n.t('auth.loginFailed'));
    throw error;
  }
};

const forgetSession = (): void => {
  markTouristSession(undefined);
  clearSession();
};

/**
 * Signs in through `call` (any call answering a token) with the session behaviour of SPEC §4.
 * A registered sign-in drops the guest markers a former tourist session may have left.
 */
export const signIn = <T extends SessionResponse>(call: () => Promise<T>): Promise<SignedIn<T>> =>
  signInWith(call, {
    storeToken: (token) => {
      markTouristSession(undefined);
      setToken(token);
    },
    loadUserInfo: loadSignedInUser,
    clearToken: forgetSession,
  });

/** Starts a guest account (`POST /user/tourist`) and signs in with it, marked as a tourist. */
export const signInAsTourist = (): Promise<SignedIn<TouristSession>> =>
  signInWith(startTourist, {
    storeToken: (token, session) => {
      markTouristSession(session.tourist_email);
      setToken(token);
    },
    loadUserInfo: loadSignedInUser,
    clearToken: forgetSession,
  });

/** Fires the `sign_up` conversion event when the sign-in created the account. */
export const logSignUpIfNew = (session: SessionResponse, method: SignUpMethod): void => {
  if (session.is_new) void logSignUp(method);
};

/**
 * Finishes an OAuth return: signs in (through `complete`, the second step when the account has
 * two-factor sign-in on and this browser is new to it), and logs the conversion of a new account.
 */
export const signInWithOAuth = async (
  provider: OAuthProvider,
  data: { code: string; state: string; ref?: string },
  complete: (answer: PasswordSignInResponse) => Promise<SessionResponse>,
): Promise<SignedIn<SessionResponse>> => {
  const result = await signIn(async () => complete(await completeOAuth(provider, data)));
  logSignUpIfNew(result.session, provider);
  return result;
};
