import type { ProxyFamily } from '@ptc/contracts';
import { useQueries } from '@tanstack/react-query';
import { usePlaceNames } from '../../shared/i18n/place-names';
import { useTranslation } from '../../shared/i18n/use-translation';
import { FAMILY_TRAITS } from './proxy-family';
import { fetchAreas, PROXY_LIST_QUERY_KEYS } from './proxy-list.api';

/** An option of a location select. */
export interface AreaOption {
  value: string;
  label: string;
}

/**
 * The places of one level (countries, states of a country, cities of a country or state) where the
 * family has supply, merged over its area lists (static families have one per exit type). Countries
 * are named in the interface language.
 */
export const useAreaOptions = (
  family: ProxyFamily,
  level: 'countries' | 'states' | 'cities',
  country: string | null,
  state: string | null,
): { options: AreaOption[]; isLoading: boolean } => {
  const { i18n } = useTranslation();
  const placeNames = usePlaceNames();
  const isEnabled = level === 'countries' || country !== null;
  const results = useQueries({
    queries: FAMILY_TRAITS[family].areaUses.map((use) => {
      const query = {
        use_in: use,
        ...(country ? { country } : {}),
        ...(state && level === 'cities' ? { state } : {}),
      };
      return {
        queryKey: PROXY_LIST_QUERY_KEYS.areas(level, use, query.country, query.state),
        queryFn: ({ signal }: { signal: AbortSignal }) => fetchAreas(level, query, signal),
        enabled: isEnabled,
        staleTime: 5 * 60_000,
      };
    }),
  });
  const byCode = new Map<string, AreaOption>();
  for (const result of results) {
    for (const record of result.data?.records ?? []) {
      if (byCode.has(record.code)) continue;
      const label =
        level === 'countries'
          ? placeNames.country(record.code)
          : level === 'cities'
            ? placeNames.city(record.code, record.name)
            : record.name;
      byCode.set(record.code, { value: record.code, label });
    }
  }
  const options = [...byCode.values()].sort((a, b) => a.label.localeCompare(b.label, i18n.language));
  return { options, isLoading: isEnabled && results.some((result) => result.isLoading) };
};
