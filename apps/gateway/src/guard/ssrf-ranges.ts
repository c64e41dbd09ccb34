import { type IpAddress, type IpNetwork, isInNetwork, parseCidr, parseIp } from './ip-address';

interface ForbiddenRange {
  network: IpNetwork;
  name: string;
}

const ranges = (table: [string, string][]): ForbiddenRange[] =>
  table.map(([cidr, name]) => ({ network: parseCidr(cidr), name }));

/** IPv4 destinations no client may reach through the gateway. */
const FORBIDDEN_V4 = ranges([
  ['0.0.0.0/8', 'this network (0.0.0.0/8)'],
  ['10.0.0.0/8', 'private (RFC 1918)'],
  ['100.64.0.0/10', 'carrier-grade NAT (100.64.0.0/10)'],
  ['127.0.0.0/8', 'loopback'],
  ['169.254.0.0/16', 'link-local (cloud metadata)'],
  ['172.16.0.0/12', 'private (RFC 1918)'],
  ['192.0.0.0/24', 'IETF protocol assignments'],
  ['192.168.0.0/16', 'private (RFC 1918)'],
  ['198.18.0.0/15', 'benchmarking'],
  ['224.0.0.0/4', 'multicast'],
  ['255.255.255.255/32', 'broadcast'],
  ['240.0.0.0/4', 'reserved'],
]);

/** IPv6 destinations no client may reach (forms that embed IPv4 are checked by their IPv4 below). */
const FORBIDDEN_V6 = ranges([
  ['::/128', 'unspecified'],
  ['::1/128', 'loopback'],
  ['64:ff9b:1::/48', 'local-use NAT64'],
  ['100::/64', 'discard-only'],
  ['fc00::/7', 'unique-local'],
  ['fe80::/10', 'link-local'],
  ['fec0::/10', 'site-local'],
  ['ff00::/8', 'multicast'],
]);

const MAPPED = parseCidr('::ffff:0:0/96');
const COMPATIBLE = parseCidr('::/96');
const NAT64 = parseCidr('64:ff9b::/96');
const SIX_TO_FOUR = parseCidr('2002::/16');
const TEREDO = parseCidr('2001::/32');

const v4 = (bytes: Uint8Array): IpAddress => ({ version: 4, bytes });

/** The IPv4 addresses an IPv6 address carries (mapped, compatible, NAT64, 6to4, Teredo client). */
const embeddedIpv4 = (address: IpAddress): IpAddress[] => {
  const b = address.bytes;
  if (isInNetwork(address, MAPPED) || isInNetwork(address, COMPATIBLE) || isInNetwork(address, NAT64)) {
    return [v4(b.slice(12, 16))];
  }
  if (isInNetwork(address, SIX_TO_FOUR)) return [v4(b.slice(2, 6))];
  if (isInNetwork(address, TEREDO)) {
    return [v4(b.slice(4, 8)), v4(b.slice(12, 16).map((byte) => ~byte & 0xff))];
  }
  return [];
};

/**
 * The forbidden range an address belongs to (loopback, private, link-local, CGNAT, unique-local,
 * multicast, unspecified, broadcast, and IPv6 forms that embed such an IPv4 address), or null
 * when it is a public address. Text that is not an IP address is reported as such.
 */
export const classifyAddress = (input: string | IpAddress): string | null => {
  const address = typeof input === 'string' ? parseIp(input) : input;
  if (!address) return 'not an IP address';
  const table = address.version === 4 ? FORBIDDEN_V4 : FORBIDDEN_V6;
  for (const range of table) {
    if (isInNetwork(address, range.network)) return range.name;
  }
  if (address.version === 6) {
    for (const inner of embeddedIpv4(address)) {
      // ::/96 holds the unspecified and loopback addresses too; those were answered above.
      const name = classifyAddress(inner);
      if (name) return `${name}, embedded in IPv6`;
    }
  }
  return null;
};
