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
  const request = (target: string) =>
    `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1:${targetPort}\r\nConnection: close\r\n`;
  if (via === 'socks5') {
    const exchange = await socksExchange(gatewayPort, {
      username: credential.username,
      password: credential.password,
      host: '127.0.0.1',
      port: targetPort,
    });
    const { socket } = exchange;
    if (exchange.reply !== 0) {
      socket.destroy();
      const now = Date.now();
      const status = exchange.reply ?? exchange.authStatus ?? -1;
      return { bytes: 0, refusal: { status, code: null }, lastByteAt: now, closedAt: now };
    }
    socket.write(`${request(path)}\r\n`);
    return drain(socket, exchange.rest);
  }
  const socket = connect(gatewayPort, '127.0.0.1');
  socket.on('error', () => {});
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  const auth = `Proxy-Authorization: ${basic(credential.username, credential.password)}\r\n`;
  if (via === 'forward') {
    socket.write(`${request(`http://127.0.0.1:${targetPort}${path}`)}${auth}\r\n`);
    // A refusal is the gateway's own answer (it carries X-PTC-Error); anything else is the target's.
    return drain(socket, Buffer.alloc(0), (head) => headOf(head).code === null);
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
    const now = Date.now();
    return {
      bytes: 0,
      refusal: answer ? headOf(answer.head) : { status: 0, code: null },
      lastByteAt: now,
      closedAt: now,
    };
  }
  socket.write(`${request(path)}\r\n`);
  return drain(socket, answer.rest);
};
