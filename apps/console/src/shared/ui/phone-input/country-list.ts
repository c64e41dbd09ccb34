import { PHONE_INPUT_DEFAULTS } from './phone-number';

/** What type-to-find compares: the country's name and code. */
export interface FindableCountry {
  name: string;
  iso2: string;
}

/**
 * Type-to-find in the country list (SPEC §9): letters typed in quick succession build a prefix;
 * a pause longer than `resetMs` (700 ms) starts a new one.
 */
export const createTypeToFind = (resetMs: number = PHONE_INPUT_DEFAULTS.typeToFindResetMs) => {
  let buffer = '';
  let lastAt = Number.NEGATIVE_INFINITY;
  return {
    /** Adds a typed character and answers the prefix to look for. */
    type(character: string, now: number): string {
      buffer = now - lastAt > resetMs ? character : `${buffer}${character}`;
      lastAt = now;
      return buffer;
    },
    /** Forgets the prefix (the list closed). */
    reset(): void {
      buffer = '';
      lastAt = Number.NEGATIVE_INFINITY;
    },
  };
};

const fold = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLocaleLowerCase();

/**
 * Index of the first country whose name starts with `prefix` (accents and case ignored); a
 * prefix of one repeated letter cycles through the countries starting with it, after `current`.
 */
export const findCountryIndex = (
  prefix: string,
  countries: readonly FindableCountry[],
  current = -1,
): number => {
  const wanted = fold(prefix);
  if (!wanted) return -1;
  const isRepeated = wanted.length > 1 && [...wanted].every((letter) => letter === wanted[0]);
  if (isRepeated) {
    const letter = wanted[0] ?? '';
    const matches = countries
      .map((country, index) => ({ index, name: fold(country.name) }))
      .filter(({ name }) => name.startsWith(letter));
    if (!matches.length) return -1;
    return (matches.find(({ index }) => index > current) ?? matches[0])?.index ?? -1;
  }
  return countries.findIndex((country) => fold(country.name).startsWith(wanted));
};

/** Where the country list opens: below the field when more than 200 px is free there, else above. */
export const choosePopupPlacement = (
  spaceBelowPx: number,
  minSpacePx: number = PHONE_INPUT_DEFAULTS.minSpaceBelowPx,
): 'bottomLeft' | 'topLeft' => (spaceBelowPx > minSpacePx ? 'bottomLeft' : 'topLeft');
