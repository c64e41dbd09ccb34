/**
 * Country of the visitor for the phone input's default (SPEC §9 "auto default country"): the
 * region of the browser language, else the time zone, else the first preferred or listed one.
 */

/** IANA time zones and the country they belong to (the zones of most countries' main cities). */
// biome-ignore format: a compact table reads better than one zone per line
const TIME_ZONE_COUNTRIES: Readonly<Record<string, string>> = {
  // Africa
  'Africa/Abidjan': 'CI', 'Africa/Accra': 'GH', 'Africa/Addis_Ababa': 'ET', 'Africa/Algiers': 'DZ',
  'Africa/Cairo': 'EG', 'Africa/Casablanca': 'MA', 'Africa/Dakar': 'SN', 'Africa/Dar_es_Salaam': 'TZ',
  'Africa/Johannesburg': 'ZA', 'Africa/Kampala': 'UG', 'Africa/Khartoum': 'SD', 'Africa/Kinshasa': 'CD',
  'Africa/Lagos': 'NG', 'Africa/Luanda': 'AO', 'Africa/Maputo': 'MZ', 'Africa/Nairobi': 'KE',
  'Africa/Tripoli': 'LY', 'Africa/Tunis': 'TN', 'Africa/Windhoek': 'NA', 'Africa/Harare': 'ZW',
  'Africa/Lusaka': 'ZM', 'Africa/Douala': 'CM', 'Africa/Bamako': 'ML', 'Africa/Kigali': 'RW',
  // Americas
  'America/New_York': 'US', 'America/Chicago': 'US', 'America/Denver': 'US', 'America/Phoenix': 'US',
  'America/Los_Angeles': 'US', 'America/Anchorage': 'US', 'America/Detroit': 'US', 'Pacific/Honolulu': 'US',
  'America/Indiana/Indianapolis': 'US', 'America/Boise': 'US',
  'America/Toronto': 'CA', 'America/Vancouver': 'CA', 'America/Edmonton': 'CA', 'America/Winnipeg': 'CA',
  'America/Halifax': 'CA', 'America/St_Johns': 'CA', 'America/Regina': 'CA', 'America/Montreal': 'CA',
  'America/Mexico_City': 'MX', 'America/Cancun': 'MX', 'America/Monterrey': 'MX', 'America/Tijuana': 'MX',
  'America/Guatemala': 'GT', 'America/El_Salvador': 'SV', 'America/Tegucigalpa': 'HN', 'America/Managua': 'NI',
  'America/Costa_Rica': 'CR', 'America/Panama': 'PA', 'America/Havana': 'CU', 'America/Jamaica': 'JM',
  'America/Santo_Domingo': 'DO', 'America/Puerto_Rico': 'PR', 'America/Port-au-Prince': 'HT',
  'America/Bogota': 'CO', 'America/Caracas': 'VE', 'America/Lima': 'PE', 'America/Guayaquil': 'EC',
  'America/La_Paz': 'BO', 'America/Santiago': 'CL', 'America/Asuncion': 'PY', 'America/Montevideo': 'UY',
  'America/Argentina/Buenos_Aires': 'AR', 'America/Buenos_Aires': 'AR', 'America/Sao_Paulo': 'BR',
  'America/Manaus': 'BR', 'America/Fortaleza': 'BR', 'America/Recife': 'BR', 'America/Bahia': 'BR',
  'America/Belem': 'BR', 'America/Cuiaba': 'BR', 'America/Paramaribo': 'SR', 'America/Guyana': 'GY',
  'America/Port_of_Spain': 'TT', 'America/Barbados': 'BB', 'America/Nassau': 'BS',
  // Asia
  'Asia/Shanghai': 'CN', 'Asia/Chongqing': 'CN', 'Asia/Harbin': 'CN', 'Asia/Urumqi': 'CN',
  'Asia/Hong_Kong': 'HK', 'Asia/Macau': 'MO', 'Asia/Taipei': 'TW', 'Asia/Tokyo': 'JP', 'Asia/Seoul': 'KR',
  'Asia/Pyongyang': 'KP', 'Asia/Ulaanbaatar': 'MN', 'Asia/Singapore': 'SG', 'Asia/Kuala_Lumpur': 'MY',
  'Asia/Bangkok': 'TH', 'Asia/Ho_Chi_Minh': 'VN', 'Asia/Saigon': 'VN', 'Asia/Phnom_Penh': 'KH',
  'Asia/Vientiane': 'LA', 'Asia/Yangon': 'MM', 'Asia/Rangoon': 'MM', 'Asia/Manila': 'PH',
  'Asia/Jakarta': 'ID', 'Asia/Makassar': 'ID', 'Asia/Jayapura': 'ID', 'Asia/Brunei': 'BN', 'Asia/Dili': 'TL',
  'Asia/Kolkata': 'IN', 'Asia/Calcutta': 'IN', 'Asia/Dhaka': 'BD', 'Asia/Karachi': 'PK', 'Asia/Kathmandu': 'NP',
  'Asia/Colombo': 'LK', 'Asia/Thimphu': 'BT', 'Indian/Maldives': 'MV', 'Asia/Kabul': 'AF', 'Asia/Tehran': 'IR',
  'Asia/Baghdad': 'IQ', 'Asia/Riyadh': 'SA', 'Asia/Dubai': 'AE', 'Asia/Qatar': 'QA', 'Asia/Bahrain': 'BH',
  'Asia/Kuwait': 'KW', 'Asia/Muscat': 'OM', 'Asia/Aden': 'YE', 'Asia/Amman': 'JO', 'Asia/Beirut': 'LB',
  'Asia/Damascus': 'SY', 'Asia/Jerusalem': 'IL', 'Asia/Tel_Aviv': 'IL', 'Asia/Gaza': 'PS', 'Asia/Nicosia': 'CY',
  'Asia/Tbilisi': 'GE', 'Asia/Yerevan': 'AM', 'Asia/Baku': 'AZ', 'Asia/Almaty': 'KZ', 'Asia/Qostanay': 'KZ',
  'Asia/Aqtobe': 'KZ', 'Asia/Tashkent': 'UZ', 'Asia/Samarkand': 'UZ', 'Asia/Bishkek': 'KG',
  'Asia/Dushanbe': 'TJ', 'Asia/Ashgabat': 'TM', 'Asia/Yekaterinburg': 'RU', 'Asia/Omsk': 'RU',
  'Asia/Novosibirsk': 'RU', 'Asia/Krasnoyarsk': 'RU', 'Asia/Irkutsk': 'RU', 'Asia/Yakutsk': 'RU',
  'Asia/Vladivostok': 'RU', 'Asia/Magadan': 'RU', 'Asia/Kamchatka': 'RU',
  // Europe
  'Europe/London': 'GB', 'Europe/Dublin': 'IE', 'Europe/Lisbon': 'PT', 'Europe/Madrid': 'ES',
  'Europe/Paris': 'FR', 'Europe/Brussels': 'BE', 'Europe/Amsterdam': 'NL', 'Europe/Luxembourg': 'LU',
  'Europe/Berlin': 'DE', 'Europe/Zurich': 'CH', 'Europe/Vienna': 'AT', 'Europe/Rome': 'IT',
  'Europe/Malta': 'MT', 'Europe/Monaco': 'MC', 'Europe/Andorra': 'AD', 'Europe/Copenhagen': 'DK',
  'Europe/Oslo': 'NO', 'Europe/Stockholm': 'SE', 'Europe/Helsinki': 'FI', 'Atlantic/Reykjavik': 'IS',
  'Europe/Tallinn': 'EE', 'Europe/Riga': 'LV', 'Europe/Vilnius': 'LT', 'Europe/Warsaw': 'PL',
  'Europe/Prague': 'CZ', 'Europe/Bratislava': 'SK', 'Europe/Budapest': 'HU', 'Europe/Ljubljana': 'SI',
  'Europe/Zagreb': 'HR', 'Europe/Belgrade': 'RS', 'Europe/Sarajevo': 'BA', 'Europe/Podgorica': 'ME',
  'Europe/Skopje': 'MK', 'Europe/Tirane': 'AL', 'Europe/Athens': 'GR', 'Europe/Sofia': 'BG',
  'Europe/Bucharest': 'RO', 'Europe/Chisinau': 'MD', 'Europe/Kiev': 'UA', 'Europe/Kyiv': 'UA',
  'Europe/Minsk': 'BY', 'Europe/Moscow': 'RU', 'Europe/Kaliningrad': 'RU', 'Europe/Samara': 'RU',
  'Europe/Volgograd': 'RU', 'Europe/Istanbul': 'TR', 'Atlantic/Canary': 'ES', 'Atlantic/Azores': 'PT',
  // Oceania
  'Australia/Sydney': 'AU', 'Australia/Melbourne': 'AU', 'Australia/Brisbane': 'AU', 'Australia/Perth': 'AU',
  'Australia/Adelaide': 'AU', 'Australia/Hobart': 'AU', 'Australia/Darwin': 'AU', 'Pacific/Auckland': 'NZ',
  'Pacific/Fiji': 'FJ', 'Pacific/Port_Moresby': 'PG', 'Pacific/Guam': 'GU', 'Pacific/Tongatapu': 'TO',
  'Pacific/Apia': 'WS', 'Pacific/Noumea': 'NC', 'Pacific/Tahiti': 'PF',
};

/** The country of a time zone, when the table has it. */
export const countryOfTimeZone = (timeZone: string | undefined): string | undefined =>
  timeZone ? TIME_ZONE_COUNTRIES[timeZone] : undefined;

/** The region subtag of a language tag (`en-US` → `US`, `zh-Hans-CN` → `CN`), if it has one. */
export const regionOfLanguage = (tag: string): string | undefined => {
  try {
    const region = new Intl.Locale(tag).region;
    return region && /^[A-Z]{2}$/.test(region) ? region : undefined;
  } catch {
    return undefined;
  }
};

/** What the browser says about where the visitor is. */
export interface CountryDetectionInput {
  /** `navigator.languages` (or `[navigator.language]`). */
  languages: readonly string[];
  /** `Intl.DateTimeFormat().resolvedOptions().timeZone`. */
  timeZone: string | undefined;
  /** Countries the field offers, in list order. */
  available: readonly string[];
  /** Countries shown first. */
  preferred?: readonly string[];
}

/** Where the detected country came from. */
export type CountryDetectionSource = 'language' | 'timeZone' | 'fallback';

/**
 * The default country of the phone input: the first language region the field offers, else
 * the country of the time zone, else (with a warning, as for a failed lookup in SPEC §8) the
 * first preferred country or the first listed one.
 */
export const detectCountry = (
  input: CountryDetectionInput,
  warn: (message: string) => void = (message) => console.warn(message),
): { country: string | undefined; source: CountryDetectionSource } => {
  const offered = new Set(input.available.map((code) => code.toUpperCase()));
  for (const language of input.languages) {
    const region = regionOfLanguage(language);
    if (region && offered.has(region)) return { country: region, source: 'language' };
  }
  const fromZone = countryOfTimeZone(input.timeZone);
  if (fromZone && offered.has(fromZone)) return { country: fromZone, source: 'timeZone' };
  warn('[phone-input] the country could not be detected; using the first preferred or listed one');
  const preferred = input.preferred?.map((code) => code.toUpperCase()).find((code) => offered.has(code));
  return { country: preferred ?? input.available[0]?.toUpperCase(), source: 'fallback' };
};
