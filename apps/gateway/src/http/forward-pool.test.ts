import { createHash } from 'node:crypto';
import {
  createServer as createHttpServer,
  Agent as HttpAgent,
  get as httpGet,
  request as httpRequest,
} from 'node:http';
import { type AddressInfo, connect, createServer, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCredential, makeExit } from '../testing/factories';
import { startHttpTarget } from '../testing/targets';
import { startTestGateway, type TestGateway } from '../testing/test-gateway';

const user = makeCredential();
const other = makeCredential();
const switchedLater = makeCredential();

let gw: TestGateway;
let target: Awaited<ReturnType<typeof startHttpTarget>>;

beforeAll(async () => {
  [gw, target] = await Promise.all([
    startTestGateway({ credentials: [user, other, switchedLater], flushIntervalMs: 100 }),
    startHttpTarget(),
  ]);
});

afterAll(async () => {
  await Promise.all([gw.close(), target.close()]);
});

const basic = (credential: { username: string; password: string }) =>
  `Proxy-Authorization: Basic ${Buffer.from(`${credential.username}:${credential.password}`).toString('base64')}\r\n`;

/** A raw client connection to the gateway that collects everything it receives. */
const rawClient = async (port: number) => {
  const socket = connect(port, '127.0.0.1');
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  let received = '';
  socket.on('data', (chunk: Buffer) => {
    received += chunk.toString('latin1');
  });
  socket.on('error', () => {});
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  return {
    socket,
    closed,
    received: () => received,
    send: (text: string) => socket.write(text),
    /** Waits until `count` complete responses with Content-Length bodies arrived. */
    responses: async (count: number) => {
      await expect
        .poll(() => splitResponses(received).length, { timeout: 5_000 })
        .toBeGreaterThanOrEqual(count);
      return splitResponses(received);
    },
  };
};

/** Splits a byte stream into responses delimited by Content-Length (enough for these tests). */
const splitResponses = (text: string) => {
  const responses: { status: number; head: string; body: string }[] = [];
  let rest = text;
  for (;;) {
    const end = rest.indexOf('\r\n\r\n');
    if (end < 0) return responses;
    const head = rest.slice(0, end);
    const length = Number(/content-length: *(\d+)/i.exec(head)?.[1] ?? 0);
    if (rest.length < end + 4 + length) return responses;
    const status = Number(head.slice(9, 12));
    responses.push({ status, head, body: rest.slice(end + 4, end + 4 + length) });
    rest = rest.slice(end + 4 + length);
  }
};

const get = (path: string, credential = user, extra = '') =>
  `GET http://127.0.0.1:${target.port}${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n${basic(credential)}${extra}\r\n`;

/**
 * A raw target: calls `answer` with each request head it reads (and its index on that
 * connection), counts connections and records every request head.
 */
const startScriptedTarget = async (answer: (socket: Socket, head: string, index: number) => void) => {
  const heads: string[] = [];
  let connections = 0;
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    connections += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    let buffered = '';
    let index = 0;
    socket.on('data', (chunk: Buffer) => {
      buffered += chunk.toString('latin1');
      for (;;) {
        const end = buffered.indexOf('\r\n\r\n');
        if (end < 0) return;
        const head = buffered.slice(0, end);
        buffered = buffered.slice(end + 4);
        heads.push(head);
        answer(socket, head, index);
        index += 1;
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    port: (server.address() as AddressInfo).port,
    heads,
    connections: () => connections,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
};

describe('target connections of the forward path', () => {
  it('reuses one target connection for the requests of a proxy, and meters each request', async () => {
    const local = await startHttpTarget();
    const client = await rawClient(gw.port);
    const url = `http://127.0.0.1:${local.port}`;
    for (let i = 0; i < 3; i += 1) {
      client.send(`GET ${url}/hello HTTP/1.1\r\nHost: x\r\n${basic(other)}\r\n`);
      await client.responses(i + 1);
    }
    const second = await rawClient(gw.port);
    second.send(`GET ${url}/bytes/1000 HTTP/1.1\r\nHost: x\r\n${basic(other)}\r\n`);
    const [answer] = await second.responses(1);
    expect(answer?.body.length).toBe(1000);
    expect(splitResponses(client.received()).map((response) => response.body)).toEqual([
      'hello',
      'hello',
      'hello',
    ]);
    client.socket.destroy();
    second.socket.destroy();
    // The target closes idle connections after 1 s; only then are its counters final.
    await local.settled();
    expect(local.traffic.connections).toBe(1);
    await expect
      .poll(() => gw.sink.totals(other.proxyId))
      .toEqual({ bytesUp: local.traffic.received, bytesDown: local.traffic.sent, connections: 4 });
    await local.close();
  });

  it('takes an idle target connection at once while the exits are at hand, and follows the catalogue when it changes', async () => {
    const local = await startHttpTarget();
    const first = makeExit({ id: '9101' });
    const second = makeExit({ id: '9102' });
    const routed = await startTestGateway({ credentials: [user], exits: [first] });
    try {
      const client = await rawClient(routed.port);
      const ask = async (count: number) => {
        client.send(`GET http://127.0.0.1:${local.port}/hello HTTP/1.1\r\nHost: x\r\n${basic(user)}\r\n`);
        await client.responses(count);
      };
      await ask(1);
      const waited = routed.catalog.lookups.length;
      const recalled = routed.catalog.recalls;
      await ask(2);
      await ask(3);
      // Reused connections were found without waiting for the catalogue.
      expect(routed.catalog.lookups.length).toBe(waited);
      expect(routed.catalog.recalls).toBeGreaterThanOrEqual(recalled + 2);
      expect(local.traffic.connections).toBe(1);
      // Another exit only: the idle connection through the first is not the route any more.
      routed.catalog.exits = [second];
      await ask(4);
      expect(local.traffic.connections).toBe(2);
      expect(splitResponses(client.received()).map((response) => response.status)).toEqual([
        200, 200, 200, 200,
      ]);
      client.socket.destroy();
    } finally {
      await Promise.all([routed.close(), local.close()]);
    }
  });

  it('keeps every answer whole while target connections read into one shared buffer and slow clients hold writes queued', async () => {
    // Each answer is a pattern of its own (seeded by its path), some chunked, some in one piece.
    const pattern = (seed: number, size: number) => {
      const bytes = Buffer.allocUnsafe(size);
      let state = seed * 2_654_435_761;
      for (let i = 0; i < size; i += 1) {
        state = (state * 1_103_515_245 + 12_345) >>> 0;
        bytes[i] = state >>> 24;
      }
      return bytes;
    };
    const server = createHttpServer((req, res) => {
      const [, kind, seed, size] = (req.url ?? '').split('/');
      const body = pattern(Number(seed), Number(size));
      if (kind === 'chunked') {
        for (let at = 0; at < body.length; at += 7_000) res.write(body.subarray(at, at + 7_000));
        res.end();
      } else {
        res.setHeader('Content-Length', body.length);
        res.end(body);
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    const port = (server.address() as AddressInfo).port;
    const fetchVia = (path: string, isSlow: boolean) =>
      new Promise<Buffer>((resolve, reject) => {
        const request = httpGet(
          {
            host: '127.0.0.1',
            port: gw.port,
            path: `http://127.0.0.1:${port}${path}`,
            headers: { 'Proxy-Authorization': basic(user).slice(21, -2) },
            agent,
          },
          (response) => {
            const parts: Buffer[] = [];
            let isHeld = false;
            response.on('data', (part: Buffer) => {
              parts.push(part);
              if (isSlow && !isHeld) {
                // Held once, long enough for the kernel's buffers to fill and writes to queue.
                isHeld = true;
                response.pause();
                setTimeout(() => response.resume(), 300);
              }
            });
            response.on('end', () => resolve(Buffer.concat(parts)));
            response.on('error', reject);
          },
        );
        request.on('error', reject);
      });
    const agent = new HttpAgent({ keepAlive: true, maxSockets: 12 });
    try {
      // Slow clients of large answers fill their socket buffers, so that writes to them queue while
      // the other answers keep reading into the shared buffer.
      const asks = Array.from({ length: 36 }, (_, i) => {
        const size = i % 6 === 0 ? 6_000_000 : 1_000 + i * 997;
        return {
          path: `/${i % 3 === 0 ? 'chunked' : 'length'}/${i + 1}/${size}`,
          seed: i + 1,
          size,
          isSlow: i % 6 === 0,
        };
      });
      const bodies = await Promise.all(asks.map((ask) => fetchVia(ask.path, ask.isSlow)));
      for (const [i, ask] of asks.entries()) {
        expect(bodies[i]?.equals(pattern(ask.seed, ask.size)), ask.path).toBe(true);
      }
    } finally {
      agent.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('sends every request body whole while client connections read into one shared buffer and targets read slowly', async () => {
    const pattern = (seed: number, size: number) => {
      const bytes = Buffer.allocUnsafe(size);
      let state = seed * 2_654_435_761;
      for (let i = 0; i < size; i += 1) {
        state = (state * 1_103_515_245 + 12_345) >>> 0;
        bytes[i] = state >>> 24;
      }
      return bytes;
    };
    // The target holds its first read of each large body long enough for writes to it to queue.
    const server = createHttpServer((req, res) => {
      const hash = createHash('sha256');
      let isHeld = false;
      req.on('data', (part: Buffer) => {
        hash.update(part);
        if (!isHeld && req.url?.includes('/slow/')) {
          isHeld = true;
          req.pause();
          setTimeout(() => req.resume(), 300);
        }
      });
      req.on('end', () => res.end(hash.digest('hex')));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    const port = (server.address() as AddressInfo).port;
    const agent = new HttpAgent({ keepAlive: true, maxSockets: 12 });
    const upload = (path: string, body: Buffer, isChunked: boolean) =>
      new Promise<string>((resolve, reject) => {
        const request = httpRequest(
          {
            method: 'POST',
            host: '127.0.0.1',
            port: gw.port,
            path: `http://127.0.0.1:${port}${path}`,
            headers: {
              'Proxy-Authorization': basic(user).slice(21, -2),
              ...(isChunked ? {} : { 'Content-Length': String(body.length) }),
            },
            agent,
          },
          (response) => {
            let text = '';
            response.on('data', (part: Buffer) => {
              text += part.toString();
            });
            response.on('end', () => resolve(text));
          },
        );
        request.on('error', reject);
        if (isChunked)
          for (let at = 0; at < body.length; at += 50_000) request.write(body.subarray(at, at + 50_000));
        request.end(isChunked ? undefined : body);
      });
    try {
      const asks = Array.from({ length: 24 }, (_, i) => {
        const size = i % 6 === 0 ? 5_000_000 : 1_000 + i * 997;
        return {
          path: `/${i % 6 === 0 ? 'slow' : 'fast'}/${i}`,
          body: pattern(i + 1, size),
          isChunked: i % 2 === 1,
        };
      });
      const answers = await Promise.all(asks.map((ask) => upload(ask.path, ask.body, ask.isChunked)));
      for (const [i, ask] of asks.entries()) {
        expect(answers[i], ask.path).toBe(createHash('sha256').update(ask.body).digest('hex'));
      }
    } finally {
      agent.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('never shares a target connection between proxies', async () => {
    const local = await startHttpTarget();
    const url = `http://127.0.0.1:${local.port}`;
    const [a, b] = [makeCredential(), makeCredential()];
    gw.store.put(a);
    gw.store.put(b);
    for (const credential of [a, b, a, b]) {
      const client = await rawClient(gw.port);
      client.send(`GET ${url}/hello HTTP/1.1\r\nHost: x\r\n${basic(credential)}\r\n`);
      await client.responses(1);
      client.socket.destroy();
    }
    await local.settled();
    expect(local.traffic.connections).toBe(2);
    await local.close();
  });

  it('retries on a new connection when a reused one turns out closed, without counting it twice', async () => {
    const credential = makeCredential();
    gw.store.put(credential);
    // Answers the first request of each connection, and drops the connection on the second.
    const scripted = await startScriptedTarget((socket, _head, index) => {
      if (index === 0) socket.write('HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok');
      else socket.destroy();
    });
    const client = await rawClient(gw.port);
    const request = `GET http://127.0.0.1:${scripted.port}/ HTTP/1.1\r\nHost: x\r\n${basic(credential)}\r\n`;
    client.send(request);
    await client.responses(1);
    client.send(request);
    const responses = await client.responses(2);
    expect(responses.map((response) => [response.status, response.body])).toEqual([
      [200, 'ok'],
      [200, 'ok'],
    ]);
    expect(scripted.connections()).toBe(2);
    client.socket.destroy();
    await scripted.close();
    await expect.poll(() => gw.sink.totals(credential.proxyId).connections).toBe(2);
  });

  it('does not reuse a connection the target asked to close, nor an HTTP/1.0 one', async () => {
    const credential = makeCredential();
    gw.store.put(credential);
    const scripted = await startScriptedTarget((socket, head) => {
      if (head.includes('/close'))
        socket.write('HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Length: 1\r\n\r\na');
      else socket.write('HTTP/1.0 200 OK\r\nContent-Length: 1\r\n\r\nb');
    });
    const client = await rawClient(gw.port);
    const request = (path: string) =>
      `GET http://127.0.0.1:${scripted.port}${path} HTTP/1.1\r\nHost: x\r\n${basic(credential)}\r\n`;
    for (const [i, path] of ['/close', '/close', '/old', '/old'].entries()) {
      client.send(request(path));
      await client.responses(i + 1);
    }
    expect(scripted.connections()).toBe(4);
    client.socket.destroy();
    await scripted.close();
  });

  it('closes the idle target connections of a proxy that is switched off', async () => {
    const local = await startHttpTarget();
    const client = await rawClient(gw.port);
    client.send(
      `GET http://127.0.0.1:${local.port}/hello HTTP/1.1\r\nHost: x\r\n${basic(switchedLater)}\r\n`,
    );
    await client.responses(1);
    gw.store.setAdmission(switchedLater.proxyId, { ok: false, reason: 'off' });
    gw.store.notifyChange(switchedLater.proxyId);
    await client.closed;
    const started = Date.now();
    await local.settled();
    // Well before the target's own 1 s keep-alive timeout.
    expect(Date.now() - started).toBeLessThan(800);
    await local.close();
  });
});

describe('HTTP/1.1 handling of forwarded requests', () => {
  it('answers pipelined requests in order', async () => {
    const client = await rawClient(gw.port);
    client.send(get('/hello') + get('/bytes/3') + get('/hello'));
    const responses = await client.responses(3);
    expect(responses.map((response) => response.body)).toEqual(['hello', 'xxx', 'hello']);
    client.socket.destroy();
  });

  it('relays a chunked response as chunked, and a HEAD answer without body', async () => {
    const client = await rawClient(gw.port);
    client.send(get('/chunked/70000'));
    await expect.poll(() => client.received().endsWith('0\r\n\r\n'), { timeout: 5_000 }).toBe(true);
    const text = client.received();
    expect(text).toMatch(/transfer-encoding: chunked/i);
    const body = text
      .slice(text.indexOf('\r\n\r\n') + 4)
      .split('\r\n')
      .filter((_, i) => i % 2 === 1)
      .join('');
    expect(body.length).toBe(70_000);
    const head = await rawClient(gw.port);
    head.send(get('/bytes/5').replace('GET', 'HEAD') + get('/hello'));
    await expect.poll(() => head.received().includes('hello'), { timeout: 5_000 }).toBe(true);
    // The HEAD answer keeps its Content-Length and has no body: the next response follows its head.
    expect(head.received()).toMatch(/^HTTP\/1\.1 200 OK\r\n(?:[^\r\n]+\r\n)*\r\nHTTP\/1\.1 200/);
    expect(head.received()).toMatch(/^(?:[^\r\n]+\r\n)*Content-Length: 5\r\n/i);
    client.socket.destroy();
    head.socket.destroy();
  });

  it('closes after answering Connection: close, and keeps HTTP/1.0 keep-alive clients', async () => {
    const closing = await rawClient(gw.port);
    closing.send(get('/hello', user, 'Connection: close\r\n'));
    await closing.closed;
    expect(closing.received()).toMatch(/Connection: close\r\n\r\nhello$/);
    const old = await rawClient(gw.port);
    old.send(get('/hello', user, 'Connection: keep-alive\r\n').replace('HTTP/1.1', 'HTTP/1.0'));
    await old.responses(1);
    expect(old.received()).toMatch(/Connection: keep-alive/i);
    old.send(get('/hello').replace('HTTP/1.1', 'HTTP/1.0'));
    await old.closed;
    expect(splitResponses(old.received()).map((response) => response.body)).toEqual(['hello', 'hello']);
  });

  it('answers 100 Continue and forwards the body that follows', async () => {
    const client = await rawClient(gw.port);
    client.send(
      `POST http://127.0.0.1:${target.port}/upload HTTP/1.1\r\nHost: x\r\n${basic(user)}` +
        'Expect: 100-continue\r\nContent-Length: 6\r\n\r\n',
    );
    await expect.poll(() => client.received()).toContain('100 Continue');
    client.send('abcdef');
    await expect.poll(() => client.received()).toMatch(/\r\n\r\n6$/);
    client.socket.destroy();
  });

  it.each([
    ['Content-Length with Transfer-Encoding', 'Content-Length: 3\r\nTransfer-Encoding: chunked\r\n'],
    ['two different Content-Lengths', 'Content-Length: 3\r\nContent-Length: 4\r\n'],
    ['a Transfer-Encoding that does not end in chunked', 'Transfer-Encoding: chunked, gzip\r\n'],
    ['a folded header line', 'X-Folded: a\r\n b\r\n'],
    ['whitespace before the colon', 'X-Space : a\r\n'],
    ['a bare LF', 'X-Lf: a\nX-Other: b\r\n'],
  ])('refuses a request with %s (400, closed)', async (_name, headers) => {
    const client = await rawClient(gw.port);
    client.send(get('/hello', user, headers));
    await client.closed;
    expect(client.received()).toMatch(/^HTTP\/1\.1 400 /);
  });

  it('refuses an HTTP/1.1 request without Host, and an upgrade', async () => {
    const noHost = await rawClient(gw.port);
    noHost.send(`GET http://127.0.0.1:${target.port}/hello HTTP/1.1\r\n${basic(user)}\r\n`);
    await noHost.closed;
    expect(noHost.received()).toMatch(/^HTTP\/1\.1 400 /);
    const upgrade = await rawClient(gw.port);
    upgrade.send(get('/hello', user, 'Connection: upgrade\r\nUpgrade: websocket\r\n'));
    await upgrade.closed;
    expect(upgrade.received()).toMatch(/^HTTP\/1\.1 400 [\s\S]*upgrades go through CONNECT/);
  });

  it('keeps a connection whose answer is slow for the idle time, and closes one idle between requests after the keep-alive time', async () => {
    const timed = await startTestGateway({
      credentials: [user],
      timeouts: { keepAliveMs: 400, idleMs: 2_000 },
    });
    const slow = await startScriptedTarget((socket) =>
      setTimeout(() => socket.write('HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok'), 1_000),
    );
    try {
      const client = await rawClient(timed.port);
      client.send(`GET http://127.0.0.1:${slow.port}/ HTTP/1.1\r\nHost: x\r\n${basic(user)}\r\n`);
      const [answer] = await client.responses(1);
      expect(answer?.body).toBe('ok');
      const answeredAt = performance.now();
      await client.closed;
      const quiet = performance.now() - answeredAt;
      expect(quiet).toBeGreaterThanOrEqual(350);
      expect(quiet).toBeLessThan(1_500);
    } finally {
      await Promise.all([timed.close(), slow.close()]);
    }
  });

  it('answers 502 to a response the client could read differently', async () => {
    const scripted = await startScriptedTarget((socket) =>
      socket.write('HTTP/1.1 200 OK\r\nX-Split: a\rSet-Cookie: b\r\nContent-Length: 1\r\n\r\nz'),
    );
    const client = await rawClient(gw.port);
    client.send(`GET http://127.0.0.1:${scripted.port}/ HTTP/1.1\r\nHost: x\r\n${basic(user)}\r\n`);
    const [answer] = await client.responses(1);
    expect(answer?.status).toBe(502);
    client.socket.destroy();
    await scripted.close();
  });
});
