import { auditLog, count, eq, exits } from '@ptc/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../test/accounts';
import { operatorSession } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { parseCsv } from './inventory-import';

describe('parseCsv', () => {
  it('reads quoted fields, doubled quotes, CRLF and line breaks inside quotes, with the line each record starts on', () => {
    expect(parseCsv('a,b\r\n"x, y","say ""hi"""\n\n"two\nlines",z\n')).toEqual([
      { line: 1, fields: ['a', 'b'] },
      { line: 2, fields: ['x, y', 'say "hi"'] },
      { line: 4, fields: ['two\nlines', 'z'] },
    ]);
    expect(() => parseCsv('a\n"open')).toThrow();
  });
});

describe('static inventory import', () => {
  let t: TestApp;
  let owner: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    owner = (await operatorSession(t.database, 'owner')).headers;
  });
  afterAll(() => t?.close());

  const staticCount = async () =>
    (await t.database.db.select({ n: count() }).from(exits).where(eq(exits.isStatic, true)))[0]?.n ?? 0;
  const importCsv = (csv: string, dryRun = false) =>
    call(t.app, 'POST', '/admin/inventory/import', { headers: owner, body: { csv, dry_run: dryRun } });

  it('imports 10 000 addresses in under 5 s on PostgreSQL, and customers see the places at once', async () => {
    const places = [
      ['US', 'NY', 'New York City'],
      ['US', 'CA', 'Los Angeles'],
      ['DE', 'BE', 'Berlin'],
      ['JP', '13', 'Tokyo'],
    ];
    const lines = ['ip,country,state,city,type,kind,host,port,username,password'];
    for (let i = 0; i < 10_000; i += 1) {
      const [country, state, city] = places[i % places.length] as string[];
      const ip = `10.${Math.floor(i / 65_536)}.${Math.floor(i / 256) % 256}.${i % 256}`;
      lines.push(
        Math.floor(i / 4) % 2 === 0
          ? `${ip},${country},${state},${city},residential,,,,,`
          : `${ip},${country},${state},"${city}",datacenter,socks5,up.example.test,1080,"{user}-ip-${ip}",secret`,
      );
    }
    const before = await staticCount();
    const started = performance.now();
    const answer = await importCsv(lines.join('\n'));
    const elapsed = performance.now() - started;
    expect(answer.data).toEqual({ imported: 10_000, valid: 10_000, places: 8 });
    // The budget is PostgreSQL's; the embedded database, sharing two cores with the rest of the
    // suite, gets room (alone it takes about as long).
    expect(elapsed).toBeLessThan(t.database.driver === 'postgres' ? 5_000 : 15_000);
    expect(await staticCount()).toBe(before + 10_000);
    const [upstream] = await t.database.db.select().from(exits).where(eq(exits.ip, '10.0.0.5'));
    expect(upstream).toMatchObject({
      kind: 'socks5',
      host: 'up.example.test',
      port: 1080,
      usernameTemplate: '{user}-ip-10.0.0.5',
      passwordTemplate: 'secret',
      type: 'datacenter',
      country: 'US',
      state: 'CA',
      city: 'losangeles',
      label: 'Los Angeles, California, United States',
      isStatic: true,
    });
    const supply = await call(t.app, 'GET', '/admin/supply?country=JP', { headers: owner });
    expect(supply.data.inventory).toEqual([
      expect.objectContaining({
        country: 'JP',
        state: '13',
        city: 'tokyo',
        type: 'datacenter',
        total: 1_250,
        free: 1_250,
      }),
      expect.objectContaining({
        country: 'JP',
        state: '13',
        city: 'tokyo',
        type: 'residential',
        total: 1_250,
        leased: 0,
      }),
    ]);
    const trail = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'inventory.import'));
    expect(trail.map((entry) => entry.after)).toEqual([{ imported: 10_000, places: 8 }]);
  }, 30_000);

  it('reports every bad line by its number and writes nothing', async () => {
    const before = await staticCount();
    const csv = [
      'ip,country,state,city,type,kind,host,port,username,password',
      '192.0.2.10,US,NY,New York City,residential,,,,,',
      '192.0.2.300,US,NY,,residential,,,,,',
      '192.0.2.11,XX,,,residential,,,,,',
      '192.0.2.12,US,NY,Atlantis,residential,,,,,',
      '192.0.2.13,US,,,business,,,,,',
      '192.0.2.14,US,,,residential,http,,8080,,',
      '192.0.2.15,US,,,residential,socks5,up.example.test,1080,{user}-{zone},',
      '192.0.2.10,US,,,residential,,,,,',
      '10.0.0.1,US,,,residential,,,,,',
      '192.0.2.16,US,,,residential',
      '192.0.2.17,US,,,residential,direct,,,,',
    ].join('\n');
    const answer = await importCsv(csv);
    expect(answer.code).toBe(1002);
    expect(answer.msg).toMatch(/nothing was imported/);
    expect(answer.data.error_count).toBe(9);
    expect(answer.data.errors.map((error: { line: number }) => error.line)).toEqual([
      3, 4, 5, 6, 7, 8, 9, 10, 11,
    ]);
    const message = (line: number) =>
      answer.data.errors.find((error: { line: number }) => error.line === line)?.message;
    expect(message(3)).toMatch(/not an IP address/);
    expect(message(4)).toMatch(/unknown country/);
    expect(message(5)).toMatch(/unknown city "Atlantis"/);
    expect(message(6)).toMatch(/type must be/);
    expect(message(7)).toMatch(/host is required/);
    expect(message(8)).toMatch(/unknown placeholder \{zone\}/);
    expect(message(9)).toMatch(/also on line 2/);
    expect(message(10)).toMatch(/already in the inventory/);
    expect(message(11)).toMatch(/5 field\(s\) where the header has 10/);
    expect(await staticCount()).toBe(before);

    expect((await importCsv('ip,country,kind\n192.0.2.1,US,direct')).data.errors[0]).toMatchObject({
      line: 1,
      message: expect.stringMatching(/missing column\(s\) type/),
    });
    expect((await importCsv('ip,country,type,colour\n')).data.errors[0].message).toMatch(
      /unknown column\(s\) colour/,
    );
    expect((await importCsv('ip,country,type\n"192.0.2.1,US,residential')).data.errors[0]).toMatchObject({
      line: 2,
    });
    expect((await importCsv('ip,country,type\n192.0.2.1\u0007,US,residential')).code).not.toBe(0);
    expect(await staticCount()).toBe(before);
  });

  it('checks without writing on a dry run', async () => {
    const before = await staticCount();
    const answer = await importCsv(
      'ip,country,type\n192.0.2.50,US,datacenter\n192.0.2.51,US,datacenter',
      true,
    );
    expect(answer.data).toEqual({ imported: 0, valid: 2, places: 1 });
    expect(await staticCount()).toBe(before);
  });
});
