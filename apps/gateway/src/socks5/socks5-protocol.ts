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

/**
 * Length of a whole greeting (VER NMETHODS METHODS) at the start of `bytes`, null while incomplete;
 * 2 when VER is not 5 (nothing more is read from such a client).
 */
export const greetingLength = (bytes: Buffer): number | null => {
  if (bytes.length < 2) return null;
  if (bytes[0] !== SOCKS.version) return 2;
  const length = 2 + (bytes[1] ?? 0);
  return bytes.length >= length ? length : null;
};

/** Length of a whole RFC 1929 request (VER ULEN UNAME PLEN PASSWD), null while incomplete. */
export const passwordRequestLength = (bytes: Buffer): number | null => {
  if (bytes.length < 2) return null;
  const passwordAt = 2 + (bytes[1] ?? 0);
  if (bytes.length <= passwordAt) return null;
  const length = passwordAt + 1 + (bytes[passwordAt] ?? 0);
  return bytes.length >= length ? length : null;
};

/**
 * Length of a whole request (VER CMD RSV ATYP DST.ADDR DST.PORT), null while incomplete; 4 when
 * VER is not 5 or ATYP is unknown (nothing more is read then).
 */
export const requestLength = (bytes: Buffer): number | null => {
  if (bytes.length < 4) return null;
  let length: number;
  if (bytes[0] !== SOCKS.version) return 4;
  switch (bytes[3]) {
    case SOCKS.addressType.ipv4:
      length = 4 + 4 + 2;
      break;
    case SOCKS.addressType.ipv6:
      length = 4 + 16 + 2;
      break;
    case SOCKS.addressType.domain:
      if (bytes.length < 5) return null;
      length = 5 + (bytes[4] ?? 0) + 2;
      break;
    default:
      return 4;
  }
  return bytes.length >= length ? length : null;
};

/** DST.ADDR and DST.PORT of a whole request (as measured by `requestLength`). */
export const requestAddress = (request: Buffer): SocksAddress => {
  switch (request[3]) {
    case SOCKS.addressType.ipv4:
      return {
        type: 'ipv4',
        host: `${request[4]}.${request[5]}.${request[6]}.${request[7]}`,
        port: request.readUInt16BE(8),
      };
    case SOCKS.addressType.ipv6:
      return { type: 'ipv6', host: formatIpv6(request.subarray(4, 20)), port: request.readUInt16BE(20) };
    case SOCKS.addressType.domain: {
      const length = request[4] ?? 0;
      return {
        type: 'domain',
        host: request.toString('latin1', 5, 5 + length),
        port: request.readUInt16BE(5 + length),
      };
    }
    default:
      return { type: null, host: '', port: 0 };
  }
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
