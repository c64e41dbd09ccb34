import { type DatabaseHandle, eq, ipAllowlistEntries, proxies } from '@ptc/db';
import type { AllowListStore } from '../ports';

/** Channel on which allow-list changes are announced (issue #21; payload unused). */
export const ALLOWLIST_CHANGED_CHANNEL = 'ip_allowlist_changed';

/** Announces that allow-list entries changed so that every gateway process reloads them at once. */
export const notifyAllowListChanged = (handle: DatabaseHandle) =>
  handle.notify(ALLOWLIST_CHANGED_CHANNEL, '');

/** The IP allow-list from the database, with change notifications over LISTEN/NOTIFY. */
export const createDbAllowListStore = (
  handle: DatabaseHandle,
): AllowListStore & { close(): Promise<void> } => {
  const listeners = new Set<() => void>();
  let unlisten: Promise<() => Promise<void>> | null = null;
  return {
    load: async () => {
      const rows = await handle.db
        .select({
          network: ipAllowlistEntries.network,
          proxyId: proxies.id,
          username: proxies.username,
          portRules: ipAllowlistEntries.portRules,
        })
        .from(ipAllowlistEntries)
        .innerJoin(proxies, eq(proxies.id, ipAllowlistEntries.proxyId));
      return rows.map((row) => ({
        network: row.network,
        proxyId: row.proxyId.toString(),
        username: row.username,
        ...(Object.keys(row.portRules).length > 0
          ? {
              portRules: Object.fromEntries(
                Object.entries(row.portRules).map(([port, params]) => [Number(port), params]),
              ),
            }
          : {}),
      }));
    },
    onChange: (listener) => {
      listeners.add(listener);
      unlisten ??= handle.listen(ALLOWLIST_CHANGED_CHANNEL, () => {
        for (const notify of listeners) notify();
      });
      return () => {
        listeners.delete(listener);
      };
    },
    close: async () => {
      listeners.clear();
      const stop = await unlisten;
      unlisten = null;
      await stop?.();
    },
  };
};
