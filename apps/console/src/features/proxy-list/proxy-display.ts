import type { ProxyRow } from '@ptc/contracts';
import dayjs from 'dayjs';

const regionNames = new Map<string, Intl.DisplayNames | null>();

/** The name of a country in the interface language ("US" → "United States", "Соединённые Штаты"). */
export const countryName = (code: string, locale: string): string => {
  let names = regionNames.get(locale);
  if (names === undefined) {
    try {
      names = new Intl.DisplayNames([locale], { type: 'region' });
    } catch {
      names = null;
    }
    regionNames.set(locale, names);
  }
  try {
    return names?.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
};

/** A city key as stored ("newyork") made readable ("Newyork") when the server knows no name for it. */
const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Where a proxy exits: the exit's own label when known, else city, state and country of its area. */
export const locationOf = (area: ProxyRow['area'], locale: string): string => {
  if (area.label) return area.label;
  const parts = [
    area.city_name ?? (area.city ? capitalize(area.city) : null),
    area.state,
    area.country ? countryName(area.country, locale) : null,
  ];
  return parts.filter(Boolean).join(', ');
};

const BYTE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/** Bytes carried, in binary units as traffic is billed (1 GB = 2^30 bytes): "0 B", "1.50 MB". */
export const formatBytes = (bytesText: string): string => {
  let value: number;
  try {
    value = Number(BigInt(bytesText));
  } catch {
    return bytesText;
  }
  let unit = 0;
  while (value >= 1024 && unit < BYTE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${value} B` : `${value.toFixed(2)} ${BYTE_UNITS[unit]}`;
};

/** A time of the wire in the user's time zone. */
export const formatTime = (iso: string | null): string => (iso ? dayjs(iso).format('YYYY-MM-DD HH:mm') : '');
