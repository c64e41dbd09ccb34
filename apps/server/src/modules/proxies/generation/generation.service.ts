import { AppError, isTrafficFamily, type Micro, PROXY_RULES, PROXY_STATUS } from '@ptc/contracts';
import type { Database, proxies } from '@ptc/db';
import type { UserRow } from '../../auth/accounts.service';
import { moveMoney, spendableOf } from '../../wallet/ledger.service';
import { prepaidPriceKey, readPrice } from '../pricing/prices.service';
import { gatewayFor, gatewayOf, type ProxiesDeps } from '../proxies.deps';
import { type ProxyRecord, presentProxies, presentPtc } from '../proxies.presenter';
import { DAY_MS, type ProxyEntity } from '../proxy-entity';
import { resetStaticSearches } from '../store/store.repository';
import {
  newOpaqueId,
  newProxyPassword,
  newProxyPublicId,
  newProxyUsername,
  newSessionId,
} from './credentials';
import type { GenerationPlan } from './generation.plans';
import {
  type Area,
  claimGenerationSlot,
  countExits,
  type ExitSummary,
  findExitsWithLease,
  findFreeStaticExits,
  findRotatingExitsByIp,
  insertProxies,
  pickRotatingExits,
  readTrafficLeft,
  servesRotating,
  servesStatic,
} from './generation.repository';
import { ipPatternRegex } from './ip-pattern';

const ATTEMPTS = 3;

/** Where one generated proxy exits: its area, and the static exit it leases. */
interface Placement {
  area: Area;
  exit: ExitSummary | null;
}

/** The name of the unique constraint a database error violated, if any (either driver). */
export const violatedConstraint = (error: unknown): string | null => {
  for (let current = error, depth = 0; current && depth < 4; depth += 1) {
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (candidate.code === '23505')
      return typeof candidate.constraint === 'string' ? candidate.constraint : '';
    current = candidate.cause;
  }
  return null;
};

const takenByAnother = (message = 'This address was just bought by another user') =>
  new AppError('ERR_PROXY_USED_TOO_MORE', { message });

const noSupply = (message: string) => new AppError('ERR_NEW_PROXY_FAILED', { message });

/** Nothing serves the request: a wrong area (4001) when the area has no exit at all, else 4004. */
const noExitIn = (area: Area, exits: { inArea: number }, message: string) =>
  exits.inArea === 0 && area.country
    ? new AppError('ERR_AREA_ERROR', { message: 'Wrong area: there is no supply in this area' })
    : noSupply(message);

/**
 * Rotating exits matching an IP pattern; with `autoReturn`, when none match, the pattern is
 * widened one octet at a time down to its /16, so an address nearby (same network, usually the
 * same location) is returned instead.
 */
const findByIpPattern = async (db: Database, pattern: string, autoReturn: boolean, count: number) => {
  const octets = pattern.split('.');
  for (;;) {
    const found = await findRotatingExitsByIp(db, ipPatternRegex(octets.join('.')), count);
    if (found.length > 0 || !autoReturn) return found;
    const last = octets.findLastIndex((octet) => octet !== '*');
    if (last < 2) return found;
    octets[last] = '*';
  }
};

const areaOfExit = (exit: ExitSummary): Area => ({
  country: exit.country,
  state: exit.state,
  city: exit.city,
});

/** Decides where each proxy exits, refusing with 4001, 4004 or 4007 (SPEC §8). */
const placeProxies = async (db: Database, plan: GenerationPlan): Promise<Placement[]> => {
  const { source, count } = plan;
  if (source.kind === 'rotating') {
    const exits = await countExits(db, plan.area, servesRotating(plan.line));
    if (exits.serving === 0)
      throw noExitIn(plan.area, exits, 'No proxy for this area on this line right now');
    if (plan.family !== 'dynamic-ip')
      return Array.from({ length: count }, () => ({ area: plan.area, exit: null }));
    // A dynamic-IP proxy is an address for its life: it is given one of the area's exits now.
    const given = await pickRotatingExits(db, plan.area, plan.line, count);
    if (given.length === 0) throw noSupply('No proxy for this area on this line right now');
    return Array.from({ length: count }, (_, index) => ({
      area: plan.area,
      exit: given[index % given.length] as ExitSummary,
    }));
  }
  if (source.kind === 'ip-pattern') {
    const found = await findByIpPattern(db, source.pattern, source.autoReturn, count);
    if (found.length === 0) throw noSupply('No proxy for this IP');
    // Each proxy exits through the matching address it was given (shared with other customers).
    return Array.from({ length: count }, (_, index) => {
      const exit = found[index % found.length] as ExitSummary;
      return { area: areaOfExit(exit), exit };
    });
  }
  if (source.exitIds) {
    const ids = source.exitIds.map((id) => (/^\d{1,18}$/.test(id) ? BigInt(id) : -1n));
    const found = ids.includes(-1n) ? [] : await findExitsWithLease(db, ids);
    const usable = found.filter((exit) => exit.isStatic && exit.isHealthy && exit.type === source.type);
    if (usable.length < ids.length) throw noSupply('This address is not on sale');
    if (usable.some((exit) => exit.leased)) throw takenByAnother();
    return usable.map((exit) => ({ area: areaOfExit(exit), exit }));
  }
  const free = await findFreeStaticExits(db, source.type, plan.area, count);
  if (free.length < count) {
    const exits = await countExits(db, plan.area, servesStatic(source.type));
    if (exits.serving === 0)
      throw noExitIn(plan.area, exits, `No ${source.type} static address in this area`);
    throw takenByAnother(
      `Only ${free.length} ${source.type} address(es) of this area are free; the others are already bought`,
    );
  }
  return free.map((exit) => ({ area: areaOfExit(exit), exit }));
};

/** The proxies rows of a plan: fresh random credentials, one per placement. */
const proxyRows = (
  plan: GenerationPlan,
  placements: Placement[],
  userId: bigint,
  unitPrice: Micro,
  now: Date,
): (typeof proxies.$inferInsert)[] => {
  const validityMs =
    plan.family === 'dynamic-ip'
      ? PROXY_RULES.DYNAMIC_IP_VALIDITY_MS
      : plan.family === 'static-ip'
        ? (plan.renewDays ?? 30) * DAY_MS
        : null;
  const isRotating = plan.family.startsWith('dynamic');
  return placements.map(({ area, exit }) => ({
    publicId: newProxyPublicId(),
    userId,
    family: plan.family,
    username: newProxyUsername(),
    password: newProxyPassword(),
    protocol: plan.protocol,
    status: PROXY_STATUS.NORMAL,
    switch: PROXY_STATUS.ON,
    country: area.country,
    state: area.state,
    city: area.city,
    line: plan.line,
    exitType: plan.exitType,
    exitId: exit?.id ?? null,
    generateType: plan.generateType,
    precision: plan.precision,
    session: isRotating ? newSessionId() : null,
    autoRenew: plan.autoRenew,
    rotation: plan.rotation,
    renewDays: plan.renewDays,
    costTotal: unitPrice,
    createdAt: now,
    purchasedAt: now,
    expiresAt: validityMs === null ? null : new Date(now.getTime() + validityMs),
  }));
};

/** What a generation answers before presentation. */
export interface Generated {
  proxies: ProxyRecord[];
  charged: Micro;
  balance: Micro;
}

const generateOnce = async (
  db: Database,
  user: UserRow,
  plan: GenerationPlan,
  unitPrice: Micro,
  now: Date,
): Promise<Generated> => {
  const slot = await claimGenerationSlot(db, user.id, PROXY_RULES.GENERATION_INTERVAL_MS);
  if (slot === null) throw new AppError('ERR_NEW_PROXY_FREQUENTLY');
  // What the customer can spend: the balance less what gateways hold for traffic under way.
  let balance = spendableOf(slot);
  const placements = await placeProxies(db, plan);
  if (
    isTrafficFamily(plan.family) &&
    balance <= 0n &&
    (await readTrafficLeft(db, user.id, now)) - slot.heldPackageBytes <= 0n
  ) {
    throw new AppError('ERR_BALANCE_NOT_ENOUGH', {
      message: 'Top up your balance or buy a traffic package before generating traffic proxies',
    });
  }
  const rows = proxyRows(plan, placements, user.id, unitPrice, now);
  const charged = unitPrice * BigInt(rows.length);
  if (charged > 0n) {
    const { entry } = await moveMoney(db, {
      userId: user.id,
      amount: -charged,
      kind: 'purchase',
      idempotencyKey: `purchase:${newOpaqueId()}`,
      // Every proxy of a purchase shares family and exit type: the first one stands for the batch.
      reference: { type: 'proxy', id: rows[0]?.publicId ?? '' },
      note: `${rows.length} × ${plan.family}${plan.exitType ? ` ${plan.exitType}` : ''}${
        plan.renewDays ? `, ${plan.renewDays} day(s)` : ''
      } at ${presentPtc(unitPrice)}`,
    });
    balance = spendableOf({ balance: entry.balanceAfter, held: slot.held });
  }
  const inserted = await insertProxies(db, rows);
  if (plan.exitType === 'residential' && plan.family.startsWith('static')) {
    await resetStaticSearches(db, user.id, now.toISOString().slice(0, 10));
  }
  const exitsById = new Map(placements.flatMap(({ exit }) => (exit ? [[exit.id, exit] as const] : [])));
  const records = inserted.map((proxy: ProxyEntity) => {
    const exit = proxy.exitId === null ? undefined : exitsById.get(proxy.exitId);
    return { ...proxy, exitIp: exit?.ip ?? null, exitLabel: exit?.label ?? null };
  });
  return { proxies: records, charged, balance };
};

/**
 * Generates the proxies of a plan in ONE transaction: the one-per-second slot, the supply check,
 * the charge of prepaid families through the ledger, the rows (one batch insert) and the leases.
 * Any refusal leaves nothing behind. Two buyers racing for one static address meet at the lease
 * index: the loser gets 4007.
 */
export const generateProxies = async (
  deps: ProxiesDeps,
  user: UserRow,
  plan: GenerationPlan,
  now = new Date(),
): Promise<Generated> => {
  const { db } = deps;
  const key = prepaidPriceKey(plan.family, plan.exitType, plan.renewDays);
  const unitPrice = key ? (await readPrice(db, key, user.discountBasisPoints)).price : 0n;
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.transaction((tx) =>
        generateOnce(tx as unknown as Database, user, plan, unitPrice, now),
      );
    } catch (error) {
      const constraint = violatedConstraint(error);
      if (constraint === 'proxies_exit_lease_key') throw takenByAnother();
      // A random username or id met an existing one: astronomically rare, and a retry fixes it.
      if (constraint !== null && attempt < ATTEMPTS) continue;
      throw error;
    }
  }
};

/** The answer of the generation calls (`generatedProxiesSchema`). */
export const presentGenerated = async (deps: ProxiesDeps, generated: Generated, now = new Date()) => ({
  data: await presentProxies(
    generated.proxies,
    generated.proxies[0] ? await gatewayFor(deps, generated.proxies[0].userId) : gatewayOf(deps),
    now,
  ),
  charged: presentPtc(generated.charged),
  balance: presentPtc(generated.balance),
});
