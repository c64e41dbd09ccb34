import { isIP } from 'node:net';
import type { UserRow } from '../../auth/accounts.service';
import { getOwnProxy } from '../list/actions.service';
import { gatewayOf, type ProxiesDeps } from '../proxies.deps';
import { failureCodeOf, fetchThroughGateway } from './speed-test.service';

/** Enough for any IP-echo answer (ipinfo's is under 400 bytes). */
const BODY_MAX = 16 * 1024;

/** Where an exit is, as an IP-echo page answered it. */
export interface ExitSeen {
  ip: string | null;
  country: string | null;
}

const field = (record: Record<string, unknown>, names: readonly string[]): string | null => {
  for (const name of names) {
    const value = record[name];
    if (typeof value === 'string' && value.trim() !== '') return value.trim();
  }
  return null;
};

/**
 * Reads the caller's address and country from an IP-echo answer: JSON in the shape of ipinfo.io
 * (`ip`, `country`), ip-api (`query`, `countryCode`), ipapi (`ip`, `country_code`) or httpbin
 * (`origin`), or a bare address as plain text (ipify). Anything else says nothing.
 */
export const readExitSeen = (text: string): ExitSeen => {
  const trimmed = text.trim();
  if (isIP(trimmed)) return { ip: trimmed, country: null };
  let parsed: unknown;
  try {
    parsed = JSON.parse(trimmed);
  } catch {
    return { ip: null, country: null };
  }
  if (typeof parsed !== 'object' || parsed === null) return { ip: null, country: null };
  const record = parsed as Record<string, unknown>;
  const ip = field(record, ['ip', 'query', 'ip_address', 'origin']);
  const country = field(record, ['country_code', 'countryCode', 'country']);
  return {
    ip: ip && isIP(ip) ? ip : null,
    country: country && /^[A-Za-z]{2}$/.test(country) ? country.toUpperCase() : null,
  };
};

/**
 * `POST /proxy/check`: fetches the configured IP-echo page (`IP_CHECK_URL`) through the gateway
 * with the proxy's credentials, as the customer's own client would, and answers the exit's address
 * and country. A failure is an answer with its SPEC §8 code, not an error.
 */
export const checkProxy = async (deps: ProxiesDeps, user: UserRow, publicId: string) => {
  const proxy = await getOwnProxy(deps, user, publicId);
  const failed = (code: number) => ({
    state: 'error' as const,
    ip: null,
    country: null,
    latency_ms: null,
    code,
  });
  try {
    const { latencyMs, body } = await fetchThroughGateway(
      gatewayOf(deps),
      proxy,
      new URL(deps.config.ipCheckUrl),
      BODY_MAX,
    );
    const seen = readExitSeen(body.toString('utf8'));
    // An answer without an address is not an IP-echo answer (a captive portal, a wrong URL).
    if (!seen.ip) return failed(-1001);
    return { state: 'completed' as const, ...seen, latency_ms: Math.round(latencyMs), code: null };
  } catch (error) {
    return failed(failureCodeOf(error));
  }
};
