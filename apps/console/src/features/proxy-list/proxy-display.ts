import type { ProxyRow } from '@ptc/contracts';
import dayjs from 'dayjs';
import { getPlaceNamer } from '../../shared/i18n/place-names';

/** The name of a country in the interface language ("US" → "United States", "Соединенные Штаты"). */
export const countryName = (code: string, locale: string): string => getPlaceNamer(locale).country(code);

/**
 * Where a proxy exits: city, state and country of its area in the interface language (the shared
 * place-name helper), else the exit's own label.
 */
export const locationOf = (area: ProxyRow['area'], locale: string): string =>
  getPlaceNamer(locale).place(area);

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
