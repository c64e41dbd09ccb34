import { isIP } from 'node:net';
import { AppError, textInputProblem } from '@ptc/contracts';
import { type Database, type exits, isUniqueViolation } from '@ptc/db';
import { forgetAreaLists } from '../../areas/areas.service';
import { type AuditActor, recordAudit } from '../audit/audit.service';
import { findLiveStaticIps, insertExits } from './supply.repository';
import { hostProblem, templateProblem } from './supply.service';
import { normalisePlace, type Place } from './supply-places';

/** The columns of an inventory file (README "Supply"); `ip`, `country` and `type` are required. */
export const INVENTORY_COLUMNS = [
  'ip',
  'country',
  'state',
  'city',
  'type',
  'kind',
  'host',
  'port',
  'username',
  'password',
  'line',
  'label',
] as const;
type Column = (typeof INVENTORY_COLUMNS)[number];

/** At most this many addresses per file. */
export const MAX_INVENTORY_ROWS = 50_000;
const MAX_FIELD = 500;
/** Errors reported back (the count says how many there were in all). */
const MAX_REPORTED_ERRORS = 200;
const INSERT_CHUNK = 1_000;

/** A problem with one line of the file (1 is the header). */
export interface LineError {
  line: number;
  message: string;
}

/**
 * Splits CSV text (RFC 4180: commas, double quotes with "" inside, CRLF or LF) into records, each
 * with the line it starts on. Blank lines are skipped. Throws a {@link LineError} on an unclosed
 * quote.
 */
export const parseCsv = (text: string): { line: number; fields: string[] }[] => {
  const records: { line: number; fields: string[] }[] = [];
  let fields: string[] = [];
  let field = '';
  let line = 1;
  let start = 1;
  let quoted = false;
  let wasQuoted = false;
  const endRecord = () => {
    fields.push(field);
    if (fields.length > 1 || fields[0] !== '' || wasQuoted) records.push({ line: start, fields });
    fields = [];
    field = '';
    wasQuoted = false;
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else {
        if (c === '\n') line++;
        field += c;
      }
    } else if (c === '"' && field === '') {
      quoted = true;
      wasQuoted = true;
    } else if (c === ',') {
      fields.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      endRecord();
      line++;
      start = line;
    } else field += c;
  }
  if (quoted) throw { line: start, message: 'a quoted field is not closed' } satisfies LineError;
  if (field !== '' || fields.length > 0) endRecord();
  return records;
};

type Row = typeof exits.$inferInsert;

const TYPES = ['residential', 'datacenter'] as const;
const KINDS = ['direct', 'http', 'socks5'] as const;

/** Checks one record; answers the exit row or the record's problems. */
const rowOf = (
  value: (column: Column) => string,
  place: Place | string,
): { row: Row } | { problems: string[] } => {
  const problems: string[] = [];
  const ip = value('ip');
  if (!ip) problems.push('ip is required');
  else if (!isIP(ip)) problems.push(`ip "${ip}" is not an IP address`);
  if (typeof place === 'string') problems.push(place);
  const type = value('type').toLowerCase();
  if (!(TYPES as readonly string[]).includes(type)) problems.push('type must be residential or datacenter');
  const host = value('host');
  const kind = (value('kind') || (host ? '' : 'direct')).toLowerCase();
  if (!(KINDS as readonly string[]).includes(kind)) {
    problems.push(
      host ? 'kind must be http or socks5 for an upstream host' : 'kind must be direct, http or socks5',
    );
  }
  const portText = value('port');
  const port = Number(portText);
  const username = value('username');
  const password = value('password');
  if (kind === 'direct') {
    if (host || portText || username || password)
      problems.push('a direct address has no host, port or credentials');
  } else if (kind === 'http' || kind === 'socks5') {
    if (!host) problems.push('host is required for an upstream address');
    else {
      const why = hostProblem(host);
      if (why) problems.push(why);
    }
    if (!/^\d{1,5}$/.test(portText) || port < 1 || port > 65_535) problems.push('port must be 1–65535');
    if (password && !username) problems.push('a password needs a username');
    for (const [name, text] of [
      ['username', username],
      ['password', password],
    ] as const) {
      const why = text ? templateProblem(text) : null;
      if (why) problems.push(`${name}: ${why}`);
    }
  }
  const lineText = value('line');
  const line = lineText ? Number(lineText) : 1;
  if (!/^[1-4]?$/.test(lineText)) problems.push('line must be 1, 2, 3 or 4');
  if (problems.length > 0 || typeof place === 'string') return { problems };
  const upstream = kind !== 'direct';
  return {
    row: {
      kind: kind as Row['kind'],
      host: upstream ? host : null,
      port: upstream ? port : null,
      usernameTemplate: upstream && username ? username : null,
      passwordTemplate: upstream && password ? password : null,
      type: type as Row['type'],
      line,
      country: place.country,
      state: place.state,
      city: place.city,
      label: value('label') || place.label,
      ip,
      isStatic: true,
    },
  };
};

const refuse = (errors: LineError[]) =>
  new AppError('ERR_ARGUMENT_TYPE', {
    message: `${errors.length} line(s) of the file have errors; nothing was imported`,
    data: { errors: errors.slice(0, MAX_REPORTED_ERRORS), error_count: errors.length },
  });

/** Reads and checks an inventory file: the rows to add, or every problem with its line. */
export const readInventoryFile = async (db: Database, csv: string): Promise<Row[]> => {
  let records: ReturnType<typeof parseCsv>;
  try {
    records = parseCsv(csv.replace(/^\uFEFF/, ''));
  } catch (error) {
    throw refuse([error as LineError]);
  }
  const [header, ...body] = records;
  if (!header) throw refuse([{ line: 1, message: 'the file is empty: a header line comes first' }]);
  const columns = header.fields.map((name) => name.trim().toLowerCase());
  const unknown = columns.filter((name) => !(INVENTORY_COLUMNS as readonly string[]).includes(name));
  const missing = (['ip', 'country', 'type'] as const).filter((name) => !columns.includes(name));
  if (unknown.length > 0 || missing.length > 0 || new Set(columns).size !== columns.length) {
    const parts = [
      unknown.length > 0 ? `unknown column(s) ${unknown.join(', ')}` : '',
      missing.length > 0 ? `missing column(s) ${missing.join(', ')}` : '',
      new Set(columns).size !== columns.length ? 'a column appears twice' : '',
    ].filter(Boolean);
    throw refuse([
      { line: header.line, message: `${parts.join('; ')} (columns: ${INVENTORY_COLUMNS.join(', ')})` },
    ]);
  }
  if (body.length === 0) throw refuse([{ line: header.line, message: 'the file has no addresses' }]);
  if (body.length > MAX_INVENTORY_ROWS) {
    throw refuse([{ line: header.line, message: `at most ${MAX_INVENTORY_ROWS} addresses per file` }]);
  }
  const index = new Map(columns.map((name, i) => [name as Column, i]));
  const places = new Map<string, Place | string>();
  const errors: LineError[] = [];
  const rows: { line: number; row: Row }[] = [];
  const seen = new Map<string, number>();
  for (const record of body) {
    if (record.fields.length !== columns.length) {
      errors.push({
        line: record.line,
        message: `${record.fields.length} field(s) where the header has ${columns.length}`,
      });
      continue;
    }
    const fieldProblem = record.fields
      .map((text) =>
        text.length > MAX_FIELD ? `a field is longer than ${MAX_FIELD} characters` : textInputProblem(text),
      )
      .find((problem) => problem !== null);
    if (fieldProblem) {
      errors.push({ line: record.line, message: fieldProblem });
      continue;
    }
    const value = (column: Column) => {
      const at = index.get(column);
      return at === undefined ? '' : (record.fields[at] ?? '').trim();
    };
    const placeKey = `${value('country')}|${value('state')}|${value('city')}`;
    let place = places.get(placeKey);
    if (place === undefined) {
      place = value('country')
        ? await normalisePlace({ country: value('country'), state: value('state'), city: value('city') })
        : 'country is required';
      places.set(placeKey, place);
    }
    const checked = rowOf(value, place);
    if ('problems' in checked) {
      errors.push({ line: record.line, message: checked.problems.join('; ') });
      continue;
    }
    const ip = checked.row.ip ?? '';
    const first = seen.get(ip);
    if (first !== undefined) {
      errors.push({ line: record.line, message: `ip ${ip} is also on line ${first}` });
      continue;
    }
    seen.set(ip, record.line);
    rows.push({ line: record.line, row: checked.row });
  }
  const ips = rows.map(({ row }) => row.ip ?? '');
  const existing = new Set<string>();
  for (let i = 0; i < ips.length; i += 10_000) {
    for (const ip of await findLiveStaticIps(db, ips.slice(i, i + 10_000))) existing.add(ip);
  }
  for (const { line, row } of rows) {
    if (existing.has(row.ip ?? ''))
      errors.push({ line, message: `ip ${row.ip} is already in the inventory` });
  }
  if (errors.length > 0) throw refuse(errors.sort((a, b) => a.line - b.line));
  return rows.map(({ row }) => row);
};

/**
 * Imports static addresses from a CSV file, all or nothing: any bad line (reported with its
 * number) or an address already in the inventory leaves the inventory as it was. `dryRun` only
 * checks. Customers can buy the new addresses at once.
 */
export const importInventory = async (
  db: Database,
  input: { csv: string; dryRun: boolean },
  actor: AuditActor,
) => {
  const rows = await readInventoryFile(db, input.csv);
  const places = new Set(rows.map((row) => `${row.country}|${row.state}|${row.city}|${row.type}`)).size;
  if (input.dryRun) return { imported: 0, valid: rows.length, places };
  try {
    await db.transaction(async (tx) => {
      const t = tx as unknown as Database;
      for (let i = 0; i < rows.length; i += INSERT_CHUNK)
        await insertExits(t, rows.slice(i, i + INSERT_CHUNK));
      await recordAudit(t, {
        ...actor,
        action: 'inventory.import',
        target: { type: 'inventory', id: 'static' },
        before: null,
        after: { imported: rows.length, places },
      });
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    throw new AppError('ERR_ARGUMENT_TYPE', {
      message: 'Some of these addresses were added to the inventory meanwhile; nothing was imported',
      data: { errors: [], error_count: 1 },
    });
  }
  forgetAreaLists();
  return { imported: rows.length, valid: rows.length, places };
};
