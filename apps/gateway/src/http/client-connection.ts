import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { Lease } from '../connections/connection-registry';
import { REFUSAL_ANSWERS, Refusal } from '../refusals';
import { readInPlace } from '../streams/client-reads';
import { endWith, rawRefusal, refusalHeaders } from './http-messages';
import type { IdleSweeper, Sweepable } from './idle-sweeper';
import { ChunkedDecoder, chunkSizeLine, InvalidMessage, LAST_CHUNK, ResponseFraming } from './message-parts';
import { parseRequestHead, RequestBody, type RequestHead } from './request-head';

/** Where a client connection hands its requests. */
export interface RequestHandler {
  /**
   * A request to forward: answer it through `connection` (`respond*` or `refuse`). Its body, if
   * any, is delivered once a sink is attached (`attachBody`).
   */
  onRequest(connection: ClientConnection, head: RequestHead): void;
  /** A CONNECT request: the socket leaves HTTP (paused, listeners removed); `rest` came after the head. */
  onConnect(socket: Socket, head: RequestHead, rest: Buffer): void;
  /** The connection closed (its exchange, if any, must stop). */
  onClose(connection: ClientConnection): void;
}

/** Receives a request body. */
export interface BodySink {
  /** Answers false when it cannot take more for now: reading pauses until `resumeBody()`. */
  onRequestData(bytes: Buffer): boolean;
  onRequestEnd(): void;
}

/** Options of client connections. */
export interface ClientConnectionOptions {
  maxHeaderSize: number;
  /** Inactivity of a connection serving a request, or reading one. */
  idleMs: number;
  /** Inactivity between two requests. */
  keepAliveMs: number;
  /** Watches the inactivity of the proxy's connections. */
  sweeper: IdleSweeper;
}

const Phase = {
  /** Reading a request head. */
  Head: 0,
  /** Serving a request: its body may still arrive, its response is being written. */
  Active: 1,
  /** Closing, or handed over (CONNECT). */
  Gone: 2,
} as const;
type Phase = (typeof Phase)[keyof typeof Phase];

const HEAD_END = Buffer.from('\r\n\r\n', 'latin1');
const CONTINUE = Buffer.from('HTTP/1.1 100 Continue\r\n\r\n', 'latin1');
const HEADERS_TOO_LARGE =
  'HTTP/1.1 431 Request Header Fields Too Large\r\nConnection: close\r\nContent-Length: 0\r\n\r\n';
const EXPECTATION_FAILED =
  'HTTP/1.1 417 Expectation Failed\r\nConnection: close\r\nContent-Length: 0\r\n\r\n';
/** Largest body a whole answer is copied into one buffer with its head for (small: from the pool). */
const WHOLE_ANSWER_BYTES = 3 * 1024;
/** Body or pipelined bytes held while nobody takes them; reading pauses beyond. */
const MAX_HELD_BYTES = 64 * 1024;

const MALFORMED = rawRefusal(new Refusal('bad_request', 'malformed HTTP request'));
const UPGRADE_REFUSED = rawRefusal(new Refusal('bad_request', 'protocol upgrades go through CONNECT'));

/** Bytes allowed in a method (tchar): anything else before the first space is not HTTP. */
const isTokenByte = (byte: number): boolean =>
  (byte >= 0x61 && byte <= 0x7a) ||
  (byte >= 0x41 && byte <= 0x5a) ||
  (byte >= 0x30 && byte <= 0x39) ||
  "!#$%&'*+-.^_`|~".includes(String.fromCharCode(byte));

const CONNECT_LINE = Buffer.from('CONNECT ', 'latin1');

/**
 * A CONNECT request whose head is whole in `chunk` (the bytes a client sends first, usually all of
 * its request), parsed, with the bytes after the head; null for anything else, which goes through
 * a `ClientConnection` (where a malformed head is answered as such).
 */
export const readWholeConnect = (
  chunk: Buffer,
  maxHeaderSize: number,
): { head: RequestHead; rest: Buffer } | null => {
  if (chunk.length <= CONNECT_LINE.length || chunk.compare(CONNECT_LINE, 0, 8, 0, 8) !== 0) return null;
  const end = chunk.indexOf(HEAD_END);
  if (end < 0 || end > maxHeaderSize) return null;
  let head: RequestHead;
  try {
    head = parseRequestHead(chunk.toString('latin1', 0, end));
  } catch (error) {
    if (error instanceof InvalidMessage) return null;
    throw error;
  }
  return head.method === 'CONNECT' ? { head, rest: chunk.subarray(end + 4) } : null;
};

/**
 * Whether an incomplete head can still become a request: its method so far is a token (so that
 * another protocol, such as SOCKS5 sent to an HTTP-only port, is refused at once, not at the
 * handshake timeout).
 */
const startsLikeRequest = (data: Buffer): boolean => {
  for (let i = 0; i < data.length && i < 32; i += 1) {
    const byte = data[i] ?? 0;
    if (byte === 0x20) return i > 0;
    if (!isTokenByte(byte)) return false;
  }
  return true;
};

/**
 * One client connection of the HTTP side, in plain HTTP/1.1 on the socket (no `http.Server`):
 * reads request heads (strictly, `parseRequestHead`), hands forward requests and CONNECTs to the
 * handler, streams request bodies (Content-Length or chunked) to the attached sink with
 * backpressure, writes responses (head and first bytes in one write), keeps the connection alive
 * between requests, serves pipelined requests in order, and closes on errors, `Connection: close`,
 * timeouts and bodies it cannot delimit.
 */
export class ClientConnection implements Sweepable {
  /** The lease of the proxy whose requests this connection carries (owned by the handler). */
  lease: Lease | null = null;
  /** The request being served. */
  head: RequestHead | null = null;
  /** The exchange serving it, or the last one (owned by the handler). */
  exchange: { abort(): void } | null = null;
  private phase: Phase = Phase.Head;
  private isFirst = true;
  /** Bytes of an incomplete request head. */
  private partial: Buffer | null = null;
  /** Bytes of later (pipelined) requests, read while one is served. */
  private held: Buffer | null = null;
  private sink: BodySink | null = null;
  /** Body bytes read before a sink was attached. */
  private early: Buffer[] = [];
  private earlyBytes = 0;
  private isBodyDone = true;
  private bodyRemaining = 0;
  private decoder: ChunkedDecoder | null = null;
  private isResponding = false;
  private pendingHead: string | null = null;
  private isChunkedOut = false;
  private closeAfter = false;
  private hasClientEnded = false;
  private drainWaiter: (() => void) | null = null;
  /** Reads arrive in place (`readInPlace`), rather than as data events. */
  private readonly isInPlace: boolean;
  /** The bytes being read are a view of the shared read buffer: copied before kept or queued. */
  private isVolatile = false;
  /** Reads and writes so far (the idle sweeper watches it change). */
  activity = 0;

  /**
   * `onFirstHead`: called once, when the first request head has been read (the client's handshake
   * is over).
   */
  constructor(
    readonly socket: Socket,
    private readonly handler: RequestHandler,
    private readonly options: ClientConnectionOptions,
    private readonly onFirstHead: () => void,
  ) {
    this.isInPlace = readInPlace(socket, this.onBytes);
    if (!this.isInPlace) socket.on('data', this.onData);
    socket.on('end', this.onEnd);
    socket.on('close', this.onClose);
    options.sweeper.add(this);
  }

  /** Between requests a connection may wait `keepAliveMs`; reading or serving one, `idleMs`. */
  idleLimitMs(): number {
    if (this.phase === Phase.Gone) return 0;
    return this.phase === Phase.Head && !this.isFirst && this.partial === null
      ? this.options.keepAliveMs
      : this.options.idleMs;
  }

  /** Inactive for too long. */
  onIdle(): void {
    this.socket.destroy();
  }

  /** Starts reading, with the bytes already read to recognise the protocol. */
  start(firstChunk: Buffer | null): void {
    if (firstChunk?.length) this.onData(firstChunk);
    if (this.phase !== Phase.Gone) this.socket.resume();
  }

  /** Whether response bytes (or a head) were written for the current request. */
  get hasResponded(): boolean {
    return this.isResponding;
  }

  /** Delivers the current request's body to `sink` (what was read already first). */
  attachBody(sink: BodySink): void {
    this.sink = sink;
    const early = this.early;
    this.early = [];
    this.earlyBytes = 0;
    for (const bytes of early) sink.onRequestData(bytes);
    if (this.isBodyDone) sink.onRequestEnd();
    else this.socket.resume();
  }

  /** The sink can take body bytes again. */
  resumeBody(): void {
    if (this.phase === Phase.Active && !this.isBodyDone) this.socket.resume();
  }

  /** Writes the response head (sent with the first body bytes or the end). */
  respondHead(status: number, reason: string, lines: string, framing: ResponseFraming): void {
    const head = this.head;
    if (!head || this.isResponding) return;
    this.isResponding = true;
    let text = `HTTP/1.1 ${status} ${reason}\r\n${lines}`;
    if (framing === ResponseFraming.Chunked) {
      if (head.minor === 1) {
        text += 'Transfer-Encoding: chunked\r\n';
        this.isChunkedOut = true;
      } else this.closeAfter = true;
    } else if (framing === ResponseFraming.UntilClose) {
      this.closeAfter = true;
    }
    if (this.hasClientEnded || !head.keepAlive) this.closeAfter = true;
    if (this.closeAfter) text += 'Connection: close\r\n';
    else if (head.minor === 0) text += 'Connection: keep-alive\r\n';
    this.pendingHead = `${text}\r\n`;
  }

  /**
   * Writes response body bytes; answers false when the client lags behind (`onDrain` is called
   * once it caught up). `isVolatile`: the bytes are valid only during the call (copied, since a
   * write may keep them queued).
   */
  respondData(bytes: Buffer, onDrain: () => void, isVolatile = false): boolean {
    if (this.phase === Phase.Gone || bytes.length === 0) return true;
    this.activity += 1;
    const { socket } = this;
    if (isVolatile) bytes = Buffer.from(bytes);
    socket.cork();
    this.flushHead();
    let isFlowing: boolean;
    if (this.isChunkedOut) {
      socket.write(chunkSizeLine(bytes.length), 'latin1');
      socket.write(bytes);
      isFlowing = socket.write('\r\n', 'latin1');
    } else {
      isFlowing = socket.write(bytes);
    }
    socket.uncork();
    if (isFlowing) return true;
    this.drainWaiter = onDrain;
    socket.once('drain', this.onDrain);
    return false;
  }

  /**
   * Ends the response (with its last bytes; `isVolatile`: valid only during the call); the
   * connection goes on with the next request or closes.
   */
  respondEnd(last?: Buffer, isVolatile = false): void {
    if (this.phase === Phase.Gone) return;
    this.activity += 1;
    const { socket } = this;
    const head = this.pendingHead;
    if (head !== null && !this.isChunkedOut && (last?.length ?? 0) <= WHOLE_ANSWER_BYTES) {
      // A whole small answer (most of them): one buffer, one write.
      this.pendingHead = null;
      if (last?.length) {
        const bytes = Buffer.allocUnsafe(head.length + last.length);
        bytes.write(head, 0, 'latin1');
        last.copy(bytes, head.length);
        socket.write(bytes);
      } else {
        socket.write(head, 'latin1');
      }
      this.finishRequest();
      return;
    }
    socket.cork();
    this.flushHead();
    if (last?.length) {
      if (this.isChunkedOut) socket.write(chunkSizeLine(last.length), 'latin1');
      socket.write(isVolatile ? Buffer.from(last) : last);
      if (this.isChunkedOut) socket.write('\r\n', 'latin1');
    }
    if (this.isChunkedOut) socket.write(LAST_CHUNK, 'latin1');
    socket.uncork();
    this.finishRequest();
  }

  /** Answers a refusal, unless response bytes went out already (then the connection is cut). */
  refuse(refusal: Refusal, close = false): void {
    if (this.phase !== Phase.Active) return;
    if (this.isResponding) {
      this.socket.destroy();
      return;
    }
    this.isResponding = true;
    this.activity += 1;
    if (close || !this.isBodyDone || this.hasClientEnded || !this.head?.keepAlive) this.closeAfter = true;
    const status = REFUSAL_ANSWERS[refusal.kind].httpStatus;
    const body = `${refusal.message}\n`;
    let text = `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\n`;
    for (const [name, value] of Object.entries(refusalHeaders(refusal))) text += `${name}: ${value}\r\n`;
    text += `Content-Length: ${Buffer.byteLength(body)}\r\n`;
    if (this.closeAfter) text += 'Connection: close\r\n';
    else if (this.head?.minor === 0) text += 'Connection: keep-alive\r\n';
    this.socket.write(`${text}\r\n${body}`);
    this.finishRequest();
  }

  /** Cuts the connection: a response that started cannot be completed. */
  abortResponse(): void {
    this.socket.destroy();
  }

  private flushHead(): void {
    if (this.pendingHead === null) return;
    this.socket.write(this.pendingHead, 'latin1');
    this.pendingHead = null;
  }

  /** The response is complete: close, or serve the next request. */
  private finishRequest(): void {
    const wasBodyDone = this.isBodyDone;
    this.sink = null;
    this.early = [];
    this.earlyBytes = 0;
    this.decoder = null;
    this.pendingHead = null;
    this.isResponding = false;
    this.isChunkedOut = false;
    this.drainWaiter = null;
    this.head = null;
    // A body still arriving cannot be told apart from the next request without reading it: close.
    if (this.closeAfter || !wasBodyDone) {
      this.close();
      return;
    }
    this.phase = Phase.Head;
    this.isBodyDone = true;
    const held = this.held;
    this.held = null;
    if (held) {
      this.onData(held);
      if ((this.phase as Phase) !== Phase.Gone) this.socket.resume();
      return;
    }
    this.socket.resume();
  }

  private close(): void {
    this.phase = Phase.Gone;
    const { socket } = this;
    this.options.sweeper.delete(this);
    this.stopReading();
    endWith(socket, '');
  }

  private fail(answer: string): void {
    if (this.phase === Phase.Gone) return;
    if (this.isResponding) {
      this.socket.destroy();
      return;
    }
    this.phase = Phase.Gone;
    this.options.sweeper.delete(this);
    this.stopReading();
    endWith(this.socket, answer);
  }

  /** The connection reads no more requests (what the socket still reads goes to its data events). */
  private stopReading(): void {
    if (this.isInPlace) readInPlace(this.socket, null);
    else this.socket.off('data', this.onData);
  }

  /** Bytes read in place: valid during the call only. */
  private readonly onBytes = (view: Buffer) => {
    this.isVolatile = true;
    try {
      this.onData(view);
    } finally {
      this.isVolatile = false;
    }
  };

  private readonly onData = (chunk: Buffer) => {
    this.activity += 1;
    try {
      if (this.phase === Phase.Head) this.readHead(chunk);
      else if (this.phase === Phase.Active) {
        if (!this.isBodyDone) this.readBody(chunk, 0);
        else this.hold(chunk);
      }
    } catch (error) {
      if (!(error instanceof InvalidMessage)) throw error;
      this.fail(MALFORMED);
    }
  };

  private readHead(chunk: Buffer): void {
    let data = chunk;
    if (this.partial) {
      data = Buffer.concat([this.partial, chunk]);
      this.partial = null;
    }
    const end = data.indexOf(HEAD_END);
    if (end < 0 || end > this.options.maxHeaderSize) {
      if (end >= 0 || data.length > this.options.maxHeaderSize) {
        this.fail(HEADERS_TOO_LARGE);
        return;
      }
      if (!startsLikeRequest(data)) throw new InvalidMessage('request line');
      this.partial = this.isVolatile && data === chunk ? Buffer.from(data) : data;
      return;
    }
    const head = parseRequestHead(data.toString('latin1', 0, end));
    const restAt = end + 4;
    if (this.isFirst) {
      this.isFirst = false;
      this.onFirstHead();
    }
    if (head.method === 'CONNECT') {
      this.phase = Phase.Gone;
      const { socket } = this;
      socket.pause();
      this.options.sweeper.delete(this);
      this.stopReading();
      socket.off('end', this.onEnd);
      socket.off('close', this.onClose);
      const rest = data.subarray(restAt);
      this.handler.onConnect(socket, head, this.isVolatile && data === chunk ? Buffer.from(rest) : rest);
      return;
    }
    if (head.isUpgrade) {
      this.fail(UPGRADE_REFUSED);
      return;
    }
    if (head.hasUnknownExpectation) {
      this.fail(EXPECTATION_FAILED);
      return;
    }
    this.phase = Phase.Active;
    this.head = head;
    this.closeAfter = false;
    this.isBodyDone = head.body === RequestBody.None;
    this.bodyRemaining = head.contentLength;
    this.decoder = head.body === RequestBody.Chunked ? new ChunkedDecoder() : null;
    if (!this.isBodyDone && head.expectsContinue) this.socket.write(CONTINUE);
    if (restAt < data.length) {
      if (this.isBodyDone) this.hold(data.subarray(restAt));
      else this.readBody(data, restAt);
    }
    this.handler.onRequest(this, head);
  }

  private readBody(data: Buffer, start: number): void {
    if (this.decoder) {
      const end = this.decoder.feed(data, start, this.deliver);
      if (end < 0) return;
      this.endBody();
      if (end < data.length) this.hold(data.subarray(end));
      return;
    }
    const available = data.length - start;
    const take = Math.min(available, this.bodyRemaining);
    if (take > 0)
      this.deliver(start === 0 && take === data.length ? data : data.subarray(start, start + take));
    this.bodyRemaining -= take;
    if (this.bodyRemaining > 0) return;
    this.endBody();
    if (take < available) this.hold(data.subarray(start + take));
  }

  private readonly deliver = (read: Buffer) => {
    if (read.length === 0) return;
    // A sink writes the bytes on (a write may keep them queued); early ones are kept.
    const bytes = this.isVolatile ? Buffer.from(read) : read;
    const { sink } = this;
    if (sink) {
      if (!sink.onRequestData(bytes)) this.socket.pause();
      return;
    }
    this.early.push(bytes);
    this.earlyBytes += bytes.length;
    if (this.earlyBytes > MAX_HELD_BYTES) this.socket.pause();
  };

  private endBody(): void {
    this.isBodyDone = true;
    this.sink?.onRequestEnd();
  }

  /** Keeps bytes of a pipelined request until the current one is answered. */
  private hold(read: Buffer): void {
    const bytes = this.isVolatile && !this.held ? Buffer.from(read) : read;
    this.held = this.held ? Buffer.concat([this.held, bytes]) : bytes;
    if (this.held.length > MAX_HELD_BYTES) this.socket.pause();
  }

  private readonly onDrain = () => {
    const waiter = this.drainWaiter;
    this.drainWaiter = null;
    waiter?.();
  };

  private readonly onEnd = () => {
    this.hasClientEnded = true;
    if (this.phase === Phase.Active && this.isBodyDone) {
      // Answer what was asked, then close.
      this.closeAfter = true;
      return;
    }
    if (this.phase === Phase.Gone) return;
    this.phase = Phase.Gone;
    if (this.partial || !this.isBodyDone) this.socket.destroy();
    else this.close();
  };

  private readonly onClose = () => {
    this.phase = Phase.Gone;
    this.options.sweeper.delete(this);
    this.handler.onClose(this);
  };
}
