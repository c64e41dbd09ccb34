import { type ExtensionProxy, type ExtensionSession, PROXY_STATUS } from '@ptc/contracts';
import type { UserRow } from '../auth/auth.repository';
import { getOwnProxy } from '../proxies/list/actions.service';
import { gatewayFor, type ProxiesDeps } from '../proxies/proxies.deps';
import { presentProxies } from '../proxies/proxies.presenter';
import { locationOf } from '../quick-access/quick-access.presenter';
import type { PairingRow } from './pairings.repository';

/** `GET /extension/session`: who the extension acts for, and how it should set the browser's proxy. */
export const extensionSession = (
  deps: ProxiesDeps,
  user: UserRow,
  pairing: PairingRow,
): ExtensionSession => ({
  user: { username: user.username },
  pairing_id: pairing.publicId,
  console_url: deps.config.publicUrl,
  bypass: [...deps.config.extension.bypass],
});

/**
 * `GET /extension/proxies/{id}`: what the extension needs to set one of the customer's own live
 * proxies and answer its authentication (the gateway's host and port, as the connect dialog shows
 * them); 4005 for another customer's or a missing one.
 */
export const extensionProxy = async (
  deps: ProxiesDeps,
  user: UserRow,
  publicId: string,
): Promise<ExtensionProxy> => {
  const proxy = await getOwnProxy(deps, user, publicId);
  const [row] = await presentProxies([proxy], await gatewayFor(deps, user.id), new Date());
  if (!row) throw new Error('a presented proxy is missing');
  return {
    id: row.id,
    scheme: 'http',
    host: row.address,
    port: row.port,
    username: row.username,
    password: row.password,
    status: row.status,
    enabled: row.switch === PROXY_STATUS.ON,
    expired: row.status === PROXY_STATUS.EXPIRED,
    location: locationOf(row),
  };
};
