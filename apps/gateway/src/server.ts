import { createServer, type Server, type Socket } from 'node:net';
import type { ListenerProtocol } from './gateway.types';
import { withSharedReads } from './streams/client-reads';

/**
 * Where a listener hands its connections once their protocol is known; `onHandshakeDone` is to be
 * called once the client's request has been read.
 */
export interface ProtocolHandlers {
  /** An HTTP client; the socket is paused, `firstChunk` holds the bytes read to recognise it (if any). */
  http(socket: Socket, firstChunk: Buffer | null, onHandshakeDone: () => void): void;
  /** A SOCKS5 client and the bytes read to recognise it. */
  socks5(socket: Socket, firstChunk: Buffer, onHandshakeDone: () => void): void;
}

const SOCKS5_VERSION = 0x05;

/**
 * Hands a connection to its protocol: on `auto` listeners the first byte decides (0x05 → SOCKS5,
 * anything else → HTTP); the bytes read to decide go to the protocol's handler.
 */
export const dispatchConnection = (
  socket: Socket,
  protocol: ListenerProtocol,
  handlers: ProtocolHandlers,
  onHandshakeDone: () => void,
) => {
  if (protocol === 'http') {
    socket.pause();
    handlers.http(socket, null, onHandshakeDone);
    return;
  }
  socket.once('data', (chunk: Buffer) => {
    socket.pause();
    if (protocol === 'socks5' || chunk[0] === SOCKS5_VERSION) {
      handlers.socks5(socket, chunk, onHandshakeDone);
      return;
    }
    handlers.http(socket, chunk, onHandshakeDone);
  });
};

/**
 * A TCP listener whose connections go to `accept` (half-open allowed: tunnels pass half-closes
 * on), each reading into the shared client buffer (`withSharedReads`).
 */
export const createListener = (accept: (socket: Socket) => void, maxConnections: number): Server => {
  const server = createServer({ allowHalfOpen: true, noDelay: true }, (socket) =>
    accept(withSharedReads(socket)),
  );
  server.maxConnections = maxConnections;
  return server;
};
