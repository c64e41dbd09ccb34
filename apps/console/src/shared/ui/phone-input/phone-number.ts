import { LIMITS } from '@ptc/contracts';
import {
  AsYouType,
  type CountryCode,
  getCountryCallingCode,
  isSupportedCountry,
  Metadata,
  ParseError,
  type PhoneNumber,
  parsePhoneNumberWithError,
  validatePhoneNumberLength,
} from 'libphonenumber-js/min';
import { type CountryFilter, isCountryAllowed } from './dial-codes';

/**
 * How typed text is read (SPEC §9): `auto` reads text starting with `+` as international and
 * anything else as a national number of the chosen country.
 */
export type PhoneInputMode = 'auto' | 'international' | 'national';

/** The phone input's defaults of SPEC §9. */
export const PHONE_INPUT_DEFAULTS = {
  maxLength: 25,
  mode: 'auto',
  name: 'telephone',
  type: 'tel',
  /** Type-to-find in the country list forgets what was typed after this pause. */
  typeToFindResetMs: 700,
  /** The country list opens below the field when more than this is free there. */
  minSpaceBelowPx: 200,
} as const;

/** Why a phone number is refused: libphonenumber's parse errors, or a number the country does not use. */
export type PhoneError = 'NOT_A_NUMBER' | 'INVALID_COUNTRY' | 'TOO_SHORT' | 'TOO_LONG' | 'INVALID';

/** Locale key of the text of each {@link PhoneError}. */
export const PHONE_ERROR_KEYS: Record<PhoneError, string> = {
  NOT_A_NUMBER: 'phone.error.notANumber',
  INVALID_COUNTRY: 'phone.error.invalidCountry',
  TOO_SHORT: 'phone.error.tooShort',
  TOO_LONG: 'phone.error.tooLong',
  INVALID: 'phone.error.invalid',
};

/** The parse result of SPEC §3 ("Phone number parse result"), plus the reason when invalid. */
export interface PhoneParseResult {
  /** Country of the number, else the chosen one. */
  countryCode: CountryCode | undefined;
  valid: boolean;
  /** Country the number belongs to, when libphonenumber can tell. */
  country: CountryCode | undefined;
  /** Formatted for display in the effective mode. */
  formatted: string;
  nationalNumber: string | undefined;
  countryCallingCode: string | undefined;
  /** E.164 form (`+14155550123`). */
  number: string | undefined;
  ext: string | undefined;
  error: PhoneError | undefined;
}

/** What reading a phone text depends on. */
export interface PhoneReadOptions {
  mode: PhoneInputMode;
  /** The chosen country. */
  country: CountryCode | undefined;
}

const MODES: readonly PhoneInputMode[] = ['auto', 'international', 'national'];
const PARSE_ERRORS = new Set<string>(['NOT_A_NUMBER', 'INVALID_COUNTRY', 'TOO_SHORT', 'TOO_LONG']);

/** Checks the `mode` prop: an unknown value logs 'Invalid value of prop mode' and means international. */
export const resolveMode = (
  mode: unknown,
  log: (message: string) => void = (message) => console.error(message),
): PhoneInputMode => {
  if (mode === undefined) return PHONE_INPUT_DEFAULTS.mode;
  if (MODES.includes(mode as PhoneInputMode)) return mode as PhoneInputMode;
  log('Invalid value of prop mode');
  return 'international';
};

/** Whether `text` is read as an international or a national number. */
export const effectiveMode = (mode: PhoneInputMode, text: string): 'international' | 'national' => {
  if (mode === 'auto') return text.trimStart().startsWith('+') ? 'international' : 'national';
  return mode;
};

/** A country code that libphonenumber knows, or `undefined`. */
export const toCountryCode = (value: string | null | undefined): CountryCode | undefined => {
  const upper = value?.toUpperCase();
  return upper && isSupportedCountry(upper) ? upper : undefined;
};

const NOT_PHONE_CHARACTERS = /[^\d\s()+-]/g;
const HAS_NOT_PHONE_CHARACTER = /[^\d\s()+-]/;

/** Keeps only digits, spaces, `+`, `-` and parentheses (the optional character restriction of SPEC §5). */
export const restrictPhoneCharacters = (text: string): string => text.replace(NOT_PHONE_CHARACTERS, '');

/** Rules a new text must pass before the field accepts it. */
export interface PhoneTextRules {
  /** Drop characters other than digits, spaces, `+ - ( )`. */
  validCharactersOnly: boolean;
  /** A custom pattern the whole text must match; text that does not is refused. */
  pattern?: RegExp | undefined;
}

/**
 * The text the field shows after the user typed `next`: restricted characters dropped, cut at
 * the raw limit of 250 characters, and the previous text kept when the custom pattern refuses it.
 */
export const acceptPhoneText = (previous: string, next: string, rules: PhoneTextRules): string => {
  const restricted = (rules.validCharactersOnly ? restrictPhoneCharacters(next) : next).slice(
    0,
    LIMITS.PHONE_RAW_MAX_LENGTH,
  );
  if (
    rules.pattern &&
    restricted !== '' &&
    !new RegExp(rules.pattern.source, rules.pattern.flags).test(restricted)
  ) {
    return previous;
  }
  return restricted;
};

const digitsOf = (text: string): string => text.replace(/\D/g, '');

/** The text prepared for libphonenumber: `+` and digits internationally, the chosen country nationally. */
const parseArguments = (text: string, options: PhoneReadOptions): [string, CountryCode | undefined] => {
  const mode = effectiveMode(options.mode, text);
  if (mode === 'international' && !text.trimStart().startsWith('+')) {
    // International mode without `+`: the digits are a national number of the chosen country.
    return [text, options.country];
  }
  return [text, mode === 'national' ? options.country : undefined];
};

const displayFormat = (phone: PhoneNumber, options: PhoneReadOptions, text: string): string =>
  effectiveMode(options.mode, text) === 'international'
    ? phone.formatInternational()
    : phone.formatNational();

/** The error of a parsed number: its national length (2–17 digits), then libphonenumber's verdict. */
const checkParsed = (
  phone: PhoneNumber,
  text: string,
  country: CountryCode | undefined,
): PhoneError | undefined => {
  const { min, max } = LIMITS.PHONE_NATIONAL_DIGITS;
  if (phone.nationalNumber.length < min) return 'TOO_SHORT';
  if (phone.nationalNumber.length > max) return 'TOO_LONG';
  if (phone.isValid()) return undefined;
  const length = validatePhoneNumberLength(text, country);
  if (length === 'TOO_SHORT' || length === 'TOO_LONG') return length;
  return 'INVALID';
};

/** Parses what the user typed into the result of SPEC §3, with the reason when it is not a valid number. */
export const parsePhoneText = (text: string, options: PhoneReadOptions): PhoneParseResult => {
  const empty: PhoneParseResult = {
    countryCode: options.country,
    valid: false,
    country: undefined,
    formatted: text,
    nationalNumber: undefined,
    countryCallingCode: undefined,
    number: undefined,
    ext: undefined,
    error: undefined,
  };
  if (text.length > LIMITS.PHONE_RAW_MAX_LENGTH) return { ...empty, error: 'TOO_LONG' };
  const [input, country] = parseArguments(text, options);
  let phone: PhoneNumber;
  try {
    phone = parsePhoneNumberWithError(input, country);
  } catch (error) {
    const reason =
      error instanceof ParseError && PARSE_ERRORS.has(error.message) ? error.message : 'NOT_A_NUMBER';
    return { ...empty, error: reason as PhoneError };
  }
  const error = checkParsed(phone, input, country);
  return {
    countryCode: phone.country ?? options.country,
    valid: error === undefined,
    country: phone.country,
    formatted: displayFormat(phone, options, text),
    nationalNumber: phone.nationalNumber,
    countryCallingCode: phone.countryCallingCode,
    number: phone.number,
    ext: phone.ext,
    error,
  };
};

/**
 * Formats the text as the user types (auto-format of SPEC §9). International numbers keep the
 * `+`; in the international mode a national entry is shown with the chosen country's code.
 */
export const formatPhoneText = (text: string, options: PhoneReadOptions): string => {
  if (text.trim() === '') return text;
  const [input, country] = parseArguments(text, options);
  const formatter = new AsYouType(country);
  const formatted = formatter.input(input);
  const isInternationalEntry = options.mode === 'international' && !text.trimStart().startsWith('+');
  if (isInternationalEntry) {
    const phone = formatter.getNumber();
    return phone ? phone.formatInternational() : formatted;
  }
  return formatted;
};

/** The main country of a calling code (`1` → US, `44` → GB), from libphonenumber's metadata. */
export const mainCountryOf = (callingCode: string): CountryCode | undefined => {
  const metadata = new Metadata() as unknown as {
    metadata?: { country_calling_codes?: Record<string, string[] | undefined> };
  };
  return toCountryCode(metadata.metadata?.country_calling_codes?.[callingCode]?.[0]);
};

/**
 * The country an international entry points at (`+44 20…` → GB): the number's country once
 * libphonenumber can tell, else `current` when it shares the calling code, else the code's main country.
 */
export const detectTypedCountry = (text: string, current?: CountryCode): CountryCode | undefined => {
  if (!text.trimStart().startsWith('+')) return undefined;
  const formatter = new AsYouType();
  formatter.input(text);
  const country = formatter.getCountry();
  if (country) return country;
  const callingCode = formatter.getCallingCode();
  if (!callingCode) return undefined;
  if (current && getCountryCallingCode(current) === callingCode) return current;
  return mainCountryOf(callingCode);
};

/**
 * The value handed to the form: E.164 (`+14155550123`) when the digits can be placed under a
 * calling code, else the text as typed, so that validation reports why it is not a number.
 */
export const toPhoneValue = (text: string, options: PhoneReadOptions): string => {
  if (text.trim() === '') return '';
  if (HAS_NOT_PHONE_CHARACTER.test(text)) return text;
  const parsed = parsePhoneText(text, options);
  if (parsed.number) return parsed.number;
  const digits = digitsOf(text);
  if (text.trimStart().startsWith('+')) return `+${digits}`;
  return options.country ? `+${getCountryCallingCode(options.country)}${digits}` : text;
};

/** The text to show after the user picked `next` in the country list. */
export const switchCountryText = (text: string, next: CountryCode, mode: PhoneInputMode): string => {
  const dial = getCountryCallingCode(next);
  if (text.trimStart().startsWith('+')) {
    const parsed = parsePhoneText(text, { mode: 'international', country: undefined });
    const national = parsed.nationalNumber ?? '';
    return national ? formatPhoneText(`+${dial}${national}`, { mode, country: next }) : `+${dial}`;
  }
  if (mode === 'international' && text.trim() === '') return `+${dial}`;
  return text;
};

/** What a valid number must also satisfy: the country filter of the field. */
export type PhoneValidationOptions = CountryFilter;

/**
 * Validates the value emitted by the phone input (E.164, or raw text that is not a number):
 * the parse errors of SPEC §5, the national length, validity for its country and the
 * field's allow-list or block-list. Answers `undefined` for a valid number.
 */
export const validatePhoneValue = (
  value: string,
  options: PhoneValidationOptions = {},
): PhoneError | undefined => {
  const parsed = parsePhoneText(value, { mode: 'auto', country: undefined });
  if (parsed.error) return parsed.error;
  if (parsed.country) return isCountryAllowed(parsed.country, options) ? undefined : 'INVALID_COUNTRY';
  // A number no single country claims (+800…) passes only a field without an allow-list.
  return options.onlyCountries?.length ? 'INVALID_COUNTRY' : undefined;
};
