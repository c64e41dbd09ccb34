import { STORAGE_KEYS } from '@ptc/contracts';
import { browserStorage, readJson, writeJson } from '../../shared/storage/storage';
import { createStore } from '../../shared/store/create-store';

/** One bulletin of the list (SPEC §3 "Bulletin list"): its id (null: a placeholder) and whether it shows. */
export interface BulletinEntry {
  id: string | null;
  show: boolean;
}

/** The bulletin list kept in browser storage under `bulletin-list` (SPEC §3). */
export interface BulletinList {
  activeId: string | null;
  list: BulletinEntry[];
}

export const EMPTY_BULLETIN_LIST: BulletinList = { activeId: null, list: [] };

// --- The SPEC §4 behaviour, as pure functions of the list ---

/**
 * Pushing one with an id sets it active and shows it, or merges it into the entry already there
 * (the entry keeps what it had unless the push says otherwise: a bulletin closed here stays
 * closed). Pushing without an id adds a null placeholder.
 */
export const pushEntry = (state: BulletinList, entry: Partial<BulletinEntry> = {}): BulletinList => {
  const id = entry.id ?? null;
  if (id === null) return { ...state, list: [...state.list, { id: null, show: entry.show ?? true }] };
  const present = state.list.find((item) => item.id === id);
  return {
    activeId: id,
    list: present
      ? state.list.map((item) => (item.id === id ? { ...item, ...entry, id } : item))
      : [...state.list, { id, show: entry.show ?? true }],
  };
};

/** Closing hides it (the entry stays, so that a later push does not show it again). */
export const closeEntry = (state: BulletinList, id: string): BulletinList => {
  const list = state.list.map((item) => (item.id === id ? { ...item, show: false } : item));
  return { list, activeId: state.activeId === id ? nextActive(list) : state.activeId };
};

/** Removal deletes it. */
export const removeEntry = (state: BulletinList, id: string): BulletinList => {
  const list = state.list.filter((item) => item.id !== id);
  return { list, activeId: state.activeId === id ? nextActive(list) : state.activeId };
};

/** The last shown bulletin with an id, or null. */
const nextActive = (list: BulletinEntry[]): string | null =>
  [...list].reverse().find((item) => item.show && item.id !== null)?.id ?? null;

/** A stored list, or the empty one when storage holds nothing readable. */
export const parseBulletinList = (value: unknown): BulletinList => {
  if (value === null || typeof value !== 'object') return EMPTY_BULLETIN_LIST;
  const { activeId, list } = value as Partial<BulletinList>;
  if (!Array.isArray(list)) return EMPTY_BULLETIN_LIST;
  const entries = list.filter(
    (item): item is BulletinEntry =>
      item !== null &&
      typeof item === 'object' &&
      (item.id === null || typeof item.id === 'string') &&
      typeof item.show === 'boolean',
  );
  return { activeId: typeof activeId === 'string' ? activeId : null, list: entries };
};

// --- The list of this browser ---

/** The bulletin list of this browser, read from storage when this module first loads. */
export const bulletinListStore = createStore<BulletinList>(
  parseBulletinList(readJson(browserStorage, STORAGE_KEYS.bulletinList)),
);

const update = (change: (state: BulletinList) => BulletinList) => {
  bulletinListStore.set((state) => {
    const next = change(state);
    writeJson(browserStorage, STORAGE_KEYS.bulletinList, next);
    return next;
  });
};

export const pushBulletin = (entry?: Partial<BulletinEntry>) => update((state) => pushEntry(state, entry));
export const closeBulletin = (id: string) => update((state) => closeEntry(state, id));
export const removeBulletin = (id: string) => update((state) => removeEntry(state, id));

/** Forgets the list (logout: storage is cleared by `clearSession`, the memory here). */
export const clearBulletins = () => bulletinListStore.set(EMPTY_BULLETIN_LIST);

/**
 * Brings the list in line with the server's bulletins in force (newest first): gone ones are
 * removed, ones closed on any device are closed, the others pushed oldest first (so the newest is
 * active). Answers the ids to show, in the server's order.
 */
export const syncBulletins = (served: readonly { id: string; closed: boolean }[]): string[] => {
  const ids = new Set(served.map((item) => item.id));
  for (const item of bulletinListStore.get().list) {
    if (item.id !== null && !ids.has(item.id)) removeBulletin(item.id);
  }
  for (const item of [...served].reverse()) {
    if (item.closed) {
      if (bulletinListStore.get().list.some((entry) => entry.id === item.id)) closeBulletin(item.id);
    } else {
      pushBulletin({ id: item.id });
    }
  }
  return shownIds(bulletinListStore.get(), served);
};

/** The served bulletins the list shows (open on the server, shown here), in the server's order. */
export const shownIds = (state: BulletinList, served: readonly { id: string; closed: boolean }[]): string[] =>
  served
    .filter((item) => !item.closed && state.list.some((entry) => entry.id === item.id && entry.show))
    .map((item) => item.id);
