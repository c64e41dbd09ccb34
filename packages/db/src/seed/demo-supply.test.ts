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
    expect(cityKey('São Paulo')).toBe('saopaulo');
  });

  it('seeds once, and never over an operator’s own supply', async () => {
    const added = await seedDemoSupply(handle.db);
    expect(added).toBe((await demoExits()).length);
    expect(await seedDemoSupply(handle.db)).toBe(0);
    expect(await handle.db.$count(exits, eq(exits.isDemo, true))).toBe(added);
  });
});
