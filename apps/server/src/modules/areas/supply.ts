import { PROXY_STATUS } from '@ptc/contracts';
import { exits, proxies, sql } from '@ptc/db';

/**
 * True for a static exit some live static proxy leases: the same rows the lease's unique index
 * covers (static, not deleted, not invalid), so an exit counted free here can really be leased
 * (and the index answers it).
 */
export const isExitLeased = sql`exists (select 1 from ${proxies} where ${proxies.exitId} = ${exits.id} and ${proxies.deletedAt} is null and ${proxies.status} <> ${PROXY_STATUS.INVALID} and ${proxies.family} in ('static-traffic', 'static-ip'))`;
