import { STORAGE_KEYS } from '@ptc/contracts';
import { browserStorage } from '../../shared/storage/storage';

/** Sets (with the guest's analytics email) or clears the guest markers of SPEC §3 (`anonymous`, `tourist-email`). */
export const markTouristSession = (touristEmail: string | undefined): void => {
  if (touristEmail === undefined) {
    browserStorage.removeItem(STORAGE_KEYS.anonymous);
    browserStorage.removeItem(STORAGE_KEYS.touristEmail);
    return;
  }
  browserStorage.setItem(STORAGE_KEYS.anonymous, '1');
  browserStorage.setItem(STORAGE_KEYS.touristEmail, touristEmail);
};
