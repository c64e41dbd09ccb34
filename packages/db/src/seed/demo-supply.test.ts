import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from '../index';
import type { DatabaseHandle } from '../open-database';
import { exits } from '../schema';
import { createTestDatabase } from '../testing';
import { cityKey, demoExits, seedDemoSupply } from './demo-supply';

describe('the demo supply', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(() => handle.close());

  it('tags direct exits with real places from the catalogue, every line and type', async () => {
    const all = await demoExits();
    expect(all.every((exit) => exit.kind === 'direct' && exit.isDemo)).toBe(true);
    expect(all).toContainEqual(
      expect.objectContaining({
        country: 'US',
        state: 'NY',
        city: 'newyorkcity',
        label: 'New York City, New York, United States',
        line: 3,
        type: 'datacenter',
      }),
    );
    expect(new Set(all.map((exit) => exit.country))).toContain('TW');
    // A static inventory of both types in every place, each address once.
    const statics = all.filter((exit) => exit.isStatic);
    for (const type of ['residential', 'datacenter'] as const) {
      const ofType = statics.filter((exit) => exit.type === type);
      expect(new Set(ofType.map((exit) => exit.city)).size).toBe(new Set(all.map((exit) => exit.city)).size);
      expect(new Set(ofType.map((exit) => exit.ip)).size).toBe(ofType.length);
      expect(ofType.every((exit) => /^(198\.51\.100|203\.0\.113)\.\d{1,3}$/.test(exit.ip ?? ''))).toBe(true);
    }
    expect(cityKey('São Paulo')).toBe('saopaulo');
    // Rotating exits carry addresses of the benchmarking range, one /24 per place.
    const rotating = all.filter((exit) => !exit.isStatic);
    expect(rotating.every((exit) => /^198\.18\.\d{1,3}\.\d{1,3}$/.test(exit.ip ?? ''))).toBe(true);
    expect(new Set(rotating.map((exit) => exit.ip)).size).toBe(rotating.length);
    const prefixes = (city: string) =>
      new Set(rotating.filter((exit) => exit.city === city).map((exit) => exit.ip?.replace(/\.\d+$/, '')));
    expect(prefixes('newyorkcity').size).toBe(1);
    expect(prefixes('newyorkcity')).not.toEqual(prefixes('paris'));
  });

  it('gives the rotating exits of a demo supply seeded without addresses theirs, once', async () => {
    const other = await createTestDatabase();
    try {
      const seeded = (await demoExits()).map((exit) => (exit.isStatic ? exit : { ...exit, ip: null }));
      await other.db.insert(exits).values(seeded);
      expect(await seedDemoSupply(other.db)).toBe(0);
      const rows = await other.db.select().from(exits).where(eq(exits.isStatic, false));
      const expected = new Map(
        (await demoExits()).map((exit) => [
          `${exit.city}/${exit.type}/${exit.line}/${exit.isStatic ?? false}`,
          exit.ip,
        ]),
      );
      expect(rows.every((row) => row.ip === expected.get(`${row.city}/${row.type}/${row.line}/false`))).toBe(
        true,
      );
    } finally {
      await other.close();
    }
  });

  it('seeds once, and never over an operator’s own supply', async () => {
    const added = await seedDemoSupply(handle.db);
    expect(added).toBe((await demoExits()).length);
    expect(await seedDemoSupply(handle.db)).toBe(0);
    expect(await handle.db.$count(exits, eq(exits.isDemo, true))).toBe(added);
  });

  it('adds the static inventory to a demo supply seeded without one, once', async () => {
    const statics = (await demoExits()).filter((exit) => exit.isStatic).length;
    await handle.db.delete(exits).where(eq(exits.isStatic, true));
    expect(await seedDemoSupply(handle.db)).toBe(statics);
    expect(await seedDemoSupply(handle.db)).toBe(0);
    expect(await handle.db.$count(exits, eq(exits.isStatic, true))).toBe(statics);

    // An operator's own exit: the demo never adds anything any more.
    await handle.db.delete(exits).where(eq(exits.isStatic, true));
    await handle.db.insert(exits).values({ kind: 'direct', type: 'datacenter', country: 'DE' });
    expect(await seedDemoSupply(handle.db)).toBe(0);
  });
});
