import { type OnReadOpts, type Server, Socket, type SocketConstructorOpts } from 'node:net';

/**
 * What every accepted client connection reads into (`onread`), one read at a time: its bytes are
 * handed on before the next read can land.
 */
const CLIENT_READ_BUFFER = Buffer.allocUnsafeSlow(64 * 1024);
const READER = Symbol('in-place reader');

/** Takes bytes a client sent, in place: a view of the shared buffer, valid during the call only. */
export type InPlaceReader = (bytes: Buffer) => void;

interface SharedReadSocket extends Socket {
  [READER]: InPlaceReader | null;
}

/** The internals of an accepted socket that `withSharedReads` moves to its new socket. */
interface AcceptedInternals {
  _handle: object | null;
  _server: Server | null;
  server: Server | null;
}

/**
 * Hands the reads of a client socket to `reader`, in place (views valid during the call only: no
 * buffer per read), or back to the socket's data events (`null`; each read then copied into a
 * buffer of its own, as Node.js does). Answers false, changing nothing, for a socket that does not
 * read into the shared buffer (then use its data events).
 */
export const readInPlace = (socket: Socket, reader: InPlaceReader | null): boolean => {
  if (!(READER in socket)) return false;
  (socket as SharedReadSocket)[READER] = reader;
  return true;
};

/**
 * The socket of an accepted connection, made anew to read into the shared buffer. Node.js's
 * `net.Server` takes no `onread`, and data events give every read a buffer of its own: for the
 * forward path that is one buffer per request, and sweeping those was much of every young
 * collection's pause. So the accepted socket hands its handle (and its place in the server's
 * connection count) to a socket made with `onread`, before anything was read (the server calls
 * this in the same tick as it accepted), and is left inert. Until a reader is set the new socket
 * reads as any socket does (data events, `read()`, pausing), through copies.
 */
export const withSharedReads = (accepted: Socket): Socket => {
  const internals = accepted as unknown as AcceptedInternals;
  const handle = internals._handle;
  if (!handle) return accepted;
  const server = internals._server;
  internals._handle = null;
  internals._server = null;
  internals.server = null;
  let socket: SharedReadSocket | null = null;
  const onread: OnReadOpts = {
    buffer: CLIENT_READ_BUFFER,
    callback: (bytes: number) => (socket ? deliver(socket, bytes) : false),
  };
  socket = new Socket({
    handle,
    onread,
    allowHalfOpen: accepted.allowHalfOpen,
    readable: true,
    writable: true,
  } as SocketConstructorOpts) as SharedReadSocket;
  socket[READER] = null;
  const adopted = socket as unknown as AcceptedInternals;
  adopted._server = server;
  adopted.server = server;
  return socket;
};

const deliver = (socket: SharedReadSocket, bytes: number): boolean => {
  const view = CLIENT_READ_BUFFER.subarray(0, bytes);
  const reader = socket[READER];
  if (reader) {
    reader(view);
    return true;
  }
  // As Node.js reads without `onread`: a buffer of its own, pushed (false: stop reading for now).
  return socket.push(Buffer.from(view));
};
