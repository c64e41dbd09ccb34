import { createMemoryStorage, type KeyValueStorage } from '../../shared/storage/storage';
import { createStore } from '../../shared/store/create-store';

/** Where the operator session token is kept: never the customer's `token` key. */
export const OPERATOR_TOKEN_KEY = 'operator-token';

// Per tab: an operator session should not outlive the tab it was opened in.
const pickStorage = (): KeyValueStorage => {
  try {
    if (typeof sessionStorage !== 'undefined') return sessionStorage;
  } catch {
    // Private modes may refuse storage; the session then lives in memory.
  }
  return createMemoryStorage();
};

const storage = pickStorage();

/** The operator session token, observable so the operator layout re-checks when it changes. */
export const operatorTokenStore = createStore<string | null>(storage.getItem(OPERATOR_TOKEN_KEY) || null);

/** The stored operator session token, or `null`. */
export const getOperatorToken = (): string | null => operatorTokenStore.get();

/** Stores the session token answered by the TOTP step. */
export const setOperatorToken = (token: string): void => {
  storage.setItem(OPERATOR_TOKEN_KEY, token);
  operatorTokenStore.set(token);
};

/** Forgets the operator session on this tab (the customer session is left alone). */
export const clearOperatorSession = (): void => {
  storage.removeItem(OPERATOR_TOKEN_KEY);
  operatorTokenStore.set(null);
};
