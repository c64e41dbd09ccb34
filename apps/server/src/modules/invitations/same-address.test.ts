import { describe, expect, it } from 'vitest';
import { addressKey, isSameAddress } from './same-address';

describe('addressKey', () => {
  it('keeps an IPv4 address and reads an IPv4-mapped IPv6 one as it', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::FFFF:cb00:7107')).toBe('203.0.113.7');
  });

  it('reads an IPv6 address as its /64, however it is written', () => {
    expect(addressKey('2001:db8:aa:bb::1')).toBe('2001:db8:aa:bb::/64');
    expect(addressKey('2001:0db8:00aa:00bb:ffff:1:2:3')).toBe('2001:db8:aa:bb::/64');
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('2001:db8::1.2.3.4')).toBe('2001:db8:0:0::/64');
  });

  it('has no key for no address', () => {
    expect(addressKey(null)).toBeNull();
    expect(addressKey('')).toBeNull();
    expect(addressKey(undefined)).toBeNull();
  });
});

describe('isSameAddress', () => {
  it('matches one /64 and one IPv4 address, nothing else', () => {
    expect(isSameAddress('2001:db8:aa:bb::1', [null, '2001:db8:aa:bb:9::9'])).toBe(true);
    expect(isSameAddress('2001:db8:aa:bb::1', ['2001:db8:aa:bc::1'])).toBe(false);
    expect(isSameAddress('198.51.100.1', ['198.51.100.2', '::ffff:198.51.100.1'])).toBe(true);
    expect(isSameAddress('198.51.100.1', ['198.51.100.2'])).toBe(false);
    expect(isSameAddress(null, [null])).toBe(false);
  });
});
