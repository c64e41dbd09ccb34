// The load generator, in its own process (forked by run.mjs with an IPC channel) so it never shares
// an event loop with a proxy or the targets. Raw `net` sockets and a minimal HTTP/1.1 response
// parser keep its own cost per request low. Commands (IPC messages) and answers:
//   { cmd: 'downloads', id, route, path, concurrency, warmupMs, durationMs }
//       closed loop: each download is a NEW connection (direct, CONNECT tunnel or SOCKS5 CONNECT),
//       one `GET path` with `Connection: close`, read to the last body byte.
//       → { bytes, windowMs, latencies: ms[], errors, firstError }
//   { cmd: 'requests', id, route, path, connections, warmupMs, durationMs }
//       `connections` keep-alive connections, one request in flight on each (direct or HTTP forward).
//       → { count, bytes, windowMs, latencies: ms[], errors, reconnects, firstError }
//   { cmd: 'open-idle', id, route, count, parallel } → { opened, errors, firstError }
//   { cmd: 'close-idle', id } → { closed }
// A route is { mode: 'direct' | 'connect' | 'forward' | 'socks5', host, port, targetHost,
// targetPort, username?, password? } (host/port: the proxy, or the target when direct).
import { connect } from 'node:net';
import { performance } from 'node:perf_hooks';

const now = () => performance.now();
const CRLF2 = Buffer.from('\r\n\r\n');

/** Buffers a socket's bytes for step-by-step reads, then streams them into a response parser. */
class Reader {
  constructor(socket) {
    this.socket = socket;
    this.buffer = Buffer.alloc(0);
    this.wake = null;
    this.parser = null;
    this.failure = null;
    socket.on('data', (chunk) => this.onData(chunk));
    socket.on('error', (error) => this.fail(error));
    socket.on('close', () => this.fail(new Error('connection closed')));
  }

  onData(chunk) {
    if (this.parser) {
      try {
        const used = this.parser.feed(chunk);
        if (used < chunk.length) this.buffer = chunk.subarray(used);
      } catch (error) {
        this.socket.destroy();
        this.fail(error);
        return;
      }
      if (this.parser.done) this.finishParser();
      return;
    }
    this.buffer = this.buffer.length ? Buffer.concat([this.buffer, chunk]) : chunk;
    this.wake?.();
  }

  fail(error) {
    if (this.failure) return;
    // A body delimited by the end of the connection is complete when it closes.
    if (this.parser && this.parser.state === 'eof' && error.message === 'connection closed') {
      this.parser.done = true;
      this.finishParser();
      return;
    }
    this.failure = error;
    this.wake?.();
    if (this.parser) {
      const { reject } = this.parserPromise;
      this.parser = null;
      reject(error);
    }
  }

  finishParser() {
    const parser = this.parser;
    const { resolve } = this.parserPromise;
    this.parser = null;
    resolve(parser);
  }

  async waitFor(test) {
    for (;;) {
      const answer = test(this.buffer);
      if (answer !== null) return answer;
      if (this.failure) throw this.failure;
      await new Promise((resolve) => {
        this.wake = resolve;
      });
      this.wake = null;
    }
  }

  /** Bytes up to and including the first CRLFCRLF. */
  readHead() {
    return this.waitFor((buffer) => {
      const end = buffer.indexOf(CRLF2);
      if (end < 0) {
        if (buffer.length > 64 * 1024) throw new Error('response head too large');
        return null;
      }
      const head = buffer.subarray(0, end + 4);
      this.buffer = buffer.subarray(end + 4);
      return head.toString('latin1');
    });
  }

  readBytes(count) {
    return this.waitFor((buffer) => {
      if (buffer.length < count) return null;
      const bytes = buffer.subarray(0, count);
      this.buffer = buffer.subarray(count);
      return bytes;
    });
  }

  /** Feeds buffered and later bytes into `parser` until it is done; answers the parser. */
  parse(parser) {
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => {
      this.parserPromise = { resolve, reject };
      this.parser = parser;
      const pending = this.buffer;
      this.buffer = Buffer.alloc(0);
      if (pending.length) {
        try {
          const used = parser.feed(pending);
          if (used < pending.length) this.buffer = pending.subarray(used);
        } catch (error) {
          this.parser = null;
          reject(error);
          return;
        }
      }
      if (parser.done) this.finishParser();
    });
  }
}

/** An HTTP/1.1 response: head, then a body by Content-Length, chunked, or up to the close. */
class ResponseParser {
  constructor(onBody) {
    this.onBody = onBody;
    this.state = 'head';
    this.head = null;
    this.remaining = 0;
    this.line = '';
    this.status = 0;
    this.keepAlive = true;
    this.bodyBytes = 0;
    this.done = false;
  }

  count(bytes) {
    this.bodyBytes += bytes;
    this.onBody?.(bytes);
  }

  parseHead(text) {
    const lines = text.split('\r\n');
    const statusLine = /^HTTP\/1\.([01]) (\d{3})/.exec(lines[0] ?? '');
    if (!statusLine) throw new Error(`bad status line: ${lines[0]}`);
    this.status = Number(statusLine[2]);
    this.keepAlive = statusLine[1] === '1';
    let length = null;
    let chunked = false;
    for (const line of lines.slice(1)) {
      const colon = line.indexOf(':');
      if (colon < 0) continue;
      const name = line.slice(0, colon).trim().toLowerCase();
      const value = line
        .slice(colon + 1)
        .trim()
        .toLowerCase();
      if (name === 'content-length') length = Number(value);
      else if (name === 'transfer-encoding') chunked = value.includes('chunked');
      else if (name === 'connection' || name === 'proxy-connection') {
        if (value.includes('close')) this.keepAlive = false;
        else if (value.includes('keep-alive')) this.keepAlive = true;
      }
    }
    if (this.status === 204 || this.status === 304 || (this.status >= 100 && this.status < 200)) {
      this.done = true;
    } else if (chunked) {
      this.state = 'chunk-size';
    } else if (length !== null) {
      this.remaining = length;
      this.state = 'length';
      if (length === 0) this.done = true;
    } else {
      this.state = 'eof';
      this.keepAlive = false;
    }
  }

  /** Consumes bytes of `chunk`; answers how many (fewer than all once the response is complete). */
  feed(chunk) {
    let offset = 0;
    while (offset < chunk.length && !this.done) {
      switch (this.state) {
        case 'head': {
          const data = this.head
            ? Buffer.concat([this.head, chunk.subarray(offset)])
            : chunk.subarray(offset);
          const end = data.indexOf(CRLF2);
          if (end < 0) {
            this.head = data;
            return chunk.length;
          }
          const before = this.head ? this.head.length : 0;
          this.head = null;
          this.parseHead(data.subarray(0, end).toString('latin1'));
          offset += end + 4 - before;
          break;
        }
        case 'length': {
          const take = Math.min(this.remaining, chunk.length - offset);
          this.count(take);
          this.remaining -= take;
          offset += take;
          if (this.remaining === 0) this.done = true;
          break;
        }
        case 'eof': {
          this.count(chunk.length - offset);
          offset = chunk.length;
          break;
        }
        case 'chunk-size':
        case 'chunk-end':
        case 'trailer': {
          const byte = chunk[offset];
          offset += 1;
          if (byte !== 0x0a) {
            if (byte !== 0x0d) this.line += String.fromCharCode(byte);
            break;
          }
          const line = this.line;
          this.line = '';
          if (this.state === 'chunk-end') {
            this.state = 'chunk-size';
          } else if (this.state === 'trailer') {
            if (line === '') this.done = true;
          } else {
            const size = Number.parseInt(line.split(';')[0], 16);
            if (Number.isNaN(size)) throw new Error(`bad chunk size: ${line}`);
            if (size === 0) this.state = 'trailer';
            else {
              this.remaining = size;
              this.state = 'chunk-data';
            }
          }
          break;
        }
        case 'chunk-data': {
          const take = Math.min(this.remaining, chunk.length - offset);
          this.count(take);
          this.remaining -= take;
          offset += take;
          if (this.remaining === 0) this.state = 'chunk-end';
          break;
        }
        default:
          throw new Error(`parser state ${this.state}`);
      }
    }
    return offset;
  }
}

const basic = (route) =>
  route.username === undefined
    ? ''
    : `Proxy-Authorization: Basic ${Buffer.from(`${route.username}:${route.password}`).toString('base64')}\r\n`;

const openSocket = (host, port) =>
  new Promise((resolve, reject) => {
    const socket = connect({ host, port, noDelay: true });
    const onError = (error) => {
      socket.destroy();
      reject(error);
    };
    socket.once('error', onError);
    socket.once('connect', () => {
      socket.off('error', onError);
      resolve(socket);
    });
  });

/** SOCKS5: greeting (no auth, or username/password when the route has a username), then CONNECT. */
const socksHandshake = async (socket, reader, route) => {
  const method = route.username === undefined ? 0x00 : 0x02;
  socket.write(Buffer.from([0x05, 0x01, method]));
  const choice = await reader.readBytes(2);
  if (choice[0] !== 0x05 || choice[1] !== method) throw new Error(`SOCKS5 method refused (${choice[1]})`);
  if (method === 0x02) {
    const user = Buffer.from(route.username);
    const pass = Buffer.from(route.password);
    socket.write(Buffer.concat([Buffer.from([0x01, user.length]), user, Buffer.from([pass.length]), pass]));
    const status = await reader.readBytes(2);
    if (status[1] !== 0x00) throw new Error(`SOCKS5 authentication failed (${status[1]})`);
  }
  const address = Buffer.from(route.targetHost.split('.').map(Number));
  const port = Buffer.from([route.targetPort >> 8, route.targetPort & 0xff]);
  socket.write(Buffer.concat([Buffer.from([0x05, 0x01, 0x00, 0x01]), address, port]));
  const reply = await reader.readBytes(5);
  if (reply[1] !== 0x00) throw new Error(`SOCKS5 CONNECT failed (reply ${reply[1]})`);
  const rest = { 1: 4 + 2 - 1, 3: (reply[4] ?? 0) + 2, 4: 16 + 2 - 1 }[reply[3]];
  if (rest === undefined) throw new Error(`SOCKS5 reply with address type ${reply[3]}`);
  await reader.readBytes(rest);
};

/** Opens a connection that carries bytes to the target: direct, CONNECT tunnel or SOCKS5. */
const openRoute = async (route) => {
  const socket = await openSocket(route.host, route.port);
  const connectedAt = now();
  const reader = new Reader(socket);
  try {
    if (route.mode === 'connect') {
      const authority = `${route.targetHost}:${route.targetPort}`;
      socket.write(`CONNECT ${authority} HTTP/1.1\r\nHost: ${authority}\r\n${basic(route)}\r\n`);
      const head = await reader.readHead();
      if (!/^HTTP\/1\.[01] 200/.test(head)) throw new Error(`CONNECT answered ${head.split('\r\n')[0]}`);
    } else if (route.mode === 'socks5') {
      await socksHandshake(socket, reader, route);
    }
  } catch (error) {
    socket.destroy();
    throw error;
  }
  return { socket, reader, connectedAt };
};

const requestHead = (route, path, keepAlive) => {
  const authority = `${route.targetHost}:${route.targetPort}`;
  const target = route.mode === 'forward' ? `http://${authority}${path}` : path;
  const auth = route.mode === 'forward' ? basic(route) : '';
  return `GET ${target} HTTP/1.1\r\nHost: ${authority}\r\n${auth}Connection: ${keepAlive ? 'keep-alive' : 'close'}\r\n\r\n`;
};

/** Measurement window bookkeeping shared by the closed loops. */
const windowOf = (warmupMs, durationMs) => {
  const start = now() + warmupMs;
  return { start, end: start + durationMs };
};

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const runDownloads = async ({ route, path, concurrency, warmupMs, durationMs }) => {
  const window = windowOf(warmupMs, durationMs);
  const latencies = [];
  /** Per download, ms: TCP connect, then the tunnel set up, then the first body byte, then the rest. */
  const phases = { connect: [], setup: [], firstByte: [], body: [] };
  let bytes = 0;
  let errors = 0;
  let firstError = null;
  const onBody = (count) => {
    const t = now();
    if (t >= window.start && t < window.end) bytes += count;
  };
  const loop = async () => {
    while (now() < window.end) {
      const started = now();
      try {
        const { socket, reader, connectedAt } = await openRoute(route);
        const openedAt = now();
        socket.write(requestHead(route, path, false));
        let firstAt = 0;
        const parser = await reader.parse(
          new ResponseParser((count) => {
            if (firstAt === 0) firstAt = now();
            onBody(count);
          }),
        );
        socket.destroy();
        if (parser.status !== 200) throw new Error(`status ${parser.status}`);
        const ended = now();
        if (ended >= window.start && ended < window.end) {
          latencies.push(ended - started);
          phases.connect.push(connectedAt - started);
          phases.setup.push(openedAt - connectedAt);
          phases.firstByte.push(firstAt - openedAt);
          phases.body.push(ended - firstAt);
        }
      } catch (error) {
        errors += 1;
        firstError ??= String(error?.message ?? error);
        if (errors > 1_000) throw new Error(`too many errors: ${firstError}`);
        await sleep(5);
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, loop));
  const p50 = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
  const phaseP50 = Object.fromEntries(Object.entries(phases).map(([name, values]) => [name, p50(values)]));
  return { bytes, windowMs: durationMs, latencies, phases: phaseP50, errors, firstError };
};

const runRequests = async ({ route, path, connections, warmupMs, durationMs }) => {
  const window = windowOf(warmupMs, durationMs);
  const latencies = [];
  let count = 0;
  let bytes = 0;
  let errors = 0;
  let reconnects = 0;
  let firstError = null;
  const head = requestHead(route, path, true);
  const loop = async () => {
    let open = null;
    while (now() < window.end) {
      try {
        if (!open) {
          open = await openRoute(route);
          reconnects += 1;
        }
        const started = now();
        open.socket.write(head);
        const parser = await open.reader.parse(new ResponseParser());
        if (parser.status !== 200) throw new Error(`status ${parser.status}`);
        const ended = now();
        if (ended >= window.start && ended < window.end) {
          latencies.push(ended - started);
          count += 1;
          bytes += parser.bodyBytes;
        }
        if (!parser.keepAlive) {
          open.socket.destroy();
          open = null;
        }
      } catch (error) {
        open?.socket.destroy();
        open = null;
        errors += 1;
        firstError ??= String(error?.message ?? error);
        if (errors > 1_000) throw new Error(`too many errors: ${firstError}`);
        await sleep(5);
      }
    }
    open?.socket.destroy();
  };
  await Promise.all(Array.from({ length: connections }, loop));
  // The first connection of each loop is not a reconnect.
  return {
    count,
    bytes,
    windowMs: durationMs,
    latencies,
    errors,
    reconnects: reconnects - connections,
    firstError,
  };
};

const idle = [];

const openIdle = async ({ route, count, parallel }) => {
  let next = 0;
  let errors = 0;
  let firstError = null;
  const loop = async () => {
    while (next < count) {
      next += 1;
      try {
        const { socket } = await openRoute(route);
        socket.on('error', () => {});
        idle.push(socket);
      } catch (error) {
        errors += 1;
        firstError ??= String(error?.message ?? error);
      }
    }
  };
  await Promise.all(Array.from({ length: parallel }, loop));
  return { opened: idle.length, errors, firstError };
};

const closeIdle = async () => {
  const closed = idle.length;
  const waits = idle.splice(0).map(
    (socket) =>
      new Promise((resolve) => {
        socket.once('close', resolve);
        socket.destroy();
      }),
  );
  await Promise.all(waits);
  return { closed };
};

const commands = {
  downloads: runDownloads,
  requests: runRequests,
  'open-idle': openIdle,
  'close-idle': closeIdle,
};

process.on('message', async (message) => {
  const command = commands[message.cmd];
  try {
    if (!command) throw new Error(`unknown command ${message.cmd}`);
    const result = await command(message);
    process.send({ id: message.id, ok: true, result });
  } catch (error) {
    process.send({ id: message.id, ok: false, error: String(error?.stack ?? error) });
  }
});
process.on('disconnect', () => process.exit(0));
process.send({ type: 'ready' });
