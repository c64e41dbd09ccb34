import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/** How long requests already being answered when the app starts closing may take to finish. */
export const CLOSE_GRACE_MS = 2_000;

/**
 * Makes the app's close end every connection of its HTTP server, so `app.close()` (which waits
 * for the server's `close`, and runs the other `onClose` hooks only then) cannot hang on one.
 *
 * Node's `server.close()` closes only keep-alive connections that are idle at that moment; it
 * waits for every other one, and stops its header timeouts as it does. A connection the client
 * opened but sent nothing on yet (browsers open spare ones, Chromium keeps them seconds), one
 * still sending its request, one upgraded to a WebSocket, or one whose answer finishes after the
 * close began (it stays open as keep-alive, 72 s by default) then kept a stopping server waiting
 * until the shutdown timed out. Here, once the app starts closing:
 * - connections with no request being answered are destroyed at once;
 * - a request being answered is finished, with `Connection: close` when its headers have not
 *   gone out yet, and its connection ends after the answer;
 * - whatever is left after `graceMs` is destroyed;
 * - a connection accepted meanwhile is destroyed.
 *
 * Must be registered after the plugins whose `preClose` hooks end their own connections
 * gracefully (the remote-control relay's WebSocket sessions): preClose hooks run in order.
 */
export const closeConnectionsOnClose = (app: FastifyInstance, graceMs = CLOSE_GRACE_MS) => {
  const server = app.server;
  /** Every open connection, upgraded ones included. */
  const sockets = new Set<Socket>();
  /** The answers under way on each connection (HTTP/1.1 pipelining can queue several). */
  const answering = new Map<Socket, Set<ServerResponse>>();
  let closing = false;

  /** Ends a connection once what it is writing went out. */
  const endSoon = (socket: Socket) => {
    if (socket.destroyed) return;
    socket.end();
    if (socket.writableFinished) socket.destroy();
    else socket.once('finish', () => socket.destroy());
  };

  server.on('connection', (socket: Socket) => {
    if (closing) {
      socket.destroy();
      return;
    }
    sockets.add(socket);
    socket.once('close', () => {
      sockets.delete(socket);
      answering.delete(socket);
    });
  });
  server.on('request', (request, response: ServerResponse) => {
    const socket = request.socket;
    let answers = answering.get(socket);
    if (!answers) {
      answers = new Set();
      answering.set(socket, answers);
    }
    answers.add(response);
    response.once('close', () => {
      answers.delete(response);
      if (answers.size > 0) return;
      answering.delete(socket);
      if (closing) endSoon(socket);
    });
  });

  app.addHook('preClose', async () => {
    closing = true;
    for (const socket of sockets) {
      const answers = answering.get(socket);
      if (!answers || answers.size === 0) {
        socket.destroy();
        continue;
      }
      for (const response of answers) {
        if (!response.headersSent) response.setHeader('connection', 'close');
      }
    }
    if (sockets.size === 0) return;
    const late = setTimeout(() => {
      if (sockets.size === 0) return;
      app.log.warn(
        { connections: sockets.size, graceMs },
        'cut connections still open after the close grace',
      );
      for (const socket of sockets) socket.destroy();
    }, graceMs);
    late.unref();
    server.once('close', () => clearTimeout(late));
  });
};
