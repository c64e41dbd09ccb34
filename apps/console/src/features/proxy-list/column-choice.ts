import type { ProxyFamily } from '@ptc/contracts';
import { useCallback, useState } from 'react';
import { browserStorage, type KeyValueStorage, readJson, writeJson } from '../../shared/storage/storage';
import { FAMILY_TRAITS } from './proxy-family';

/** Every column a family's list can show. */
export type ColumnKey =
  | 'username'
  | 'password'
  | 'host'
  | 'ip'
  | 'location'
  | 'type'
  | 'protocol'
  | 'status'
  | 'switch'
  | 'rotation'
  | 'traffic_used'
  | 'ip_cost'
  | 'auto_renew'
  | 'expire_time'
  | 'remark'
  | 'create_time'
  | 'actions';

/**
 * The columns always shown, in their order (issue #16): what answers "is it on, is it healthy, how
 * much did it use" at a glance — traffic used for families paid by traffic, expiry for the others.
 */
export const essentialColumns = (family: ProxyFamily): readonly ColumnKey[] => [
  'username',
  'host',
  'location',
  'protocol',
  'status',
  'switch',
  FAMILY_TRAITS[family].isTraffic ? 'traffic_used' : 'expire_time',
  'actions',
];

/** The columns a family's customer can add from the column chooser, in the chooser's order. */
export const optionalColumns = (family: ProxyFamily): readonly ColumnKey[] => {
  const traits = FAMILY_TRAITS[family];
  const keys: ColumnKey[] = ['password', 'ip', 'type'];
  if (traits.isTraffic) keys.push('rotation');
  else keys.push('ip_cost');
  if (traits.isRenewable) keys.push('auto_renew');
  keys.push('remark', 'create_time');
  return keys;
};

/** Where the browser keeps a family's choice. */
export const columnChoiceKey = (family: ProxyFamily): string => `proxy-list-columns:${family}`;

/** The optional columns chosen for a family: none until the customer picks some; unknown keys are dropped. */
export const readColumnChoice = (storage: KeyValueStorage, family: ProxyFamily): ColumnKey[] => {
  const stored = readJson(storage, columnChoiceKey(family));
  if (!Array.isArray(stored)) return [];
  const offered = optionalColumns(family);
  return offered.filter((key) => stored.includes(key));
};

/** Remembers the optional columns chosen for a family. */
export const writeColumnChoice = (
  storage: KeyValueStorage,
  family: ProxyFamily,
  chosen: readonly ColumnKey[],
): void => {
  try {
    writeJson(storage, columnChoiceKey(family), chosen);
  } catch {
    // A full or refused storage keeps the choice for this visit only.
  }
};

/** The columns shown, in order: the essential ones, then the chosen ones, the actions last. */
export const shownColumns = (family: ProxyFamily, chosen: readonly ColumnKey[]): ColumnKey[] => {
  const essential: readonly ColumnKey[] = essentialColumns(family).filter((key) => key !== 'actions');
  const extra = chosen.filter((key) => !essential.includes(key) && key !== 'actions');
  return [...essential, ...extra, 'actions'];
};

/** The optional columns chosen for a family, kept in the browser's storage. */
export const useColumnChoice = (family: ProxyFamily, storage: KeyValueStorage = browserStorage) => {
  const [chosen, setChosen] = useState<ColumnKey[]>(() => readColumnChoice(storage, family));
  const choose = useCallback(
    (next: readonly ColumnKey[]) => {
      const offered = optionalColumns(family).filter((key) => next.includes(key));
      writeColumnChoice(storage, family, offered);
      setChosen(offered);
    },
    [family, storage],
  );
  return [chosen, choose] as const;
};
