import { connect, type Socket } from 'node:net';
import { HandshakeReader } from '../streams/handshake-reader';
import { encodeSocksAddress, readSocksAddress, SOCKS } from './socks5-protocol';

/** Where a SOCKS5 handshake stopped, and the server's reply code when it sent one. */
export class Socks5ClientError extends Error {
  override readonly name = 'Socks5ClientError';

  constructor(
    /** `method`: no acceptable method; `auth`: credentials refused; `reply`: CONNECT refused; `protocol`: not SOCKS5. */
    readonly step: 'method' | 'auth' | 'reply' | 'protocol',
    /** The REP field of a refused CONNECT (RFC 1928 §6), else null. */
    readonly reply: number | null,
    message: string,
  ) {
    super(message);
  }
}

/** Credentials of RFC 1929, or null to offer no authentication. */
export type Socks5Credentials = { username: string; password: string } | null;

const lengthPrefixed = (text: string): Buffer => {
  const bytes = Buffer.from(text, 'utf8');
  if (bytes.length > 255)
    throw new Socks5ClientError('auth', null, 'SOCKS5 credentials longer than 255 bytes');
  return Buffer.concat([Buffer.from([bytes.length]), bytes]);
};

/**
 * The client side of a SOCKS5 CONNECT (RFC 1928, with RFC 1929 username/password when credentials
 * are given) on a connected socket, read through `reader`; `read` may wrap each read (deadlines,
 * error mapping). Resolves once the server answered success and its bound address was read;
 * throws `Socks5ClientError` for an answer that ends the handshake.
 */
export const socks5Connect = async (
  socket: Socket,
  reader: HandshakeReader,
  target: { host: string; port: number; credentials: Socks5Credentials },
  read: <T>(pending: Promise<T>, what: string) => Promise<T> = (pending) => pending,
): Promise<void> => {
  const { credentials } = target;
  const method = credentials ? SOCKS.method.password : SOCKS.method.none;
  socket.write(Buffer.from([SOCKS.version, 1, method]));
  const [version, chosen] = await read(reader.read(2), 'SOCKS5 greeting');
  if (version !== SOCKS.version) throw new Socks5ClientError('protocol', null, 'the server is not SOCKS5');
  if (chosen !== method) throw new Socks5ClientError('method', null, `the server refused method ${method}`);
  if (credentials) {
    socket.write(
      Buffer.concat([
        Buffer.from([SOCKS.authVersion]),
        lengthPrefixed(credentials.username),
        lengthPrefixed(credentials.password),
      ]),
    );
    const [, status] = await read(reader.read(2), 'SOCKS5 authentication');
    if (status !== SOCKS.authStatus.success)
      throw new Socks5ClientError('auth', null, 'the server refused the credentials');
  }
  const address = encodeSocksAddress(target.host, target.port);
  socket.write(Buffer.concat([Buffer.from([SOCKS.version, SOCKS.command.connect, 0x00]), address]));
  const [replyVersion, reply = 0xff, , addressType = 0] = await read(reader.read(4), 'SOCKS5 reply');
  if (replyVersion !== SOCKS.version)
    throw new Socks5ClientError('protocol', null, 'the server is not SOCKS5');
  if (reply !== 0x00) throw new Socks5ClientError('reply', reply, `SOCKS5 reply ${reply}`);
  const bound = await read(readSocksAddress(reader, addressType), 'SOCKS5 bound address');
  if (bound.type === null) throw new Socks5ClientError('protocol', null, 'SOCKS5 bound address unreadable');
};

/**
 * Connects to a SOCKS5 server and opens a tunnel to `target` through it, as any SOCKS5 client
 * would; answers the tunnel's socket, paused, with the bytes that came after the handshake put back.
 */
export const openSocks5Tunnel = (
  server: { host: string; port: number },
  target: { host: string; port: number; credentials: Socks5Credentials },
): Promise<Socket> =>
  new Promise<Socket>((resolve, reject) => {
    const socket = connect({ host: server.host, port: server.port });
    socket.once('error', reject);
    socket.once('connect', () => {
      socket.off('error', reject);
      const reader = new HandshakeReader(socket);
      socks5Connect(socket, reader, target).then(
        () => {
          const rest = reader.release();
          if (rest.length) socket.unshift(rest);
          resolve(socket);
        },
        (error: unknown) => {
          reader.release();
          socket.destroy();
          reject(error);
        },
      );
    });
  });
