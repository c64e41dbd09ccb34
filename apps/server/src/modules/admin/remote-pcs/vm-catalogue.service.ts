import {
  type AdminVmCatalogue,
  type AdminVmConfiguration,
  type AdminVmConfigurationChanges,
  AppError,
  parsePtc,
} from '@ptc/contracts';
import { and, asc, count, type Database, eq, isNull, ne, vmConfigurations, vms } from '@ptc/db';
import type { DesktopProvider } from '../../../adapters/desktops';
import type { Config } from '../../../config';
import { presentPtc, priceOf } from '../../vms/vms.presenter';
import { countCapacityUse, type VmConfigurationRow } from '../../vms/vms.repository';
import { type AuditActor, recordAudit } from '../audit/audit.service';

const noSuchConfiguration = () =>
  new AppError('ERR_NOT_FOUND', { message: 'No such remote PC configuration' });

/** A configuration id of a URL (anything else is a configuration that does not exist). */
const parseConfigurationId = (id: string): number => {
  if (!/^\d{1,9}$/.test(id)) throw noSuchConfiguration();
  return Number.parseInt(id, 10);
};

/** PCs held of each configuration: not failed, not released (what the customers' limit counts). */
const countHeldByConfiguration = async (db: Database) => {
  const rows = await db
    .select({ configurationId: vms.configurationId, n: count() })
    .from(vms)
    .where(and(ne(vms.status, 'failed'), isNull(vms.releasedAt)))
    .groupBy(vms.configurationId);
  return new Map(rows.map((row) => [row.configurationId, row.n]));
};

const present = (row: VmConfigurationRow, pcs: number): AdminVmConfiguration => ({
  id: row.id,
  name: row.name,
  en_name: row.enName,
  ru_name: row.ruName,
  cpu: row.cpu,
  memory_mb: row.memoryMb,
  price_per_day: presentPtc(row.pricePerDay),
  price_7_days: presentPtc(priceOf(row, 7)),
  price_30_days: presentPtc(row.price30Days),
  active: row.active,
  pcs,
});

/**
 * `GET /admin/vm/configurations`: every configuration, offered or not, in the customers' order, and
 * the host as configured (capacity, per-customer limit and suspension are environment settings).
 */
export const describeVmCatalogue = async (deps: {
  db: Database;
  config: Config;
  provider: DesktopProvider;
}): Promise<AdminVmCatalogue> => {
  const [rows, held, inUse, availability] = await Promise.all([
    deps.db
      .select()
      .from(vmConfigurations)
      .orderBy(asc(vmConfigurations.sortOrder), asc(vmConfigurations.id)),
    countHeldByConfiguration(deps.db),
    countCapacityUse(deps.db),
    deps.provider.availability().catch((error: unknown) => ({
      available: false as const,
      reason: error instanceof Error ? error.message : String(error),
    })),
  ]);
  return {
    records: rows.map((row) => present(row, held.get(row.id) ?? 0)),
    host: {
      provider: deps.config.vms.provider,
      capacity: deps.config.vms.hostCapacity,
      in_use: inUse,
      customer_limit: deps.config.vms.customerLimit,
      creation_suspended: deps.config.vms.creationSuspended,
      available: availability.available,
      message: availability.available ? null : availability.reason,
    },
  };
};

/**
 * `PATCH /admin/vm/configurations/{id}`: changes prices, limits or whether it is offered; audited
 * with what it was and became. Prices apply to later purchases and renewals (auto renewals too);
 * limits to each PC's next start; PCs of a withdrawn configuration keep it.
 */
export const editVmConfiguration = (
  db: Database,
  id: string,
  changes: AdminVmConfigurationChanges,
  actor: AuditActor,
) => {
  const configurationId = parseConfigurationId(id);
  return db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    const [current] = await t
      .select()
      .from(vmConfigurations)
      .where(eq(vmConfigurations.id, configurationId))
      .for('update');
    if (!current) throw noSuchConfiguration();
    const [row] = await t
      .update(vmConfigurations)
      .set({
        ...(changes.price_per_day !== undefined ? { pricePerDay: parsePtc(changes.price_per_day) } : {}),
        ...(changes.price_30_days !== undefined ? { price30Days: parsePtc(changes.price_30_days) } : {}),
        ...(changes.cpu !== undefined ? { cpu: changes.cpu } : {}),
        ...(changes.memory_mb !== undefined ? { memoryMb: changes.memory_mb } : {}),
        ...(changes.active !== undefined ? { active: changes.active } : {}),
        updatedAt: new Date(),
      })
      .where(eq(vmConfigurations.id, configurationId))
      .returning();
    if (!row) throw noSuchConfiguration();
    const pcs = (await countHeldByConfiguration(t)).get(row.id) ?? 0;
    const [before, after] = [present(current, pcs), present(row, pcs)];
    await recordAudit(t, {
      operator: actor.operator,
      action: 'catalogue.vm_conf.update',
      target: { type: 'vm_configuration', id: String(row.id) },
      before,
      after,
      clientIp: actor.clientIp,
    });
    return after;
  });
};
