import { type Database, domainUsageHourly, domainUsageOptOuts, proxies, sql } from '@ptc/db';
import type { DomainDelta } from '../ports';

/** What the column stores (`domain_usage_hourly.domain`). */
const MAX_DOMAIN = 253;

/**
 * Adds a batch's per-domain usage to `domain_usage_hourly` (issue #21 item 4), inside the usage
 * flush's transaction (so a batch counts at most once, with its proxies locked): one statement for
 * the whole batch, the rows passed as one JSON parameter (no parameter limit). Proxies not in
 * `proxyIds` (deleted meanwhile) and owners who switched collection off are left out, whatever the
 * gateway tallied; a domain the column cannot store is dropped rather than failing the flush.
 */
export const writeDomainUsage = async (
  t: Database,
  hour: Date,
  domains: readonly DomainDelta[] | undefined,
  proxyIds: ReadonlySet<string>,
): Promise<void> => {
  if (!domains || domains.length === 0) return;
  const rows = new Map<string, { proxy_id: string; domain: string; bytes: number; requests: number }>();
  for (const delta of domains) {
    const { domain } = delta;
    if (!proxyIds.has(delta.proxyId) || domain.length === 0 || domain.length > MAX_DOMAIN) continue;
    if (domain.includes('\u0000')) continue;
    if (delta.bytes <= 0 && delta.requests <= 0) continue;
    const key = `${delta.proxyId}\u0000${domain}`;
    const row = rows.get(key);
    if (row) {
      row.bytes += delta.bytes;
      row.requests += delta.requests;
    } else {
      rows.set(key, { proxy_id: delta.proxyId, domain, bytes: delta.bytes, requests: delta.requests });
    }
  }
  if (rows.size === 0) return;
  // Sorted, so that concurrent flushes touch rows in one order.
  const values = [...rows.values()].sort((a, b) =>
    a.proxy_id === b.proxy_id
      ? a.domain < b.domain
        ? -1
        : 1
      : BigInt(a.proxy_id) < BigInt(b.proxy_id)
        ? -1
        : 1,
  );
  await t.execute(sql`
    insert into ${domainUsageHourly} (proxy_id, hour, domain, user_id, bytes, requests)
    select v.proxy_id, ${hour.toISOString()}::timestamptz, v.domain, p.user_id, v.bytes, v.requests
    from jsonb_to_recordset(${JSON.stringify(values)}::jsonb)
      as v(proxy_id bigint, domain text, bytes bigint, requests bigint)
    join ${proxies} p on p.id = v.proxy_id
    where not exists (select 1 from ${domainUsageOptOuts} o where o.user_id = p.user_id)
    order by v.proxy_id, v.domain
    on conflict (proxy_id, hour, domain) do update set
      bytes = ${domainUsageHourly}.bytes + excluded.bytes,
      requests = ${domainUsageHourly}.requests + excluded.requests`);
};
