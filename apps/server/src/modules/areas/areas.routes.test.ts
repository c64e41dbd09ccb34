import { createExit, createProxy, createUser } from '@ptc/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../test/accounts';
import { signedInCustomer } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

describe('area lists', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    token = (await signedInCustomer(t.database)).token;
    const db = t.database.db;
    // Rotating supply: two healthy exits in New York, one unhealthy in Los Angeles, one in Berlin.
    await createExit(db, { country: 'US', state: 'NY', city: 'newyorkcity' });
    await createExit(db, { country: 'US', state: 'NY', city: 'newyorkcity', type: 'datacenter', line: 3 });
    await createExit(db, { country: 'US', state: 'CA', city: 'losangeles', isHealthy: false });
    await createExit(db, { country: 'DE', state: 'BE', city: 'berlin' });
    // Static inventory: a free and a leased datacenter exit in the US, demo residential ones in Japan.
    await createExit(db, { country: 'US', state: 'TX', city: 'houston', type: 'datacenter', isStatic: true });
    const leased = await createExit(db, {
      country: 'US',
      state: 'FL',
      city: 'miami',
      type: 'datacenter',
      isStatic: true,
    });
    const owner = await createUser(db);
    await createProxy(db, owner.id, { family: 'static-ip', exitType: 'datacenter', exitId: leased.id });
    for (let count = 0; count < 2; count += 1) {
      await createExit(db, { country: 'JP', state: '13', city: 'tokyo', isStatic: true, isDemo: true });
    }
  });
  afterAll(() => t.close());

  const list = (path: string, query: Record<string, string>) =>
    call(t.app, 'GET', `/proxy/area/${path}?${new URLSearchParams(query)}`, { token });

  it('lists the countries with healthy rotating exits for dynamic proxies, with English names and counts', async () => {
    const answer = await list('countries', { use_in: 'dynamic_traffic' });
    expect(answer.data).toEqual({
      records: [
        { code: 'DE', name: 'Germany', available: 1 },
        { code: 'US', name: 'United States', available: 2 },
      ],
      total: 2,
      demo: false,
    });
  });

  it('offers static inventory not leased by anyone, by type, and flags a list made only of demo supply', async () => {
    const datacenter = await list('countries', { use_in: 'static_datacenter_ip' });
    expect(datacenter.data).toEqual({
      records: [{ code: 'US', name: 'United States', available: 1 }],
      total: 1,
      demo: false,
    });
    const states = await list('states', { use_in: 'static_datacenter_traffic', country: 'us' });
    expect(states.data.records).toEqual([{ code: 'TX', name: 'Texas', available: 1 }]);
    const residential = await list('countries', { use_in: 'static_residential_traffic' });
    expect(residential.data).toEqual({
      records: [{ code: 'JP', name: 'Japan', available: 2 }],
      total: 1,
      demo: true,
    });
  });

  it('lists states and cities of a country, with names from the catalogue', async () => {
    const states = await list('states', { use_in: 'dynamic_ip', country: 'US' });
    expect(states.data.records).toEqual([{ code: 'NY', name: 'New York', available: 2 }]);
    const cities = await list('cities', { use_in: 'dynamic_ip', country: 'US', state: 'ny' });
    expect(cities.data.records).toEqual([{ code: 'newyorkcity', name: 'New York City', available: 2 }]);
    const vm = await list('countries', { use_in: 'vm' });
    expect(vm.data.records.map((record: { code: string }) => record.code)).toEqual(['DE', 'JP', 'US']);
  });

  it('filters by keyword and pages', async () => {
    const found = await list('countries', { use_in: 'vm', keyword: 'unit' });
    expect(found.data).toMatchObject({ total: 1, records: [{ code: 'US' }] });
    const page = await list('countries', { use_in: 'vm', page: '2', page_size: '2' });
    expect(page.data).toMatchObject({ total: 3, records: [{ code: 'US' }] });
  });

  it('needs a country for states and cities', async () => {
    expect(await list('states', { use_in: 'dynamic_traffic' })).toMatchObject({ code: 1001 });
    expect(await list('countries', { use_in: 'nowhere' })).toMatchObject({ code: 1002 });
  });
});
