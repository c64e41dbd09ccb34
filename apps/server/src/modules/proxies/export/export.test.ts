import { Readable } from 'node:stream';
import { proxies } from '@ptc/db';
import { createProxy } from '@ptc/db/testing';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../test/accounts';
import { customerWithBalance } from '../../../test/factories';
import { createStaticExits } from '../../../test/proxies';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { EXPORT_COLUMNS } from './export.service';

const DAY = 86_400_000;

/** The `proxies` sheet of an xlsx file, read back by ExcelJS. */
const readSheet = async (file: Buffer) => {
  const book = new ExcelJS.Workbook();
  // ExcelJS types its input as an ArrayBuffer (it reads one as well as a Buffer).
  await book.xlsx.load(Uint8Array.from(file).buffer);
  const sheet = book.getWorksheet('proxies');
  if (!sheet) throw new Error('no sheet');
  return sheet;
};

/** Every row of a sheet, as arrays of cell values. */
const rowsOf = (sheet: ExcelJS.Worksheet) => {
  const rows: unknown[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row) => {
    rows.push((row.values as unknown[]).slice(1));
  });
  return rows;
};

/** The rows of csv text, read back by ExcelJS's csv reader (fast-csv), every cell as the text it is. */
const readCsv = async (text: string) =>
  rowsOf(await new ExcelJS.Workbook().csv.read(Readable.from([text]), { map: (value: unknown) => value }));

describe('proxy export', () => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof customerWithBalance>>;
  let publicIds: string[];
  const now = Date.now();

  beforeAll(async () => {
    t = await createTestApp({ GATEWAY_PUBLIC_HOST: 'gw.example.test', GATEWAY_PORT: '8222' });
    const db = t.database.db;
    owner = await customerWithBalance(t.database, 0n);
    const exits = await createStaticExits(db, 3, { prefix: '69.1.1' });
    const created = [];
    for (const [index, exit] of exits.entries()) {
      created.push(
        await createProxy(db, owner.user.id, {
          family: 'static-ip',
          exitType: 'residential',
          exitId: exit.id,
          country: 'US',
          state: 'NY',
          city: 'newyork',
          remark: index === 0 ? '店铺 A, "quoted"' : null,
          createdAt: new Date(now - index * DAY),
          expiresAt: new Date(now + 30 * DAY),
        }),
      );
    }
    publicIds = created.map((proxy) => proxy.publicId);
  });
  afterAll(() => t.close());

  const exportOf = (body: Record<string, unknown>, path = 'static/ip', token = owner.token) =>
    call(t.app, 'POST', `/proxy/output/tokens/${path}`, { token, body });
  const download = (url: string, token = owner.token) =>
    t.app.inject({ method: 'GET', url, headers: { authorization: token } });

  it('exports selected proxies as xlsx that reads back to the same rows, downloaded once', async () => {
    const exported = await exportOf({ ids: publicIds, format: 'xlsx' });
    expect(exported).toMatchObject({ code: 0, data: { rows: 3 } });
    expect(exported.data.url).toMatch(/^\/api\/proxy\/output\/files\/[a-z0-9]{24}$/);
    const file = await download(exported.data.url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(file.headers['content-disposition']).toMatch(
      /^attachment; filename="proxies-static-ip-\d{4}-\d{2}-\d{2}\.xlsx"$/,
    );
    const [header, ...rows] = rowsOf(await readSheet(file.rawPayload));
    expect(header).toEqual([...EXPORT_COLUMNS]);
    const listed = (await call(t.app, 'GET', '/proxy/tokens/static/ip', { token: owner.token })).data.data;
    expect(rows).toEqual(
      listed.map((row: Record<string, string | number>) => [
        'gw.example.test',
        8222,
        row.username,
        row.password,
        '',
        row.ip,
        'residential',
        'New York, New York, United States',
        'http',
        'normal',
        'on',
        row.create_time,
        row.expire_time,
        row.remark ?? '',
        `gw.example.test:8222:${row.username}:${row.password}`,
        `${row.username}:${row.password}@gw.example.test:8222`,
      ]),
    );
    expect((await download(exported.data.url)).statusCode).toBe(404);
  });

  it('exports a creation range as csv and xls with their content types, only to their owner', async () => {
    const start = new Date(now - 1.5 * DAY).toISOString();
    const end = new Date(now + 1_000).toISOString();
    const csv = await exportOf({ start, end, format: 'csv' });
    expect(csv.data.rows).toBe(2);
    const stranger = await customerWithBalance(t.database, 0n);
    expect((await download(csv.data.url, stranger.token)).statusCode).toBe(404);
    const file = await download(csv.data.url);
    expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(file.headers['content-disposition']).toMatch(/\.csv"$/);
    const text = file.body.replace(/^\ufeff/, '');
    expect(text.split('\n')[0]).toBe(EXPORT_COLUMNS.join(','));
    expect(text).toContain('"店铺 A, ""quoted"""');
    expect(text.trim().split('\n')).toHaveLength(3);

    const xls = await exportOf({ ids: [publicIds[2]], format: 'xls' });
    const binary = await download(xls.data.url);
    expect(binary.headers['content-type']).toBe('application/vnd.ms-excel');
    expect(binary.headers['content-disposition']).toMatch(
      /^attachment; filename="proxies-static-ip-\d{4}-\d{2}-\d{2}\.xls"$/,
    );
    // The xls choice is an xlsx workbook under its .xls name (no maintained BIFF8 writer).
    expect(binary.rawPayload.subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
    expect((await readSheet(binary.rawPayload)).getCell('A2').value).toBe('gw.example.test');
  });

  it('neutralises remarks that would start a formula in csv, xls and xlsx, and leaves ordinary ones as they are', async () => {
    const db = t.database.db;
    // Set through the remark route, which trims: these reach the file as typed.
    const typed = ['=HYPERLINK("http://evil.example","x")', '+1+2', '-2+3', '@SUM(1,2)', '店铺 B'];
    // A tab or CR can only come from stored data (the route trims them), and must be neutralised too.
    const stored = ['\tcmd', '\rcmd'];
    const exits = await createStaticExits(db, typed.length + stored.length, { prefix: '69.1.2' });
    const ids: string[] = [];
    for (const [index, exit] of exits.entries()) {
      const proxy = await createProxy(db, owner.user.id, {
        family: 'static-ip',
        exitType: 'residential',
        exitId: exit.id,
        remark: stored[index - typed.length] ?? null,
        createdAt: new Date(now - 10 * DAY),
        expiresAt: new Date(now + 30 * DAY),
      });
      const remark = typed[index];
      if (remark !== undefined) {
        const set = await call(t.app, 'PUT', `/proxy/token/remark/${proxy.publicId}`, {
          token: owner.token,
          form: { remark },
        });
        expect(set.code).toBe(0);
      }
      ids.push(proxy.publicId);
    }
    const expected = [
      `'=HYPERLINK("http://evil.example","x")`,
      "'+1+2",
      "'-2+3",
      "'@SUM(1,2)",
      '店铺 B',
      "'\tcmd",
      "'\rcmd",
    ].sort();
    const remarkColumn = EXPORT_COLUMNS.indexOf('remark');

    for (const format of ['xlsx', 'xls'] as const) {
      const exported = await exportOf({ ids, format });
      const sheet = await readSheet((await download(exported.data.url)).rawPayload);
      const [, ...rows] = rowsOf(sheet);
      expect(rows.map((row) => row[remarkColumn]).sort(), format).toEqual(expected);
      // Text only: the port stays a number.
      expect(sheet.getCell('B2').value, format).toBe(8222);
      const types = new Set<ExcelJS.ValueType>();
      sheet.eachRow((row) => {
        row.eachCell((cell) => {
          types.add(cell.type);
        });
      });
      expect([...types].sort(), format).toEqual([ExcelJS.ValueType.Number, ExcelJS.ValueType.String].sort());
    }

    const csv = await exportOf({ ids, format: 'csv' });
    const text = (await download(csv.data.url)).body.replace(/^\ufeff/, '');
    const [, ...csvRows] = await readCsv(text);
    expect(csvRows).toHaveLength(ids.length);
    expect(csvRows.map((row) => row[remarkColumn]).sort()).toEqual(expected);
    expect(text).toContain(`,"'=HYPERLINK(""http://evil.example"",""x"")",`);
    expect(text).toContain(`,"'\rcmd",`);
    expect(text).toContain(',8222,');
  });

  it('refuses more than 5 000 proxies, selected or in a range', async () => {
    const tooMany = Array.from({ length: 5_001 }, (_, index) => `p${index}`);
    const selected = await exportOf({ ids: tooMany });
    expect(selected).toMatchObject({ code: 1002, msg: 'Export at most 5000 proxies' });
    const bulk = await customerWithBalance(t.database, 0n);
    const rows = Array.from({ length: 5_001 }, (_, index) => ({
      publicId: `bulk${bulk.user.id}x${index}`,
      userId: bulk.user.id,
      family: 'dynamic-ip' as const,
      username: `b${bulk.user.id}x${index}`,
      password: 'secretsecret0000',
      createdAt: new Date(now - index * 1_000),
    }));
    for (let from = 0; from < rows.length; from += 1_000) {
      await t.database.db.insert(proxies).values(rows.slice(from, from + 1_000));
    }
    const range = { start: new Date(now - DAY).toISOString(), end: new Date(now + 1_000).toISOString() };
    expect(await exportOf(range, 'dynamic/ip', bulk.token)).toMatchObject({
      code: 1002,
      msg: 'Export at most 5000 proxies',
    });
    const started = performance.now();
    const exactly = await exportOf(
      { ...range, start: new Date(now - 4_999_500).toISOString(), format: 'xlsx' },
      'dynamic/ip',
      bulk.token,
    );
    console.info(
      `exported 5 000 proxies as xlsx on ${t.database.driver} in ${(performance.now() - started).toFixed(0)} ms`,
    );
    expect(exactly).toMatchObject({ code: 0, data: { rows: 5_000 } });
  });

  it("answers 4005 for ids of another family or another user's proxies", async () => {
    expect((await exportOf({ ids: publicIds }, 'dynamic/ip')).code).toBe(4005);
    const stranger = await customerWithBalance(t.database, 0n);
    expect((await exportOf({ ids: [publicIds[0]] }, 'static/ip', stranger.token)).code).toBe(4005);
    expect((await exportOf({ format: 'csv' })).code).toBe(1001);
  });
});
