import { seedDemoSupply } from '@ptc/db';
import { createExit } from '@ptc/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../test/accounts';
import { customerWithBalance } from '../../test/factories';
import { generateOk } from '../../test/proxies';
import { createTestApp, type TestApp } from '../../test/test-app';

// Out of the box (the demo supply, no configuration), generation by IP must be able to succeed:
// demo rotating exits carry addresses of a never-routed range, and the generator is offered the
// prefixes that exist in the chosen area instead of guessing one.
describe('address prefixes for generation by IP, on the demo supply', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await seedDemoSupply(t.database.db);
    // Static inventory and unhealthy exits are not offered.
    await createExit(t.database.db, {
      country: 'US',
      state: 'NY',
      city: 'newyorkcity',
      ip: '192.0.2.7',
      isHealthy: false,
    });
  });
  afterAll(() => t.close());

  const prefixes = async (token: string, query: Record<string, string> = {}) => {
    const answer = await call(t.app, 'GET', `/proxy/area/ip_prefixes?${new URLSearchParams(query)}`, {
      token,
    });
    expect(answer.code).toBe(0);
    return answer.data as {
      records: {
        prefix: string;
        country: string;
        state: string;
        city: string;
        city_name: string | null;
        available: number;
      }[];
      demo: boolean;
    };
  };

  it('offers one prefix per demo place, narrowed by country, state and city', async () => {
    const buyer = await customerWithBalance(t.database, 5_000_000n);
    const all = await prefixes(buyer.token);
    expect(all.demo).toBe(true);
    expect(all.records.length).toBe(19);
    expect(all.records.every((record) => /^198\.18\.\d{1,3}\.\*$/.test(record.prefix))).toBe(true);
    expect(all.records.every((record) => record.available === 8)).toBe(true);

    const newYork = await prefixes(buyer.token, { country: 'US', state: 'NY' });
    expect(newYork.records).toEqual([
      {
        prefix: '198.18.0.*',
        country: 'US',
        state: 'NY',
        city: 'newyorkcity',
        city_name: 'New York City',
        available: 8,
      },
    ]);
    const paris = await prefixes(buyer.token, { country: 'fr', city: 'paris' });
    expect(paris.records.map((record) => [record.prefix, record.city_name])).toEqual([
      ['198.18.8.*', 'Paris'],
    ]);
    expect((await prefixes(buyer.token, { country: 'AQ' })).records).toEqual([]);
  });

  it('generates by IP with an offered prefix, in its place', async () => {
    const buyer = await customerWithBalance(t.database, 5_000_000n);
    const [offered] = (await prefixes(buyer.token, { country: 'FR' })).records;
    if (!offered) throw new Error('no prefix offered in France');
    const generated = await generateOk(t.app, t.database.db, buyer, 'dynamic/ip/by_ip', {
      ip: offered.prefix,
    });
    expect(generated.data[0]).toMatchObject({
      generate_type: 'by_ip',
      area: { country: 'FR', city: 'paris' },
    });
  });

  it('needs a session', async () => {
    expect((await call(t.app, 'GET', '/proxy/area/ip_prefixes')).code).not.toBe(0);
  });
});
