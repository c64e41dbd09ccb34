/** The subset of the Web Storage API the console uses; tests pass an in-memory one. */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** A storage backed by a `Map`, for tests and for browsers that refuse `localStorage`. */
export const createMemoryStorage = (): KeyValueStorage => {
  const entries = new Map<string, string>();
  return {
    getItem: (key) => entries.get(key) ?? null,
    setItem: (key, value) => {
      entries.set(key, value);
    },
    removeItem: (key) => {
      entries.delete(key);
    },
  };
};

const pickBrowserStorage = (): KeyValueStorage => {
  try {
    if (typeof localStorage !== 'undefined') return localStorage;
  } catch {
    // Private modes may throw on access; the session then lives only in memory.
  }
  return createMemoryStorage();
};

/** The console's browser storage (SPEC §3): `localStorage` when available. */
export const browserStorage: KeyValueStorage = pickBrowserStorage();

/** Reads a JSON value, answering `undefined` when absent or unreadable. */
export const readJson = (storage: KeyValueStorage, key: string): unknown => {
  const raw = storage.getItem(key);
  if (raw === null || raw === '') return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
};

/** Writes a JSON value. */
export const writeJson = (storage: KeyValueStorage, key: string, value: unknown): void => {
  storage.setItem(key, JSON.stringify(value));
};

/** True when a stored flag is set (any value except empty, `false` and `0`). */
export const isFlagSet = (value: string | null): boolean =>
  value !== null && value !== '' && value !== 'false' && value !== '0';
