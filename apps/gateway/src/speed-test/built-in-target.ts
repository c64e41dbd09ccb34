import type { Socket } from 'node:net';

// The gateway's own speed-test target. A speed test must work out of the box, with no public
// address configured, and the SSRF guard rightly refuses private and loopback targets (4009): so
// requests to this reserved name (RFC 2606 `.invalid` never resolves anywhere) are answered by
// the gateway itself, after the proxy's authentication and admission, over every path a client
// uses (HTTP forward, CONNECT to port 80, SOCKS5). Nothing leaves the gateway and no exit is
// used; the bytes are not metered.

/** The host name of the built-in target (`http://speedtest.gateway.invalid/bytes/<n>`). */
export const SPEED_TEST_HOST = 'speedtest.gateway.invalid';

/** The largest answer it gives. */
const MAX_BYTES = 8 * 1024 * 1024;
/** Without `/bytes/<n>`: 1 MiB. */
const DEFAULT_BYTES = 1024 * 1024;
const MAX_HEAD = 8 * 1024;
const HEAD_TIMEOUT_MS = 10_000;

const filler = Buffer.alloc(64 * 1024, 'x');

/** Whether a request's destination is the built-in target (plain HTTP on port 80). */
export const isBuiltInTarget = (host: string, port: number): boolean =>
  port === 80 && host.toLowerCase() === SPEED_TEST_HOST;

/** An answer of the built-in target: status, reason, header lines (each ending in CRLF) and size. */
export interface BuiltInAnswer {
  status: 200 | 404;
  reason: 'OK' | 'Not Found';
  lines: string;
  bytes: number;
}

const answerOf = (status: 200 | 404, bytes: number): BuiltInAnswer => ({
  status,
  reason: status === 200 ? 'OK' : 'Not Found',
  lines: `Content-Type: application/octet-stream\r\nContent-Length: ${bytes}\r\nCache-Control: no-store\r\n`,
  bytes,
});

/** The answer to a path: `/bytes/<n>` (n ≤ 8 MiB) or `/` gives n bytes, anything else 404. */
export const builtInAnswer = (path: string): BuiltInAnswer => {
  const pathname = path.split('?')[0] ?? '/';
  if (pathname === '/' || pathname === '') return answerOf(200, DEFAULT_BYTES);
  const match = /^\/bytes\/(\d{1,9})$/.exec(pathname);
  if (!match) return answerOf(404, 0);
  return answerOf(200, Math.min(Number(match[1]), MAX_BYTES));
};

/** Writes `count` filler bytes to a socket, respecting backpressure, then ends it. */
const writeFiller = (socket: Socket, count: number) => {
  let left = count;
  const pump = () => {
    while (left > 0) {
      const piece = left >= filler.length ? filler : filler.subarray(0, left);
      left -= piece.length;
      if (!socket.write(piece)) {
        socket.once('drain', pump);
        return;
      }
    }
    socket.end();
  };
  pump();
};

/** Filler bytes for an answer body, in one buffer (HTTP forward answers through its connection). */
export const builtInBody = (count: number): Buffer => {
  if (count <= filler.length) return filler.subarray(0, count);
  return Buffer.alloc(count, 'x');
};

/**
 * Serves one HTTP request on a tunnel that reached the built-in target (CONNECT or SOCKS5): reads
 * the request head (`early`: bytes already read), answers and closes.
 */
export const serveBuiltInTarget = (socket: Socket, early: Buffer): void => {
  let buffered = early;
  const timer = setTimeout(() => socket.destroy(), HEAD_TIMEOUT_MS);
  const finish = () => {
    clearTimeout(timer);
    socket.off('data', onData);
  };
  const onData = (chunk: Buffer) => {
    buffered = buffered.length ? Buffer.concat([buffered, chunk]) : chunk;
    const end = buffered.indexOf('\r\n\r\n');
    if (end < 0) {
      if (buffered.length > MAX_HEAD) {
        finish();
        socket.destroy();
      }
      return;
    }
    finish();
    const [method = '', path = '/'] = buffered.toString('latin1', 0, buffered.indexOf('\r\n')).split(' ');
    const answer = method === 'GET' || method === 'HEAD' ? builtInAnswer(path) : answerOf(404, 0);
    // A tunnel carries one request: the connection ends with the answer.
    const head = `HTTP/1.1 ${answer.status} ${answer.reason}\r\n${answer.lines}Connection: close\r\n\r\n`;
    socket.write(head, 'latin1');
    if (method === 'HEAD') socket.end();
    else writeFiller(socket, answer.bytes);
  };
  socket.on('data', onData);
  socket.on('error', () => socket.destroy());
  socket.on('close', () => clearTimeout(timer));
  if (buffered.length) {
    const first = buffered;
    buffered = Buffer.alloc(0);
    onData(first);
  }
  socket.resume();
};
