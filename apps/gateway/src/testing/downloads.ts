import { connect, type Socket } from 'node:net';
import { socksExchange } from './socks-client';

/** How a download reaches the target through the gateway. */
export type DownloadPath = 'forward' | 'connect' | 'socks5';

/** What one download through the gateway got. */
export interface DownloadResult {
  /** Bytes received after the gateway's own handshake (the target's response, head included). */
  bytes: number;
  /** The gateway's refusal before anything was relayed: HTTP status, `X-PTC-Error`, SOCKS reply. */
  refusal: { status: number; code: string | null } | null;
  /** When the last byte arrived and when the connection closed (ms since the epoch). */
  lastByteAt: number;
  closedAt: number;
}

const CRLF2 = '\r\n\r\n';

const headOf = (text: string) => {
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(text)?.[1] ?? 0);
  const code = /^x-ptc-error:\s*(-?\d+)/im.exec(text)?.[1] ?? null;
  return { status, code };
};

/** Reads a socket to its end, counting bytes and noting the time of the last one and of the close. */
const drain = (socket: Socket, first: Buffer, onFirst?: (text: string) => boolean) =>
  new Promise<DownloadResult>((resolve) => {
    let bytes = first.length;
    let lastByteAt = Date.now();
    let refusal: DownloadResult['refusal'] = null;
    let head = first.toString('latin1');
    let isHeadRead = !onFirst;
    const onHead = () => {
      if (isHeadRead || !onFirst || !head.includes(CRLF2)) return;
      isHeadRead = true;
      if (!onFirst(head)) refusal = headOf(head);
    };
    onHead();
    socket.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      lastByteAt = Date.now();
      if (!isHeadRead) {
        head += chunk.toString('latin1');
        onHead();
      }
    });
    socket.on('error', () => {});
    socket.once('close', () => resolve({ bytes, refusal, lastByteAt, closedAt: Date.now() }));
    socket.resume();
  });

const basic = (username: string, password: string) =>
  `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;

/** A way to the target opened through the gateway: how to name a request's target, and its headers. */
type Opened =
  | { socket: Socket; rest: Buffer; targetOf: (path: string) => string; auth: string; refusal?: undefined }
  | { refusal: NonNullable<DownloadResult['refusal']> };

/**
 * Opens the way to the target at 127.0.0.1:`targetPort` through the gateway: a plain connection
 * for HTTP forward (requests in absolute form with Proxy-Authorization), or a CONNECT or SOCKS5
 * tunnel (then the gateway's refusal, if it refused).
 */
const openThrough = async (
  gatewayPort: number,
  credential: { username: string; password: string },
  targetPort: number,
  via: DownloadPath,
): Promise<Opened> => {
  const inTunnel = (path: string) => path;
  if (via === 'socks5') {
    const exchange = await socksExchange(gatewayPort, {
      username: credential.username,
      password: credential.password,
      host: '127.0.0.1',
      port: targetPort,
    });
    if (exchange.reply !== 0) {
      exchange.socket.destroy();
      return { refusal: { status: exchange.reply ?? exchange.authStatus ?? -1, code: null } };
    }
    return { socket: exchange.socket, rest: exchange.rest, targetOf: inTunnel, auth: '' };
  }
  const socket = connect(gatewayPort, '127.0.0.1');
  socket.on('error', () => {});
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  const auth = `Proxy-Authorization: ${basic(credential.username, credential.password)}\r\n`;
  if (via === 'forward') {
    const absolute = (path: string) => `http://127.0.0.1:${targetPort}${path}`;
    return { socket, rest: Buffer.alloc(0), targetOf: absolute, auth };
  }
  socket.write(`CONNECT 127.0.0.1:${targetPort} HTTP/1.1\r\nHost: 127.0.0.1:${targetPort}\r\n${auth}\r\n`);
  const answer = await new Promise<{ head: string; rest: Buffer } | null>((resolve) => {
    let seen = Buffer.alloc(0);
    const onData = (chunk: Buffer) => {
      seen = Buffer.concat([seen, chunk]);
      const end = seen.indexOf(CRLF2);
      if (end < 0) return;
      socket.off('data', onData);
      socket.pause();
      resolve({ head: seen.toString('latin1', 0, end), rest: seen.subarray(end + 4) });
    };
    socket.on('data', onData);
    socket.once('close', () => resolve(null));
  });
  if (!answer || headOf(answer.head).status !== 200) {
    socket.destroy();
    return { refusal: answer ? headOf(answer.head) : { status: 0, code: null } };
  }
  return { socket, rest: answer.rest, targetOf: inTunnel, auth: '' };
};

/**
 * Downloads `path` from the target at 127.0.0.1:`targetPort` through the gateway, over HTTP
 * forward, a CONNECT tunnel or SOCKS5, with raw sockets (as fast as loopback allows), and reads
 * until the connection closes: the target's `Connection: close` or a cut by the gateway.
 */
export const downloadThrough = async (
  gatewayPort: number,
  credential: { username: string; password: string },
  targetPort: number,
  path: string,
  via: DownloadPath,
): Promise<DownloadResult> => {
  const opened = await openThrough(gatewayPort, credential, targetPort, via);
  if (opened.refusal) {
    const now = Date.now();
    return { bytes: 0, refusal: opened.refusal, lastByteAt: now, closedAt: now };
  }
  const { socket, rest, targetOf, auth } = opened;
  socket.write(
    `GET ${targetOf(path)} HTTP/1.1\r\nHost: 127.0.0.1:${targetPort}\r\nConnection: close\r\n${auth}\r\n`,
  );
  // Forwarded, a refusal is the gateway's own answer (it carries X-PTC-Error); anything else is the target's.
  return via === 'forward' ? drain(socket, rest, (head) => headOf(head).code === null) : drain(socket, rest);
};

const ZEROS = Buffer.alloc(64 * 1024);

/** Writes zeros into the socket as fast as it takes them, until it closes (or 20 s pass). */
const pumpUntilClosed = (socket: Socket) =>
  new Promise<void>((resolve) => {
    const deadline = Date.now() + 20_000;
    let isClosed = false;
    socket.once('close', () => {
      isClosed = true;
      resolve();
    });
    socket.resume();
    const pump = () => {
      while (!isClosed && Date.now() < deadline) {
        if (!socket.write(ZEROS)) {
          socket.once('drain', pump);
          return;
        }
      }
      socket.destroy();
    };
    pump();
  });

/**
 * Uploads to `path` (a POST whose body, `bytes` long, is sent as fast as loopback allows) through
 * the gateway until the connection closes; answers whether the gateway refused it outright. What
 * got through is what the target received.
 */
export const uploadThrough = async (
  gatewayPort: number,
  credential: { username: string; password: string },
  targetPort: number,
  path: string,
  bytes: number,
  via: DownloadPath,
): Promise<{ refused: boolean }> => {
  const opened = await openThrough(gatewayPort, credential, targetPort, via);
  if (opened.refusal) return { refused: true };
  const { socket, targetOf, auth } = opened;
  socket.write(
    `POST ${targetOf(path)} HTTP/1.1\r\nHost: 127.0.0.1:${targetPort}\r\nContent-Length: ${bytes}\r\n${auth}\r\n`,
  );
  await pumpUntilClosed(socket);
  return { refused: false };
};
