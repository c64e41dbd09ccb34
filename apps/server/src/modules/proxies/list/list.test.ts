import { PROXY_STATUS } from '@ptc/contracts';
import { type Database, proxies, queryRows, sql } from '@ptc/db';
import { createProxy } from '@ptc/db/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { call } from '../../../test/accounts';
import { customerWithBalance } from '../../../test/factories';
import { createStaticExits } from '../../../test/proxies';
import { createTestApp, type TestApp } from '../../../test/test-app';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** A statement as the database driver received it. */
interface Statement {
  text: string;
  params: unknown[];
}

/** The driver under a Drizzle database: PGlite and a pg pool both take `query(text | { text }, params)`. */
interface DriverClient {
  query(query: string | { text: string }, params?: unknown[]): Promise<{ rows: Record<string, string>[] }>;
}

const clientOf = (db: Database) => (db as unknown as { $client: DriverClient }).$client;

/** Runs `action` and answers its result with the statements it sent to the database. */
const withStatements = async <T>(db: Database, action: () => Promise<T>) => {
  const spy = vi.spyOn(clientOf(db), 'query');
  try {
    const result = await action();
    const statements: Statement[] = spy.mock.calls.map(([query, params]) => ({
      text: typeof query === 'string' ? query : query.text,
      params: params ?? [],
    }));
    return { result, statements };
  } finally {
    spy.mockRestore();
  }
};

/** The plan PostgreSQL chooses for a statement, with its parameters. */
const explain = async (db: Database, statement: Statement | undefined) => {
  if (!statement) throw new Error('no statement to explain');
  const { rows } = await clientOf(db).query(`explain ${statement.text}`, statement.params);
  return rows.map((row) => row['QUERY PLAN']).join('\n');
};

describe('the proxy list', () => {
  let t: TestApp;
  let token: string;
  let userId: bigint;
  const ids: Record<string, string> = {};
  const now = Date.now();

  beforeAll(async () => {
    t = await createTestApp({ GATEWAY_PUBLIC_HOST: 'gw.example.test', GATEWAY_PORT: '8111' });
    const db = t.database.db;
    const owner = await customerWithBalance(t.database, 0n);
    token = owner.token;
    userId = owner.user.id;
    const [ny1, ny2, la] = [
      ...(await createStaticExits(db, 2, { prefix: '69.32.3' })),
      ...(await createStaticExits(db, 1, {
        prefix: '70.1.1',
        state: 'CA',
        city: 'losangeles',
        type: 'datacenter',
      })),
    ];
    const staticIp = (name: string, overrides: Parameters<typeof createProxy>[2]) =>
      createProxy(db, userId, {
        family: 'static-ip',
        exitType: 'residential',
        country: 'US',
        state: 'NY',
        city: 'newyork',
        precision: 'city',
        renewDays: 30,
        ...overrides,
      }).then((proxy) => {
        ids[name] = proxy.publicId;
        return proxy;
      });
    await staticIp('fresh', {
      exitId: ny1?.id,
      remark: 'Shop A',
      createdAt: new Date(now - 1 * HOUR),
      expiresAt: new Date(now + 29.5 * DAY),
      costTotal: 7_990_000n,
    });
    await staticIp('unhealthy', {
      exitId: ny2?.id,
      status: PROXY_STATUS.UNHEALTHY,
      createdAt: new Date(now - 2 * DAY),
      expiresAt: new Date(now + 3 * DAY),
    });
    await staticIp('lapsed', {
      exitId: la?.id,
      exitType: 'datacenter',
      state: 'CA',
      city: 'losangeles',
      remark: 'shop b',
      createdAt: new Date(now - 40 * DAY),
      expiresAt: new Date(now - 10 * DAY),
    });
    await staticIp('marked', {
      status: PROXY_STATUS.EXPIRED,
      createdAt: new Date(now - 50 * DAY),
      expiresAt: null,
    });
    await staticIp('deleted', { createdAt: new Date(now - 3 * DAY), deletedAt: new Date(now - DAY) });
    const traffic = await createProxy(db, userId, {
      family: 'dynamic-traffic',
      country: 'US',
      line: 2,
      bytesUp: 1_000n,
      bytesDown: 24n,
      costTotal: 4_883n,
      session: 'ab12cd34',
    });
    ids.traffic = traffic.publicId;
    const stranger = await customerWithBalance(t.database, 0n);
    await createProxy(db, stranger.user.id, { family: 'static-ip', exitType: 'residential', country: 'US' });
  });
  afterAll(() => t.close());

  const list = async (path: string, query = '') => {
    const answer = await call(t.app, 'GET', `/proxy/tokens/${path}${query ? `?${query}` : ''}`, { token });
    if (answer.code !== 0) throw new Error(`${answer.code} ${answer.msg}`);
    return answer.data as { data: { id: string }[] & Record<string, unknown>[]; total: number };
  };
  const idsOf = async (query: string) => (await list('static/ip', query)).data.map((row) => row.id);
  const named = (...names: string[]) => names.map((name) => ids[name]);

  it('shows one family of the account, newest first, with the gateway address and derived fields', async () => {
    const page = await list('static/ip');
    expect(page.total).toBe(4);
    expect(page.data.map((row) => row.id)).toEqual(named('fresh', 'unhealthy', 'lapsed', 'marked'));
    expect(page.data[0]).toMatchObject({
      address: 'gw.example.test',
      port: 8111,
      ip: '69.32.3.1',
      type: 'residential',
      status: 1,
      remaining_days: 30,
      ip_used: 1,
      ip_cost: '7.99',
      traffic_cost: '0.00',
      area: {
        precision: 'city',
        country: 'US',
        state: 'NY',
        city: 'newyork',
        label: 'New York, New York, United States',
      },
      deleted: false,
    });
    expect(page.data[2]).toMatchObject({ status: 3, remaining_days: 0, type: 'datacenter' });
    const traffic = await list('dynamic/traffic');
    expect(traffic.data).toMatchObject([
      {
        id: ids.traffic,
        type: 'rotating',
        ip: null,
        session: 'ab12cd34',
        traffic_used: '1024',
        traffic_cost: '0.004883',
        ip_used: 0,
        expire_time: null,
      },
    ]);
  });

  it('filters by status: normal, unhealthy, expired (by status or by time)', async () => {
    expect(await idsOf('status=normal')).toEqual(named('fresh'));
    expect(await idsOf('status=unhealthy')).toEqual(named('unhealthy'));
    expect(await idsOf('status=expired')).toEqual(named('lapsed', 'marked'));
  });

  it('filters by address (prefix or * pattern), type, username, password, area and remark', async () => {
    expect(await idsOf('ip=69.32.3.*')).toEqual(named('fresh', 'unhealthy'));
    expect(await idsOf('ip=69.32.3.2')).toEqual(named('unhealthy'));
    expect(await idsOf('ip=70.1')).toEqual(named('lapsed'));
    expect(await idsOf('type=datacenter')).toEqual(named('lapsed'));
    const [fresh] = (await list('static/ip')).data as unknown as { username: string; password: string }[];
    expect(await idsOf(`username=${fresh?.username.slice(0, 6)}`)).toEqual(named('fresh'));
    expect(await idsOf(`password=${fresh?.password}`)).toEqual(named('fresh'));
    expect(await idsOf('country=us&state=ca&city=LosAngeles')).toEqual(named('lapsed'));
    expect(await idsOf('remark=SHOP')).toEqual(named('fresh', 'lapsed'));
    expect(await idsOf('remark=100%25')).toEqual([]);
  });

  it('filters by creation time and shows deleted proxies apart', async () => {
    const start = new Date(now - 45 * DAY).toISOString();
    const end = new Date(now - DAY).toISOString();
    expect(await idsOf(`start=${start}&end=${end}`)).toEqual(named('unhealthy', 'lapsed'));
    expect(await idsOf('deleted=true')).toEqual(named('deleted'));
  });

  it('pages and sorts', async () => {
    const second = await list('static/ip', 'page=2&page_size=3');
    expect(second).toMatchObject({ total: 4, page: 2, page_size: 3 });
    expect(second.data.map((row) => row.id)).toEqual(named('marked'));
    expect(await list('static/ip', 'page=1&page_size=4')).toMatchObject({ total: 4 });
    expect(await list('static/ip', 'page=5&page_size=3')).toMatchObject({ total: 4, data: [] });
    expect(await idsOf('order=asc')).toEqual(named('marked', 'lapsed', 'unhealthy', 'fresh'));
    expect(await idsOf('sort=expire_time&order=asc')).toEqual(
      named('lapsed', 'unhealthy', 'fresh', 'marked'),
    );
    expect((await call(t.app, 'GET', '/proxy/tokens/static/ip?page_size=500', { token })).code).toBe(1002);
    expect((await call(t.app, 'GET', '/proxy/tokens/static/vm', { token })).code).toBe(1002);
  });

  it('pages a long list to the same rows from either end, in every sort, with totals kept by the database', async () => {
    const db = t.database.db;
    const owner = await customerWithBalance(t.database, 0n);
    // 1 150 proxies: ties in creation time, no expiry on some, traffic in any order, a few deleted.
    const rows = Array.from({ length: 1_150 }, (_, index) => ({
      publicId: `pg${owner.user.id}x${index}`,
      userId: owner.user.id,
      family: 'dynamic-ip' as const,
      username: `pg${owner.user.id}x${index}`,
      password: 'secretsecret0000',
      country: index % 3 === 0 ? 'US' : 'DE',
      createdAt: new Date(now - Math.floor(index / 2) * 60_000),
      expiresAt: index % 5 === 0 ? null : new Date(now + ((index * 7919) % 1_000) * 60_000),
      bytesUp: BigInt((index * 104_729) % 5_000),
      deletedAt: index % 50 === 0 ? new Date(now) : null,
    }));
    for (let from = 0; from < rows.length; from += 500) {
      await db.insert(proxies).values(rows.slice(from, from + 500));
    }
    if (t.database.driver === 'postgres') await db.execute(sql`analyze proxies`);
    const page = async (query: string) => {
      const answer = await call(t.app, 'GET', `/proxy/tokens/dynamic/ip?${query}`, { token: owner.token });
      if (answer.code !== 0) throw new Error(`${answer.code} ${answer.msg}`);
      return answer.data as { data: { id: string }[]; total: number };
    };
    const live = 1_150 - 23;
    for (const sort of ['create_time', 'expire_time', 'traffic_used']) {
      for (const order of ['desc', 'asc']) {
        const whole = await page(`sort=${sort}&order=${order}&page_size=200`);
        const all = [...whole.data];
        for (let number = 2; all.length < live; number += 1) {
          all.push(...(await page(`sort=${sort}&order=${order}&page_size=200&page=${number}`)).data);
        }
        expect(whole.total).toBe(live);
        expect(new Set(all.map((row) => row.id)).size).toBe(live);
        // Pages of 47 past the middle are read backwards from the end; they must be the same rows.
        for (const number of [1, 12, 13, 23, 24, 25]) {
          const part = await page(`sort=${sort}&order=${order}&page_size=47&page=${number}`);
          expect(part.total).toBe(live);
          expect(part.data.map((row) => row.id)).toEqual(
            all.slice((number - 1) * 47, number * 47).map((row) => row.id),
          );
        }
      }
    }
    // A deep page (offset 1 000) of a filtered list chooses its ids first, and shows the same rows.
    const range = `start=${new Date(now - DAY).toISOString()}&end=${new Date(now).toISOString()}`;
    const filtered = await page(`${range}&page_size=100&page=11`);
    const expected = await queryRows<{ public_id: string }>(
      db,
      sql`select public_id from proxies
          where user_id = ${owner.user.id} and family = 'dynamic-ip' and deleted_at is null
          order by created_at desc, id desc`,
    );
    expect(filtered.total).toBe(live);
    expect(filtered.data.map((row) => row.id)).toEqual(
      expected.slice(1_000, 1_100).map((row) => row.public_id),
    );
    expect((await page('deleted=true&page_size=10&page=3')).total).toBe(23);
  });

  it('reads a page of 50 among 2 000 proxies of a family in one query walking the list index', async () => {
    const db = t.database.db;
    const volume = await customerWithBalance(t.database, 0n);
    // Another family of the same account, interleaved in time: the list must not read it.
    const rows = Array.from({ length: 3_000 }, (_, index) => ({
      publicId: `vol${volume.user.id}x${index}`,
      userId: volume.user.id,
      family: index < 2_000 ? ('dynamic-ip' as const) : ('dynamic-traffic' as const),
      username: `v${volume.user.id}x${index}`,
      password: 'secretsecret0000',
      country: 'US',
      createdAt: new Date(now - (index % 2_000) * 60_000 - (index >= 2_000 ? 30_000 : 0)),
      expiresAt: new Date(now + DAY - index * 60_000),
    }));
    for (let from = 0; from < rows.length; from += 500)
      await db.insert(proxies).values(rows.slice(from, from + 500));
    await db.execute(sql`analyze proxies`);
    const page = () =>
      call(t.app, 'GET', '/proxy/tokens/dynamic/ip?page_size=50&page=3', { token: volume.token });
    const { result: first, statements } = await withStatements(db, page);
    expect(first.data.total).toBe(2_000);
    expect(first.data.data.map((row: { id: string }) => row.id)).toEqual(
      Array.from({ length: 50 }, (_, index) => `vol${volume.user.id}x${100 + index}`),
    );
    // The page is read by one query of the proxies table; its plan walks the index in list order:
    // no scan of the table, no sort of the whole family.
    const reads = statements.filter(({ text }) => /\bfrom "proxies"/.test(text));
    expect(reads).toHaveLength(1);
    const plan = await explain(db, reads[0]);
    expect(plan).toMatch(/Index (Only )?Scan (Backward )?using proxies_(live_list|user)_idx on proxies/);
    expect(plan).not.toMatch(/Seq Scan on proxies|(?<!Incremental )Sort\s+\(/);
  });
});
