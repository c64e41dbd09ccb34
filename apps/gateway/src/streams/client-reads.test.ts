import { type AddressInfo, connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createListener } from '../server';
import { readInPlace } from './client-reads';

const servers: { close(done: () => void): void }[] = [];
afterEach(async () => {
  await Promise.all(
    servers.splice(0).map((server) => new Promise<void>((done) => server.close(() => done()))),
  );
});

/** A listener whose accepted sockets go to `onSocket`; answers its port. */
const listen = async (onSocket: (socket: Socket) => void) => {
  const server = createListener(onSocket, 10);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  servers.push(server);
  return { server, port: (server.address() as AddressInfo).port };
};

const dial = async (port: number) => {
  const socket = connect(port, '127.0.0.1');
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  return socket;
};

describe('client sockets reading into the shared buffer', () => {
  it('read as any socket until a reader is set: data events, bytes kept while paused, end and close', async () => {
    const received: string[] = [];
    let accepted: Socket | null = null;
    const { port } = await listen((socket) => {
      accepted = socket;
      socket.pause();
    });
    const client = await dial(port);
    client.write('first ');
    await expect.poll(() => accepted).not.toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 50));
    client.write('second');
    client.end();
    const socket = accepted as unknown as Socket;
    const ended = new Promise<void>((resolve) => socket.once('end', () => resolve()));
    socket.on('data', (chunk: Buffer) => received.push(chunk.toString()));
    socket.resume();
    await ended;
    expect(received.join('')).toBe('first second');
    socket.end();
    await new Promise<void>((resolve) => client.once('close', () => resolve()));
  });

  it('hand their reads to a reader in place, and back to data events', async () => {
    const inPlace: string[] = [];
    const events: string[] = [];
    let socket: Socket | null = null;
    const { port } = await listen((accepted) => {
      socket = accepted;
      expect(readInPlace(accepted, (view) => inPlace.push(view.toString()))).toBe(true);
      accepted.on('data', (chunk: Buffer) => events.push(chunk.toString()));
    });
    const client = await dial(port);
    client.write('to the reader');
    await expect.poll(() => inPlace.join('')).toBe('to the reader');
    readInPlace(socket as unknown as Socket, null);
    client.write('to data events');
    await expect.poll(() => events.join('')).toBe('to data events');
    expect(inPlace.join('')).toBe('to the reader');
    client.destroy();
    (socket as unknown as Socket).destroy();
  });

  it('count in their server’s connections: it closes once they are gone, and keeps its limit', async () => {
    const sockets: Socket[] = [];
    const { server, port } = await listen((socket) => sockets.push(socket));
    server.maxConnections = 2;
    const clients = [await dial(port), await dial(port), await dial(port)];
    await expect.poll(() => sockets.length).toBe(2);
    // The third was refused by the server (over maxConnections): closed by it.
    await new Promise<void>((resolve) => clients[2]?.once('close', () => resolve()));
    const count = await new Promise<number>((resolve, reject) =>
      server.getConnections((error, n) => (error ? reject(error) : resolve(n))),
    );
    expect(count).toBe(2);
    let isClosed = false;
    servers.splice(servers.indexOf(server), 1);
    server.close(() => {
      isClosed = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(isClosed).toBe(false);
    for (const socket of sockets) socket.destroy();
    await expect.poll(() => isClosed).toBe(true);
    for (const client of clients) client.destroy();
  });
});
