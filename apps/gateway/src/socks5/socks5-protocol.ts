import { isIPv4, isIPv6 } from 'node:net';
import { parseIp } from '../guard/ip-address';
import type { HandshakeReader } from '../streams/handshake-reader';

/** Protocol constants of RFC 1928 (SOCKS5) and RFC 1929 (username/password). */
export const SOCKS = {
  version: 0x05,
  authVersion: 0x01,
  method: { none: 0x00, password: 0x02, noneAcceptable: 0xff },
  command: { connect: 0x01, bind: 0x02, udpAssociate: 0x03 },
  addressType: { ipv4: 0x01, domain: 0x03, ipv6: 0x04 },
  authStatus: { success: 0x00, failure: 0x01 },
} as const;

/** ATYP + DST.ADDR + DST.PORT for a host (IP literals as IPv4/IPv6, anything else as a domain). */
export const encodeSocksAddress = (host: string, port: number): Buffer => {
  const portBytes = Buffer.from([port >> 8, port & 0xff]);
  if (isIPv4(host) || isIPv6(host)) {
    const parsed = parseIp(host);
    if (parsed) {
      const type = parsed.version === 4 ? SOCKS.addressType.ipv4 : SOCKS.addressType.ipv6;
      return Buffer.concat([Buffer.from([type]), Buffer.from(parsed.bytes), portBytes]);
    }
  }
  const name = Buffer.from(host, 'latin1');
  if (name.length === 0 || name.length > 255) throw new Error('SOCKS5 domain names are 1–255 bytes');
  return Buffer.concat([Buffer.from([SOCKS.addressType.domain, name.length]), name, portBytes]);
};

/** A SOCKS5 address read from the wire; `type` null when its ATYP is unknown. */
export interface SocksAddress {
  type: 'ipv4' | 'ipv6' | 'domain' | null;
  host: string;
  port: number;
}

const formatIpv6 = (bytes: Buffer): string => {
  const words: string[] = [];
  for (let i = 0; i < 16; i += 2) words.push(bytes.readUInt16BE(i).toString(16));
  // Let the URL parser compress it to the canonical form.
  return new URL(`http://[${words.join(':')}]/`).hostname.slice(1, -1);
};

/** Reads DST.ADDR and DST.PORT after the given ATYP byte. */
export const readSocksAddress = async (
  reader: HandshakeReader,
  addressType: number,
): Promise<SocksAddress> => {
  const readPort = async () => (await reader.read(2)).readUInt16BE(0);
  switch (addressType) {
    case SOCKS.addressType.ipv4: {
      const bytes = await reader.read(4);
      return { type: 'ipv4', host: [...bytes].join('.'), port: await readPort() };
    }
    case SOCKS.addressType.ipv6: {
      const bytes = await reader.read(16);
      return { type: 'ipv6', host: formatIpv6(bytes), port: await readPort() };
    }
    case SOCKS.addressType.domain: {
      const [length = 0] = await reader.read(1);
      const name = length ? (await reader.read(length)).toString('latin1') : '';
      return { type: 'domain', host: name, port: await readPort() };
    }
    default:
      return { type: null, host: '', port: 0 };
  }
};

/** A reply to a SOCKS5 request (BND.ADDR 0.0.0.0:0: the gateway does not reveal its addresses). */
export const socksReply = (code: number): Buffer =>
  Buffer.from([SOCKS.version, code, 0x00, SOCKS.addressType.ipv4, 0, 0, 0, 0, 0, 0]);
