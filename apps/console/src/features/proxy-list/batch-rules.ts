import { LIMITS, type ProxyRow } from '@ptc/contracts';
import { isExpiredRow } from './proxy-family';

/** Whether a batch delete may be sent (SPEC §5: a selection is required, and only expired proxies). */
export type BatchDeleteCheck = 'ok' | 'empty' | 'notExpired';

/** Checks a batch delete before it is sent. */
export const checkBatchDelete = (rows: readonly Pick<ProxyRow, 'status'>[]): BatchDeleteCheck => {
  if (rows.length === 0) return 'empty';
  return rows.every(isExpiredRow) ? 'ok' : 'notExpired';
};

/** The most proxies one export holds (SPEC §9: 5 000). */
export const EXPORT_MAX = LIMITS.EXPORT_MAX_PROXIES;

/** Whether an export of `count` proxies may be made: none is nothing to export, over 5 000 is refused. */
export type ExportCheck = 'ok' | 'empty' | 'tooMany';

/** Checks how many proxies an export would hold. */
export const checkExportCount = (count: number): ExportCheck => {
  if (count <= 0) return 'empty';
  return count > EXPORT_MAX ? 'tooMany' : 'ok';
};
