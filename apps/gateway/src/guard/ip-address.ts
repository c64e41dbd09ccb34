import { isIPv4, isIPv6 } from 'node:net';

/** An IP address as bytes: 4 for IPv4, 16 for IPv6. */
export interface IpAddress {
  version: 4 | 6;
  bytes: Uint8Array;
}

/** A network: an address and the number of leading bits that must match. */
export interface IpNetwork extends IpAddress {
  prefix: number;
}

const parseIpv4Bytes = (text: string): Uint8Array | null => {
  if (!isIPv4(text)) return null;
  return Uint8Array.from(text.split('.').map(Number));
};

const parseIpv6Bytes = (text: string): Uint8Array | null => {
  if (!isIPv6(text)) return null;
  let hex = text;
  // A dotted IPv4 tail ("::ffff:127.0.0.1") stands for the last two words.
  const lastColon = text.lastIndexOf(':');
  const tail = text.slice(lastColon + 1);
  if (tail.includes('.')) {
    const v4 = parseIpv4Bytes(tail);
    if (!v4) return null;
    const high = (((v4[0] ?? 0) << 8) | (v4[1] ?? 0)).toString(16);
    const low = (((v4[2] ?? 0) << 8) | (v4[3] ?? 0)).toString(16);
    hex = `${text.slice(0, lastColon + 1)}${high}:${low}`;
  }
  const [left = '', right] = hex.split('::');
  const leftWords = left ? left.split(':') : [];
  const rightWords = right ? right.split(':') : [];
  const zeros = right === undefined ? 0 : 8 - leftWords.length - rightWords.length;
  const words = [...leftWords, ...Array<string>(Math.max(zeros, 0)).fill('0'), ...rightWords];
  if (words.length !== 8) return null;
  const bytes = new Uint8Array(16);
  words.forEach((word, index) => {
    const value = Number.parseInt(word, 16);
    bytes[index * 2] = value >> 8;
    bytes[index * 2 + 1] = value & 0xff;
  });
  return bytes;
};

/** Parses an IPv4 or IPv6 literal (an IPv6 zone such as `%eth0` is ignored); null when it is neither. */
export const parseIp = (text: string): IpAddress | null => {
  const v4 = parseIpv4Bytes(text);
  if (v4) return { version: 4, bytes: v4 };
  const bare = text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text;
  const zone = bare.indexOf('%');
  const v6 = parseIpv6Bytes(zone >= 0 ? bare.slice(0, zone) : bare);
  return v6 ? { version: 6, bytes: v6 } : null;
};

/** Parses `address/prefix` (a bare address is a single host); throws on malformed input. */
export const parseCidr = (text: string): IpNetwork => {
  const [addressText = '', prefixText] = text.trim().split('/');
  const address = parseIp(addressText);
  if (!address) throw new Error(`not an IP network: ${text}`);
  const width = address.version === 4 ? 32 : 128;
  const prefix = prefixText === undefined ? width : Number(prefixText);
  if (!Number.isInteger(prefix) || prefix < 0 || prefix > width || !/^\d*$/.test(prefixText ?? '')) {
    throw new Error(`bad prefix length in ${text}`);
  }
  return { ...address, prefix };
};

/** Whether an address lies in a network of the same IP version. */
export const isInNetwork = (address: IpAddress, network: IpNetwork): boolean => {
  if (address.version !== network.version) return false;
  const whole = network.prefix >> 3;
  for (let i = 0; i < whole; i += 1) {
    if (address.bytes[i] !== network.bytes[i]) return false;
  }
  const rest = network.prefix & 7;
  if (rest === 0) return true;
  const mask = (0xff << (8 - rest)) & 0xff;
  return ((address.bytes[whole] ?? 0) & mask) === ((network.bytes[whole] ?? 0) & mask);
};

/** The IPv4 address inside an IPv4-mapped IPv6 address (`::ffff:a.b.c.d`), else null. */
export const unmapIpv4 = (address: IpAddress): IpAddress | null => {
  if (address.version !== 6) return null;
  const b = address.bytes;
  for (let i = 0; i < 10; i += 1) if (b[i] !== 0) return null;
  if (b[10] !== 0xff || b[11] !== 0xff) return null;
  return { version: 4, bytes: b.slice(12, 16) };
};

/** A canonical text of an address, equal for equal addresses (IPv4-mapped IPv6 becomes IPv4). */
export const addressKey = (address: IpAddress): string => {
  const plain = unmapIpv4(address) ?? address;
  return plain.version === 4 ? plain.bytes.join('.') : Buffer.from(plain.bytes).toString('hex');
};
