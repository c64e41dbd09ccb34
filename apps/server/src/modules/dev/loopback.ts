import { isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';

/** True for 127.0.0.0/8, ::1 and IPv4-mapped loopback (`::ffff:127.0.0.1`), in any spelling. */
export const isLoopbackAddress = (address: string | undefined): boolean => {
  const bare = address?.trim().replace(/^\[|\]$/g, '') ?? '';
  if (isIP(bare) === 4) return bare.startsWith('127.');
  if (isIP(bare) !== 6) return false;
  // The URL parser writes IPv6 in its canonical form: `::1`, `::ffff:7f00:1`.
  const canonical = new URL(`http://[${bare}]`).hostname.slice(1, -1);
  return canonical === '::1' || /^::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4}$/.test(canonical);
};

// Headers a reverse proxy uses to name the client it forwards for.
const FORWARDING_HEADERS = ['x-forwarded-for', 'x-real-ip'] as const;

const forwardedAddresses = (request: FastifyRequest): string[] => {
  const named = FORWARDING_HEADERS.flatMap((name) => {
    const value = request.headers[name];
    return (Array.isArray(value) ? value : [value]).flatMap((text) => (text ? text.split(',') : []));
  });
  // RFC 7239: `Forwarded: for=203.0.113.9;proto=https, for="[::1]"`.
  const forwarded = request.headers.forwarded;
  const rfc = (Array.isArray(forwarded) ? forwarded : [forwarded]).flatMap((text) =>
    text ? [...text.matchAll(/for=("?)([^;,"]*)\1/gi)].map((match) => match[2] ?? '') : [],
  );
  // `for=1.2.3.4:5678` and `for="[::1]:80"` carry a port.
  return [
    ...named,
    ...rfc.map((entry) => entry.replace(/^\[([^\]]*)\](:\d+)?$/, '$1').replace(/^([\d.]+):\d+$/, '$1')),
  ].map((entry) => entry.trim());
};

/**
 * True when the request comes from this machine. Judged by the socket's peer address, never by
 * `request.ip` (which follows X-Forwarded-For when `TRUST_PROXY` is set, so a forged header would
 * make a remote client look local). A reverse proxy on this host makes every client's socket look
 * local, so whenever a forwarding header is present (trusted or not) every address it names must
 * be loopback too: a remote client behind a local proxy that sets X-Forwarded-For is refused.
 */
export const isLoopbackClient = (request: FastifyRequest): boolean =>
  isLoopbackAddress(request.socket.remoteAddress) && forwardedAddresses(request).every(isLoopbackAddress);
