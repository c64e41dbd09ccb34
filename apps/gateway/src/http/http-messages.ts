import { STATUS_CODES } from 'node:http';
import { isIPv6, type Socket } from 'node:net';
import { REFUSAL_ANSWERS, Refusal } from '../refusals';

/** Headers that describe one hop, never forwarded (RFC 9110 §7.6.1), plus the proxy's own. */
export const HOP_BY_HOP: ReadonlySet<string> = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'proxy-authorization',
  'proxy-authenticate',
]);

/** Adds the header names listed in a Connection (or Proxy-Connection) value to `tokens`. */
const addConnectionTokens = (value: string, tokens: Set<string>) => {
  for (const token of value.split(',')) {
    const trimmed = token.trim().toLowerCase();
    if (trimmed) tokens.add(trimmed);
  }
};

/**
 * The end-to-end headers of a message as a flat [name, value, …] list in their original order
 * and case: hop-by-hop headers, those named in Connection, and `drop` (lower case) are removed.
 */
export const endToEndHeaders = (rawHeaders: readonly string[], drop: readonly string[] = []): string[] => {
  // Most messages name nothing in Connection but hop-by-hop headers: one pass, no set built.
  let named: Set<string> | null = null;
  for (let i = 0; i < rawHeaders.length; i += 2) {
    const name = (rawHeaders[i] ?? '').toLowerCase();
    if (name !== 'connection' && name !== 'proxy-connection') continue;
    named ??= new Set();
    addConnectionTokens(rawHeaders[i + 1] ?? '', named);
  }
  const kept: string[] = [];
  for (let i = 0; i < rawHeaders.length; i += 2) {
    const name = rawHeaders[i] ?? '';
    const lower = name.toLowerCase();
    if (HOP_BY_HOP.has(lower) || drop.includes(lower) || named?.has(lower)) continue;
    kept.push(name, rawHeaders[i + 1] ?? '');
  }
  return kept;
};

/** A destination host and port. */
export interface Authority {
  host: string;
  port: number;
}

const bad = (message: string) => new Refusal('bad_request', message);

const AUTHORITY = /^(?:\[([^\]]+)\]|([^:[\]]+))(?::(\d{1,5}))?$/;

/** Parses `host:port` / `[v6]:port` (the port may be omitted when `defaultPort` is given). */
export const parseAuthority = (text: string, defaultPort?: number): Authority => {
  // A name or IPv4 address (every forwarded request): scanned; an IPv6 literal: the expression.
  const found = text.charCodeAt(0) === 0x5b ? null : scanAuthority(text, defaultPort);
  if (found) return found;
  const match = AUTHORITY.exec(text);
  if (!match) throw bad(`malformed destination "${text.slice(0, 100)}"`);
  const [, v6, name, portText] = match;
  if (v6 !== undefined && !isIPv6(v6)) throw bad('malformed IPv6 destination');
  const port = portText === undefined ? defaultPort : Number(portText);
  if (port === undefined || port < 1 || port > 65_535) throw bad('destination port missing or out of range');
  return { host: v6 ?? name ?? '', port };
};

/**
 * `name[:port]` without brackets, as `AUTHORITY` reads it (a name of characters other than ':',
 * '[' and ']', a port of 1 to 5 digits); null when the text is anything else, for the expression to
 * answer how.
 */
const scanAuthority = (text: string, defaultPort: number | undefined): Authority | null => {
  const { length } = text;
  let colon = -1;
  for (let i = 0; i < length; i += 1) {
    const code = text.charCodeAt(i);
    if (code === 0x3a) {
      colon = i;
      break;
    }
    if (code === 0x5b || code === 0x5d) return null;
  }
  const hostEnd = colon < 0 ? length : colon;
  if (hostEnd === 0) return null;
  let port = defaultPort;
  if (colon >= 0) {
    const digits = length - colon - 1;
    if (digits < 1 || digits > 5) return null;
    port = 0;
    for (let i = colon + 1; i < length; i += 1) {
      const code = text.charCodeAt(i);
      if (code < 0x30 || code > 0x39) return null;
      port = port * 10 + (code - 0x30);
    }
  }
  if (port === undefined || port < 1 || port > 65_535) throw bad('destination port missing or out of range');
  return { host: colon < 0 ? text : text.slice(0, colon), port };
};

/** An absolute-form request target (`http://host[:port]/path?query`). */
export interface AbsoluteUri extends Authority {
  /** The authority as written, without user info: the Host header sent to the target. */
  hostHeader: string;
  /** Path and query as the client wrote them (`/` when empty). */
  path: string;
}

/** Whether `url` starts with `scheme://` in any case (`scheme`: lower-case letters). */
const hasScheme = (url: string, scheme: string): boolean => {
  const { length } = scheme;
  if (url.length < length + 3) return false;
  for (let i = 0; i < length; i += 1) {
    if ((url.charCodeAt(i) | 0x20) !== scheme.charCodeAt(i)) return false;
  }
  return url.startsWith('://', length);
};

/** Parses the request target of a forward request; refuses anything but absolute `http://` URIs. */
export const parseAbsoluteUri = (url: string): AbsoluteUri => {
  if (!hasScheme(url, 'http')) {
    if (hasScheme(url, 'https')) throw bad('https:// targets go through CONNECT');
    throw bad('this is a proxy: send an absolute http:// URI, or CONNECT');
  }
  const { length } = url;
  let authorityEnd = 7;
  while (authorityEnd < length) {
    const code = url.charCodeAt(authorityEnd);
    if (code === 0x2f || code === 0x3f || code === 0x23) break;
    authorityEnd += 1;
  }
  const at = url.lastIndexOf('@', authorityEnd - 1);
  const hostHeader = url.slice(at >= 7 ? at + 1 : 7, authorityEnd);
  const fragment = url.indexOf('#', authorityEnd);
  const restEnd = fragment < 0 ? length : fragment;
  const path =
    restEnd === authorityEnd
      ? '/'
      : url.charCodeAt(authorityEnd) === 0x3f
        ? `/${url.slice(authorityEnd, restEnd)}`
        : url.slice(authorityEnd, restEnd);
  const { host, port } = parseAuthority(hostHeader, 80);
  return { host, port, hostHeader, path };
};

/** Response headers of a refusal. */
export const refusalHeaders = (refusal: Refusal): Record<string, string> => {
  const headers: Record<string, string> = {
    'Content-Type': 'text/plain; charset=utf-8',
    'X-PTC-Error': String(refusal.code),
  };
  if (REFUSAL_ANSWERS[refusal.kind].httpStatus === 407) headers['Proxy-Authenticate'] = 'Basic realm="PTC"';
  return headers;
};

/** A complete raw HTTP/1.1 refusal that closes the connection (CONNECT, upgrade, malformed requests). */
export const rawRefusal = (refusal: Refusal): string => {
  const status = REFUSAL_ANSWERS[refusal.kind].httpStatus;
  const body = `${refusal.message}\n`;
  const headers = {
    ...refusalHeaders(refusal),
    'Content-Length': String(Buffer.byteLength(body)),
    Connection: 'close',
  };
  const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}`);
  return `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\n${lines.join('\r\n')}\r\n\r\n${body}`;
};

/**
 * Writes a last message and closes: reads (and drops) what the client still sends so the answer
 * is not lost to a reset, and destroys the socket after a grace period.
 */
export const endWith = (socket: Socket, message: string | Buffer, graceMs = 2_000): void => {
  if (socket.destroyed) return;
  socket.on('data', () => {});
  socket.resume();
  socket.once('end', () => socket.destroy());
  socket.end(message);
  setTimeout(() => socket.destroy(), graceMs).unref();
};
