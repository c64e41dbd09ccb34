import { describe, expect, it } from 'vitest';
import { AllowList, formatIp, normaliseAllowListRange } from './allowlist';

const entry = (network: string, proxyId: string) => ({ network, proxyId, username: `u${proxyId}` });

describe('normaliseAllowListRange', () => {
  it('clears host bits, takes a bare address as one host and writes IPv6 compressed', () => {
    expect(normaliseAllowListRange(' 203.0.113.77/24 ')).toEqual({
      ok: true,
      network: '203.0.113.0/24',
      version: 4,
      prefix: 24,
    });
    expect(normaliseAllowListRange('198.51.100.7')).toMatchObject({ ok: true, network: '198.51.100.7/32' });
    expect(normaliseAllowListRange('2001:DB8:0:0:1::ff/48')).toMatchObject({
      ok: true,
      network: '2001:db8::/48',
    });
    expect(normaliseAllowListRange('2001:db8:1:2:3:4:5:6')).toMatchObject({
      network: '2001:db8:1:2:3:4:5:6/128',
    });
    // An IPv4-mapped IPv6 address is its IPv4 address.
    expect(normaliseAllowListRange('::ffff:203.0.113.9/128')).toMatchObject({ network: '203.0.113.9/32' });
  });

  it('refuses what is not a range, too wide networks and reserved ranges unless allowed', () => {
    for (const text of [
      '',
      'example.com',
      '1.2.3',
      '1.2.3.4/',
      '1.2.3.4/33',
      '1.2.3.4/-1',
      '1.2.3.4/2a',
      'fe80::1%eth0',
      '[::1]',
      '1.2.3.4/24/1',
      '1.2.3.4\u0000',
    ]) {
      expect(normaliseAllowListRange(text).ok, text).toBe(false);
    }
    expect(normaliseAllowListRange('203.0.112.0/23')).toMatchObject({
      ok: false,
      problem: expect.stringMatching(/too wide/),
    });
    expect(normaliseAllowListRange('2001:db8::/47')).toMatchObject({ ok: false });
    expect(normaliseAllowListRange('::ffff:203.0.113.0/119')).toMatchObject({ ok: false });
    for (const reserved of [
      '127.0.0.1',
      '10.1.2.0/24',
      '192.168.1.1',
      '100.64.0.1',
      '169.254.169.254',
      '::1',
      'fd00::/48',
      '224.0.0.1',
    ]) {
      expect(normaliseAllowListRange(reserved), reserved).toMatchObject({
        ok: false,
        problem: expect.stringMatching(/reserved/),
      });
      expect(normaliseAllowListRange(reserved, { allowPrivate: true }).ok, reserved).toBe(true);
    }
  });

  it('formats IPv6 as RFC 5952 does (the longest zero run, the first on a tie)', () => {
    const v6 = (words: number[]) => {
      const bytes = new Uint8Array(16);
      words.forEach((word, i) => {
        bytes[i * 2] = word >> 8;
        bytes[i * 2 + 1] = word & 0xff;
      });
      return formatIp({ version: 6, bytes });
    };
    expect(v6([0, 0, 0, 0, 0, 0, 0, 1])).toBe('::1');
    expect(v6([0x2001, 0xdb8, 0, 0, 1, 0, 0, 1])).toBe('2001:db8::1:0:0:1');
    expect(v6([0x2001, 0xdb8, 0, 1, 1, 1, 1, 1])).toBe('2001:db8:0:1:1:1:1:1');
    expect(v6([0, 0, 0, 0, 0, 0, 0, 0])).toBe('::');
  });
});

describe('AllowList', () => {
  const list = new AllowList([
    entry('203.0.113.0/24', '1'),
    entry('203.0.113.9/32', '2'),
    entry('198.51.100.0/30', '3'),
    entry('2001:db8:1::/48', '4'),
    entry('2001:db8:1:2::5/128', '5'),
    entry('127.0.0.1/32', '6'),
  ]);

  it('answers the entry an address falls in, the longest prefix first', () => {
    expect(list.size).toBe(6);
    expect(list.match('203.0.113.200')?.proxyId).toBe('1');
    expect(list.match('203.0.113.9')?.proxyId).toBe('2');
    expect(list.match('198.51.100.3')?.proxyId).toBe('3');
    expect(list.match('198.51.100.4')).toBeNull();
    expect(list.match('2001:db8:1:ffff::1')?.proxyId).toBe('4');
    expect(list.match('2001:db8:1:2::5')?.proxyId).toBe('5');
    expect(list.match('2001:db8:2::1')).toBeNull();
    expect(list.match('203.0.114.1')).toBeNull();
  });

  it('reads IPv4-mapped IPv6 sources (dual-stack listeners) as IPv4', () => {
    expect(list.match('::ffff:127.0.0.1')?.proxyId).toBe('6');
    expect(list.match('::ffff:203.0.113.9')?.proxyId).toBe('2');
    expect(list.match('::1')).toBeNull();
  });

  it('answers nothing for text that is no address, and an empty list nothing at all', () => {
    expect(list.match('')).toBeNull();
    expect(list.match('203.0.113.256')).toBeNull();
    expect(list.match('localhost')).toBeNull();
    expect(new AllowList([]).match('203.0.113.9')).toBeNull();
  });
});
