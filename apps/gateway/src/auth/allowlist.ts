import { type IpAddress, parseIp, unmapIpv4 } from '../guard/ip-address';
import { classifyAddress } from '../guard/ssrf-ranges';
import type { AllowListRecord } from '../ports';

/** One allow-listed network as the gateway holds it (issue #21 item 3). */
export type AllowListEntry = AllowListRecord;

/** The narrowest networks a customer may list: /24 in IPv4, /48 in IPv6 (README "IP allow-list"). */
export const ALLOWLIST_MIN_PREFIX = { 4: 24, 6: 48 } as const;

/** What `normaliseAllowListRange` answers. */
export type NormalisedRange =
  | { ok: true; network: string; version: 4 | 6; prefix: number }
  | { ok: false; problem: string };

const maskBytes = (bytes: Uint8Array, prefix: number): Uint8Array => {
  const masked = Uint8Array.from(bytes);
  for (let i = 0; i < masked.length; i += 1) {
    const bits = Math.max(0, Math.min(8, prefix - i * 8));
    masked[i] = (masked[i] ?? 0) & ((0xff << (8 - bits)) & 0xff);
  }
  return masked;
};

/** The usual text of an address: dotted IPv4, or compressed lower-case IPv6 (RFC 5952). */
export const formatIp = (address: IpAddress): string => {
  const { bytes } = address;
  if (address.version === 4) return bytes.join('.');
  const words: number[] = [];
  for (let i = 0; i < 16; i += 2) words.push(((bytes[i] ?? 0) << 8) | (bytes[i + 1] ?? 0));
  // The longest run of two or more zero words becomes "::" (the first such run on a tie).
  let bestAt = -1;
  let bestLength = 1;
  for (let i = 0; i < 8; ) {
    if (words[i] !== 0) {
      i += 1;
      continue;
    }
    let end = i;
    while (end < 8 && words[end] === 0) end += 1;
    if (end - i > bestLength) {
      bestAt = i;
      bestLength = end - i;
    }
    i = end;
  }
  const hex = (list: number[]) => list.map((word) => word.toString(16)).join(':');
  if (bestAt < 0) return hex(words);
  return `${hex(words.slice(0, bestAt))}::${hex(words.slice(bestAt + bestLength))}`;
};

/**
 * Checks and normalises a range a customer wants to list: an IPv4/IPv6 address (a single host) or
 * a CIDR network, host bits cleared (`203.0.113.7/24` → `203.0.113.0/24`), IPv4-mapped IPv6 as
 * IPv4. Refuses text that is neither, networks wider than `ALLOWLIST_MIN_PREFIX`, and (unless
 * `allowPrivate`) loopback, private, link-local, CGNAT, multicast and other reserved ranges.
 */
export const normaliseAllowListRange = (
  text: string,
  options: { allowPrivate?: boolean } = {},
): NormalisedRange => {
  const trimmed = text.trim();
  const slash = trimmed.indexOf('/');
  const addressText = slash < 0 ? trimmed : trimmed.slice(0, slash);
  const prefixText = slash < 0 ? null : trimmed.slice(slash + 1);
  // An IPv6 zone ("%eth0") or brackets are not part of a network.
  if (addressText.includes('%') || addressText.includes('[')) return { ok: false, problem: 'not an address' };
  const parsed = parseIp(addressText);
  if (!parsed) return { ok: false, problem: 'not an IP address or CIDR range' };
  if (prefixText !== null && !/^\d{1,3}$/.test(prefixText))
    return { ok: false, problem: 'bad prefix length' };
  let address = parsed;
  let prefix = prefixText === null ? (parsed.version === 4 ? 32 : 128) : Number(prefixText);
  if (prefix > (parsed.version === 4 ? 32 : 128)) return { ok: false, problem: 'bad prefix length' };
  const unmapped = unmapIpv4(parsed);
  if (unmapped) {
    if (prefix < 96) return { ok: false, problem: 'too wide' };
    address = unmapped;
    prefix -= 96;
  }
  if (prefix < ALLOWLIST_MIN_PREFIX[address.version]) {
    return { ok: false, problem: `too wide: at most /${ALLOWLIST_MIN_PREFIX[address.version]}` };
  }
  const network: IpAddress = { version: address.version, bytes: maskBytes(address.bytes, prefix) };
  if (!options.allowPrivate) {
    const reserved = classifyAddress(network);
    if (reserved) return { ok: false, problem: `reserved range: ${reserved}` };
  }
  return { ok: true, network: `${formatIp(network)}/${prefix}`, version: address.version, prefix };
};

/** Parses dotted IPv4 into an unsigned 32-bit number; -1 when it is not plain dotted IPv4. */
const ipv4Number = (text: string): number => {
  let value = 0;
  let part = 0;
  let digits = 0;
  let dots = 0;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (c === 46) {
      if (digits === 0 || dots === 3) return -1;
      value = value * 256 + part;
      part = 0;
      digits = 0;
      dots += 1;
    } else if (c >= 48 && c <= 57 && digits < 3) {
      part = part * 10 + (c - 48);
      if (part > 255) return -1;
      digits += 1;
    } else return -1;
  }
  if (dots !== 3 || digits === 0) return -1;
  return value * 256 + part;
};

const maskV4 = (value: number, prefix: number): number =>
  prefix === 0 ? 0 : (value & (0xffffffff << (32 - prefix))) >>> 0;

const keyV6 = (bytes: Uint8Array, prefix: number): string =>
  Buffer.from(maskBytes(bytes, prefix)).toString('hex');

/**
 * The allow-list in memory: which entry a source address falls in, by one hash lookup per prefix
 * length in use (longest first, so a customer's narrower entry wins over its wider one), whatever
 * the number of entries. Immutable: a reload builds a new one.
 */
export class AllowList {
  private readonly v4 = new Map<number, Map<number, AllowListEntry>>();
  private readonly v6 = new Map<number, Map<string, AllowListEntry>>();
  private readonly v4Prefixes: number[];
  private readonly v6Prefixes: number[];
  readonly size: number;
  /** Whether any entry targets by gateway port (clients are then told apart by port too). */
  readonly hasPortRules: boolean;

  constructor(entries: readonly AllowListEntry[]) {
    let size = 0;
    let hasPortRules = false;
    for (const entry of entries) {
      if (entry.portRules && Object.keys(entry.portRules).length > 0) hasPortRules = true;
      const slash = entry.network.indexOf('/');
      const address = parseIp(slash < 0 ? entry.network : entry.network.slice(0, slash));
      if (!address) continue;
      const width = address.version === 4 ? 32 : 128;
      const prefix = slash < 0 ? width : Number(entry.network.slice(slash + 1));
      if (!Number.isInteger(prefix) || prefix < 0 || prefix > width) continue;
      size += 1;
      if (address.version === 4) {
        const table = this.v4.get(prefix) ?? new Map<number, AllowListEntry>();
        this.v4.set(prefix, table);
        table.set(maskV4(ipv4Number(address.bytes.join('.')), prefix), entry);
      } else {
        const table = this.v6.get(prefix) ?? new Map<string, AllowListEntry>();
        this.v6.set(prefix, table);
        table.set(keyV6(address.bytes, prefix), entry);
      }
    }
    this.size = size;
    this.hasPortRules = hasPortRules;
    this.v4Prefixes = [...this.v4.keys()].sort((a, b) => b - a);
    this.v6Prefixes = [...this.v6.keys()].sort((a, b) => b - a);
  }

  /** The entry a client address (as `socket.remoteAddress` gives it) falls in, or null. */
  match(source: string): AllowListEntry | null {
    if (this.size === 0) return null;
    let v4 = ipv4Number(source);
    if (v4 < 0) {
      const parsed = parseIp(source);
      if (!parsed) return null;
      const unmapped = unmapIpv4(parsed);
      if (unmapped) v4 = ipv4Number(unmapped.bytes.join('.'));
      else {
        for (const prefix of this.v6Prefixes) {
          const hit = this.v6.get(prefix)?.get(keyV6(parsed.bytes, prefix));
          if (hit) return hit;
        }
        return null;
      }
    }
    for (const prefix of this.v4Prefixes) {
      const hit = this.v4.get(prefix)?.get(maskV4(v4, prefix));
      if (hit) return hit;
    }
    return null;
  }
}
