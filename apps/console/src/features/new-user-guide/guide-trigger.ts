import { STORAGE_KEYS, type UserInfo } from '@ptc/contracts';
import { tokenStore } from '../../shared/session/session';
import { browserStorage, type KeyValueStorage, readJson, writeJson } from '../../shared/storage/storage';
import { createStore } from '../../shared/store/create-store';

/**
 * When the new-user guide opens by itself (issue #20): right after a sign-in made in this page
 * (the sign-in form, an OAuth return, a share code) by a registered customer whose user info says
 * `is_new_user`, once per customer in this browser. Reloading, opening another tab with the
 * stored session, signing out and in again: no second time. The help menu opens it whenever asked.
 * This module is small on purpose: the layout carries it, the guide's dialog loads on opening.
 */

/** Customers remembered; the oldest are forgotten past this many (a shared computer). */
const REMEMBERED_UIDS = 50;

let hasWatched = false;
let hadToken = false;
let signedInHere = false;

/**
 * Starts watching the stored token: the public pages' layout calls it as it loads, so that a
 * token appearing afterwards is a sign-in made in this page (a page opened with a stored session
 * is not one: its token was there before).
 */
export const watchForSignIn = (): void => {
  if (hasWatched) return;
  hasWatched = true;
  hadToken = Boolean(tokenStore.get());
  tokenStore.subscribe(() => {
    const hasToken = Boolean(tokenStore.get());
    if (hasToken && !hadToken) signedInHere = true;
    if (!hasToken) signedInHere = false;
    hadToken = hasToken;
  });
};

/** True after a sign-in made in this page (see {@link watchForSignIn}). */
export const wasSignedInOnThisPage = (): boolean => signedInHere;

/** The uids this browser showed the guide to. */
const readSeen = (storage: KeyValueStorage): string[] => {
  const value = readJson(storage, STORAGE_KEYS.newUserGuideSeen);
  return Array.isArray(value) ? value.filter((uid): uid is string => typeof uid === 'string') : [];
};

/** True once this browser has shown the guide to `uid`. */
export const hasSeenGuide = (uid: string, storage: KeyValueStorage = browserStorage): boolean =>
  readSeen(storage).includes(uid);

/** Remembers that `uid` was shown the guide (kept across sign-outs, unlike the session). */
export const markGuideSeen = (uid: string, storage: KeyValueStorage = browserStorage): void => {
  const seen = readSeen(storage).filter((known) => known !== uid);
  writeJson(storage, STORAGE_KEYS.newUserGuideSeen, [...seen, uid].slice(-REMEMBERED_UIDS));
};

/** Whether the guide should open by itself for this user now. */
export const shouldOpenGuide = (
  user: UserInfo | null,
  state: { signedInHere: boolean; isTourist: boolean },
  storage: KeyValueStorage = browserStorage,
): boolean =>
  Boolean(user?.uid) &&
  user?.is_new_user === true &&
  state.signedInHere &&
  !state.isTourist &&
  !hasSeenGuide(user.uid, storage);

/** Whether the guide's dialog is open; the layout renders it while it is. */
export const guideOpenStore = createStore(false);

/** Opens the guide (the help menu, the overview's first steps). */
export const openNewUserGuide = (): void => guideOpenStore.set(true);

/** Closes the guide. */
export const closeNewUserGuide = (): void => guideOpenStore.set(false);
