import { connect, createServer, type Socket } from 'node:net';

/** A supplier's SOCKS5 proxy on loopback, as an operator would add one as supply. */
export interface SocksUpstream {
  port: number;
  /** The username/password pairs clients authenticated with, in order. */
  seen: { username: string; password: string; host: string; port: number }[];
  close(): Promise<void>;
}

/** Reads exactly `length` bytes from a socket that is not yet piped anywhere. */
const reader = (socket: Socket) => {
  let buffered = Buffer.alloc(0);
  let waiting: (() => void) | null = null;
  socket.on('data', (chunk: Buffer) => {
    buffered = Buffer.concat([buffered, chunk]);
    waiting?.();
  });
  return async (length: number): Promise<Buffer> => {
    while (buffered.length < length) {
      await new Promise<void>((resolve, reject) => {
        waiting = resolve;
        socket.once('close', () => reject(new Error('closed')));
      });
    }
    const out = buffered.subarray(0, length);
    buffered = buffered.subarray(length);
    return out;
  };
};

/**
 * A SOCKS5 proxy (RFC 1928) taking username/password (RFC 1929) with `password`, connecting where
 * it is asked (loopback included) and recording who asked: the supply of the operator e2e test.
 */
export const startSocksUpstream = async (password: string): Promise<SocksUpstream> => {
  const seen: SocksUpstream['seen'] = [];
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    const read = reader(socket);
    void (async () => {
      const [, methods = 0] = await read(2);
      await read(methods);
      socket.write(Buffer.from([5, 2]));
      const [, userLength = 0] = await read(2);
      const username = (await read(userLength)).toString();
      const [passLength = 0] = await read(1);
      const given = (await read(passLength)).toString();
      if (given !== password) {
        socket.end(Buffer.from([1, 1]));
        return;
      }
      socket.write(Buffer.from([1, 0]));
      const [, , , type = 0] = await read(4);
      let host = '';
      if (type === 1) host = [...(await read(4))].join('.');
      else if (type === 3) host = (await read((await read(1))[0] ?? 0)).toString();
      else {
        socket.destroy();
        return;
      }
      const port = (await read(2)).readUInt16BE(0);
      seen.push({ username, password: given, host, port });
      socket.removeAllListeners('data');
      const target = connect({ host, port }, () => {
        socket.write(Buffer.from([5, 0, 0, 1, 0, 0, 0, 0, 0, 0]));
        socket.pipe(target).pipe(socket);
      });
      target.on('error', () => socket.destroy());
      socket.on('close', () => target.destroy());
    })().catch(() => socket.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as { port: number }).port,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
};
