import { DEFAULT_LOCALE, type Locale } from '@ptc/contracts';
import { useEffect, useMemo } from 'react';
import { createStore, useStore } from '../store/create-store';
import { isLocale } from './detect-locale';
import { useTranslation } from './/use-translation';

/**
 * Place names in the customer's language, the one helper every screen names places through.
 * Countries come from the browser's CLDR (`Intl.DisplayNames`); cities from CLDR's exemplar cities
 * (the `cldr-dates-full` package, loaded per language when first needed); states, which CLDR does
 * not name, keep the server's English name. Anything without a translation falls back to English.
 */

/** City names of one language by city key ("losangeles" → "Лос-Анджелес"). */
export type CityNames = ReadonlyMap<string, string>;

/** The shape of CLDR's `timeZoneNames.json`: zones by region, nested, with their exemplar city. */
interface ZoneTree {
  [name: string]: ZoneTree | string | undefined;
  exemplarCity?: string;
}
interface TimeZoneNames {
  main: Record<string, { dates: { timeZoneNames: { zone: Record<string, ZoneTree> } } }>;
}

/** The CLDR files, imported on first use: each is a lazy chunk of its own. */
const CLDR_FILES = {
  en: () => import('cldr-dates-full/main/en/timeZoneNames.json'),
  zh: () => import('cldr-dates-full/main/zh/timeZoneNames.json'),
  ru: () => import('cldr-dates-full/main/ru/timeZoneNames.json'),
} as const;

/**
 * CLDR's language folder per interface language. English needs no table: the server names places
 * in English (and CLDR's English file lists only the cities whose names differ from their zone's).
 */
const CLDR_LANGUAGES: Partial<Record<Locale, 'zh' | 'ru'>> = { 'zh-CN': 'zh', 'ru-RU': 'ru' };

/**
 * The key the supply gives a city: lower-case ASCII letters and digits of its English name
 * ("São Paulo" → "saopaulo"); the same rule as `cityKey` of `@ptc/db`.
 */
export const placeKey = (name: string): string =>
  name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

/** Every zone of a CLDR tree with its path ("America/Los_Angeles") and exemplar city, if any. */
const listZones = (tree: Record<string, ZoneTree>, prefix = ''): [string, ZoneTree][] =>
  Object.entries(tree).flatMap(([name, node]) => {
    if (!node || typeof node !== 'object') return [];
    const path = `${prefix}${name}`;
    const nested = listZones(node as Record<string, ZoneTree>, `${path}/`);
    return node._type === 'zone' ? [[path, node] as [string, ZoneTree], ...nested] : nested;
  });

const zonesOf = (file: TimeZoneNames) => {
  const [data] = Object.values(file.main);
  return data ? listZones(data.dates.timeZoneNames.zone) : [];
};

/**
 * The city table of one language from CLDR's files: each zone's exemplar city in `local`, keyed by
 * the zone's city ("Los_Angeles" → "losangeles") and by its English exemplar where that differs
 * ("Asia/Calcutta" is "Kolkata" in English). Zones that are not cities (Etc/…) are left out.
 */
export const buildCityNames = (english: TimeZoneNames, local: TimeZoneNames): CityNames => {
  const englishNames = new Map(zonesOf(english).map(([path, zone]) => [path, zone.exemplarCity]));
  const names = new Map<string, string>();
  for (const [path, zone] of zonesOf(local)) {
    if (path.startsWith('Etc/') || !zone.exemplarCity) continue;
    const zoneCity = path.slice(path.lastIndexOf('/') + 1).replace(/_/g, ' ');
    for (const englishName of [englishNames.get(path), zoneCity]) {
      if (!englishName) continue;
      const key = placeKey(englishName);
      if (key && !names.has(key)) names.set(key, zone.exemplarCity);
    }
  }
  return names;
};

/** The city tables loaded so far, by interface language. */
const cityTables = createStore<Partial<Record<Locale, CityNames>>>({});
const loading = new Map<Locale, Promise<void>>();

/** Loads the city names of `locale` once (none for English); a failure leaves the English names. */
export const loadCityNames = (locale: Locale): Promise<void> => {
  const language = CLDR_LANGUAGES[locale];
  if (!language) return Promise.resolve();
  let pending = loading.get(locale);
  if (!pending) {
    pending = Promise.all([CLDR_FILES.en(), CLDR_FILES[language]()])
      .then(([english, local]) => {
        const table = buildCityNames(
          english.default as unknown as TimeZoneNames,
          local.default as unknown as TimeZoneNames,
        );
        cityTables.set((tables) => ({ ...tables, [locale]: table }));
      })
      .catch(() => {
        // Offline or a missing chunk: the English names stay, and a later call tries again.
        loading.delete(locale);
      });
    loading.set(locale, pending);
  }
  return pending;
};

const regionNames = new Map<string, Intl.DisplayNames | null>();

/** A country's name in `locale` from its ISO code ("US" → "США"); the code when the browser has none. */
export const countryName = (code: string, locale: string): string => {
  let names = regionNames.get(locale);
  if (names === undefined) {
    try {
      names = new Intl.DisplayNames([locale, DEFAULT_LOCALE], { type: 'region', fallback: 'none' });
    } catch {
      names = null;
    }
    regionNames.set(locale, names);
  }
  const upper = code.toUpperCase();
  try {
    return names?.of(upper) ?? upper;
  } catch {
    return upper;
  }
};

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * A city's name from its key in a table (`cities`), else its English name, else the key made
 * readable. "newyorkcity" also finds CLDR's "New York".
 */
export const cityName = (key: string, english: string | null | undefined, cities?: CityNames): string => {
  const normalized = placeKey(key);
  const local = cities?.get(normalized) ?? cities?.get(normalized.replace(/city$/, ''));
  return local ?? english ?? capitalize(key);
};

/** A place as the API describes it: country code, state code or name, city key and English names. */
export interface Place {
  country?: string | null;
  state?: string | null;
  /** The state's English name when known (area lists); else `state` is shown as it is. */
  state_name?: string | null;
  city?: string | null;
  /** The city's English name when known (`city_name` of the proxy lists). */
  city_name?: string | null;
  /** The exit's own label, shown only when the place has no parts to name. */
  label?: string | null;
}

/** Names of places in one language. */
export interface PlaceNamer {
  country(code: string): string;
  city(key: string, english?: string | null): string;
  /** The whole place, most specific first ("Лос-Анджелес, CA, США"; in Chinese "美国 CA 洛杉矶"). */
  place(place: Place): string;
}

/** A {@link PlaceNamer} for `locale` with the city table loaded so far. */
export const createPlaceNamer = (locale: string, cities?: CityNames): PlaceNamer => {
  const country = (code: string) => countryName(code, locale);
  const city = (key: string, english?: string | null) => cityName(key, english, cities);
  const place = (where: Place) => {
    const parts = [
      where.country ? country(where.country) : null,
      where.state_name ?? where.state ?? null,
      where.city ? city(where.city, where.city_name) : null,
    ].filter((part): part is string => Boolean(part));
    if (parts.length === 0) return where.label ?? '';
    return locale.startsWith('zh') ? parts.join(' ') : parts.reverse().join(', ');
  };
  return { country, city, place };
};

/**
 * Place names in `locale` with the city names loaded so far, for code outside components (table
 * cells, CSV rows); starts loading the city names. A component that shows its results calls
 * {@link usePlaceNames} too, so that it renders again once they are there.
 */
export const getPlaceNamer = (locale: string): PlaceNamer => {
  const known = isLocale(locale) ? locale : DEFAULT_LOCALE;
  const cities = cityTables.get()[known];
  if (!cities) void loadCityNames(known);
  return createPlaceNamer(locale, cities);
};

/**
 * Place names in the interface language, for components: loads the language's city names on first
 * use and renders again once they are there (English names until then).
 */
export const usePlaceNames = (): PlaceNamer => {
  const { i18n } = useTranslation();
  const locale = isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE;
  const tables = useStore(cityTables);
  const cities = tables[locale];
  useEffect(() => {
    if (!cities) void loadCityNames(locale);
  }, [locale, cities]);
  return useMemo(() => createPlaceNamer(locale, cities), [locale, cities]);
};
