import { proxies } from '@ptc/db';
import { createProxy } from '@ptc/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { read, utils } from 'xlsx';
import { call } from '../../test/accounts';
import { createStaticExits, customerWithBalance } from '../../test/proxies';
import { createTestApp, type TestApp } from '../../test/test-app';
import { EXPORT_COLUMNS } from './proxy-export.service';

const DAY = 86_400_000;

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
    const sheet = read(file.rawPayload).Sheets.proxies;
    if (!sheet) throw new Error('no sheet');
    const [header, ...rows] = utils.sheet_to_json<(string | number)[]>(sheet, { header: 1 });
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
    const book = read(binary.rawPayload);
    expect(book.Sheets.proxies?.A2?.v).toBe('gw.example.test');
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
