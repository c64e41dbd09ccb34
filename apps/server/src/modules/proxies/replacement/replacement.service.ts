import {
  AppError,
  PROXY_STATUS,
  type ReplacementLimits,
  type ReplacementReason,
  type ReplacementResult,
  type ReplaceProxyBody,
} from '@ptc/contracts';
import { type Database, exits, ne } from '@ptc/db';
import { currentApiKeyId } from '../../api-keys/api-key-attribution';
import { forgetAreaLists } from '../../areas/areas.service';
import type { UserRow } from '../../auth/accounts.service';
import { insertEntry } from '../../wallet/ledger.repository';
import { findFreeStaticExits } from '../generation/generation.repository';
import { violatedConstraint } from '../generation/generation.service';
import { findOwnProxy } from '../list/list.repository';
import { gatewayFor, type ProxiesDeps } from '../proxies.deps';
import { type ProxyRecord, presentProxies } from '../proxies.presenter';
import { announceProxyChanges } from '../proxy-changes';
import { DAY_MS, isExpired, isStaticFamily } from '../proxy-entity';
import {
  countReplacements,
  findReplacementByRequest,
  insertReplacement,
  lockAccount,
  moveProxyToExit,
  quarantineExit,
  type ReplacementRow,
} from './replacement.repository';

/** Free addresses tried, one after another, when a purchase leases the first ones meanwhile. */
const CANDIDATES = 5;

/** The limits of replacements (config `replacements`). */
export interface ReplacementSettings {
  perProxy: number;
  perAccount: number;
  periodDays: number;
  quarantineHours: number;
}

const noSuchProxy = () => new AppError('ERR_NO_THIS_USER_TOKEN');

/** Used and left in the rolling period, and when a reached limit frees a replacement again. */
const readLimits = async (
  db: Database,
  settings: ReplacementSettings,
  userId: bigint,
  proxyId: bigint,
  now: Date,
): Promise<ReplacementLimits> => {
  const periodMs = settings.periodDays * DAY_MS;
  const counted = await countReplacements(db, userId, proxyId, new Date(now.getTime() - periodMs));
  const proxyLeft = Math.max(0, settings.perProxy - counted.proxyUsed);
  const accountLeft = Math.max(0, settings.perAccount - counted.accountUsed);
  // The oldest replacement in the period leaves it first; a limit of 0 never frees one.
  const freedAt = (left: number, limit: number, oldest: Date | null) =>
    left > 0 || limit === 0 || !oldest ? null : oldest.getTime() + periodMs;
  const times = [
    freedAt(proxyLeft, settings.perProxy, counted.proxyOldest),
    freedAt(accountLeft, settings.perAccount, counted.accountOldest),
  ].filter((time): time is number => time !== null);
  return {
    period_days: settings.periodDays,
    proxy_limit: settings.perProxy,
    proxy_used: counted.proxyUsed,
    proxy_left: proxyLeft,
    account_limit: settings.perAccount,
    account_used: counted.accountUsed,
    account_left: accountLeft,
    next_at: times.length > 0 ? new Date(Math.max(...times)).toISOString() : null,
  };
};

/** A static proxy that can have its address replaced now; refuses the others with their code. */
const assertReplaceable = (proxy: ProxyRecord, now: Date) => {
  if (!isStaticFamily(proxy.family) || proxy.exitId === null) {
    throw new AppError('ERR_ARGUMENT_TYPE', {
      message: 'Only static proxies have an address to replace',
      data: { field: 'token_id' },
    });
  }
  if (isExpired(proxy, now)) {
    throw new AppError('ERR_PROXY_TOKEN_EXPIRED', {
      message: 'An expired proxy cannot have its address replaced',
    });
  }
  if (proxy.status === PROXY_STATUS.INVALID) throw new AppError('ERR_PROXY_NOT_IN_NORMAL');
};

/** Refuses with 101 when a limit of the period is reached, saying which and until when. */
const assertWithinLimits = (limits: ReplacementLimits, now: Date) => {
  if (limits.proxy_left > 0 && limits.account_left > 0) return;
  const which = limits.proxy_left === 0 ? 'proxy' : 'account';
  const retryAfter = limits.next_at
    ? Math.max(1, Math.ceil((Date.parse(limits.next_at) - now.getTime()) / 1000))
    : null;
  throw new AppError('FREQUENTLY', {
    message:
      which === 'proxy'
        ? `This proxy's address was replaced ${limits.proxy_used} time(s) in ${limits.period_days} days, the most allowed`
        : `Your account replaced ${limits.account_used} address(es) in ${limits.period_days} days, the most allowed`,
    data: { limit: which, limits, ...(retryAfter === null ? {} : { retry_after: retryAfter }) },
  });
};

/** `GET /proxy/token/replacement/{token_id}`: replacements used and left for a proxy. */
export const getReplacementLimits = async (
  deps: ProxiesDeps,
  user: UserRow,
  publicId: string,
  now = new Date(),
): Promise<ReplacementLimits> => {
  const proxy = await findOwnProxy(deps.db, user.id, publicId);
  if (!proxy) throw noSuchProxy();
  return readLimits(deps.db, deps.config.replacements, user.id, proxy.id, now);
};

interface Replaced {
  proxy: ProxyRecord;
  replacement: ReplacementRow;
  repeated: boolean;
}

const replaceInside = async (
  t: Database,
  settings: ReplacementSettings,
  user: UserRow,
  publicId: string,
  body: ReplaceProxyBody,
  now: Date,
): Promise<Replaced> => {
  // The proxy first, then the account (the order renewals take): concurrent requests for one
  // proxy, or one account, take turns, so a double click replaces once and limits hold.
  const proxy = await findOwnProxy(t, user.id, publicId, { forUpdate: true });
  if (!proxy) throw noSuchProxy();
  const account = await lockAccount(t, user.id);
  if (!account) throw noSuchProxy();
  const previous = await findReplacementByRequest(t, user.id, body.request_id);
  if (previous) {
    if (previous.proxyId !== proxy.id) {
      throw new AppError('ERR_ARGUMENT_TYPE', {
        message: 'This request id already replaced the address of another proxy',
        data: { field: 'request_id' },
      });
    }
    return { proxy, replacement: previous, repeated: true };
  }
  assertReplaceable(proxy, now);
  const oldExitId = proxy.exitId as bigint;
  assertWithinLimits(await readLimits(t, settings, user.id, proxy.id, now), now);
  const type = proxy.exitType ?? 'residential';
  const area = { country: proxy.country, state: proxy.state, city: proxy.city };
  const candidates = await findFreeStaticExits(t, type, area, CANDIDATES, ne(exits.id, oldExitId));
  let chosen: (typeof candidates)[number] | null = null;
  for (const candidate of candidates) {
    if (await moveProxyToExit(t, proxy.id, candidate.id, now)) {
      chosen = candidate;
      break;
    }
  }
  if (!chosen) {
    throw new AppError('ERR_NEW_PROXY_FAILED', {
      message: `No other free ${type} address in this proxy's area right now; nothing was changed`,
    });
  }
  if (body.reason === 'blocked' && settings.quarantineHours > 0) {
    await quarantineExit(t, oldExitId, new Date(now.getTime() + settings.quarantineHours * 3_600_000));
  }
  const note = body.note?.trim() || null;
  // No money moves: the entry (amount 0, the one kind allowed it) puts the replacement in the
  // money trail with the balance as it stands.
  const entry = await insertEntry(t, {
    userId: user.id,
    amount: 0n,
    kind: 'replacement',
    referenceType: 'proxy',
    referenceId: proxy.publicId,
    idempotencyKey: `replacement:${user.id}:${body.request_id}`,
    balanceAfter: account.balance,
    note: `Replaced ${proxy.exitIp ?? '?'} by ${chosen.ip ?? '?'}: ${body.reason}`,
    apiKeyId: currentApiKeyId(),
    createdAt: now,
  });
  const replacement = await insertReplacement(t, {
    userId: user.id,
    proxyId: proxy.id,
    requestId: body.request_id,
    reason: body.reason as ReplacementReason,
    note,
    oldExitId,
    newExitId: chosen.id,
    oldIp: proxy.exitIp,
    newIp: chosen.ip,
    ledgerEntryId: entry.id,
    createdAt: now,
  });
  return {
    proxy: {
      ...proxy,
      exitId: chosen.id,
      exitIp: chosen.ip,
      exitLabel: chosen.label,
      status: proxy.status === PROXY_STATUS.UNHEALTHY ? PROXY_STATUS.NORMAL : proxy.status,
    },
    replacement,
    repeated: false,
  };
};

/**
 * `POST /proxy/token/replace/{token_id}`: gives a static proxy another free address of its type in
 * its area, in one transaction: same credentials, same expiry, no charge (a zero-amount ledger
 * entry of kind `replacement`), within the limits of the period. The old address goes back to the
 * pool, or into quarantine when a target site blocked it. Gateways are told at once: connections
 * through the old address end within seconds, new ones leave through the new one. With no free
 * address, 4004 and nothing changes; a repeated request id answers the replacement it made.
 */
export const replaceProxyAddress = async (
  deps: ProxiesDeps,
  user: UserRow,
  publicId: string,
  body: ReplaceProxyBody,
  now = new Date(),
): Promise<ReplacementResult> => {
  const settings = deps.config.replacements;
  let replaced: Replaced;
  try {
    replaced = await deps.db.transaction((tx) =>
      replaceInside(tx as unknown as Database, settings, user, publicId, body, now),
    );
  } catch (error) {
    // The same request id sent for two proxies at the same moment: the index let one through.
    const constraint = violatedConstraint(error);
    if (constraint === 'proxy_replacements_request_key' || constraint === 'ledger_entries_idempotency_key') {
      throw new AppError('ERR_ARGUMENT_TYPE', {
        message: 'This request id already replaced the address of another proxy',
        data: { field: 'request_id' },
      });
    }
    throw error;
  }
  if (!replaced.repeated) {
    await announceProxyChanges(deps.database, [replaced.proxy.id]);
    forgetAreaLists();
  }
  const current = replaced.repeated ? await findOwnProxy(deps.db, user.id, publicId) : replaced.proxy;
  const [row] = await presentProxies([current ?? replaced.proxy], await gatewayFor(deps, user.id), now);
  if (!row) throw new Error('a presented proxy is missing');
  return {
    proxy: row,
    old_ip: replaced.replacement.oldIp,
    new_ip: replaced.replacement.newIp,
    reason: replaced.replacement.reason,
    replaced_at: replaced.replacement.createdAt.toISOString(),
    repeated: replaced.repeated,
    limits: await readLimits(deps.db, settings, user.id, replaced.proxy.id, now),
  };
};
