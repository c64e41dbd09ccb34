import { parseExitSeen } from '@ptc/contracts';
import type { UserRow } from '../../auth/accounts.service';
import { getOwnProxy } from '../list/actions.service';
import { gatewayOf, type ProxiesDeps } from '../proxies.deps';
import { failureCodeOf, fetchThroughGateway } from './speed-test.service';

/** Enough for any IP-echo answer (ipinfo's is under 400 bytes). */
const BODY_MAX = 16 * 1024;

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
    const seen = parseExitSeen(body.toString('utf8'));
    // An answer without an address is not an IP-echo answer (a captive portal, a wrong URL).
    if (!seen.ip) return failed(-1001);
    return { state: 'completed' as const, ...seen, latency_ms: Math.round(latencyMs), code: null };
  } catch (error) {
    return failed(failureCodeOf(error));
  }
};
