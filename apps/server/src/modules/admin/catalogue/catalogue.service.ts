import {
  type AdminFeeChanges,
  type AdminPriceTable,
  type AdminTopUpChanges,
  type AdminTrafficPlanChanges,
  AppError,
  type adminNewTrafficPlanSchema,
  DEFAULT_PRICES,
  type FeeRule,
  type PriceKey,
  parsePtc,
  TOP_UP_FEE_METHODS,
  type TopUpFeeMethod,
} from '@ptc/contracts';
import type { Database } from '@ptc/db';
import type { z } from 'zod';
import { readPrices } from '../../proxies/pricing/prices.service';
import { presentPtc } from '../../proxies/proxies.presenter';
import {
  countPlanSales,
  insertPlan,
  listAllPlans,
  lockPlan,
  type PlanRow,
  updatePlan,
} from '../../traffic/traffic-plans.repository';
import { changeTopUpTerms, readTopUpTerms, type TopUpTermsDeps } from '../../wallet/top-up-terms.service';
import { type AuditActor, recordAudit } from '../audit/audit.service';
import { presentAdminPlan, presentFees, presentTopUpTerms } from './catalogue.presenter';

const noSuchPlan = () => new AppError('ERR_NOT_FOUND', { message: 'No such traffic plan' });

/** A plan id of a URL (anything else is a plan that does not exist). */
const parsePlanId = (id: string): bigint => {
  if (!/^\d{1,18}$/.test(id)) throw noSuchPlan();
  return BigInt(id);
};

/** `GET /admin/prices`: the price table at list price (no customer's discount), with its defaults. */
export const describePriceTable = async (db: Database): Promise<AdminPriceTable> => {
  const table = await readPrices(db);
  return {
    records: (Object.keys(DEFAULT_PRICES) as PriceKey[]).map((key) => ({
      key,
      price: presentPtc(table[key].price),
      unit: table[key].unit,
      default_price: presentPtc(DEFAULT_PRICES[key].price),
    })),
  };
};

/** `GET /admin/catalogue/plans`: every traffic plan, on sale or not. */
export const listTrafficPlans = async (db: Database) => ({
  records: (await listAllPlans(db)).map((row) => presentAdminPlan(row.plan, row.sold)),
});

/** The validity columns of a plan: `validDays` null is a package that never expires. */
const validityOf = (validDays: number | null) => ({ isPermanent: validDays === null, validDays });

/** `POST /admin/catalogue/plans`: adds a plan (on sale unless told); audited. */
export const addTrafficPlan = (
  db: Database,
  input: z.output<typeof adminNewTrafficPlanSchema>,
  actor: AuditActor,
) =>
  db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    const row = await insertPlan(t, {
      gb: input.gb,
      pricePerGb: parsePtc(input.price_per_gb),
      discountBasisPoints: input.discount_basis_points,
      ...validityOf(input.valid_days),
      maxPerUser: input.limit_per_user,
      isActive: input.on_sale,
    });
    const plan = presentAdminPlan(row, 0);
    await recordAudit(t, {
      operator: actor.operator,
      action: 'catalogue.plan.create',
      target: { type: 'traffic_plan', id: plan.id },
      before: null,
      after: plan,
      clientIp: actor.clientIp,
    });
    return plan;
  });

/** The columns `changes` sets. */
const planColumnsOf = (changes: AdminTrafficPlanChanges): Partial<PlanRow> => ({
  ...(changes.gb !== undefined ? { gb: changes.gb } : {}),
  ...(changes.price_per_gb !== undefined ? { pricePerGb: parsePtc(changes.price_per_gb) } : {}),
  ...(changes.discount_basis_points !== undefined
    ? { discountBasisPoints: changes.discount_basis_points }
    : {}),
  ...(changes.valid_days !== undefined ? validityOf(changes.valid_days) : {}),
  ...(changes.limit_per_user !== undefined ? { maxPerUser: changes.limit_per_user } : {}),
  ...(changes.on_sale !== undefined ? { isActive: changes.on_sale } : {}),
});

/**
 * `PATCH /admin/catalogue/plans/:id`: edits a plan or puts it on or off sale; audited. Packages
 * already bought keep their bytes, price and expiry; only later purchases see the change.
 */
export const editTrafficPlan = (
  db: Database,
  id: string,
  changes: AdminTrafficPlanChanges,
  actor: AuditActor,
) => {
  const planId = parsePlanId(id);
  return db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    const current = await lockPlan(t, planId);
    if (!current) throw noSuchPlan();
    const sold = await countPlanSales(t, planId);
    const row = await updatePlan(t, planId, planColumnsOf(changes));
    if (!row) throw noSuchPlan();
    const before = presentAdminPlan(current, sold);
    const after = presentAdminPlan(row, sold);
    await recordAudit(t, {
      operator: actor.operator,
      action: 'catalogue.plan.update',
      target: { type: 'traffic_plan', id: after.id },
      before,
      after,
      clientIp: actor.clientIp,
    });
    return after;
  });
};

/** `GET /admin/catalogue/top-up`: the packages and the bonus rule in force. */
export const describeTopUpTerms = async (deps: TopUpTermsDeps) =>
  presentTopUpTerms(await readTopUpTerms(deps));

/** `PUT /admin/catalogue/top-up`: sets the packages, the bonus rule, or both; audited. */
export const setTopUpTerms = async (deps: TopUpTermsDeps, changes: AdminTopUpChanges, actor: AuditActor) => {
  const { before, after } = await changeTopUpTerms(deps, {
    packages: changes.packages?.map(parsePtc),
    bonus: changes.bonus
      ? { threshold: parsePtc(changes.bonus.threshold), basisPoints: BigInt(changes.bonus.basis_points) }
      : undefined,
  });
  const [was, is] = [presentTopUpTerms(before), presentTopUpTerms(after)];
  const changed = (terms: typeof was) => ({
    ...(changes.packages ? { packages: terms.packages.map((item) => item.amount) } : {}),
    ...(changes.bonus ? { bonus: terms.bonus } : {}),
  });
  await recordAudit(deps.db, {
    operator: actor.operator,
    action: 'catalogue.top_up.set',
    target: { type: 'catalogue', id: 'top_up' },
    before: changed(was),
    after: changed(is),
    clientIp: actor.clientIp,
  });
  return is;
};

/** `GET /admin/catalogue/fees`: every payment method's fee in force. */
export const describeFees = async (deps: TopUpTermsDeps) => presentFees(await readTopUpTerms(deps));

/** `PUT /admin/catalogue/fees`: sets the fee of the methods named (the others keep theirs); audited. */
export const setFees = async (deps: TopUpTermsDeps, changes: AdminFeeChanges, actor: AuditActor) => {
  const fees: Partial<Record<TopUpFeeMethod, FeeRule>> = {};
  for (const method of TOP_UP_FEE_METHODS) {
    const fee = changes[method];
    if (fee) fees[method] = { basisPoints: BigInt(fee.basis_points), fixed: parsePtc(fee.fixed) };
  }
  const methods = Object.keys(fees);
  const { before, after } = await changeTopUpTerms(deps, { fees });
  const [was, is] = [presentFees(before), presentFees(after)];
  const changed = (table: typeof was) =>
    Object.fromEntries(
      table.fees
        .filter((fee) => methods.includes(fee.method))
        .map((fee) => [fee.method, { basis_points: fee.basis_points, fixed: fee.fixed }]),
    );
  await recordAudit(deps.db, {
    operator: actor.operator,
    action: 'catalogue.fees.set',
    target: { type: 'catalogue', id: 'fees' },
    before: changed(was),
    after: changed(is),
    clientIp: actor.clientIp,
  });
  return is;
};
