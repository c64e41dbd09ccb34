import { createServer, type Server, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { openSocks5Tunnel, Socks5ClientError } from './socks5-client';

/** A scripted SOCKS5 server on loopback: `answer` writes its replies as the client's messages come. */
const scriptedServer = async (answer: (socket: Socket, step: number, data: Buffer) => void) => {
  const server = createServer((socket) => {
    let step = 0;
    socket.on('data', (data) => {
      answer(socket, step, data);
      step += 1;
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return { server, port: typeof address === 'object' && address ? address.port : 0 };
};

const credentials = { username: 'user', password: 'pass' };
const BOUND = Buffer.from([0x05, 0x00, 0x00, 0x01, 127, 0, 0, 1, 0x1f, 0x90]);

describe('SOCKS5 client handshake', () => {
  let server: Server | null = null;
  afterEach(async () => {
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    server = null;
  });

  const tunnel = (port: number) =>
    openSocks5Tunnel({ host: '127.0.0.1', port }, { host: 'example.test', port: 80, credentials });

  it('authenticates, asks for the domain name, and hands back the bytes that followed the reply', async () => {
    const seen: Buffer[] = [];
    const scripted = await scriptedServer((socket, step, data) => {
      seen.push(data);
      if (step === 0) socket.write(Buffer.from([0x05, 0x02]));
      if (step === 1) socket.write(Buffer.from([0x01, 0x00]));
      if (step === 2) socket.write(Buffer.concat([BOUND, Buffer.from('early')]));
    });
    server = scripted.server;
    const socket = await tunnel(scripted.port);
    expect(seen[0]).toEqual(Buffer.from([0x05, 0x01, 0x02]));
    expect(seen[1]).toEqual(Buffer.from([0x01, 4, ...Buffer.from('user'), 4, ...Buffer.from('pass')]));
    expect(seen[2]).toEqual(Buffer.from([0x05, 0x01, 0x00, 0x03, 12, ...Buffer.from('example.test'), 0, 80]));
    const early = await new Promise<Buffer>((resolve) => {
      socket.once('data', resolve);
      socket.resume();
    });
    expect(early.toString()).toBe('early');
    socket.destroy();
  });

  it('tells a refused method, refused credentials and a refused CONNECT (with its reply code) apart', async () => {
    const cases: { replies: Buffer[]; step: string; reply: number | null }[] = [
      { replies: [Buffer.from([0x05, 0xff])], step: 'method', reply: null },
      { replies: [Buffer.from([0x05, 0x02]), Buffer.from([0x01, 0x01])], step: 'auth', reply: null },
      {
        replies: [
          Buffer.from([0x05, 0x02]),
          Buffer.from([0x01, 0x00]),
          Buffer.from([0x05, 0x05, 0x00, 0x01]),
        ],
        step: 'reply',
        reply: 0x05,
      },
      { replies: [Buffer.from('HTTP/1.1 400 Bad Request\r\n\r\n')], step: 'protocol', reply: null },
    ];
    for (const { replies, step, reply } of cases) {
      const scripted = await scriptedServer((socket, index) => {
        const next = replies[index];
        if (next) socket.write(next);
      });
      server = scripted.server;
      const error = await tunnel(scripted.port).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(Socks5ClientError);
      expect(error).toMatchObject({ step, reply });
      await new Promise<void>((resolve) => scripted.server.close(() => resolve()));
      server = null;
    }
  });
});
