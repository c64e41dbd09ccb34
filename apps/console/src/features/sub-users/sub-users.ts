import { SUB_USER_SPENDING_LIMIT_MAX_PTC, SUB_USER_TRAFFIC_LIMIT_MAX, type SubUser } from '@ptc/contracts';

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB', 'PB'] as const;

/** Bytes in 1024 steps with up to two decimals ("1.5 GB"). */
export const formatBytes = (bytes: number): string => {
  let value = bytes;
  let unit = 0;
  while (Math.abs(value) >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const text = unit === 0 ? String(Math.round(value)) : String(Math.round(value * 100) / 100);
  return `${text} ${UNITS[unit]}`;
};

/** Units of the traffic limit as typed. */
export const TRAFFIC_UNITS = { MB: 2 ** 20, GB: 2 ** 30 } as const;
export type TrafficUnit = keyof typeof TRAFFIC_UNITS;

/** A typed traffic limit in bytes: null for empty, an error key for a bad or too large number. */
export const trafficLimitOf = (
  text: string | undefined,
  unit: TrafficUnit,
): { ok: true; bytes: number | null } | { ok: false; error: 'badNumber' | 'tooLarge' } => {
  const trimmed = (text ?? '').trim();
  if (trimmed === '') return { ok: true, bytes: null };
  if (!/^\d+(\.\d+)?$/.test(trimmed)) return { ok: false, error: 'badNumber' };
  const bytes = Math.round(Number(trimmed) * TRAFFIC_UNITS[unit]);
  if (!(bytes >= 1)) return { ok: false, error: 'badNumber' };
  if (bytes > SUB_USER_TRAFFIC_LIMIT_MAX) return { ok: false, error: 'tooLarge' };
  return { ok: true, bytes };
};

/** A typed spending limit as the API's PTC text: null for empty, an error key otherwise. */
export const spendingLimitOf = (
  text: string | undefined,
): { ok: true; ptc: string | null } | { ok: false; error: 'badNumber' | 'tooLarge' } => {
  const trimmed = (text ?? '').trim();
  if (trimmed === '') return { ok: true, ptc: null };
  if (!/^\d+(\.\d{1,6})?$/.test(trimmed) || !(Number(trimmed) > 0)) return { ok: false, error: 'badNumber' };
  if (Number(trimmed) > SUB_USER_SPENDING_LIMIT_MAX_PTC) return { ok: false, error: 'tooLarge' };
  return { ok: true, ptc: trimmed };
};

/** How much of its tightest limit a sub-user used this period, 0–100; null without limits. */
export const usedPercent = (subUser: SubUser): number | null => {
  const shares: number[] = [];
  if (subUser.traffic_limit_bytes !== null) shares.push(subUser.used_bytes / subUser.traffic_limit_bytes);
  if (subUser.spending_limit !== null)
    shares.push(Number(subUser.used_spending) / Number(subUser.spending_limit));
  if (shares.length === 0) return null;
  return Math.min(100, Math.floor(Math.max(...shares) * 100));
};

/** The ready `host:port:user:pass` line of a sub-user's credential. */
export const credentialLine = (subUser: SubUser): string =>
  `${subUser.host}:${subUser.port}:${subUser.username}:${subUser.password}`;
