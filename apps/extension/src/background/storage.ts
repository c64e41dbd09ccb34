import type { ActiveProxy, LastOutcome, StoredPairing } from '../shared/state';

/** What chrome.storage.local holds (the service worker may be stopped at any time). */
export interface Stored {
  pairing: StoredPairing | null;
  /** The server ended the pairing (401) and the token was forgotten. */
  pairing_ended: boolean;
  active: ActiveProxy | null;
  last: LastOutcome | null;
  /** When the extension last began setting a proxy (ms): what the credential clearing goes back to. */
  proxy_set_at: number | null;
}

const DEFAULTS: Stored = {
  pairing: null,
  pairing_ended: false,
  active: null,
  last: null,
  proxy_set_at: null,
};

/** Reads everything stored, with defaults. */
export const readStored = async (): Promise<Stored> => {
  const values = await chrome.storage.local.get(Object.keys(DEFAULTS));
  return { ...DEFAULTS, ...(values as Partial<Stored>) };
};

/** Writes some of it. */
export const writeStored = (values: Partial<Stored>) => chrome.storage.local.set(values);
