import { isTrafficFamily } from '@ptc/contracts';
import {
  and,
  type Database,
  type DatabaseHandle,
  domainUsageOptOuts,
  eq,
  inArray,
  proxies,
  sql,
  subUsers,
  trafficPools,
  users,
} from '@ptc/db';
import type { Admission, CredentialStore, LiveAdmission, ProxyCredential, ProxyFamily } from '../ports';
import { type PriceTable, readPriceTable, trafficPriceOf } from './price-table';
import {
  type SubUserRow,
  subUserAdmissionOf,
  subUserColumns,
  subUserJoin,
  subUserLimitsOf,
} from './sub-user-columns';

/** Channel on which proxy changes are announced (payload: the proxy id, or empty for "any"). */
export const PROXY_CHANGED_CHANNEL = 'proxy_changed';

/** Announces that a proxy changed (switch, renewal, deletion …) so gateways re-check it at once. */
export const notifyProxyChanged = (handle: DatabaseHandle, proxyId: bigint | null) =>
  handle.notify(PROXY_CHANGED_CHANNEL, proxyId === null ? '' : proxyId.toString());

type Row = {
  proxy: typeof proxies.$inferSelect;
  balance: bigint;
  userDeletedAt: Date | null;
  /** When an operator locked the owner's account. */
  userLockedAt?: Date | null;
  /** Bought traffic still usable (bytes), consumed before the balance. */
  trafficLeft: bigint | string | null;
} & SubUserRow;

const TRAFFIC_BILLED: ReadonlySet<ProxyFamily> = new Set(['dynamic-traffic', 'static-traffic']);

/** Whether a proxy may carry traffic now (DESIGN §4, SPEC §4 status codes). */
export const admissionOf = (row: Row, now: Date): Admission => {
  const { proxy } = row;
  if (proxy.deletedAt || row.userDeletedAt) return { ok: false, reason: 'deleted' };
  if (row.userLockedAt) return { ok: false, reason: 'locked' };
  // A sub-user's credential (issue #21): paused by its owner, or its limit of the period used up.
  const subUserRefusal = subUserAdmissionOf(row, now);
  if (subUserRefusal) return subUserRefusal;
  if (proxy.switch !== 5) return { ok: false, reason: 'off' };
  if (proxy.status === 3 || (proxy.expiresAt && proxy.expiresAt <= now))
    return { ok: false, reason: 'expired' };
  if (proxy.status === 2) return { ok: false, reason: 'invalid' };
  if (proxy.status === 4) return { ok: false, reason: 'unhealthy' };
  // Traffic is billed afterwards from the balance; proxies paid per IP or per day are prepaid.
  if (TRAFFIC_BILLED.has(proxy.family) && row.balance <= 0n && BigInt(row.trafficLeft ?? 0) <= 0n) {
    return { ok: false, reason: 'no_funds' };
  }
  return { ok: true };
};

const selection = {
  proxy: proxies,
  balance: users.balance,
  discountBasisPoints: users.discountBasisPoints,
  userDeletedAt: users.deletedAt,
  userLockedAt: users.lockedAt,
  trafficLeft: sql<
    string | null
  >`(select coalesce(sum(${trafficPools.bytesTotal} - ${trafficPools.bytesUsed}), 0) from ${trafficPools} where ${trafficPools.userId} = ${users.id} and (${trafficPools.expiresAt} is null or ${trafficPools.expiresAt} > now()))`,
};

/** Whether the owner switched per-domain usage off (issue #21): the gateway then tallies no domains. */
const domainUsageOff = sql<boolean>`exists (select 1 from ${domainUsageOptOuts} where ${domainUsageOptOuts.userId} = ${users.id})`;

/** How long the price table is cached (an operator's change reaches gateways within this). */
const PRICES_CACHE_MS = 5_000;

/** The price table, read at most every few seconds. */
const cachedPrices = (db: Database) => {
  let cached: { at: number; table: Promise<PriceTable> } | null = null;
  return (): Promise<PriceTable> => {
    if (cached && Date.now() - cached.at < PRICES_CACHE_MS) return cached.table;
    const table = readPriceTable(db);
    cached = { at: Date.now(), table };
    table.catch(() => {
      cached = null;
    });
    return table;
  };
};

/** Micro-PTC per GB of a proxy billed by traffic, null for one paid in advance. */
const priceOf = (
  proxy: typeof proxies.$inferSelect,
  table: PriceTable,
  discountBasisPoints: number,
): number | null =>
  isTrafficFamily(proxy.family) ? Number(trafficPriceOf(proxy, table, discountBasisPoints)) : null;

/** Proxy credentials from the database, with change notifications over LISTEN/NOTIFY. */
export const createDbCredentialStore = (
  handle: DatabaseHandle,
  options: { now?: () => Date } = {},
): CredentialStore & { close(): Promise<void> } => {
  const now = options.now ?? (() => new Date());
  const listeners = new Set<(proxyId: string | null) => void>();
  const readPrices = cachedPrices(handle.db);
  let unlisten: Promise<() => Promise<void>> | null = null;

  return {
    findByUsername: async (username) => {
      const at = now();
      const [[row], table] = await Promise.all([
        handle.db
          .select({ ...selection, ...subUserColumns(at), domainUsageOff })
          .from(proxies)
          .innerJoin(users, eq(users.id, proxies.userId))
          .leftJoin(subUsers, subUserJoin)
          .where(eq(proxies.username, username))
          .limit(1),
        readPrices(),
      ]);
      if (!row) return null;
      const { proxy } = row;
      const credential: ProxyCredential = {
        proxyId: proxy.id.toString(),
        userId: proxy.userId.toString(),
        username: proxy.username,
        password: proxy.password,
        family: proxy.family,
        protocol: proxy.protocol,
        area: {
          ...(proxy.country ? { country: proxy.country } : {}),
          ...(proxy.state ? { state: proxy.state } : {}),
          ...(proxy.city ? { city: proxy.city } : {}),
        },
        line: proxy.line,
        exitType: proxy.exitType,
        exitId: proxy.exitId?.toString() ?? null,
        admission: admissionOf(row, at),
        pricePerGb: priceOf(proxy, table, row.discountBasisPoints),
        subUser: subUserLimitsOf(row, at),
        domainUsage: !row.domainUsageOff,
      };
      return credential;
    },
    checkAdmission: async (proxyIds) => {
      const result = new Map<string, LiveAdmission>();
      if (proxyIds.length === 0) return result;
      const at = now();
      const rows = await handle.db
        .select({ ...selection, ...subUserColumns(at) })
        .from(proxies)
        .innerJoin(users, eq(users.id, proxies.userId))
        .leftJoin(subUsers, subUserJoin)
        .where(
          and(
            inArray(
              proxies.id,
              proxyIds.map((id) => BigInt(id)),
            ),
          ),
        );
      for (const row of rows) {
        const admission = admissionOf(row, at);
        // A static proxy's connections run through the exit it leases; a replaced one ends them.
        const exitId = row.proxy.family.startsWith('static') ? row.proxy.exitId : null;
        result.set(
          row.proxy.id.toString(),
          admission.ok && exitId !== null ? { ...admission, exitId: exitId.toString() } : admission,
        );
      }
      // A proxy that vanished is not admitted.
      for (const id of proxyIds) if (!result.has(id)) result.set(id, { ok: false, reason: 'deleted' });
      return result;
    },
    onChange: (listener) => {
      listeners.add(listener);
      unlisten ??= handle.listen(PROXY_CHANGED_CHANNEL, (payload) => {
        for (const notify of listeners) notify(payload === '' ? null : payload);
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
