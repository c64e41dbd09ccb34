import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { CLOSE_GRACE_MS } from './app-connections';
import {
  createVmTestApp,
  pcIn,
  startFakeRfbServer,
  type VmTestApp,
  vmCustomer,
} from './modules/vms/vms.test-helpers';
import { call } from './test/accounts';

/**
 * The app's close ends every connection of its server (a stopping server hung in `app.close()`
 * until the 10 s shutdown timeout while a browser held a connection open: E2E restarts).
 */
describe('closing the app ends its connections', () => {
  let t: VmTestApp | undefined;
  let port = 0;
  /** The app's close under way (started by the test). */
  let closing: Promise<void> | undefined;
  const clients: (Socket | WebSocket)[] = [];
  const cleanups: (() => unknown)[] = [];

  const start = async (setup?: (t: VmTestApp) => void) => {
    t = await createVmTestApp();
    setup?.(t);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    port = address.port;
    return t;
  };
  afterEach(async () => {
    for (const client of clients.splice(0)) {
      if (client instanceof WebSocket) client.terminate();
      else client.destroy();
    }
    for (const cleanup of cleanups.splice(0)) await cleanup();
    // The app's close (the test's, or one now), then the database.
    await (closing ?? t?.app.close());
    await t?.database.close();
    t = undefined;
    closing = undefined;
  });

  /** A raw connection to the app, with everything it received. */
  const open = async () => {
    const socket = connect(port, '127.0.0.1');
    clients.push(socket);
    const received = { text: '', ended: false };
    socket.on('data', (chunk) => {
      received.text += chunk.toString();
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      received.ended = true;
    });
    await new Promise((resolve) => socket.once('connect', resolve));
    return { socket, received };
  };

  /** Starts the app's close; answers how long it took, or fails when it is not done in `limitMs`. */
  const closeApp = (limitMs: number) => {
    const app = t?.app;
    if (!app) throw new Error('no app');
    const started = Date.now();
    let timer: NodeJS.Timeout | undefined;
    closing = app.close();
    return Promise.race([
      closing.then(() => Date.now() - started),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`app.close() still waiting after ${limitMs} ms`)), limitMs);
      }),
    ]).finally(() => clearTimeout(timer));
  };

  const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it('a connection the client opened and sent nothing on (a browser’s spare one) does not hold the close', async () => {
    await start();
    const { received } = await open();
    await settle(50);
    expect(await closeApp(1_500)).toBeLessThan(CLOSE_GRACE_MS);
    await expect.poll(() => received.ended).toBe(true);
  });

  it('neither does one still sending its request, nor one idle after an answer', async () => {
    await start();
    const partial = await open();
    partial.socket.write('GET /health HTTP/1.1\r\nHost: x\r\n');
    const idle = await open();
    idle.socket.write('GET /health HTTP/1.1\r\nHost: x\r\n\r\n');
    await expect.poll(() => idle.received.text).toMatch(/^HTTP\/1\.1 200/);
    await settle(50);
    expect(await closeApp(1_500)).toBeLessThan(CLOSE_GRACE_MS);
    await expect.poll(() => [partial.received.ended, idle.received.ended]).toEqual([true, true]);
  });

  it('a request being answered is answered in full with Connection: close, then its connection ends', async () => {
    let entered: () => void = () => undefined;
    const inHandler = new Promise<void>((resolve) => {
      entered = resolve;
    });
    let finish: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      finish = resolve;
    });
    await start((app) =>
      app.app.get('/__test/slow', async () => {
        entered();
        await gate;
        return { done: true };
      }),
    );
    const client = await open();
    client.socket.write('GET /__test/slow HTTP/1.1\r\nHost: x\r\nConnection: keep-alive\r\n\r\n');
    await inHandler;
    const closing = closeApp(1_500);
    await settle(200);
    expect(client.received.ended).toBe(false);
    finish();
    expect(await closing).toBeLessThan(1_500);
    await expect.poll(() => client.received.ended).toBe(true);
    expect(client.received.text).toMatch(/^HTTP\/1\.1 200/);
    expect(client.received.text.toLowerCase()).toContain('connection: close');
    expect(client.received.text).toContain('{"done":true}');
  });

  it('a request whose answer went out keep-alive before the close still has its connection ended after it', async () => {
    let finish: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      finish = resolve;
    });
    await start((app) =>
      app.app.get('/__test/stream', (_request, reply) => {
        // Headers now, the end of the body later (a stream being sent when the close starts).
        reply.hijack();
        reply.raw.writeHead(200, { 'content-type': 'text/plain', 'transfer-encoding': 'chunked' });
        reply.raw.write('first ');
        void gate.then(() => reply.raw.end('last'));
      }),
    );
    const client = await open();
    client.socket.write('GET /__test/stream HTTP/1.1\r\nHost: x\r\n\r\n');
    await expect.poll(() => client.received.text).toContain('first ');
    expect(client.received.text.toLowerCase()).toContain('connection: keep-alive');
    const closing = closeApp(1_500);
    await settle(200);
    finish();
    expect(await closing).toBeLessThan(1_500);
    await expect.poll(() => client.received.ended).toBe(true);
    expect(client.received.text).toContain('last');
  });

  it('requests that do not finish (an answer, a body) are cut off after the grace period', async () => {
    let finish: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      finish = resolve;
    });
    cleanups.push(() => finish());
    await start((app) =>
      app.app.get('/__test/stuck', async () => {
        await gate;
        return { done: true };
      }),
    );
    const client = await open();
    client.socket.write('GET /__test/stuck HTTP/1.1\r\nHost: x\r\n\r\n');
    // A request whose body does not come.
    const body = await open();
    body.socket.write(
      'POST /api/user/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{',
    );
    await settle(200);
    const took = await closeApp(CLOSE_GRACE_MS + 2_000);
    expect(took).toBeGreaterThanOrEqual(CLOSE_GRACE_MS - 100);
    await expect.poll(() => [client.received.ended, body.received.ended]).toEqual([true, true]);
    expect(client.received.text).toBe('');
  });

  it('a remote-control WebSocket is closed with 1001, and an upgrade still being accepted is cut off', async () => {
    const rfb = await startFakeRfbServer();
    cleanups.push(() => rfb.close());
    const app = await start((test) => {
      test.provider.vncEndpoint = { host: '127.0.0.1', port: rfb.port, password: 'vncpass1' };
    });
    const customer = await vmCustomer(app, 0n);
    const ticket = async () => {
      const pc = await pcIn(app, customer, 'running');
      const answer = await call(app.app, 'POST', '/proxy/vm/remote', {
        token: customer.token,
        body: { id: pc.publicId },
      });
      expect(answer.code, answer.msg).toBe(0);
      return (answer.data as { url: string }).url;
    };
    const url = `ws://127.0.0.1:${port}`;
    const ws = new WebSocket(`${url}${await ticket()}`, 'binary');
    clients.push(ws);
    ws.on('error', () => undefined);
    const wsClosed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
    await new Promise((resolve, reject) => {
      ws.once('open', resolve);
      ws.once('unexpected-response', () => reject(new Error('refused')));
    });
    // The next upgrade waits for the PC's screen, which never answers.
    const second = await ticket();
    app.provider.vnc = () => new Promise(() => undefined);
    const pending = new WebSocket(`${url}${second}`, 'binary');
    clients.push(pending);
    pending.on('error', () => undefined);
    const pendingClosed = new Promise<void>((resolve) => pending.once('close', () => resolve()));
    await settle(300);
    expect(pending.readyState).toBe(WebSocket.CONNECTING);

    expect(await closeApp(3_000)).toBeLessThan(3_000);
    expect(await wsClosed).toBe(1001);
    await pendingClosed;
  });
});
