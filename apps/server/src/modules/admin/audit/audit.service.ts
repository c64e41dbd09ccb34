import type { Database } from '@ptc/db';
import type { SignedInOperator } from '../operators/operators.service';
import { type AuditRow, insertAuditEntry, listAuditEntries } from './audit.repository';

/** Who acts, and from where: what every audited service call takes. */
export interface AuditActor {
  operator: SignedInOperator | null;
  clientIp?: string;
}

/** JSON for the trail: bigints as strings, dates as ISO text. */
const plain = (value: unknown): unknown =>
  value === undefined
    ? null
    : JSON.parse(JSON.stringify(value, (_key, v) => (typeof v === 'bigint' ? v.toString() : v)));

/**
 * Records an operator action: who, what, on what, before and after, from where. Called after the
 * action succeeded (a refused action changed nothing and is not an action).
 */
export const recordAudit = (
  db: Database,
  entry: {
    operator: SignedInOperator | null;
    action: string;
    target: { type: string; id: string };
    before?: unknown;
    after?: unknown;
    clientIp?: string;
  },
) =>
  insertAuditEntry(db, {
    operatorId: entry.operator?.id ?? null,
    actor: entry.operator?.email ?? 'command line',
    action: entry.action,
    targetType: entry.target.type,
    targetId: entry.target.id,
    before: plain(entry.before),
    after: plain(entry.after),
    clientIp: entry.clientIp ?? null,
  });

export const presentAuditEntry = (row: AuditRow) => ({
  id: row.id.toString(),
  actor: row.actor,
  action: row.action,
  target_type: row.targetType,
  target_id: row.targetId,
  before: row.before,
  after: row.after,
  client_ip: row.clientIp,
  at: row.at.toISOString(),
});

/** `GET /api/admin/audit`: the trail, newest first, searchable. */
export const searchAudit = async (
  db: Database,
  query: {
    action?: string;
    target_type?: string;
    target_id?: string;
    actor?: string;
    page: number;
    page_size: number;
  },
) => {
  const rows = await listAuditEntries(
    db,
    { action: query.action, targetType: query.target_type, targetId: query.target_id, actor: query.actor },
    { limit: query.page_size, offset: (query.page - 1) * query.page_size },
  );
  return { records: rows.map(presentAuditEntry) };
};
