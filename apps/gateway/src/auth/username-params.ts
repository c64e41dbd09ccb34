import type { AreaCriteria } from '../ports';

/** Targeting and session parameters carried in a proxy username. */
export interface UsernameParams {
  /** ISO 3166-1 alpha-2, upper case. */
  country?: string;
  /** Lower case. */
  state?: string;
  /** Lower case. */
  city?: string;
  /** Case-sensitive. */
  session?: string;
  /** Session lifetime in minutes. */
  life?: number;
}

/** A parsed username, or the problem that makes it unusable. */
export type ParsedUsername =
  | { ok: true; base: string; params: UsernameParams }
  | { ok: false; problem: string };

const KEYS = ['country', 'state', 'city', 'session', 'life'] as const;
type Key = (typeof KEYS)[number];

const COUNTRY = /^[A-Za-z]{2}$/;
const PLACE = /^[A-Za-z0-9]{1,64}$/;
const SESSION = /^[A-Za-z0-9]{1,32}$/;
const LIFE = /^[0-9]{1,4}$/;
const MAX_LIFE_MINUTES = 1440;

/** Quotes client text in a problem message without letting it grow or carry control characters. */
const quote = (text: string): string => {
  const printable = text.replace(/[^\x20-\x7e]/g, '?');
  return JSON.stringify(printable.length > 32 ? `${printable.slice(0, 32)}…` : printable);
};

/**
 * Parses a proxy username with its parameters.
 *
 * Grammar:
 *
 * ```
 * username  = base *( "-" key "-" value )
 * base      = the proxy's own username: everything before the first "-" (so base usernames never contain "-")
 * key       = "country" | "state" | "city" | "session" | "life"   (case-insensitive, any order, each at most once)
 * country   = 2 letters, ISO 3166-1 alpha-2                  e.g. -country-us
 * state     = 1–64 letters or digits                          e.g. -state-ny, -state-california
 * city      = 1–64 letters or digits                          e.g. -city-newyork
 * session   = 1–32 letters or digits (case-sensitive)         e.g. -session-ab12cd
 * life      = minutes, 1–1440                                 e.g. -life-30
 * ```
 *
 * Example: `u8f2k1-country-us-state-ny-city-newyork-session-ab12cd-life-3`.
 *
 * - `country`, `state` and `city` narrow the proxy's purchased area; they cannot leave it
 *   (a proxy bought for US refuses `-country-de`).
 * - `session` keeps the same exit for the session's lifetime: `life` minutes, else 1–3 minutes
 *   picked per session. Without a session, dynamic traffic proxies change exit every 3–5 minutes
 *   (or every `life` minutes), dynamic IP proxies keep theirs, static proxies always use their leased exit.
 * - An unknown key, a key without value, a repeated key or a malformed value refuses the
 *   connection (HTTP 407 with the problem in the body, SOCKS5 authentication failure).
 */
export const parseUsername = (raw: string): ParsedUsername => {
  if (raw.length === 0) return { ok: false, problem: 'username is empty' };
  if (raw.length > 512) return { ok: false, problem: 'username is too long' };
  const parts = raw.split('-');
  const base = parts[0] ?? '';
  if (base.length === 0) return { ok: false, problem: 'username is missing before its parameters' };
  const params: UsernameParams = {};
  const seen = new Set<Key>();
  for (let i = 1; i < parts.length; i += 2) {
    const name = parts[i] ?? '';
    const key = name.toLowerCase() as Key;
    if (name.length === 0) return { ok: false, problem: 'empty parameter name (two "-" in a row?)' };
    if (!KEYS.includes(key)) {
      return { ok: false, problem: `unknown parameter ${quote(name)} (known: ${KEYS.join(', ')})` };
    }
    if (seen.has(key)) return { ok: false, problem: `parameter "${key}" given twice` };
    seen.add(key);
    const value = parts[i + 1];
    if (value === undefined || value.length === 0) {
      return { ok: false, problem: `parameter "${key}" has no value` };
    }
    const problem = assign(params, key, value);
    if (problem) return { ok: false, problem };
  }
  return { ok: true, base, params };
};

/** Stores one parameter value, or answers why it is malformed. */
const assign = (params: UsernameParams, key: Key, value: string): string | null => {
  switch (key) {
    case 'country':
      if (!COUNTRY.test(value)) return `country must be 2 letters (ISO 3166-1), got ${quote(value)}`;
      params.country = value.toUpperCase();
      return null;
    case 'state':
      if (!PLACE.test(value)) return `state must be 1–64 letters or digits, got ${quote(value)}`;
      params.state = value.toLowerCase();
      return null;
    case 'city':
      if (!PLACE.test(value)) return `city must be 1–64 letters or digits, got ${quote(value)}`;
      params.city = value.toLowerCase();
      return null;
    case 'session':
      if (!SESSION.test(value)) return `session must be 1–32 letters or digits, got ${quote(value)}`;
      params.session = value;
      return null;
    case 'life': {
      const minutes = LIFE.test(value) ? Number(value) : Number.NaN;
      if (!(minutes >= 1 && minutes <= MAX_LIFE_MINUTES)) {
        return `life must be minutes from 1 to ${MAX_LIFE_MINUTES}, got ${quote(value)}`;
      }
      params.life = minutes;
      return null;
    }
  }
};

/** The exit area of a request: the purchased area narrowed by the parameters, or why it cannot be. */
export type NarrowedArea = { ok: true; area: AreaCriteria } | { ok: false; problem: string };

const sameText = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** Narrows a purchased area by username parameters; parameters can never leave the purchased area. */
export const narrowArea = (purchased: AreaCriteria, params: UsernameParams): NarrowedArea => {
  const area: AreaCriteria = {};
  const fields = ['country', 'state', 'city'] as const;
  for (const field of fields) {
    const bought = purchased[field];
    const asked = params[field];
    if (bought && asked && !sameText(bought, asked)) {
      return {
        ok: false,
        problem: `${field} "${asked}" is outside this proxy's area (${field} "${bought}")`,
      };
    }
    const value = bought || asked;
    if (value) area[field] = value;
  }
  return { ok: true, area };
};
