import type { AuthenticatedClient } from '../auth/authenticator';
import type { Lease } from '../connections/connection-registry';
import type { PooledTarget, TargetUser } from '../connections/target-pool';
import type { BodySink, ClientConnection } from './client-connection';
import {
  Field,
  ForwardedLines,
  fieldOf,
  hasControlIn,
  isHopByHop,
  isLength,
  isNamed,
  isToken,
  LineEnd,
  owsEnd,
  owsStart,
} from './head-fields';
import { type AbsoluteUri, HOP_BY_HOP } from './http-messages';
import { ChunkedDecoder, chunkSizeLine, InvalidMessage, LAST_CHUNK, ResponseFraming } from './message-parts';
import { RequestBody, type RequestHead } from './request-head';

/** One forwarded request, whatever target connection carries it (a stale pooled one is retried). */
export interface ForwardRequest {
  connection: ClientConnection;
  head: RequestHead;
  client: AuthenticatedClient;
  lease: Lease;
  uri: AbsoluteUri;
  /** The request head for the target, ready to write (latin1). */
  targetHead: string;
}

/** What an exchange needs from the proxy. */
export interface ExchangeSupport {
  /** Puts a connection whose exchange ended cleanly back in the pool. */
  release(target: PooledTarget, keepAliveMs: number | null): void;
  /** A reused connection was found closed before it answered: take back its use, start over. */
  retry(request: ForwardRequest, stale: PooledTarget, mark: { read: number; written: number }): void;
  /** Answers a failure before any response byte went to the client (a 502). */
  fail(request: ForwardRequest, message: string): void;
}

/** The head of the request sent to the target: origin form, Host from the URI, end-to-end headers. */
export const targetRequestHead = (head: RequestHead, uri: AbsoluteUri): string =>
  `${head.method} ${uri.path} HTTP/1.1\r\nHost: ${uri.hostHeader}\r\n${head.lines}${
    head.body === RequestBody.Chunked ? 'Transfer-Encoding: chunked\r\n' : ''
  }\r\n`;

/** Largest response head, as Node's own HTTP client allows by default. */
const MAX_RESPONSE_HEAD = 16 * 1024;

const Phase = { Head: 0, Body: 1, Done: 2 } as const;
type Phase = (typeof Phase)[keyof typeof Phase];

const CR = 13;
const LF = 10;

/** Index just past the blank line ending a message head (CRLF or bare LF line ends), or -1. */
const headEnd = (data: Buffer): number => {
  let at = data.indexOf(LF);
  while (at >= 0) {
    const next = data[at + 1];
    if (next === LF) return at + 2;
    if (next === CR && data[at + 2] === LF) return at + 3;
    at = data.indexOf(LF, at + 1);
  }
  return -1;
};

/** One collector for every head: parsing is synchronous. */
const forwardedLines = new ForwardedLines();

const isDigit = (code: number): boolean => code >= 0x30 && code <= 0x39;

/**
 * The status of the status line `text[0, end)` (`HTTP/1.x SSS[ reason]`, the reason without CR
 * or LF), or -1 when it is not one.
 */
const statusOf = (text: string, end: number): number => {
  if (end < 12 || !text.startsWith('HTTP/1.', 0)) return -1;
  const minor = text.charCodeAt(7);
  if ((minor !== 0x30 && minor !== 0x31) || text.charCodeAt(8) !== 0x20) return -1;
  const hundreds = text.charCodeAt(9);
  const tens = text.charCodeAt(10);
  const units = text.charCodeAt(11);
  if (hundreds < 0x31 || hundreds > 0x39 || !isDigit(tens) || !isDigit(units)) return -1;
  if (end > 12) {
    if (text.charCodeAt(12) !== 0x20) return -1;
    for (let i = 13; i < end; i += 1) {
      const code = text.charCodeAt(i);
      if (code === CR || code === LF) return -1;
    }
  }
  return (hundreds - 0x30) * 100 + (tens - 0x30) * 10 + (units - 0x30);
};
const KEEP_ALIVE_TIMEOUT = /(?:^|[\s,])timeout\s*=\s*(\d{1,6})/i;
const CLOSE_OPTION = /(?:^|,)[ \t]*close[ \t]*(?:,|$)/i;

/**
 * The `timeout` of a Keep-Alive value `text[start, end)` in seconds, -1 without one: `timeout=N`
 * alone (what most targets send) is read here, anything else by `KEEP_ALIVE_TIMEOUT`.
 */
const keepAliveSeconds = (text: string, start: number, end: number): number => {
  const digits = end - start - 8;
  if (digits >= 1 && digits <= 6 && isNamed(text, start, start + 8, 'timeout=')) {
    let seconds = 0;
    for (let i = start + 8; i < end; i += 1) {
      const code = text.charCodeAt(i);
      if (code < 0x30 || code > 0x39) {
        seconds = -1;
        break;
      }
      seconds = seconds * 10 + (code - 0x30);
    }
    if (seconds >= 0) return seconds;
  }
  const timeout = KEEP_ALIVE_TIMEOUT.exec(text.slice(start, end));
  return timeout ? Number(timeout[1]) : -1;
};

/**
 * One forwarded request on one target connection: writes the request (head, then the body as the
 * client connection delivers it, with backpressure), reads the response (head, then the body
 * framed by Content-Length, chunked encoding or the end of the connection) and relays it to the
 * client connection. The target connection goes back to the pool when both messages are complete
 * and the target keeps it open; anything unexpected closes it.
 */
export class ForwardExchange implements TargetUser, BodySink {
  private phase: Phase = Phase.Head;
  /** How the target delimits the response body. */
  private framing: ResponseFraming = ResponseFraming.None;
  /** Bytes of a response head that arrived in pieces. */
  private pending: Buffer | null = null;
  private remaining = 0;
  private decoder: ChunkedDecoder | null = null;
  private isReusable = true;
  private keepAliveMs: number | null = null;
  private isRequestDone: boolean;
  private hasResponseBytes = false;
  private isWaitingForClient = false;
  private isWaitingForTarget = false;
  /** The target connection used up its credit: reading from it waits for more. */
  private isWaitingForCredit = false;
  /** The bytes being read lie in the shared read buffer (`ForwardReads`): copied before kept. */
  private isVolatile = false;
  /** The socket's counters when the exchange began (a stale connection's retry takes its use back). */
  private readonly markRead: number;
  private readonly markWritten: number;
  /** Callbacks made once needed: a small answer needs none of them. */
  private clientDrainCallback: (() => void) | null = null;
  private targetDrainCallback: (() => void) | null = null;
  private relayCallback: ((bytes: Buffer) => void) | null = null;

  constructor(
    private readonly request: ForwardRequest,
    private readonly target: PooledTarget,
    private readonly isReused: boolean,
    private readonly support: ExchangeSupport,
  ) {
    this.isRequestDone = request.head.body === RequestBody.None;
    const { socket } = target;
    this.markRead = socket.bytesRead;
    this.markWritten = socket.bytesWritten;
  }

  /** Sends the request and starts relaying the answer. */
  start(): void {
    const { request, target } = this;
    const { socket } = target;
    target.user = this;
    // A reused connection tops its credit up before it carries this exchange.
    target.metered.allowance?.check();
    socket.write(request.targetHead, 'latin1');
    if (request.head.body !== RequestBody.None) request.connection.attachBody(this);
    socket.resume();
  }

  /** Ends the exchange because the client went away or its proxy was switched off. */
  abort(): void {
    this.phase = Phase.Done;
    this.isRequestDone = true;
    this.closeTarget();
  }

  onRequestData(bytes: Buffer): boolean {
    const { target } = this;
    if (target.user !== this) return true;
    const { socket } = target;
    let isFlowing: boolean;
    if (this.request.head.body === RequestBody.Chunked) {
      socket.cork();
      socket.write(chunkSizeLine(bytes.length), 'latin1');
      socket.write(bytes);
      isFlowing = socket.write('\r\n', 'latin1');
      socket.uncork();
    } else {
      isFlowing = socket.write(bytes);
    }
    const { allowance } = target.metered;
    if (allowance && !allowance.check()) {
      // Out of credit: the client's body waits until more comes.
      allowance.whenCredited(() => {
        if (this.target.user === this && !this.isWaitingForTarget) this.request.connection.resumeBody();
      });
      if (isFlowing) return false;
    }
    if (isFlowing) return true;
    if (!this.isWaitingForTarget) {
      this.isWaitingForTarget = true;
      socket.once('drain', this.onTargetDrain());
    }
    return false;
  }

  onRequestEnd(): void {
    if (this.target.user !== this) return;
    if (this.request.head.body === RequestBody.Chunked) this.target.socket.write(LAST_CHUNK, 'latin1');
    this.isRequestDone = true;
    this.settle();
  }

  onTargetData(chunk: Buffer, isVolatile: boolean): void {
    this.hasResponseBytes = true;
    this.isVolatile = isVolatile;
    try {
      if (this.phase === Phase.Head) this.readHead(chunk);
      else if (this.phase === Phase.Body) this.readBody(chunk, 0);
      else this.isReusable = false;
    } catch (error) {
      if (!(error instanceof InvalidMessage)) throw error;
      this.fail(`invalid response (${error.message})`);
      return;
    } finally {
      this.isVolatile = false;
    }
    this.holdToCredit();
  }

  /**
   * After response bytes were read: while the connection's credit is used up, reading from the
   * target stops until more comes (a read crossing it was relayed whole).
   */
  private holdToCredit(): void {
    const { target } = this;
    const { allowance } = target.metered;
    if (!allowance || this.isWaitingForCredit || target.user !== this || allowance.check()) return;
    this.isWaitingForCredit = true;
    target.socket.pause();
    allowance.whenCredited(() => {
      this.isWaitingForCredit = false;
      if (this.target.user === this && !this.isWaitingForClient) this.target.socket.resume();
    });
  }

  onTargetEnd(): void {
    if (this.phase === Phase.Body && this.framing === ResponseFraming.UntilClose) {
      this.isReusable = false;
      this.finishResponse(undefined);
      return;
    }
    this.fail('the target closed the connection');
  }

  onTargetClose(): void {
    this.fail('the target connection broke');
  }

  /** Reads on from the target once the client took what it was sent. */
  private onClientDrain(): () => void {
    if (!this.clientDrainCallback) {
      this.clientDrainCallback = () => {
        this.isWaitingForClient = false;
        if (this.target.user === this && !this.isWaitingForCredit) this.target.socket.resume();
      };
    }
    return this.clientDrainCallback;
  }

  /** Reads on from the client once the target took the body bytes it was sent. */
  private onTargetDrain(): () => void {
    if (!this.targetDrainCallback) {
      this.targetDrainCallback = () => {
        this.isWaitingForTarget = false;
        if (this.target.user === this) this.request.connection.resumeBody();
      };
    }
    return this.targetDrainCallback;
  }

  /** `relay` as a callback (chunked bodies). */
  private relayer(): (bytes: Buffer) => void {
    if (!this.relayCallback) this.relayCallback = (bytes: Buffer) => this.relay(bytes);
    return this.relayCallback;
  }

  private relay(bytes: Buffer): void {
    const { connection } = this.request;
    if (connection.respondData(bytes, this.onClientDrain(), this.isVolatile) || this.isWaitingForClient)
      return;
    this.isWaitingForClient = true;
    this.target.socket.pause();
  }

  /** Parses the response head (skipping interim 1xx answers), answers the client, reads on. */
  private readHead(chunk: Buffer): void {
    let data = this.pending ? Buffer.concat([this.pending, chunk]) : chunk;
    this.pending = null;
    for (;;) {
      const end = headEnd(data);
      if (end < 0) {
        if (data.length > MAX_RESPONSE_HEAD) throw new InvalidMessage('head too large');
        // Kept for the next read: a copy when it lies in the shared read buffer.
        this.pending = this.isVolatile ? Buffer.from(data) : data;
        return;
      }
      if (end > MAX_RESPONSE_HEAD) throw new InvalidMessage('head too large');
      if (this.answerHead(data.toString('latin1', 0, end))) {
        this.readBody(data, end);
        return;
      }
      if (end === data.length) return;
      data = data.subarray(end);
    }
  }

  /**
   * Relays a response head: end-to-end fields only, each checked (a field the client could read
   * differently is refused); answers false for an interim (1xx) response, which is dropped. Lines
   * end with CRLF or a bare LF. Scans the text in place (see `head-fields.ts`).
   */
  private answerHead(text: string): boolean {
    const { length } = text;
    let newline = text.indexOf('\n');
    if (newline < 0) newline = length;
    const statusEnd = text.charCodeAt(newline - 1) === CR ? newline - 1 : newline;
    const status = statusOf(text, statusEnd);
    if (status < 0) throw new InvalidMessage('status line');
    if (status < 200) {
      if (status === 101) throw new InvalidMessage('unrequested protocol switch');
      return false;
    }
    if (text.charCodeAt(7) === 0x30) this.isReusable = false;
    let named: string[] | null = null;
    let contentLength: string | null = null;
    let transferEncoding: string | null = null;
    forwardedLines.reset(text);
    let start = newline + 1;
    while (start < length) {
      let next = text.indexOf('\n', start);
      if (next < 0) next = length;
      const isCrlf = next < length && text.charCodeAt(next - 1) === CR;
      const end = text.charCodeAt(next - 1) === CR && next > start ? next - 1 : next;
      const lineStart = start;
      start = next + 1;
      if (end === lineStart) continue;
      const colon = text.indexOf(':', lineStart);
      if (colon <= lineStart || colon >= end) throw new InvalidMessage('header line');
      if (!isToken(text, lineStart, colon) || hasControlIn(text, colon + 1, end)) {
        throw new InvalidMessage('header field');
      }
      const valueStart = owsStart(text, colon + 1, end);
      const valueEnd = owsEnd(text, valueStart, end);
      const field = fieldOf(text, lineStart, colon);
      if (!isHopByHop(field)) {
        if (field === Field.ContentLength) {
          if (!isLength(text, valueStart, valueEnd)) throw new InvalidMessage('Content-Length');
          const value = text.slice(valueStart, valueEnd);
          if (contentLength !== null) {
            if (contentLength !== value) throw new InvalidMessage('Content-Length');
            continue;
          }
          contentLength = value;
        }
        forwardedLines.add(lineStart, colon, valueStart, valueEnd, end, isCrlf ? LineEnd.Crlf : LineEnd.Lf);
        continue;
      }
      if (field === Field.Connection) {
        // What most targets send names no field and does not close.
        if (isNamed(text, valueStart, valueEnd, 'keep-alive')) continue;
        const value = text.slice(valueStart, valueEnd);
        if (CLOSE_OPTION.test(value)) this.isReusable = false;
        for (const token of value.split(',')) {
          const option = token.trim().toLowerCase();
          if (option && !HOP_BY_HOP.has(option)) {
            named ??= [];
            named.push(option);
          }
        }
      } else if (field === Field.KeepAlive) {
        const seconds = keepAliveSeconds(text, valueStart, valueEnd);
        if (seconds >= 0) this.keepAliveMs = seconds * 1_000;
      } else if (field === Field.TransferEncoding) {
        const value = text.slice(valueStart, valueEnd);
        transferEncoding = transferEncoding === null ? value : `${transferEncoding}, ${value}`;
      }
    }
    let forwarded = forwardedLines.finish();
    if (transferEncoding !== null && contentLength !== null) {
      throw new InvalidMessage('both Content-Length and Transfer-Encoding');
    }
    if (named) forwarded = withoutNamed(forwarded, named);
    if (this.request.head.method === 'HEAD' || status === 204 || status === 304) {
      this.framing = ResponseFraming.None;
    } else if (transferEncoding !== null) {
      const codings = transferEncoding.toLowerCase().split(',');
      if (codings[codings.length - 1]?.trim() === 'chunked') {
        this.framing = ResponseFraming.Chunked;
        this.decoder = new ChunkedDecoder();
      } else {
        this.framing = ResponseFraming.UntilClose;
      }
    } else if (contentLength !== null) {
      this.framing = ResponseFraming.Length;
      this.remaining = Number(contentLength);
    } else {
      this.framing = ResponseFraming.UntilClose;
    }
    if (this.framing === ResponseFraming.UntilClose) this.isReusable = false;
    const reason = statusEnd > 12 ? text.slice(13, statusEnd) : '';
    this.request.connection.respondHead(status, reason, forwarded, this.framing);
    this.phase = Phase.Body;
    return true;
  }

  /** Relays body bytes of `data` from `offset` on, as framed. */
  private readBody(data: Buffer, offset: number): void {
    const available = data.length - offset;
    switch (this.framing) {
      case ResponseFraming.None:
        if (available > 0) this.isReusable = false;
        this.finishResponse(undefined);
        return;
      case ResponseFraming.Length:
        if (available < this.remaining) {
          this.remaining -= available;
          if (available > 0) this.relay(offset === 0 ? data : data.subarray(offset));
          return;
        }
        if (available > this.remaining) this.isReusable = false;
        this.finishResponse(this.remaining > 0 ? data.subarray(offset, offset + this.remaining) : undefined);
        this.remaining = 0;
        return;
      case ResponseFraming.UntilClose:
        if (available > 0) this.relay(offset === 0 ? data : data.subarray(offset));
        return;
      case ResponseFraming.Chunked: {
        const end = this.decoder?.feed(data, offset, this.relayer()) ?? -1;
        if (end < 0) return;
        if (end < data.length) this.isReusable = false;
        this.finishResponse(undefined);
        return;
      }
    }
  }

  private finishResponse(last: Buffer | undefined): void {
    this.phase = Phase.Done;
    if (this.isRequestDone) {
      this.settle();
      this.request.connection.respondEnd(last, this.isVolatile);
      return;
    }
    // The target answered before it had the whole request: the connection is out of step.
    this.isRequestDone = true;
    this.closeTarget();
    this.request.connection.respondEnd(last, this.isVolatile);
  }

  /** Once both messages are complete, the connection goes back to the pool (or is closed). */
  private settle(): void {
    if (this.phase !== Phase.Done || !this.isRequestDone) return;
    const { target } = this;
    if (target.user !== this) return;
    if (!this.isReusable) {
      this.closeTarget();
      return;
    }
    this.isWaitingForTarget = false;
    if (this.targetDrainCallback) target.socket.off('drain', this.targetDrainCallback);
    target.socket.resume();
    this.support.release(target, this.keepAliveMs);
  }

  private fail(message: string): void {
    if (this.phase === Phase.Done) {
      this.abort();
      return;
    }
    this.phase = Phase.Done;
    this.isRequestDone = true;
    const { request, target } = this;
    const { connection } = request;
    const isStale =
      this.isReused &&
      !this.hasResponseBytes &&
      request.head.body === RequestBody.None &&
      !connection.hasResponded;
    const wasInUse = target.user === this;
    this.closeTarget();
    if (!wasInUse) return;
    if (isStale) {
      this.support.retry(request, target, { read: this.markRead, written: this.markWritten });
      return;
    }
    if (connection.hasResponded) connection.abortResponse();
    else this.support.fail(request, message);
  }

  private closeTarget(): void {
    const { target } = this;
    if (target.user !== this) return;
    target.user = null;
    if (this.targetDrainCallback) target.socket.off('drain', this.targetDrainCallback);
    target.socket.destroy();
  }
}

/** Header lines without those whose names (lower case) are listed. */
const withoutNamed = (lines: string, named: readonly string[]): string => {
  let kept = '';
  for (const line of lines.split('\r\n')) {
    if (line === '') continue;
    const name = line.slice(0, line.indexOf(':')).toLowerCase();
    if (!named.includes(name)) kept += `${line}\r\n`;
  }
  return kept;
};
