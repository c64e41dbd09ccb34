import { HOP_BY_HOP } from './http-messages';
import { hasControlChar, InvalidMessage, TOKEN } from './message-parts';

/** How a request's body is delimited (and forwarded). */
export const RequestBody = {
  None: 0,
  /** Content-Length: forwarded as received, with the client's Content-Length. */
  Length: 1,
  /** Chunked: decoded here, chunked again towards the target. */
  Chunked: 2,
} as const;
export type RequestBody = (typeof RequestBody)[keyof typeof RequestBody];

/** A request head, read and checked once. */
export interface RequestHead {
  method: string;
  /** The request target as written (absolute form for forwarding, authority form for CONNECT). */
  target: string;
  /** 1 for HTTP/1.1, 0 for HTTP/1.0. */
  minor: 0 | 1;
  /** The first `Proxy-Authorization` value. */
  authorization: string | undefined;
  body: RequestBody;
  /** Body bytes when `body` is Length. */
  contentLength: number;
  /** End-to-end header lines for the target (`Name: value\r\n` each; hop-by-hop, Host and Expect left out). */
  lines: string;
  /** Whether the client keeps the connection open after this exchange. */
  keepAlive: boolean;
  /** `Expect: 100-continue`. */
  expectsContinue: boolean;
  /** An Expect other than 100-continue (answered 417). */
  hasUnknownExpectation: boolean;
  /** `Upgrade` offered with `Connection: upgrade` (refused: upgrades go through CONNECT). */
  isUpgrade: boolean;
}

/** Request headers never forwarded: hop-by-hop ones, and Host and Expect (replaced or answered here). */
const NOT_FORWARDED: ReadonlySet<string> = new Set([...HOP_BY_HOP, 'host', 'expect']);

const METHOD = TOKEN;
const CONTENT_LENGTH = /^\d{1,15}$/;

/** A field value without the optional whitespace (spaces, tabs) around it. */
export const trimOws = (raw: string): string => {
  let start = 0;
  let end = raw.length;
  while (start < end && (raw.charCodeAt(start) === 0x20 || raw.charCodeAt(start) === 0x09)) start += 1;
  while (end > start && (raw.charCodeAt(end - 1) === 0x20 || raw.charCodeAt(end - 1) === 0x09)) end -= 1;
  return start === 0 && end === raw.length ? raw : raw.slice(start, end);
};

/** Whether a request target holds only visible characters (no spaces, no controls). */
const isCleanTarget = (target: string): boolean => {
  if (target.length === 0) return false;
  for (let i = 0; i < target.length; i += 1) {
    const code = target.charCodeAt(i);
    if (code <= 0x20 || code === 0x7f) return false;
  }
  return true;
};

/**
 * Parses a request head (`text`: everything before the blank line, latin1), strictly: CRLF line
 * ends, a `METHOD target HTTP/1.x` request line, token field names without whitespace before the
 * colon, no control characters in values, no obsolete line folding, a Host header in HTTP/1.1,
 * one consistent Content-Length, a Transfer-Encoding that ends with chunked and never together
 * with Content-Length (request smuggling). Throws `InvalidMessage`.
 */
export const parseRequestHead = (text: string): RequestHead => {
  const lines = text.split('\r\n');
  const requestLine = lines[0] ?? '';
  const firstSpace = requestLine.indexOf(' ');
  const lastSpace = requestLine.lastIndexOf(' ');
  if (firstSpace <= 0 || lastSpace <= firstSpace) throw new InvalidMessage('request line');
  const method = requestLine.slice(0, firstSpace);
  const target = requestLine.slice(firstSpace + 1, lastSpace);
  const version = requestLine.slice(lastSpace + 1);
  if (!METHOD.test(method) || !isCleanTarget(target)) throw new InvalidMessage('request line');
  let minor: 0 | 1;
  if (version === 'HTTP/1.1') minor = 1;
  else if (version === 'HTTP/1.0') minor = 0;
  else throw new InvalidMessage('HTTP version');

  let authorization: string | undefined;
  let contentLength: string | null = null;
  let transferEncoding: string | null = null;
  let hasHost = false;
  let wantsClose = false;
  let wantsKeepAlive = false;
  let wantsUpgrade = false;
  let hasUpgrade = false;
  let expectsContinue = false;
  let hasUnknownExpectation = false;
  let named: Set<string> | null = null;
  let forwarded = '';
  for (let i = 1; i < lines.length; i += 1) {
    const line = lines[i] ?? '';
    const colon = line.indexOf(':');
    if (colon <= 0) throw new InvalidMessage('header line');
    const name = line.slice(0, colon);
    if (!TOKEN.test(name)) throw new InvalidMessage('header name');
    const raw = line.slice(colon + 1);
    if (hasControlChar(raw)) throw new InvalidMessage('header value');
    const value = trimOws(raw);
    const lower = name.toLowerCase();
    if (!NOT_FORWARDED.has(lower)) {
      if (lower === 'content-length') {
        if (!CONTENT_LENGTH.test(value) || (contentLength !== null && contentLength !== value)) {
          throw new InvalidMessage('Content-Length');
        }
        contentLength = value;
      }
      forwarded += `${name}: ${value}\r\n`;
      continue;
    }
    switch (lower) {
      case 'host':
        hasHost = true;
        break;
      case 'proxy-authorization':
        authorization ??= value;
        break;
      case 'transfer-encoding':
        transferEncoding = transferEncoding === null ? value : `${transferEncoding}, ${value}`;
        break;
      case 'upgrade':
        hasUpgrade = true;
        break;
      case 'expect':
        if (value.toLowerCase() === '100-continue') expectsContinue = true;
        else hasUnknownExpectation = true;
        break;
      case 'connection':
      case 'proxy-connection':
        for (const token of value.split(',')) {
          const option = token.trim().toLowerCase();
          if (option === 'close') wantsClose = true;
          else if (option === 'keep-alive') wantsKeepAlive = true;
          else if (option === 'upgrade') wantsUpgrade = true;
          else if (option && !NOT_FORWARDED.has(option)) {
            named ??= new Set();
            named.add(option);
          }
        }
        break;
    }
  }
  if (minor === 1 && !hasHost) throw new InvalidMessage('missing Host');

  let body: RequestBody = RequestBody.None;
  let length = 0;
  if (transferEncoding !== null) {
    if (contentLength !== null) throw new InvalidMessage('both Content-Length and Transfer-Encoding');
    const codings = transferEncoding.toLowerCase().split(',');
    if (codings[codings.length - 1]?.trim() !== 'chunked') throw new InvalidMessage('Transfer-Encoding');
    body = RequestBody.Chunked;
  } else if (contentLength !== null) {
    length = Number(contentLength);
    if (length > 0) body = RequestBody.Length;
  }
  if (named) {
    // Rare: Connection names end-to-end-looking headers; they are not forwarded either.
    forwarded = '';
    for (let i = 1; i < lines.length; i += 1) {
      const line = lines[i] ?? '';
      const colon = line.indexOf(':');
      const name = line.slice(0, colon);
      const lower = name.toLowerCase();
      if (NOT_FORWARDED.has(lower) || named.has(lower)) continue;
      forwarded += `${name}: ${trimOws(line.slice(colon + 1))}\r\n`;
    }
  }
  return {
    method,
    target,
    minor,
    authorization,
    body,
    contentLength: length,
    lines: forwarded,
    keepAlive: minor === 1 ? !wantsClose : wantsKeepAlive && !wantsClose,
    expectsContinue,
    hasUnknownExpectation,
    isUpgrade: wantsUpgrade && hasUpgrade,
  };
};
