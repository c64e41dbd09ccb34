import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { type AddressInfo, createServer as createTcpServer, type Server, type Socket } from 'node:net';

/** Bytes a target saw on its sockets: `received` from the gateway, `sent` to it. */
export interface TargetTraffic {
  received: number;
  sent: number;
  connections: number;
}

/** A local server with byte accounting on its own sockets. */
export interface TestTarget {
  port: number;
  /** Traffic of the sockets closed so far (call `settled()` first). */
  traffic: TargetTraffic;
  /** Resolves when no socket is open any more. */
  settled(): Promise<void>;
  close(): Promise<void>;
}

const account = (server: Server) => {
  const traffic: TargetTraffic = { received: 0, sent: 0, connections: 0 };
  const open = new Set<Socket>();
  let waiters: (() => void)[] = [];
  server.on('connection', (socket: Socket) => {
    open.add(socket);
    traffic.connections += 1;
    socket.on('close', () => {
      traffic.received += socket.bytesRead;
      traffic.sent += socket.bytesWritten ?? 0;
      open.delete(socket);
      if (open.size === 0) {
        for (const wake of waiters) wake();
        waiters = [];
      }
    });
  });
  return {
    traffic,
    settled: () =>
      open.size === 0 ? Promise.resolve() : new Promise<void>((resolve) => waiters.push(resolve)),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.destroy();
        server.close(() => resolve());
      }),
  };
};

const listen = (server: Server, host: string) =>
  new Promise<number>((resolve) =>
    server.listen(0, host, () => resolve((server.address() as AddressInfo).port)),
  );

const chunkOf = Buffer.alloc(64 * 1024, 'x');

/** Writes `size` bytes in 64 KiB chunks, respecting backpressure. */
const writeBytes = (res: ServerResponse, size: number) => {
  let left = size;
  const pump = () => {
    while (left > 0) {
      const piece = left >= chunkOf.length ? chunkOf : chunkOf.subarray(0, left);
      left -= piece.length;
      if (!res.write(piece)) {
        res.once('drain', pump);
        return;
      }
    }
    res.end();
  };
  pump();
};

/**
 * An HTTP server for tests:
 * - `GET /hello` → `hello`;
 * - `GET /bytes/N` → N bytes (Content-Length);
 * - `GET /chunked/N` → N bytes, chunked;
 * - `POST /upload` → the number of body bytes received;
 * - `GET /echo` → the request line and raw headers as JSON.
 */
export const startHttpTarget = async (
  host = '127.0.0.1',
): Promise<TestTarget & { requests: IncomingMessage[] }> => {
  const requests: IncomingMessage[] = [];
  const server = createHttpServer((req, res) => {
    requests.push(req);
    const url = req.url ?? '/';
    const size = /^\/(bytes|chunked)\/(\d+)/.exec(url);
    if (url === '/hello') {
      res.writeHead(200, { 'Content-Type': 'text/plain', 'Content-Length': '5' });
      res.end('hello');
    } else if (size) {
      const length = Number(size[2]);
      res.writeHead(200, size[1] === 'bytes' ? { 'Content-Length': String(length) } : {});
      writeBytes(res, length);
    } else if (url.startsWith('/upload')) {
      let received = 0;
      req.on('data', (chunk: Buffer) => {
        received += chunk.length;
      });
      req.on('end', () => res.end(String(received)));
    } else if (url.startsWith('/echo')) {
      res.setHeader('Content-Type', 'application/json');
      res.end(JSON.stringify({ method: req.method, url, rawHeaders: req.rawHeaders }));
    } else {
      res.writeHead(404);
      res.end();
    }
  });
  server.keepAliveTimeout = 1_000;
  const port = await listen(server, host);
  return { port, requests, ...account(server) };
};

/**
 * A raw TCP server for tests: answers every chunk with `echo:` + the chunk, and records what it
 * received in `received`.
 */
export const startEchoTarget = async (host = '127.0.0.1'): Promise<TestTarget & { received: Buffer[] }> => {
  const received: Buffer[] = [];
  const server = createTcpServer((socket) => {
    socket.on('data', (chunk: Buffer) => {
      received.push(chunk);
      socket.write(Buffer.concat([Buffer.from('echo:'), chunk]));
    });
    socket.on('error', () => {});
  });
  const port = await listen(server, host);
  return { port, received, ...account(server) };
};
