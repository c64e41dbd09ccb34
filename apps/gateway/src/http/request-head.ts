import {
  Field,
  ForwardedLines,
  fieldOf,
  hasControlIn,
  isLength,
  isToken,
  LineEnd,
  owsEnd,
  owsStart,
} from './head-fields';
import { HOP_BY_HOP } from './http-messages';
import { InvalidMessage } from './message-parts';

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

/** A field value without the optional whitespace (spaces, tabs) around it. */
export const trimOws = (raw: string): string => {
  const start = owsStart(raw, 0, raw.length);
  const end = owsEnd(raw, start, raw.length);
  return start === 0 && end === raw.length ? raw : raw.slice(start, end);
};

/** Whether `text[start, end)` (a request target) holds only visible characters (no spaces, no controls). */
const isCleanTarget = (text: string, start: number, end: number): boolean => {
  if (end <= start) return false;
  for (let i = start; i < end; i += 1) {
    const code = text.charCodeAt(i);
    if (code <= 0x20 || code === 0x7f) return false;
  }
  return true;
};

/** The HTTP version at `text[start, end)`: 1 for HTTP/1.1, 0 for HTTP/1.0, -1 for anything else. */
const minorVersion = (text: string, start: number, end: number): number => {
  if (end - start !== 8 || !text.startsWith('HTTP/1.', start)) return -1;
  const digit = text.charCodeAt(start + 7);
  return digit === 0x31 ? 1 : digit === 0x30 ? 0 : -1;
};

/** One collector for every head: parsing is synchronous. */
const forwardedLines = new ForwardedLines();

/**
 * Parses a request head (`text`: everything before the blank line, latin1), strictly: CRLF line
 * ends, a `METHOD target HTTP/1.x` request line, token field names without whitespace before the
 * colon, no control characters in values, no obsolete line folding, a Host header in HTTP/1.1,
 * one consistent Content-Length, a Transfer-Encoding that ends with chunked and never together
 * with Content-Length (request smuggling). Throws `InvalidMessage`. Scans the text in place (see
 * `head-fields.ts`): two heads are read per forwarded request.
 */
export const parseRequestHead = (text: string): RequestHead => {
  const { length } = text;
  let lineEnd = text.indexOf('\r\n');
  if (lineEnd < 0) lineEnd = length;
  const firstSpace = text.indexOf(' ');
  if (firstSpace <= 0 || firstSpace >= lineEnd) throw new InvalidMessage('request line');
  const lastSpace = text.lastIndexOf(' ', lineEnd - 1);
  if (lastSpace <= firstSpace) throw new InvalidMessage('request line');
  if (!isToken(text, 0, firstSpace) || !isCleanTarget(text, firstSpace + 1, lastSpace)) {
    throw new InvalidMessage('request line');
  }
  const minor = minorVersion(text, lastSpace + 1, lineEnd);
  if (minor < 0) throw new InvalidMessage('HTTP version');
  const method = text.slice(0, firstSpace);
  const target = text.slice(firstSpace + 1, lastSpace);

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
  forwardedLines.reset(text);
  let start = lineEnd + 2;
  while (start <= length) {
    let end = text.indexOf('\r\n', start);
    const ending = end < 0 ? LineEnd.Text : LineEnd.Crlf;
    if (end < 0) end = length;
    const colon = text.indexOf(':', start);
    if (colon <= start || colon >= end) throw new InvalidMessage('header line');
    if (!isToken(text, start, colon)) throw new InvalidMessage('header name');
    if (hasControlIn(text, colon + 1, end)) throw new InvalidMessage('header value');
    const valueStart = owsStart(text, colon + 1, end);
    const valueEnd = owsEnd(text, valueStart, end);
    const field = fieldOf(text, start, colon);
    if (field === Field.Other || field === Field.ContentLength) {
      if (field === Field.ContentLength) {
        if (!isLength(text, valueStart, valueEnd)) throw new InvalidMessage('Content-Length');
        const value = text.slice(valueStart, valueEnd);
        if (contentLength !== null && contentLength !== value) throw new InvalidMessage('Content-Length');
        contentLength = value;
      }
      forwardedLines.add(start, colon, valueStart, valueEnd, end, ending);
    } else {
      switch (field) {
        case Field.Host:
          hasHost = true;
          break;
        case Field.ProxyAuthorization:
          authorization ??= text.slice(valueStart, valueEnd);
          break;
        case Field.TransferEncoding: {
          const value = text.slice(valueStart, valueEnd);
          transferEncoding = transferEncoding === null ? value : `${transferEncoding}, ${value}`;
          break;
        }
        case Field.Upgrade:
          hasUpgrade = true;
          break;
        case Field.Expect:
          if (text.slice(valueStart, valueEnd).toLowerCase() === '100-continue') expectsContinue = true;
          else hasUnknownExpectation = true;
          break;
        case Field.Connection:
        case Field.ProxyConnection:
          for (const token of text.slice(valueStart, valueEnd).split(',')) {
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
    start = end + 2;
  }
  let forwarded = forwardedLines.finish();
  if (minor === 1 && !hasHost) throw new InvalidMessage('missing Host');

  let body: RequestBody = RequestBody.None;
  let bodyLength = 0;
  if (transferEncoding !== null) {
    if (contentLength !== null) throw new InvalidMessage('both Content-Length and Transfer-Encoding');
    const codings = transferEncoding.toLowerCase().split(',');
    if (codings[codings.length - 1]?.trim() !== 'chunked') throw new InvalidMessage('Transfer-Encoding');
    body = RequestBody.Chunked;
  } else if (contentLength !== null) {
    bodyLength = Number(contentLength);
    if (bodyLength > 0) body = RequestBody.Length;
  }
  if (named) forwarded = withoutNamed(forwarded, named);
  return {
    method,
    target,
    minor: minor === 1 ? 1 : 0,
    authorization,
    body,
    contentLength: bodyLength,
    lines: forwarded,
    keepAlive: minor === 1 ? !wantsClose : wantsKeepAlive && !wantsClose,
    expectsContinue,
    hasUnknownExpectation,
    isUpgrade: wantsUpgrade && hasUpgrade,
  };
};

/**
 * Forwarded lines without those whose names (lower case) the Connection field named: rare, so
 * they are looked at again only then.
 */
const withoutNamed = (lines: string, named: ReadonlySet<string>): string => {
  let kept = '';
  for (const line of lines.split('\r\n')) {
    if (line === '') continue;
    if (!named.has(line.slice(0, line.indexOf(':')).toLowerCase())) kept += `${line}\r\n`;
  }
  return kept;
};
