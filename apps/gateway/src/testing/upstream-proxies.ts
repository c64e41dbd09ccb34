import { createServer as createHttpServer } from 'node:http';
import {
  type AddressInfo,
  connect,
  createServer as createTcpServer,
  type Server,
  type Socket,
} from 'node:net';
import { readSocksAddress, SOCKS, socksReply } from '../socks5/socks5-protocol';
import { HandshakeReader } from '../streams/handshake-reader';

/** A supplier proxy for tests: records who logged in and where they went. */
export interface TestUpstream {
  port: number;
  /** One entry per tunnel request: the credentials presented and the requested destination. */
  seen: { username: string | null; password: string | null; host: string; port: number }[];
  /** Bytes relayed from clients to targets (requests on tunnels, which the gateway may reuse). */
  readonly relayed: number;
  close(): Promise<void>;
}

const listen = (server: Server) =>
  new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
  );

const closer = (server: Server, sockets: Set<Socket>) => () =>
  new Promise<void>((resolve) => {
    for (const socket of sockets) socket.destroy();
    server.close(() => resolve());
  });

const track = (sockets: Set<Socket>, socket: Socket) => {
  sockets.add(socket);
  socket.on('close', () => sockets.delete(socket));
  socket.on('error', () => {});
};

/** Tunnels a client and a target socket together; `onUp` hears of client bytes. */
const splice = (a: Socket, b: Socket, onUp: (bytes: number) => void) => {
  a.on('data', (chunk: Buffer) => onUp(chunk.length));
  a.pipe(b);
  b.pipe(a);
  a.on('close', () => b.destroy());
  b.on('close', () => a.destroy());
  b.on('error', () => a.destroy());
};

/**
 * An upstream HTTP proxy answering CONNECT only. Requires `Proxy-Authorization` with `password`
 * when given (answers 407 otherwise); connects wherever it is asked, including loopback.
 */
export const startHttpUpstream = async (options: { password?: string } = {}): Promise<TestUpstream> => {
  const seen: TestUpstream['seen'] = [];
  const sockets = new Set<Socket>();
  let relayed = 0;
  const countUp = (bytes: number) => {
    relayed += bytes;
  };
  const server = createHttpServer();
  server.on('connection', (socket: Socket) => track(sockets, socket));
  server.on('connect', (req, socket: Socket, head: Buffer) => {
    const header = req.headers['proxy-authorization'];
    const decoded = header ? Buffer.from(header.replace(/^Basic /i, ''), 'base64').toString() : null;
    const colon = decoded?.indexOf(':') ?? -1;
    const username = decoded && colon >= 0 ? decoded.slice(0, colon) : null;
    const password = decoded && colon >= 0 ? decoded.slice(colon + 1) : null;
    const match = /^\[?([^\]]+?)\]?:(\d+)$/.exec(req.url ?? '');
    const host = match?.[1] ?? '';
    const port = Number(match?.[2] ?? 0);
    seen.push({ username, password, host, port });
    if (options.password !== undefined && password !== options.password) {
      socket.end('HTTP/1.1 407 Proxy Authentication Required\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    const target = connect({ host, port }, () => {
      socket.write('HTTP/1.1 200 Connection established\r\n\r\n');
      if (head.length) target.write(head);
      countUp(head.length);
      splice(socket, target, countUp);
    });
    target.on('error', () => socket.end('HTTP/1.1 502 Bad Gateway\r\nContent-Length: 0\r\n\r\n'));
  });
  const port = await listen(server);
  return {
    port,
    seen,
    get relayed() {
      return relayed;
    },
    close: closer(server, sockets),
  };
};

/**
 * An upstream SOCKS5 proxy: username/password authentication (checked against `password` when
 * given), CONNECT to IPv4, IPv6 or domain addresses, including loopback.
 */
export const startSocksUpstream = async (options: { password?: string } = {}): Promise<TestUpstream> => {
  const seen: TestUpstream['seen'] = [];
  const sockets = new Set<Socket>();
  let relayed = 0;
  const countUp = (bytes: number) => {
    relayed += bytes;
  };
  const serve = async (socket: Socket) => {
    const reader = new HandshakeReader(socket);
    const [, count = 0] = await reader.read(2);
    const methods = await reader.read(count);
    if (!methods.includes(SOCKS.method.password)) {
      socket.end(Buffer.from([SOCKS.version, SOCKS.method.noneAcceptable]));
      return;
    }
    socket.write(Buffer.from([SOCKS.version, SOCKS.method.password]));
    const [, userLength = 0] = await reader.read(2);
    const username = (await reader.read(userLength)).toString();
    const [passLength = 0] = await reader.read(1);
    const password = (await reader.read(passLength)).toString();
    const isAccepted = options.password === undefined || password === options.password;
    socket.write(Buffer.from([SOCKS.authVersion, isAccepted ? 0 : 1]));
    if (!isAccepted) {
      seen.push({ username, password, host: '', port: 0 });
      socket.end();
      return;
    }
    const [, , , addressType = 0] = await reader.read(4);
    const address = await readSocksAddress(reader, addressType);
    seen.push({ username, password, host: address.host, port: address.port });
    const head = reader.release();
    const target = connect({ host: address.host, port: address.port }, () => {
      socket.write(socksReply(0));
      if (head.length) target.write(head);
      countUp(head.length);
      splice(socket, target, countUp);
    });
    target.on('error', () => socket.end(socksReply(0x05)));
  };
  const server = createTcpServer((socket) => {
    track(sockets, socket);
    serve(socket).catch(() => socket.destroy());
  });
  const port = await listen(server);
  return {
    port,
    seen,
    get relayed() {
      return relayed;
    },
    close: closer(server, sockets),
  };
};
