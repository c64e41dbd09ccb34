import {
  type AddIpAllowListEntry,
  AppError,
  IP_ALLOWLIST_DEFAULTS,
  IP_ALLOWLIST_MIN_PREFIX,
  type IpAllowList,
  type IpAllowListEntry,
  type IpAllowListPortRules,
} from '@ptc/contracts';
import type { Database, DatabaseHandle } from '@ptc/db';
import { narrowArea, normaliseAllowListRange, parseUsername } from '@ptc/gateway';
import { notifyAllowListChanged } from '@ptc/gateway/store';
import type { Config } from '../../config';
import type { UserRow } from '../auth/auth.repository';
import {
  type AllowListRow,
  countEntries,
  deleteEntry,
  findOwnProxy,
  insertEntry,
  isListed,
  listEntries,
  listProxyChoices,
  lockAllowLists,
  overlapsOtherAccount,
  updatePortRules,
} from './ip-allowlist.repository';

/** What the allow-list services work with. */
export interface AllowListDeps {
  db: Database;
  /** Gateways are told of changes through it (LISTEN/NOTIFY or in-process). */
  database: DatabaseHandle;
  config: Pick<Config, 'ipAllowList' | 'gateway'>;
}

const present = (deps: AllowListDeps, row: AllowListRow): IpAllowListEntry => ({
  id: row.id.toString(),
  network: row.network,
  proxy: {
    id: row.proxy.publicId,
    username: row.proxy.username,
    protocol: row.proxy.protocol,
    status: row.proxy.status,
    switch: row.proxy.switch,
    deleted: row.proxy.deletedAt !== null,
  },
  note: row.note,
  port_rules: Object.entries(row.portRules)
    .map(([port, params]) => ({
      port: Number(port),
      params,
      host_port: `${deps.config.gateway.publicHost}:${port}`,
    }))
    .sort((a, b) => a.port - b.port),
  created_at: row.createdAt.toISOString(),
});

/** The caller's address as a one-click suggestion, when it could be listed at all. */
const suggestionOf = (deps: AllowListDeps, requestIp: string): string | null => {
  const range = normaliseAllowListRange(requestIp, { allowPrivate: deps.config.ipAllowList.allowPrivate });
  return range.ok ? range.network.slice(0, range.network.indexOf('/')) : null;
};

/** A customer's allow-list, its bound and the caller's address. */
export const getAllowList = async (
  deps: AllowListDeps,
  user: UserRow,
  requestIp: string,
): Promise<IpAllowList> => {
  const [rows, choices] = await Promise.all([
    listEntries(deps.db, user.id),
    listProxyChoices(deps.db, user.id, IP_ALLOWLIST_DEFAULTS.CHOICES_MAX),
  ]);
  return {
    items: rows.map((row) => present(deps, row)),
    max: deps.config.ipAllowList.maxPerAccount,
    current_ip: suggestionOf(deps, requestIp),
    min_prefix: IP_ALLOWLIST_MIN_PREFIX,
    target_ports: deps.config.gateway.targetPorts,
    choices: choices.map((proxy) => ({
      id: proxy.publicId,
      username: proxy.username,
      protocol: proxy.protocol,
      family: proxy.family,
      remark: proxy.remark,
    })),
  };
};

/**
 * Lists a range for one of the customer's proxies. Refuses a range that cannot be listed (4024),
 * a proxy not theirs or deleted (4005), a range they list already (4025), one past the account's
 * bound (4022), and one overlapping another customer's (4021, checked under the allow-lists' lock so
 * two customers adding overlapping ranges at once cannot both succeed). Gateways hear of it at once.
 */
export const addAllowListEntry = async (
  deps: AllowListDeps,
  user: UserRow,
  body: AddIpAllowListEntry,
): Promise<IpAllowListEntry> => {
  const range = normaliseAllowListRange(body.network, { allowPrivate: deps.config.ipAllowList.allowPrivate });
  if (!range.ok) {
    throw new AppError('ERR_ALLOWLIST_RANGE', {
      message: `Not an address range that can be allow-listed: ${range.problem}`,
      data: { fields: [{ field: 'network', reason: range.problem }] },
    });
  }
  const note = body.note?.trim() ? body.note.trim() : null;
  const id = await deps.db.transaction(async (transaction) => {
    const tx = transaction as unknown as Database;
    await lockAllowLists(tx);
    const proxy = await findOwnProxy(tx, user.id, body.token_id);
    if (!proxy) throw new AppError('ERR_NO_THIS_USER_TOKEN');
    if (await isListed(tx, user.id, range.network)) throw new AppError('ERR_ALLOWLIST_DUPLICATE');
    const max = deps.config.ipAllowList.maxPerAccount;
    if ((await countEntries(tx, user.id)) >= max) {
      throw new AppError('ERR_ALLOWLIST_MAX', {
        message: `IP allow-list limit of the account reached (${max})`,
      });
    }
    if (await overlapsOtherAccount(tx, user.id, range.network)) throw new AppError('ERR_ALLOWLIST_OVERLAP');
    return insertEntry(tx, { userId: user.id, proxyId: proxy.id, network: range.network, note });
  });
  await notifyAllowListChanged(deps.database);
  const row = (await listEntries(deps.db, user.id)).find((entry) => entry.id === id);
  if (!row) throw new Error('the new entry vanished');
  return present(deps, row);
};

/** Why a port rule cannot be taken, or null. */
const portRuleProblem = (
  deps: AllowListDeps,
  row: AllowListRow,
  rule: IpAllowListPortRules['rules'][number],
): string | null => {
  if (!deps.config.gateway.targetPorts.includes(rule.port)) {
    return `port ${rule.port} is not one of the gateway's targeting ports`;
  }
  const parsed = parseUsername(`${row.proxy.username}-${rule.params}`);
  if (!parsed.ok) return parsed.problem;
  // The gateway's own check (`narrowArea`), so that a rule saved here is one the gateway takes.
  const { country, state, city } = row.proxy;
  const narrowed = narrowArea(
    { country: country ?? undefined, state: state ?? undefined, city: city ?? undefined },
    parsed.params,
  );
  if (!narrowed.ok) return narrowed.problem;
  return null;
};

/**
 * Replaces the port rules of one of the customer's entries (4023 when it has none of this id):
 * each port one of GATEWAY_TARGET_PORTS, each rule username parameters that parse and stay in the
 * proxy's area (4026 naming the rule otherwise; nothing changes). Gateways hear of it at once.
 */
export const setAllowListPortRules = async (
  deps: AllowListDeps,
  user: UserRow,
  entryId: string,
  body: IpAllowListPortRules,
): Promise<IpAllowListEntry> => {
  const id = /^\d{1,18}$/.test(entryId) ? BigInt(entryId) : null;
  const row =
    id === null ? undefined : (await listEntries(deps.db, user.id)).find((entry) => entry.id === id);
  if (!row || id === null) throw new AppError('ERR_NO_ALLOWLIST_ENTRY');
  const fields = body.rules.flatMap((rule, index) => {
    const problem = portRuleProblem(deps, row, rule);
    return problem ? [{ field: `rules.${index}`, reason: problem }] : [];
  });
  if (fields.length > 0) {
    throw new AppError('ERR_ALLOWLIST_PORT_RULE', {
      message: `Not a targeting rule this entry can have: ${fields[0]?.reason}`,
      data: { fields },
    });
  }
  const rules = Object.fromEntries(body.rules.map((rule) => [String(rule.port), rule.params]));
  if (!(await updatePortRules(deps.db, user.id, id, rules))) throw new AppError('ERR_NO_ALLOWLIST_ENTRY');
  await notifyAllowListChanged(deps.database);
  const updated = (await listEntries(deps.db, user.id)).find((entry) => entry.id === id);
  if (!updated) throw new AppError('ERR_NO_ALLOWLIST_ENTRY');
  return present(deps, updated);
};

/** Removes one of the customer's entries (4023 when it has none of this id); gateways hear of it at once. */
export const deleteAllowListEntry = async (deps: AllowListDeps, user: UserRow, entryId: string) => {
  const isDeleted = /^\d{1,18}$/.test(entryId) && (await deleteEntry(deps.db, user.id, BigInt(entryId)));
  if (!isDeleted) throw new AppError('ERR_NO_ALLOWLIST_ENTRY');
  await notifyAllowListChanged(deps.database);
  return { done: true } as const;
};
