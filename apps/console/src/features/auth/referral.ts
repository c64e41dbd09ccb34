import { STORAGE_KEYS } from '@ptc/contracts';
import type { KeyValueStorage } from '../../shared/storage/storage';

/** Longest referral code the server accepts (`referralCodeSchema`). */
const REFERRAL_MAX_LENGTH = 32;

/**
 * Keeps the `?ref=` of a visited address in storage (SPEC §3 `ref`); the API client sends it
 * as a header and registrations pass it on. Answers the stored code.
 */
export const storeReferralFromSearch = (search: string, storage: KeyValueStorage): string | undefined => {
  const ref = new URLSearchParams(search).get('ref')?.trim();
  if (ref && ref.length <= REFERRAL_MAX_LENGTH) storage.setItem(STORAGE_KEYS.ref, ref);
  return readStoredReferral(storage);
};

/** The stored referral code, or `undefined`. */
export const readStoredReferral = (storage: KeyValueStorage): string | undefined =>
  storage.getItem(STORAGE_KEYS.ref)?.trim() || undefined;
