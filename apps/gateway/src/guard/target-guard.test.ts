import { describe, expect, it } from 'vitest';
import type { Resolver } from '../gateway.types';
import { Refusal } from '../refusals';
import { OwnAddresses } from './own-addresses';
import { classifyAddress } from './ssrf-ranges';
import { resolveWithLookup, TargetGuard, type TargetGuardOptions } from './target-guard';

const FORBIDDEN = [
  ['127.0.0.1', 'loopback'],
  ['127.255.255.254', 'loopback'],
  ['::1', 'loopback'],
  ['10.1.2.3', 'private'],
  ['172.16.0.1', 'private'],
  ['172.31.255.255', 'private'],
  ['192.168.1.1', 'private'],
  ['169.254.169.254', 'link-local'],
  ['169.254.0.1', 'link-local'],
  ['fe80::1', 'link-local'],
  ['fe80::1%eth0', 'link-local'],
  ['100.64.0.1', 'carrier-grade NAT'],
  ['100.127.255.255', 'carrier-grade NAT'],
  ['fc00::1', 'unique-local'],
  ['fd12:3456::1', 'unique-local'],
  ['224.0.0.1', 'multicast'],
  ['239.255.255.250', 'multicast'],
  ['ff02::1', 'multicast'],
  ['0.0.0.0', 'this network'],
  ['0.1.2.3', 'this network'],
  ['::', 'unspecified'],
  ['255.255.255.255', 'broadcast'],
  ['::ffff:127.0.0.1', 'loopback'],
  ['::ffff:7f00:1', 'loopback'],
  ['::ffff:169.254.169.254', 'link-local'],
  ['::ffff:10.0.0.1', 'private'],
  ['::127.0.0.1', 'loopback'],
  ['::7f00:1', 'loopback'],
  ['64:ff9b::127.0.0.1', 'loopback'],
  ['64:ff9b::a9fe:a9fe', 'link-local'],
  ['2002:7f00:1::', 'loopback'],
] as const;

const PUBLIC = [
  '8.8.8.8',
  '1.1.1.1',
  '93.184.216.34',
  '172.32.0.1',
  '100.128.0.1',
  '2606:4700::1111',
  '::ffff:8.8.8.8',
];

describe('classifyAddress', () => {
  it.each(FORBIDDEN)('refuses %s (%s)', (address, range) => {
    expect(classifyAddress(address)).toContain(range);
  });

  it.each(PUBLIC)('lets public %s through', (address) => {
    expect(classifyAddress(address)).toBeNull();
  });

  it('treats text that is not an address as forbidden', () => {
    expect(classifyAddress('example.com')).toBe('not an IP address');
  });
});

const guardWith = (options: Partial<TargetGuardOptions> & { resolve?: Resolver } = {}) => {
  const ownAddresses = new OwnAddresses(Date.now);
  ownAddresses.setListeners([{ host: '127.0.0.1', port: 8000 }]);
  return new TargetGuard({
    allowedPorts: [80, 443, 8080, 8443],
    allowPrivateTargets: [],
    resolve: async () => ['93.184.216.34'],
    resolveTimeoutMs: 1_000,
    ownAddresses,
    ...options,
  });
};

const refusalOf = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(Refusal);
  return error as Refusal;
};

describe('TargetGuard', () => {
  it('answers the vetted addresses of a public host, IPv4 first', async () => {
    const guard = guardWith({ resolve: async () => ['2606:4700::1111', '93.184.216.34'] });
    await expect(guard.vet('example.com', 443)).resolves.toEqual({
      host: 'example.com',
      port: 443,
      addresses: ['93.184.216.34', '2606:4700::1111'],
    });
  });

  it('refuses a host name that resolves to a loopback address', async () => {
    const guard = guardWith({ resolve: async () => ['127.0.0.1'] });
    const refusal = await refusalOf(guard.vet('evil.example', 80));
    expect(refusal).toMatchObject({ kind: 'forbidden_target', code: 4009 });
    expect(refusal.message).toContain('evil.example (127.0.0.1)');
  });

  it('refuses when any one of the resolved addresses is forbidden', async () => {
    const guard = guardWith({ resolve: async () => ['93.184.216.34', '10.0.0.5'] });
    expect((await refusalOf(guard.vet('mixed.example', 80))).message).toContain('private');
  });

  it('refuses localhost with the system resolver', async () => {
    const guard = guardWith({ resolve: resolveWithLookup });
    expect((await refusalOf(guard.vet('localhost', 80))).kind).toBe('forbidden_target');
  });

  it('refuses the addresses of the gateway host itself', async () => {
    const guard = guardWith();
    const ownAddress = '203.0.113.7';
    const own = new OwnAddresses(Date.now);
    own.setListeners([{ host: ownAddress, port: 8000 }]);
    const withOwn = guardWith({ ownAddresses: own });
    expect((await refusalOf(withOwn.vet(ownAddress, 443))).message).toContain('gateway');
    await expect(guard.vet(ownAddress, 443)).resolves.toBeTruthy();
  });

  it('refuses SMTP ports always and other ports outside the allow-list', async () => {
    const guard = guardWith();
    for (const port of [25, 465, 587, 22, 3306]) {
      expect((await refusalOf(guard.vet('example.com', port))).kind).toBe('forbidden_target');
    }
    await expect(guardWith({ allowedPorts: [22] }).vet('example.com', 22)).resolves.toBeTruthy();
  });

  it('lets allow-listed local targets through on any port but SMTP, never the gateway itself', async () => {
    const guard = guardWith({ allowPrivateTargets: ['127.0.0.0/8', '::1/128'], resolve: resolveWithLookup });
    await expect(guard.vet('127.0.0.1', 5432)).resolves.toBeTruthy();
    await expect(guard.vet('::ffff:127.0.0.1', 5432)).resolves.toBeTruthy();
    await expect(guard.vet('localhost', 9999)).resolves.toBeTruthy();
    expect((await refusalOf(guard.vet('127.0.0.1', 25))).kind).toBe('forbidden_target');
    expect((await refusalOf(guard.vet('127.0.0.1', 8000))).message).toContain('gateway itself');
    expect((await refusalOf(guard.vet('10.0.0.1', 80))).kind).toBe('forbidden_target');
  });

  it('answers unreachable when the name does not resolve, and refuses malformed names', async () => {
    const failing = guardWith({ resolve: async () => Promise.reject(new Error('ENOTFOUND')) });
    expect((await refusalOf(failing.vet('nowhere.example', 80))).kind).toBe('target_unreachable');
    expect((await refusalOf(guardWith().vet('bad host\r\nX: y', 80))).kind).toBe('bad_request');
  });
});
