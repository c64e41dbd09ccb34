import { type KeyValueStorage, readJson, writeJson } from '../../shared/storage/storage';

/**
 * Storage key of what "remember password" keeps: the email and the account name typed at
 * login, never a password.
 */
export const REMEMBERED_ACCOUNT_KEY = 'remember-account';

/** Login tabs whose identifier can be remembered. */
export type RememberedField = 'email' | 'account';

/** The remembered identifiers; absent ones are empty strings. */
export type RememberedAccount = Record<RememberedField, string>;

const EMPTY: RememberedAccount = { email: '', account: '' };

/** The remembered email and account, or empty strings. */
export const readRememberedAccount = (storage: KeyValueStorage): RememberedAccount => {
  const stored = readJson(storage, REMEMBERED_ACCOUNT_KEY);
  if (stored === null || typeof stored !== 'object') return { ...EMPTY };
  const { email, account } = stored as Partial<Record<RememberedField, unknown>>;
  return {
    email: typeof email === 'string' ? email : '',
    account: typeof account === 'string' ? account : '',
  };
};

/** True when something is remembered (the checkbox starts ticked then). */
export const hasRememberedAccount = (storage: KeyValueStorage): boolean => {
  const { email, account } = readRememberedAccount(storage);
  return email !== '' || account !== '';
};

/**
 * After a login: keeps `value` for `field` when "remember" is ticked, otherwise forgets every
 * remembered identifier. Only identifiers are written; passwords never reach the storage.
 */
export const rememberAccount = (
  storage: KeyValueStorage,
  field: RememberedField,
  value: string,
  remember: boolean,
): void => {
  if (!remember) {
    storage.removeItem(REMEMBERED_ACCOUNT_KEY);
    return;
  }
  writeJson(storage, REMEMBERED_ACCOUNT_KEY, { ...readRememberedAccount(storage), [field]: value.trim() });
};
