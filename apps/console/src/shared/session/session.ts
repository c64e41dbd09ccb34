import { STORAGE_KEYS, type UserInfo } from '@ptc/contracts';
import { browserStorage, isFlagSet, readJson, writeJson } from '../storage/storage';
import { createStore } from '../store/create-store';

/** The stored token (SPEC §3), observable so the route guard re-runs when it changes. */
export const tokenStore = createStore<string | null>(browserStorage.getItem(STORAGE_KEYS.token) || null);

/** The loaded user info; `null` until `GET /user/info` answered in this page load. */
export const userStore = createStore<UserInfo | null>(null);

/** The stored token, or `null`. */
export const getToken = (): string | null => tokenStore.get();

/** Stores the token returned by a login. */
export const setToken = (token: string): void => {
  browserStorage.setItem(STORAGE_KEYS.token, token);
  tokenStore.set(token);
};

/** Keeps the user info in the session and caches it in storage (`user-info`). */
export const setUserInfo = (info: UserInfo): void => {
  writeJson(browserStorage, STORAGE_KEYS.userInfo, info);
  userStore.set(info);
};

/** The user info cached in storage by an earlier load, or `null`. */
export const getCachedUserInfo = (): Partial<UserInfo> | null => {
  const cached = readJson(browserStorage, STORAGE_KEYS.userInfo);
  return cached !== null && typeof cached === 'object' ? (cached as Partial<UserInfo>) : null;
};

/** True when the user info (a user name at least) is loaded. */
export const isUserLoaded = (info: UserInfo | null): boolean => Boolean(info?.user_name);

/** True for tourist (guest) sessions: the stored `anonymous` flag or a tourist account. */
export const isTouristSession = (info: UserInfo | null): boolean =>
  isFlagSet(browserStorage.getItem(STORAGE_KEYS.anonymous)) || info?.is_tourist === true;

/** Forgets the session on this device: token, cached user info, bulletin list and user state (SPEC §4). */
export const clearSession = (): void => {
  browserStorage.removeItem(STORAGE_KEYS.token);
  browserStorage.removeItem(STORAGE_KEYS.userInfo);
  browserStorage.removeItem(STORAGE_KEYS.bulletinList);
  tokenStore.set(null);
  userStore.set(null);
};
