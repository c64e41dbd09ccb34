import type { Socket } from 'node:net';

/** The peer closed or broke the connection during a handshake, or sent too much. */
export class HandshakeError extends Error {
  override readonly name = 'HandshakeError';
}

interface Waiter {
  /** How many buffered bytes complete the read, or null when more are needed. */
  measure: (buffered: Buffer) => number | null;
  resolve: (bytes: Buffer) => void;
  reject: (error: Error) => void;
}

/**
 * Reads a protocol handshake (SOCKS5 messages, an HTTP response head) from a socket in exact
 * pieces, buffering what arrives early. `release()` stops reading and hands back bytes that came
 * after the handshake, so they can be forwarded once the tunnel is up.
 */
export class HandshakeReader {
  private buffered: Buffer = Buffer.alloc(0);
  private waiter: Waiter | null = null;
  private failure: Error | null = null;
  private readonly onData = (chunk: Buffer) => {
    if (this.failure) return;
    this.buffered = this.buffered.length ? Buffer.concat([this.buffered, chunk]) : chunk;
    if (this.buffered.length > this.maxBuffered) this.fail(new HandshakeError('handshake too long'));
    this.settle();
  };
  private readonly onEnd = () => this.fail(new HandshakeError('connection closed during the handshake'));
  private readonly onError = (error: Error) => this.fail(error);

  constructor(
    private readonly socket: Socket,
    private readonly maxBuffered = 64 * 1024,
  ) {
    socket.on('data', this.onData);
    socket.on('end', this.onEnd);
    socket.on('close', this.onEnd);
    socket.on('error', this.onError);
    socket.resume();
  }

  /** Adds bytes read before the reader existed (the sniffed first chunk). */
  push(chunk: Buffer): void {
    this.onData(chunk);
  }

  /** Exactly `length` bytes. */
  read(length: number): Promise<Buffer> {
    return this.wait((buffered) => (buffered.length >= length ? length : null));
  }

  /** A whole message, as long as `measure` says from the bytes buffered so far (null: more are needed). */
  readMessage(measure: (buffered: Buffer) => number | null): Promise<Buffer> {
    return this.wait(measure);
  }

  /** Bytes up to and including `delimiter`; fails past `maxLength` bytes. */
  readUntil(delimiter: string, maxLength: number): Promise<Buffer> {
    return this.wait((buffered) => {
      const at = buffered.indexOf(delimiter, 0, 'latin1');
      if (at >= 0) return at + delimiter.length;
      if (buffered.length > maxLength) throw new HandshakeError('handshake message too long');
      return null;
    });
  }

  /** Stops reading (the socket stays paused) and answers the bytes buffered beyond the handshake. */
  release(): Buffer {
    this.socket.pause();
    this.socket.off('data', this.onData);
    this.socket.off('end', this.onEnd);
    this.socket.off('close', this.onEnd);
    this.socket.off('error', this.onError);
    const rest = this.buffered;
    this.buffered = Buffer.alloc(0);
    return rest;
  }

  private wait(measure: Waiter['measure']): Promise<Buffer> {
    if (this.waiter) return Promise.reject(new Error('one read at a time'));
    return new Promise<Buffer>((resolve, reject) => {
      this.waiter = { measure, resolve, reject };
      this.settle();
    });
  }

  private settle(): void {
    const waiter = this.waiter;
    if (!waiter) return;
    let length: number | null;
    try {
      length = waiter.measure(this.buffered);
    } catch (error) {
      this.failure ??= error as Error;
      length = null;
    }
    if (length === null) {
      if (!this.failure) return;
      this.waiter = null;
      waiter.reject(this.failure);
      return;
    }
    this.waiter = null;
    const bytes = this.buffered.subarray(0, length);
    this.buffered = this.buffered.subarray(length);
    waiter.resolve(bytes);
  }

  private fail(error: Error): void {
    this.failure ??= error;
    this.settle();
  }
}
