import { type CountryCode, getCountries, getCountryCallingCode, Metadata } from 'libphonenumber-js/min';

/** One entry of the country list of the phone input (SPEC §3 "Dial-code data"). */
export interface DialCode {
  /** Country name in the interface language. */
  name: string;
  /** ISO 3166-1 alpha-2 code, upper case (`US`). */
  iso2: CountryCode;
  /** Calling code without `+` (`1`). */
  dialCode: string;
  /** 0 for the main country of a calling code, then 1, 2… for the others sharing it. */
  priority: number;
  /** Leading national digits that pick this country among those sharing its calling code. */
  areaCodes: readonly string[] | null;
}

/** Gives the display name of a region, or `undefined` when unknown. */
export type RegionNamer = (iso2: string) => string | undefined;

const REGIONAL_INDICATOR_A = 0x1f1e6;

/** The emoji flag of a country (`US` → 🇺🇸), from the two regional indicator symbols. */
export const countryFlag = (iso2: string): string =>
  /^[A-Za-z]{2}$/.test(iso2)
    ? String.fromCodePoint(
        ...[...iso2.toUpperCase()].map((letter) => REGIONAL_INDICATOR_A + letter.charCodeAt(0) - 65),
      )
    : '';

/** Names of regions in `locale` through `Intl.DisplayNames`; answers `undefined` where unsupported. */
export const createRegionNamer = (locale: string): RegionNamer => {
  try {
    const names = new Intl.DisplayNames([locale, 'en'], { type: 'region', fallback: 'none' });
    return (iso2) => {
      try {
        return names.of(iso2);
      } catch {
        return undefined;
      }
    };
  } catch {
    return () => undefined;
  }
};

const AREA_CODE_MAX_LENGTH = 4;
/** North American numbers are told apart by their 3-digit area code. */
const NANP_AREA_CODE_LENGTH = 3;

/**
 * The shortest digit prefixes (up to 4 digits) that the metadata's leading-digits pattern
 * accepts. A prefix is tried with a filler behind it, as the pattern may look one digit further.
 */
export const deriveAreaCodes = (leadingDigits: string, dialCode: string): string[] => {
  const pattern = new RegExp(`^(?:${leadingDigits})`);
  const accepts = (prefix: string) => pattern.test(`${prefix}2222222`);
  const lengths =
    dialCode === '1'
      ? [NANP_AREA_CODE_LENGTH]
      : Array.from({ length: AREA_CODE_MAX_LENGTH }, (_, index) => index + 1);
  const found: string[] = [];
  for (const length of lengths) {
    const count = 10 ** length;
    for (let value = 0; value < count; value += 1) {
      const prefix = String(value).padStart(length, '0');
      if (found.some((shorter) => prefix.startsWith(shorter))) continue;
      if (accepts(prefix)) found.push(prefix);
    }
  }
  return found;
};

const leadingDigitsOf = (metadata: Metadata, iso2: CountryCode): string | undefined => {
  metadata.selectNumberingPlan(iso2);
  const plan = metadata.numberingPlan as { leadingDigits?: () => unknown } | undefined;
  const value = plan?.leadingDigits?.();
  return typeof value === 'string' && value !== '' ? value : undefined;
};

/**
 * Every country libphonenumber knows, with calling code, priority among the countries sharing
 * it and their area codes, named by `nameOf` (falling back to the ISO code), sorted by name.
 */
export const listDialCodes = (nameOf: RegionNamer, locale = 'en'): DialCode[] => {
  const metadata = new Metadata();
  const sharing = new Map<string, CountryCode[]>();
  const countries = getCountries();
  for (const iso2 of countries) {
    const dialCode = getCountryCallingCode(iso2);
    sharing.set(dialCode, [...(sharing.get(dialCode) ?? []), iso2]);
  }
  const mainCountries = (
    metadata as unknown as { metadata?: { country_calling_codes?: Record<string, string[]> } }
  ).metadata?.country_calling_codes;
  const collator = new Intl.Collator(locale);
  return countries
    .map((iso2): DialCode => {
      const dialCode = getCountryCallingCode(iso2);
      const order = mainCountries?.[dialCode] ?? sharing.get(dialCode) ?? [iso2];
      const priority = Math.max(0, order.indexOf(iso2));
      const leadingDigits = priority > 0 ? leadingDigitsOf(metadata, iso2) : undefined;
      return {
        name: nameOf(iso2) ?? iso2,
        iso2,
        dialCode,
        priority,
        areaCodes: leadingDigits ? deriveAreaCodes(leadingDigits, dialCode) : null,
      };
    })
    .sort((a, b) => collator.compare(a.name, b.name));
};

/** Which countries the list offers: an allow-list, a block-list and countries shown first. */
export interface CountryFilter {
  /** Only these countries (ISO codes, any case). */
  onlyCountries?: readonly string[];
  /** Never these countries. */
  ignoredCountries?: readonly string[];
  /** Shown first, in this order. */
  preferredCountries?: readonly string[];
}

const toUpperSet = (codes: readonly string[] | undefined): Set<string> | undefined =>
  codes?.length ? new Set(codes.map((code) => code.toUpperCase())) : undefined;

/** True when the filter lets `iso2` through. */
export const isCountryAllowed = (iso2: string, filter: CountryFilter): boolean => {
  const upper = iso2.toUpperCase();
  const only = toUpperSet(filter.onlyCountries);
  if (only && !only.has(upper)) return false;
  return !toUpperSet(filter.ignoredCountries)?.has(upper);
};

/** The list as offered: preferred countries first (in their given order), then the others. */
export const arrangeDialCodes = (all: readonly DialCode[], filter: CountryFilter): DialCode[] => {
  const allowed = all.filter((entry) => isCountryAllowed(entry.iso2, filter));
  const preferred = (filter.preferredCountries ?? [])
    .map((code) => allowed.find((entry) => entry.iso2 === code.toUpperCase()))
    .filter((entry): entry is DialCode => entry !== undefined);
  const preferredCodes = new Set(preferred.map((entry) => entry.iso2));
  return [...preferred, ...allowed.filter((entry) => !preferredCodes.has(entry.iso2))];
};
