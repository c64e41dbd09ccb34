import { isIP } from 'node:net';
import { AppError, PROXY_STATUS } from '@ptc/contracts';
import {
  type Database,
  type DatabaseHandle,
  eq,
  exits,
  isUniqueViolation,
  proxies,
  sql,
  users,
} from '@ptc/db';
import { forgetAreaLists } from '../../areas/areas.service';
import { isExitLeased } from '../../areas/supply';
import { renewalPrice } from '../../proxies/lifecycle/renewal.service';
import { presentPtc } from '../../proxies/proxies.presenter';
import { announceProxyChanges } from '../../proxies/proxy-changes';
import { moveMoney } from '../../wallet/ledger.service';
import { type AuditActor, recordAudit } from '../audit/audit.service';
import {
  countInventory,
  countSupply,
  type ExitFilter,
  type ExitRow,
  findExitDetail,
  findLeases,
  findReplacementExits,
  insertExits,
  listExits,
  lockExit,
  updateExit,
} from './supply.repository';
import { normalisePlace, type PlaceInput } from './supply-places';

const DAY_MS = 86_400_000;

/** The placeholders upstream credential templates may use (README "Supply"). */
export const TEMPLATE_PLACEHOLDERS = ['user', 'cc', 'state', 'city', 'sid', 'life'] as const;

/** Why a credential template cannot be used, or null. */
export const templateProblem = (template: string): string | null => {
  for (const match of template.matchAll(/\{([^{}]*)\}/g)) {
    if (!(TEMPLATE_PLACEHOLDERS as readonly string[]).includes(match[1] ?? '')) {
      return `unknown placeholder {${match[1]}}: use ${TEMPLATE_PLACEHOLDERS.map((name) => `{${name}}`).join(', ')}`;
    }
  }
  return null;
};

const HOST_NAME =
  /^(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;

/** Why `host` is not a host name or IP address, or null. */
export const hostProblem = (host: string): string | null =>
  isIP(host) || HOST_NAME.test(host) ? null : `"${host}" is not a host name or IP address`;

const invalid = (message: string, field?: string) =>
  new AppError('ERR_ARGUMENT_TYPE', { message, data: field ? { field } : null });

const notFound = () => new AppError('ERR_NOT_FOUND', { message: 'No such exit' });

type Detail = NonNullable<Awaited<ReturnType<typeof findExitDetail>>>;

/** An exit as operators see it: never the upstream password, only whether there is one. */
export const presentExit = ({ exit, checks, passed, leasedBy }: Detail) => ({
  id: exit.id.toString(),
  kind: exit.kind,
  host: exit.host,
  port: exit.port,
  account: exit.account,
  username_template: exit.usernameTemplate,
  has_password: exit.passwordTemplate !== null && exit.passwordTemplate !== '',
  type: exit.type,
  line: exit.line,
  country: exit.country,
  state: exit.state,
  city: exit.city,
  label: exit.label,
  ip: exit.ip,
  is_static: exit.isStatic,
  is_demo: exit.isDemo,
  enabled: exit.disabledAt === null,
  disabled_at: exit.disabledAt?.toISOString() ?? null,
  healthy: exit.isHealthy,
  failure_count: exit.failureCount,
  last_failure_at: exit.lastFailureAt?.toISOString() ?? null,
  last_checked_at: exit.lastCheckedAt?.toISOString() ?? null,
  last_check_ok: exit.lastCheckOk,
  last_latency_ms: exit.lastLatencyMs,
  last_error: exit.lastError,
  checks_24h: checks,
  success_rate_24h: checks > 0 ? Math.round((passed / checks) * 1000) / 1000 : null,
  leased_by: leasedBy,
  created_at: exit.createdAt.toISOString(),
});

/** What the audit trail keeps of an exit (no secrets). */
const auditView = (exit: ExitRow) => ({
  kind: exit.kind,
  host: exit.host,
  port: exit.port,
  account: exit.account,
  username_template: exit.usernameTemplate,
  has_password: Boolean(exit.passwordTemplate),
  type: exit.type,
  line: exit.line,
  country: exit.country,
  state: exit.state,
  city: exit.city,
  ip: exit.ip,
  enabled: exit.disabledAt === null,
});

export const parseExitId = (id: string): bigint => {
  if (!/^\d{1,18}$/.test(id)) throw notFound();
  return BigInt(id);
};

/** A page of exits with their health. */
export const findExits = async (
  db: Database,
  filter: ExitFilter,
  page: { page: number; pageSize: number },
  now = new Date(),
) => {
  const { rows, total } = await listExits(
    db,
    filter,
    { offset: (page.page - 1) * page.pageSize, limit: page.pageSize },
    now,
  );
  return { records: rows.map(presentExit), total, page: page.page, page_size: page.pageSize };
};

export const describeExit = async (db: Database, id: bigint, now = new Date()) => {
  const detail = await findExitDetail(db, id, now);
  if (!detail) throw notFound();
  return presentExit(detail);
};

/** The overview: supply counts, whether the demo supply serves, the static inventory per place. */
export const describeSupply = async (db: Database, country?: string) => {
  const [counts, inventory] = await Promise.all([countSupply(db), countInventory(db, country)]);
  return {
    exits: {
      total: counts?.total ?? 0,
      in_service: counts?.inService ?? 0,
      disabled: counts?.disabled ?? 0,
      unhealthy: counts?.unhealthy ?? 0,
      upstream: counts?.upstream ?? 0,
      static: counts?.statics ?? 0,
    },
    demo: { exits: counts?.demo ?? 0, enabled: (counts?.demoInService ?? 0) > 0 },
    inventory: inventory.map((place) => ({
      country: place.country,
      state: place.state,
      city: place.city,
      label: place.label,
      type: place.type,
      total: place.total,
      leased: place.leased,
      free: place.total - place.leased,
      unhealthy: place.unhealthy,
    })),
  };
};

/** The upstream part of an exit, as an operator writes it. */
export interface UpstreamInput {
  kind: 'direct' | 'http' | 'socks5';
  host?: string | null;
  port?: number | null;
  account?: string | null;
  username_template?: string | null;
  /** Absent: keep (edits); null or '': none. */
  password_template?: string | null;
}

/** Checks the upstream fields together; answers the columns they set. */
const upstreamColumns = (input: UpstreamInput) => {
  if (input.kind === 'direct') {
    if (input.host || input.port || input.username_template || input.password_template || input.account) {
      throw invalid('A direct exit has no upstream host, port or credentials', 'kind');
    }
    return {
      kind: input.kind,
      host: null,
      port: null,
      account: null,
      usernameTemplate: null,
      passwordTemplate: null,
    };
  }
  const host = input.host?.trim() ?? '';
  if (!host) throw invalid('An upstream exit needs its host', 'host');
  const problem = hostProblem(host);
  if (problem) throw invalid(problem, 'host');
  if (!input.port) throw invalid('An upstream exit needs its port', 'port');
  for (const field of ['username_template', 'password_template'] as const) {
    const text = input[field];
    const why = text ? templateProblem(text) : null;
    if (why) throw invalid(`${field}: ${why}`, field);
  }
  if (!input.username_template && input.password_template) {
    throw invalid('A password template needs a username template', 'username_template');
  }
  return {
    kind: input.kind,
    host,
    port: input.port,
    account: input.account?.trim() || null,
    usernameTemplate: input.username_template || null,
    ...(input.password_template === undefined ? {} : { passwordTemplate: input.password_template || null }),
  };
};

const placeOf = async (area: PlaceInput, field: string) => {
  const place = await normalisePlace(area);
  if (typeof place === 'string') throw new AppError('ERR_AREA_ERROR', { message: place, data: { field } });
  return place;
};

const ipProblem = (ip: string | null | undefined) =>
  ip && !isIP(ip) ? invalid(`"${ip}" is not an IP address`, 'ip') : null;

/** A new rotating supply: one exit per area and line, all alike otherwise. */
export interface NewExits extends UpstreamInput {
  type: 'residential' | 'datacenter';
  lines: number[];
  areas: PlaceInput[];
  label?: string | null;
  ip?: string | null;
}

/** At most this many exits come from one form. */
const MAX_NEW_EXITS = 1_000;

/**
 * Adds rotating exits (direct, or an upstream HTTP/SOCKS5 provider with credential templates):
 * one per area served and line. Customers see the areas at once (they follow the supply).
 */
export const addExits = async (db: Database, input: NewExits, actor: AuditActor) => {
  const upstream = upstreamColumns(input);
  const ipError = ipProblem(input.ip);
  if (ipError) throw ipError;
  const lines = [...new Set(input.lines)];
  if (lines.length * input.areas.length > MAX_NEW_EXITS) {
    throw invalid(`At most ${MAX_NEW_EXITS} exits at once (areas × lines)`, 'areas');
  }
  const places = [];
  for (const [index, area] of input.areas.entries()) places.push(await placeOf(area, `areas.${index}`));
  const rows = places.flatMap((place) =>
    lines.map((line) => ({
      ...upstream,
      passwordTemplate: upstream.passwordTemplate ?? null,
      type: input.type,
      line,
      country: place.country,
      state: place.state,
      city: place.city,
      label: input.label?.trim() || place.label,
      ip: input.ip || null,
    })),
  );
  const created = await db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    const inserted = await insertExits(t, rows);
    await recordAudit(t, {
      ...actor,
      action: 'exit.create',
      target: {
        type: 'exit',
        id: inserted
          .map((exit) => exit.id.toString())
          .join(',')
          .slice(0, 120),
      },
      before: null,
      after: { count: inserted.length, ...auditView(inserted[0] as ExitRow) },
    });
    return inserted;
  });
  forgetAreaLists();
  return { records: created.map((exit) => presentExit({ exit, checks: 0, passed: 0, leasedBy: null })) };
};

/** Changes to one exit; absent fields are kept. */
export interface ExitChanges extends Partial<UpstreamInput> {
  type?: 'residential' | 'datacenter';
  line?: number;
  area?: PlaceInput;
  label?: string | null;
  ip?: string | null;
}

/** Edits an exit (its upstream, credentials, type, line, place, label, address). */
export const editExit = async (db: Database, id: bigint, changes: ExitChanges, actor: AuditActor) => {
  const ipError = ipProblem(changes.ip);
  if (ipError) throw ipError;
  const edited = await db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    const exit = await lockExit(t, id);
    if (!exit) throw notFound();
    const touchesUpstream = [
      'kind',
      'host',
      'port',
      'account',
      'username_template',
      'password_template',
    ].some((field) => field in changes);
    const upstream = touchesUpstream
      ? upstreamColumns({
          kind: changes.kind ?? exit.kind,
          host: 'host' in changes ? changes.host : exit.host,
          port: 'port' in changes ? changes.port : exit.port,
          account: 'account' in changes ? changes.account : exit.account,
          username_template:
            'username_template' in changes ? changes.username_template : exit.usernameTemplate,
          password_template:
            'password_template' in changes
              ? changes.password_template
              : changes.kind === 'direct'
                ? null
                : undefined,
        })
      : {};
    const place = changes.area ? await placeOf(changes.area, 'area') : null;
    if (exit.isStatic && changes.ip === null) throw invalid('A static address keeps its IP', 'ip');
    const row = await updateExit(t, id, {
      ...upstream,
      ...(changes.type ? { type: changes.type } : {}),
      ...(changes.line ? { line: changes.line } : {}),
      ...(place ? { country: place.country, state: place.state, city: place.city, label: place.label } : {}),
      ...(changes.label !== undefined ? { label: changes.label?.trim() || place?.label || exit.label } : {}),
      ...(changes.ip !== undefined ? { ip: changes.ip || null } : {}),
      // New upstream details deserve a fresh start: the next failures or checks judge them.
      ...(touchesUpstream ? { isHealthy: true, failureCount: 0 } : {}),
    });
    if (!row) throw notFound();
    await recordAudit(t, {
      ...actor,
      action: 'exit.update',
      target: { type: 'exit', id: id.toString() },
      before: auditView(exit),
      after: auditView(row),
    });
    return row;
  });
  forgetAreaLists();
  return describeExit(db, edited.id);
};

/**
 * Takes a rotating exit out of service or puts it back (then healthy until judged again). New
 * connections stop choosing a disabled exit within the gateways' exit cache time (5 s).
 */
export const setExitEnabled = async (db: Database, id: bigint, enabled: boolean, actor: AuditActor) => {
  await db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    const exit = await lockExit(t, id);
    if (!exit) throw notFound();
    if (exit.isStatic) {
      throw invalid('A static address is retired, not disabled (its lease moves or is refunded)', 'id');
    }
    if ((exit.disabledAt === null) === enabled) return;
    const row = await updateExit(
      t,
      id,
      enabled ? { disabledAt: null, isHealthy: true, failureCount: 0 } : { disabledAt: new Date() },
    );
    await recordAudit(t, {
      ...actor,
      action: enabled ? 'exit.enable' : 'exit.disable',
      target: { type: 'exit', id: id.toString() },
      before: auditView(exit),
      after: row ? auditView(row) : null,
    });
  });
  forgetAreaLists();
  return describeExit(db, id);
};

/** What happened to a lease when its address was retired. */
export interface LeaseOutcome {
  proxy: string;
  outcome: 'moved' | 'refunded' | 'invalidated';
  ip: string | null;
  refunded: string;
}

/**
 * Retires a static address (README "Supply", the rules): it leaves the inventory at once. A live
 * lease moves to a free address in service of the same type and country (same city first, then
 * state), keeping the proxy's credentials and expiry. With none free the proxy becomes invalid;
 * a static IP proxy (paid per period) gets its unused paid time back to the balance, pro rata to
 * the second at the customer's current period price, never more than it paid in all.
 */
const retireInside = async (
  t: Database,
  exit: ExitRow,
  now: Date,
): Promise<{ outcomes: LeaseOutcome[]; changed: bigint[] }> => {
  await updateExit(t, exit.id, { disabledAt: now });
  const outcomes: LeaseOutcome[] = [];
  const leases = await findLeases(t, exit.id);
  for (const lease of leases) {
    let movedTo: { id: bigint; ip: string | null } | null = null;
    for (const candidate of await findReplacementExits(t, exit, 5)) {
      try {
        await t.transaction(async (savepoint) => {
          await (savepoint as unknown as Database)
            .update(proxies)
            .set({ exitId: candidate.id })
            .where(eq(proxies.id, lease.id));
        });
        movedTo = candidate;
        break;
      } catch (error) {
        // Leased by a purchase since we listed it: try the next one.
        if (!isUniqueViolation(error)) throw error;
      }
    }
    if (movedTo) {
      outcomes.push({ proxy: lease.publicId, outcome: 'moved', ip: movedTo.ip, refunded: '0.000000' });
      continue;
    }
    let refund = 0n;
    if (lease.family === 'static-ip' && lease.expiresAt && lease.expiresAt > now) {
      const [owner] = await t
        .select({ discount: users.discountBasisPoints })
        .from(users)
        .where(eq(users.id, lease.userId));
      const price = await renewalPrice(t, lease, owner?.discount ?? 0);
      const periodMs = BigInt((lease.renewDays === 1 ? 1 : 30) * DAY_MS);
      const leftMs = BigInt(lease.expiresAt.getTime() - now.getTime());
      refund = (price * leftMs) / periodMs;
      if (refund > lease.costTotal) refund = lease.costTotal;
    }
    if (refund > 0n) {
      await moveMoney(t, {
        userId: lease.userId,
        amount: refund,
        kind: 'refund',
        idempotencyKey: `retire:${exit.id}:${lease.id}`,
        reference: { type: 'proxy', id: lease.publicId },
        note: `Static IP ${exit.ip ?? ''} retired by the vendor: the unused paid time is refunded`,
      });
    }
    await t
      .update(proxies)
      .set({ status: PROXY_STATUS.INVALID, costTotal: sql`${proxies.costTotal} - ${refund}` })
      .where(eq(proxies.id, lease.id));
    outcomes.push({
      proxy: lease.publicId,
      outcome: refund > 0n ? 'refunded' : 'invalidated',
      ip: null,
      refunded: presentPtc(refund),
    });
  }
  return { outcomes, changed: leases.map((lease) => lease.id) };
};

/** Retires one static address; answers what happened to its lease. Twice is once. */
export const retireExit = async (handle: DatabaseHandle, id: bigint, actor: AuditActor, now = new Date()) => {
  const { leases, changed } = await handle.db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    const exit = await lockExit(t, id);
    if (!exit) throw notFound();
    if (!exit.isStatic) throw invalid('Only static addresses are retired; disable a rotating exit', 'id');
    if (exit.disabledAt !== null) return { leases: [] as LeaseOutcome[], changed: [] as bigint[] };
    const { outcomes, changed } = await retireInside(t, exit, now);
    await recordAudit(t, {
      ...actor,
      action: 'exit.retire',
      target: { type: 'exit', id: id.toString() },
      before: auditView(exit),
      after: { enabled: false, leases: outcomes },
    });
    return { leases: outcomes, changed };
  });
  forgetAreaLists();
  await announceProxyChanges(handle, changed);
  return { exit: await describeExit(handle.db, id), leases };
};

/**
 * Switches the demo supply off (its exits leave service; leased demo addresses are retired by the
 * rules above) or back on. Customers' area lists follow at once.
 */
export const setDemoSupply = async (handle: DatabaseHandle, enabled: boolean, actor: AuditActor) => {
  const now = new Date();
  const { changed, leases } = await handle.db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    const demo = await t
      .select({ exit: exits, isLeased: sql<boolean>`${isExitLeased}` })
      .from(exits)
      .where(
        sql`${exits.isDemo} and ${enabled ? sql`${exits.disabledAt} is not null` : sql`${exits.disabledAt} is null`}`,
      )
      .for('update');
    const leases: LeaseOutcome[] = [];
    const changed: bigint[] = [];
    if (enabled) {
      await t
        .update(exits)
        .set({ disabledAt: null, isHealthy: true, failureCount: 0 })
        .where(sql`${exits.isDemo} and ${exits.disabledAt} is not null`);
    } else {
      // Leased addresses are retired one by one (their leases move or are refunded); the rest at once.
      for (const { exit } of demo.filter((row) => row.exit.isStatic && row.isLeased)) {
        const retired = await retireInside(t, exit, now);
        leases.push(...retired.outcomes);
        changed.push(...retired.changed);
      }
      await t
        .update(exits)
        .set({ disabledAt: now })
        .where(sql`${exits.isDemo} and ${exits.disabledAt} is null`);
    }
    if (demo.length > 0) {
      await recordAudit(t, {
        ...actor,
        action: enabled ? 'supply.demo.enable' : 'supply.demo.disable',
        target: { type: 'supply', id: 'demo' },
        before: { enabled: !enabled },
        after: { enabled, exits: demo.length, leases: leases.length },
      });
    }
    return { changed, leases };
  });
  forgetAreaLists();
  await announceProxyChanges(handle, changed);
  return { enabled, leases };
};
