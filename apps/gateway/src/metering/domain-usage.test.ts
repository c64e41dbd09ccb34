import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DomainDelta, ProxyCredential } from '../ports';
import { curl } from '../testing/curl';
import { makeCredential } from '../testing/factories';
import { startHttpTarget, type TestTarget } from '../testing/targets';
import { startTestGateway, type TestGateway } from '../testing/test-gateway';
import { DomainTally, domainOf, OTHER_DOMAIN } from './domain-tally';

const forwardUser = makeCredential();
const connectUser = makeCredential();
const socksUser = makeCredential({ protocol: 'socks5' });
const keepAliveUser = makeCredential();
const optedOut = makeCredential({ domainUsage: false });

/** Names the test resolver answers with loopback (no DNS, no /etc/hosts). */
const NAMES = new Set(['alpha.test', 'beta.test', 'gamma.test']);

let gw: TestGateway;
let target: TestTarget & { port: number };

beforeAll(async () => {
  target = await startHttpTarget();
  gw = await startTestGateway({
    credentials: [forwardUser, connectUser, socksUser, keepAliveUser, optedOut],
    resolve: async (hostname) => (NAMES.has(hostname.toLowerCase()) ? ['127.0.0.1'] : []),
  });
});

afterAll(async () => {
  await gw.close();
  await target.close();
});

/** Bytes and requests per domain of a proxy over every applied batch. */
const domainsOf = (credential: ProxyCredential) => {
  const result = new Map<string, { bytes: number; requests: number }>();
  for (const batch of gw.sink.batches) {
    for (const delta of (batch.domains ?? []) as DomainDelta[]) {
      if (delta.proxyId !== credential.proxyId) continue;
      const sum = result.get(delta.domain) ?? { bytes: 0, requests: 0 };
      sum.bytes += delta.bytes;
      sum.requests += delta.requests;
      result.set(delta.domain, sum);
    }
  }
  return result;
};

/** Waits until the proxy's per-domain bytes add up to its metered total (everything flushed). */
const settledDomains = async (credential: ProxyCredential, requests: number) => {
  await target.settled();
  await expect
    .poll(() => {
      const totals = gw.sink.totals(credential.proxyId);
      const domains = [...domainsOf(credential).values()];
      const bytes = domains.reduce((sum, entry) => sum + entry.bytes, 0);
      const counted = domains.reduce((sum, entry) => sum + entry.requests, 0);
      return (
        totals.bytesUp + totals.bytesDown > 0 &&
        bytes === totals.bytesUp + totals.bytesDown &&
        counted === requests
      );
    })
    .toBe(true);
  return domainsOf(credential);
};

describe('per-domain usage', () => {
  it('attributes forwarded requests to their host, lower-case and without port', async () => {
    const proxy = gw.proxyUrl(forwardUser);
    expect(
      (await curl(['-x', proxy, '-o', '/dev/null', `http://Alpha.TEST:${target.port}/bytes/200000`])).status,
    ).toBe(200);
    expect(
      (await curl(['-x', proxy, '-o', '/dev/null', `http://127.0.0.1:${target.port}/bytes/3000`])).status,
    ).toBe(200);
    const domains = await settledDomains(forwardUser, 2);
    expect([...domains.keys()].sort()).toEqual(['127.0.0.1', 'alpha.test']);
    const alpha = domains.get('alpha.test');
    const ip = domains.get('127.0.0.1');
    expect(alpha?.requests).toBe(1);
    expect(ip?.requests).toBe(1);
    // Body plus request and response heads.
    expect(alpha?.bytes).toBeGreaterThan(200_000);
    expect(alpha?.bytes).toBeLessThan(201_000);
    expect(ip?.bytes).toBeGreaterThan(3_000);
    expect(ip?.bytes).toBeLessThan(4_000);
  });

  it('attributes a CONNECT tunnel and a SOCKS5 connection to their target name', async () => {
    const tunnel = await curl([
      '-p',
      '-x',
      gw.proxyUrl(connectUser),
      '-o',
      '/dev/null',
      `http://beta.test:${target.port}/bytes/50000`,
    ]);
    expect(tunnel.status).toBe(200);
    const socks = await curl([
      '--socks5-hostname',
      `127.0.0.1:${gw.port}`,
      '--proxy-user',
      `${socksUser.username}:${socksUser.password}`,
      '-o',
      '/dev/null',
      `http://gamma.test:${target.port}/bytes/70000`,
    ]);
    expect(socks.status).toBe(200);
    const connect = await settledDomains(connectUser, 1);
    expect([...connect.keys()]).toEqual(['beta.test']);
    expect(connect.get('beta.test')?.bytes).toBeGreaterThan(50_000);
    const viaSocks = await settledDomains(socksUser, 1);
    expect([...viaSocks.keys()]).toEqual(['gamma.test']);
    expect(viaSocks.get('gamma.test')?.bytes).toBeGreaterThan(70_000);
    expect(viaSocks.get('gamma.test')?.bytes).toBeLessThan(71_000);
  });

  it('counts each request of a keep-alive connection for its own host, bytes per exchange', async () => {
    // alpha.test and beta.test are the same address: the second request may reuse the target connection.
    const both = await curl([
      '-x',
      gw.proxyUrl(keepAliveUser),
      '-o',
      '/dev/null',
      `http://alpha.test:${target.port}/bytes/120000`,
      '-o',
      '/dev/null',
      `http://beta.test:${target.port}/bytes/9000`,
      '-o',
      '/dev/null',
      `http://beta.test:${target.port}/bytes/9000`,
    ]);
    expect(both.exitCode).toBe(0);
    const domains = await settledDomains(keepAliveUser, 3);
    expect(domains.get('alpha.test')?.requests).toBe(1);
    expect(domains.get('beta.test')?.requests).toBe(2);
    expect(domains.get('alpha.test')?.bytes).toBeGreaterThan(120_000);
    expect(domains.get('alpha.test')?.bytes).toBeLessThan(121_000);
    expect(domains.get('beta.test')?.bytes).toBeGreaterThan(18_000);
    expect(domains.get('beta.test')?.bytes).toBeLessThan(19_500);
  });

  it('tallies nothing for a customer who switched collection off, and meters as before', async () => {
    const result = await curl([
      '-x',
      gw.proxyUrl(optedOut),
      '-o',
      '/dev/null',
      `http://alpha.test:${target.port}/bytes/10000`,
    ]);
    expect(result.status).toBe(200);
    await target.settled();
    await expect.poll(() => gw.sink.totals(optedOut.proxyId).bytesDown).toBeGreaterThan(10_000);
    expect(domainsOf(optedOut).size).toBe(0);
  });
});

describe('domainOf', () => {
  it('keeps the host as named, lower-case, without final dot or brackets', () => {
    expect(domainOf('WWW.Example.COM')).toBe('www.example.com');
    expect(domainOf('example.com.')).toBe('example.com');
    expect(domainOf('203.0.113.9')).toBe('203.0.113.9');
    expect(domainOf('[2001:DB8::1]')).toBe('2001:db8::1');
    expect(domainOf('2001:db8::1')).toBe('2001:db8::1');
  });

  it('refuses what is not a name and cuts what the column cannot store', () => {
    expect(domainOf('')).toBeNull();
    expect(domainOf('.')).toBeNull();
    expect(domainOf('a\u0000b.com')).toBeNull();
    expect(domainOf('a b.com')).toBeNull();
    const long = `${'x'.repeat(60)}.${'y'.repeat(60)}.${'z'.repeat(60)}.${'w'.repeat(60)}.${'v'.repeat(30)}.example.com`;
    const cut = domainOf(long);
    expect(cut?.length).toBeLessThanOrEqual(253);
    expect(cut?.endsWith('.example.com')).toBe(true);
    expect(long.endsWith(cut ?? '-')).toBe(true);
  });
});

describe('DomainTally', () => {
  it('caps distinct domains per proxy and in all, the rest under (other), totals kept', () => {
    const tally = new DomainTally({ perProxy: 3, total: 5 });
    for (let i = 0; i < 10; i += 1) tally.add('1', `d${i}.test`, 10, 1);
    for (let i = 0; i < 10; i += 1) tally.add('2', `e${i}.test`, 5, 2);
    const list = tally.list();
    const of = (proxyId: string) => list.filter((delta) => delta.proxyId === proxyId);
    expect(of('1').map((delta) => delta.domain)).toEqual(['d0.test', 'd1.test', 'd2.test', OTHER_DOMAIN]);
    expect(of('1').find((delta) => delta.domain === OTHER_DOMAIN)).toMatchObject({ bytes: 70, requests: 7 });
    // Four entries of proxy 1 leave one place in all: one domain of proxy 2, then its (other).
    expect(of('2').map((delta) => delta.domain)).toEqual(['e0.test', OTHER_DOMAIN]);
    expect(of('2').reduce((sum, delta) => sum + delta.bytes, 0)).toBe(50);
    expect(of('2').reduce((sum, delta) => sum + delta.requests, 0)).toBe(20);
    // A known domain keeps counting under its name.
    tally.add('1', 'd1.test', 1, 1);
    expect(tally.list().find((delta) => delta.domain === 'd1.test')).toMatchObject({
      bytes: 11,
      requests: 2,
    });
  });
});
