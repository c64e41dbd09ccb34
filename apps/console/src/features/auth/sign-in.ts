import type { UserInfo } from '@ptc/contracts';

/** What signing in touches: the stored token and the user info (injected so tests run in Node). */
export interface SignInDeps<T> {
  /** Stores the token of the new session (and whatever else the session brings). */
  storeToken(token: string, session: T): void;
  /** Fetches and caches the user info with the stored token. */
  loadUserInfo(): Promise<UserInfo>;
  /** Forgets the token again. */
  clearToken(): void;
}

/** A finished sign-in: the call's answer and the user it signed in. */
export interface SignedIn<T> {
  session: T;
  user: UserInfo;
}

/**
 * The session behaviour of SPEC §4: the sign-in call answers a token, which is stored, then the
 * user info is fetched and cached. On any failure the token is cleared and the error rethrown,
 * so the caller still shows it (and refreshes its captcha).
 */
export const signInWith = async <T extends { token: string }>(
  call: () => Promise<T>,
  deps: SignInDeps<T>,
): Promise<SignedIn<T>> => {
  try {
    const session = await call();
    deps.storeToken(session.token, session);
    const user = await deps.loadUserInfo();
    return { session, user };
  } catch (error) {
    deps.clearToken();
    throw error;
  }
};
