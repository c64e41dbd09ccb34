import { connect, type Socket } from 'node:net';
import { encodeSocksAddress, SOCKS } from '../socks5/socks5-protocol';
import { HandshakeReader } from '../streams/handshake-reader';

/** What a SOCKS5 server answered at each step (null: the step was not reached). */
export interface SocksExchange {
  /** Method the server chose (0xFF: none acceptable). */
  method: number | null;
  /** RFC 1929 status (0 success). */
  authStatus: number | null;
  /** Reply code to the request (0 succeeded). */
  reply: number | null;
  /** The connection, open when the request succeeded (paused; bytes after the reply in `rest`). */
  socket: Socket;
  rest: Buffer;
}

/** A raw SOCKS5 exchange, step by step, for tests that look at the bytes. */
export const socksExchange = async (
  gatewayPort: number,
  request: {
    methods?: number[];
    username?: string;
    password?: string;
    command?: number;
    host?: string;
    port?: number;
    /** Raw ATYP + address + port, instead of host/port. */
    address?: Buffer;
  },
): Promise<SocksExchange> => {
  const socket = connect(gatewayPort, '127.0.0.1');
  socket.on('error', () => {});
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  const reader = new HandshakeReader(socket);
  const exchange: SocksExchange = {
    method: null,
    authStatus: null,
    reply: null,
    socket,
    rest: Buffer.alloc(0),
  };
  try {
    const methods = request.methods ?? [SOCKS.method.password];
    socket.write(Buffer.from([SOCKS.version, methods.length, ...methods]));
    exchange.method = (await reader.read(2))[1] ?? null;
    if (exchange.method !== SOCKS.method.password) return exchange;
    const user = Buffer.from(request.username ?? '');
    const pass = Buffer.from(request.password ?? '');
    socket.write(Buffer.concat([Buffer.from([1, user.length]), user, Buffer.from([pass.length]), pass]));
    exchange.authStatus = (await reader.read(2))[1] ?? null;
    if (exchange.authStatus !== 0) return exchange;
    const address = request.address ?? encodeSocksAddress(request.host ?? '127.0.0.1', request.port ?? 80);
    socket.write(Buffer.concat([Buffer.from([SOCKS.version, request.command ?? 1, 0]), address]));
    const reply = await reader.read(10);
    exchange.reply = reply[1] ?? null;
    return exchange;
  } catch {
    return exchange;
  } finally {
    exchange.rest = reader.release();
  }
};
