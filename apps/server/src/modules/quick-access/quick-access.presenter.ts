import { PROXY_STATUS, type ProxyRow, type QuickAccessEntry, type QuickAccessProxy } from '@ptc/contracts';
import { type GatewayAddress, presentProxies } from '../proxies/proxies.presenter';
import type { QuickAccessRecord } from './quick-access.repository';

/** A proxy's location as one line: the exit's label, else city, state and country. */
export const locationOf = (row: ProxyRow): string =>
  row.area.label ??
  ([row.area.city_name ?? row.area.city, row.area.state, row.area.country].filter(Boolean).join(', ') || '—');

/** What an entry shows of its proxy: who, where, and whether it is usable. */
export const presentEntryProxy = (row: ProxyRow): QuickAccessProxy => ({
  id: row.id,
  username: row.username,
  location: locationOf(row),
  status: row.status,
  enabled: row.switch === PROXY_STATUS.ON,
  expired: row.status === PROXY_STATUS.EXPIRED,
  deleted: row.deleted,
});

/** The entries as the console and the extension see them (SPEC §3 Quick access item). */
export const presentEntries = async (
  records: readonly QuickAccessRecord[],
  gateway: GatewayAddress,
  now = new Date(),
): Promise<QuickAccessEntry[]> => {
  const rows = await presentProxies(
    records.map((record) => record.proxy),
    gateway,
    now,
  );
  return records.map((record, index) => {
    const row = rows[index];
    return {
      id: record.entry.publicId,
      url: record.entry.url,
      remark: record.entry.remark,
      proxy_id: record.proxy.publicId,
      proxy: row ? presentEntryProxy(row) : null,
      created_at: record.entry.createdAt.toISOString(),
    };
  });
};
