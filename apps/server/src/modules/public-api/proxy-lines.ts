import { randomBytes } from 'node:crypto';
import type { ProxyRow } from '@ptc/contracts';
import type { LineFormat } from './public-api.schemas';

/** Username parameters the gateway reads (apps/gateway/src/auth/username-params.ts). */
export interface UsernameOptions {
  country?: string;
  state?: string;
  city?: string;
  /** `random`: a new sticky session per line. */
  session: 'none' | 'random';
  /** Minutes a sticky session keeps its exit. */
  life?: number;
}

const SESSION_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** A session id the gateway accepts (1–32 letters or digits); 12 characters, about 62 bits. */
export const randomSessionId = () =>
  [...randomBytes(12)].map((byte) => SESSION_ALPHABET[byte % SESSION_ALPHABET.length]).join('');

/**
 * A proxy's username with targeting and session parameters, in the grammar the gateway parses:
 * `<user>-country-us-state-ny-city-newyork-session-ab12cd-life-30`.
 */
export const usernameWith = (username: string, options: UsernameOptions, session = randomSessionId) => {
  const parts = [username];
  if (options.country) parts.push('country', options.country.toLowerCase());
  if (options.state) parts.push('state', options.state.toLowerCase());
  if (options.city) parts.push('city', options.city.toLowerCase());
  if (options.session === 'random') parts.push('session', session());
  if (options.life !== undefined) parts.push('life', String(options.life));
  return parts.join('-');
};

/** One proxy line in a format scraper tools read. */
export const formatLine = (
  row: Pick<ProxyRow, 'address' | 'port' | 'password' | 'protocol'>,
  username: string,
  format: LineFormat,
) => {
  switch (format) {
    case 'host:port:user:pass':
      return `${row.address}:${row.port}:${username}:${row.password}`;
    case 'user:pass@host:port':
      return `${username}:${row.password}@${row.address}:${row.port}`;
    case 'url':
      return `${row.protocol === 'socks5' ? 'socks5' : 'http'}://${username}:${row.password}@${row.address}:${row.port}`;
  }
};

/** The text download: `linesPerProxy` lines per proxy, one per line, LF-terminated. */
export const proxyLines = (
  rows: readonly ProxyRow[],
  options: UsernameOptions & { format: LineFormat; linesPerProxy: number },
): string => {
  const lines: string[] = [];
  for (const row of rows) {
    for (let index = 0; index < options.linesPerProxy; index += 1) {
      lines.push(formatLine(row, usernameWith(row.username, options), options.format));
    }
  }
  return lines.length === 0 ? '' : `${lines.join('\n')}\n`;
};
