import { AppError, LIMITS, type ProxyRow, type proxyExportRequestSchema } from '@ptc/contracts';
import type { z } from 'zod';
import type { UserRow } from '../../auth/accounts.service';
import { newOpaqueId } from '../generation/credentials';
import { findOwnProxies, findProxiesCreatedBetween } from '../list/list.repository';
import { gatewayFor, type ProxiesDeps } from '../proxies.deps';
import { presentProxies } from '../proxies.presenter';
import { familyOf } from '../proxy-entity';
import { neutraliseRows, toCsv } from './export.cells';
import { insertExport, takeExport } from './export.repository';
import { buildXlsx } from './export.xlsx';

/** How long an export file can be downloaded. */
const EXPORT_TTL_MS = 3_600_000;

type ExportFormat = 'csv' | 'xls' | 'xlsx';

/** Content types of the export formats. */
export const EXPORT_CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

const STATUS_NAMES: Record<number, string> = { 1: 'normal', 2: 'invalid', 3: 'expired', 4: 'unhealthy' };

/** The columns of the console's copy dialog, one row per proxy. */
export const EXPORT_COLUMNS = [
  'address',
  'port',
  'username',
  'password',
  'session',
  'ip',
  'type',
  'area',
  'protocol',
  'status',
  'switch',
  'create time',
  'expire time',
  'remark',
  'address:port:user:pass',
  'user:pass@address:port',
] as const;

const exportRow = (row: ProxyRow): (string | number)[] => [
  row.address,
  row.port,
  row.username,
  row.password,
  row.session ?? '',
  row.ip ?? '',
  row.type,
  row.area.label ??
    [row.area.city_name ?? row.area.city, row.area.state, row.area.country].filter(Boolean).join(', '),
  row.protocol,
  STATUS_NAMES[row.status] ?? String(row.status),
  row.switch === 5 ? 'on' : 'off',
  row.create_time,
  row.expire_time ?? '',
  row.remark ?? '',
  `${row.address}:${row.port}:${row.username}:${row.password}`,
  `${row.username}:${row.password}@${row.address}:${row.port}`,
];

/**
 * The file of an export: csv (our RFC 4180 text, UTF-8 with BOM, so spreadsheets read remarks
 * right), or an xlsx workbook from ExcelJS for both xlsx and xls. No maintained library on the npm
 * registry writes the legacy BIFF8 `.xls`, so the xls choice is the same workbook under its `.xls`
 * name (README, "Exports"). Every format takes the same rows, their text neutralised against
 * formula injection (a remark is the user's text).
 */
export const buildExportFile = async (rows: ProxyRow[], format: ExportFormat): Promise<Buffer> => {
  const cells = neutraliseRows([[...EXPORT_COLUMNS], ...rows.map(exportRow)]);
  if (format === 'csv') return Buffer.from(`\ufeff${toCsv(cells)}\n`, 'utf8');
  return buildXlsx('proxies', cells);
};

const tooMany = () =>
  new AppError('ERR_ARGUMENT_TYPE', { message: `Export at most ${LIMITS.EXPORT_MAX_PROXIES} proxies` });

/**
 * `POST /proxy/output/tokens/{generate}/{proxy_type}`: the selected proxies of the family (4005
 * when one is not the user's), or those created in a time range; at most 5 000. The file waits
 * an hour for its single download.
 */
export const exportProxies = async (
  deps: ProxiesDeps,
  user: UserRow,
  path: { generate: 'dynamic' | 'static'; proxy_type: 'traffic' | 'ip' },
  request: z.output<typeof proxyExportRequestSchema>,
  now = new Date(),
) => {
  const { db } = deps;
  const family = familyOf(path.generate, path.proxy_type);
  const ids = request.ids?.length ? [...new Set(request.ids)] : null;
  if (ids && ids.length > LIMITS.EXPORT_MAX_PROXIES) throw tooMany();
  let records: Awaited<ReturnType<typeof findOwnProxies>>;
  if (ids) {
    records = await findOwnProxies(db, user.id, ids, { family });
    if (records.length !== ids.length) throw new AppError('ERR_NO_THIS_USER_TOKEN');
  } else {
    const range = { start: new Date(request.start ?? 0), end: new Date(request.end ?? 0) };
    records = await findProxiesCreatedBetween(db, user.id, family, range, LIMITS.EXPORT_MAX_PROXIES + 1);
    if (records.length > LIMITS.EXPORT_MAX_PROXIES) throw tooMany();
  }
  const content = await buildExportFile(
    await presentProxies(records, await gatewayFor(deps, user.id), now),
    request.format,
  );
  const id = newOpaqueId();
  await insertExport(db, {
    id,
    userId: user.id,
    format: request.format,
    fileName: `proxies-${family}-${now.toISOString().slice(0, 10)}.${request.format}`,
    content: new Uint8Array(content),
    rows: records.length,
    createdAt: now,
    expiresAt: new Date(now.getTime() + EXPORT_TTL_MS),
  });
  return { url: `/api/proxy/output/files/${id}`, rows: records.length };
};

/** `GET /proxy/output/files/{id}`: the owner's file, once; 404 when missing, used, expired or not theirs. */
export const downloadExport = async (deps: ProxiesDeps, user: UserRow, id: string, now = new Date()) => {
  const file = await takeExport(deps.db, user.id, id, now);
  if (!file)
    throw new AppError('ERR_NOT_FOUND', { message: 'No such export file (each is downloaded once)' });
  return {
    fileName: file.fileName,
    contentType: EXPORT_CONTENT_TYPES[file.format],
    content: Buffer.from(file.content),
  };
};
