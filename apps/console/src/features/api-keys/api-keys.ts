import { API_KEY_ALLOW_LIST_MAX, clientAddressSchema } from '@ptc/contracts';
import dayjs from 'dayjs';

/**
 * The API key pages at the console's edge: the allow-list as typed, and the first call a new key
 * makes.
 */

/** The public API's first call, below the API base: the account and balance (a read-only key may make it). */
export const FIRST_CALL_PATH = '/v2/account';

/** What the allow-list field holds: the addresses to send, or the lines that are none. */
export type ParsedAllowList =
  | { ok: true; list: string[] }
  | { ok: false; reason: 'invalid'; lines: string[] }
  | { ok: false; reason: 'tooMany' };

/**
 * Reads the allow-list as typed: one address or CIDR block per line (commas and spaces separate
 * too), blank lines and repeats dropped; every other line must be an IPv4/IPv6 address or block.
 */
export const parseAllowList = (text: string | undefined): ParsedAllowList => {
  const entries = [
    ...new Set(
      (text ?? '')
        .split(/[\s,;]+/)
        .map((line) => line.trim())
        .filter(Boolean),
    ),
  ];
  const invalid = entries.filter((entry) => !clientAddressSchema.safeParse(entry).success);
  if (invalid.length > 0) return { ok: false, reason: 'invalid', lines: invalid };
  if (entries.length > API_KEY_ALLOW_LIST_MAX) return { ok: false, reason: 'tooMany' };
  return { ok: true, list: entries };
};

/**
 * The ready curl of a new key's first call. `apiBase` is the console's API base (`/api`, or an
 * absolute address when the API is served elsewhere), resolved against the page's `origin`.
 */
export const firstCallCurl = (apiBase: string, origin: string, secret: string): string => {
  const base = new URL(apiBase, origin).href.replace(/\/+$/, '');
  return `curl -H "X-API-Key: ${secret}" ${base}${FIRST_CALL_PATH}`;
};

/** A key's times as the pages show them, in the browser's time zone. */
export const formatKeyTime = (iso: string): string => dayjs(iso).format('YYYY-MM-DD HH:mm');
