import { randomUUID } from 'node:crypto';
import { type DatabaseHandle, domainUsageHourly, domainUsageOptOuts, eq } from '@ptc/db';
import { createProxy, createTestDatabase, createUser } from '@ptc/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DomainDelta, UsageBatch } from '../ports';
import { createDbCredentialStore } from './credential-store';
import { createDbUsageSink } from './usage-sink';

describe('per-domain usage in the database', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(() => handle.close());

  const batchOf = (at: Date, domains: DomainDelta[]): UsageBatch => {
    const perProxy = new Map<string, number>();
    for (const delta of domains)
      perProxy.set(delta.proxyId, (perProxy.get(delta.proxyId) ?? 0) + delta.bytes);
    return {
      batchId: randomUUID(),
      at,
      deltas: [...perProxy].map(([proxyId, bytes]) => ({
        proxyId,
        bytesUp: 0,
        bytesDown: bytes,
        connections: 1,
        packageBytes: 0,
      })),
      domains,
    };
  };

  const rowsOf = (proxyId: bigint) =>
    handle.db
      .select()
      .from(domainUsageHourly)
      .where(eq(domainUsageHourly.proxyId, proxyId))
      .orderBy(domainUsageHourly.hour, domainUsageHourly.domain);

  it('adds a batch per proxy, hour and domain, once, with the owner', async () => {
    const user = await createUser(handle.db, { balance: 5_000_000n });
    const proxy = await createProxy(handle.db, user.id, { family: 'static-ip' });
    const id = proxy.id.toString();
    const sink = createDbUsageSink(handle);
    const at = new Date('2026-11-28T05:10:00Z');
    const first = batchOf(at, [
      { proxyId: id, domain: 'alpha.test', bytes: 1_000, requests: 2 },
      { proxyId: id, domain: '127.0.0.1', bytes: 50, requests: 1 },
    ]);
    await sink.flush(first);
    // The same batch again changes nothing; a later one in the same hour adds up.
    await sink.flush(first);
    await sink.flush(
      batchOf(new Date('2026-11-28T05:59:59Z'), [
        { proxyId: id, domain: 'alpha.test', bytes: 4_000, requests: 3 },
      ]),
    );
    await sink.flush(
      batchOf(new Date('2026-11-28T06:00:00Z'), [
        { proxyId: id, domain: 'alpha.test', bytes: 7, requests: 1 },
      ]),
    );
    const rows = await rowsOf(proxy.id);
    expect(
      rows.map((row) => [row.hour.toISOString(), row.domain, row.bytes, row.requests, row.userId]),
    ).toEqual([
      ['2026-11-28T05:00:00.000Z', '127.0.0.1', 50n, 1n, user.id],
      ['2026-11-28T05:00:00.000Z', 'alpha.test', 5_000n, 5n, user.id],
      ['2026-11-28T06:00:00.000Z', 'alpha.test', 7n, 1n, user.id],
    ]);
  });

  it('records nothing for an owner who switched collection off, and the credential says so', async () => {
    const user = await createUser(handle.db, { balance: 5_000_000n });
    const proxy = await createProxy(handle.db, user.id, { family: 'static-ip' });
    const store = createDbCredentialStore(handle);
    expect((await store.findByUsername(proxy.username))?.domainUsage).toBe(true);
    await handle.db.insert(domainUsageOptOuts).values({ userId: user.id });
    expect((await store.findByUsername(proxy.username))?.domainUsage).toBe(false);
    await store.close();
    // Even what a gateway tallied before it saw the switch is not stored.
    const sink = createDbUsageSink(handle);
    await sink.flush(
      batchOf(new Date(), [{ proxyId: proxy.id.toString(), domain: 'alpha.test', bytes: 10, requests: 1 }]),
    );
    expect(await rowsOf(proxy.id)).toEqual([]);
  });

  it('drops what the column cannot store instead of failing the flush, and takes thousands of rows in one go', async () => {
    const user = await createUser(handle.db, { balance: 5_000_000n });
    const proxy = await createProxy(handle.db, user.id, { family: 'static-ip' });
    const id = proxy.id.toString();
    const many: DomainDelta[] = Array.from({ length: 20_000 }, (_, i) => ({
      proxyId: id,
      domain: `d${i}.example`,
      bytes: i + 1,
      requests: 1,
    }));
    const sink = createDbUsageSink(handle);
    await sink.flush(
      batchOf(new Date(), [
        ...many,
        { proxyId: id, domain: 'x'.repeat(254), bytes: 1, requests: 1 },
        { proxyId: id, domain: 'a\u0000b', bytes: 1, requests: 1 },
        { proxyId: id, domain: '', bytes: 1, requests: 1 },
        { proxyId: '999999999', domain: 'gone.test', bytes: 1, requests: 1 },
      ]),
    );
    const rows = await rowsOf(proxy.id);
    expect(rows).toHaveLength(20_000);
    expect(rows.reduce((sum, row) => sum + row.bytes, 0n)).toBe(BigInt((20_000 * 20_001) / 2));
  });
});
