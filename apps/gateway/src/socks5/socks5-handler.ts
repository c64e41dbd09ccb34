import type { Socket } from 'node:net';
import type { AuthenticatedClient } from '../auth/authenticator';
import type { ConnectionBroker } from '../connections/connection-broker';
import type { Lease } from '../connections/connection-registry';
import type { GatewayLogger } from '../gateway.types';
import { endWith } from '../http/http-messages';
import { REFUSAL_ANSWERS, Refusal, SOCKS_REPLY } from '../refusals';
import { HandshakeReader } from '../streams/handshake-reader';
import { joinTunnel, TargetReads } from '../streams/tunnel';
import { readSocksAddress, SOCKS, socksReply } from './socks5-protocol';

/** Options of the SOCKS5 handler. */
export interface Socks5HandlerOptions {
  broker: ConnectionBroker;
  idleMs: number;
  log: GatewayLogger;
}

const SUCCEEDED = socksReply(SOCKS_REPLY.succeeded);

/** The RFC 1929 exchange: the client proves its credentials, or is told it failed and closed. */
const authenticate = async (
  socket: Socket,
  reader: HandshakeReader,
  options: Socks5HandlerOptions,
): Promise<AuthenticatedClient | null> => {
  const [version, methodCount = 0] = await reader.read(2);
  if (version !== SOCKS.version) {
    socket.destroy();
    return null;
  }
  const methods = await reader.read(methodCount);
  if (!methods.includes(SOCKS.method.password)) {
    // Only username/password is accepted: "no acceptable methods".
    endWith(socket, Buffer.from([SOCKS.version, SOCKS.method.noneAcceptable]));
    return null;
  }
  socket.write(Buffer.from([SOCKS.version, SOCKS.method.password]));
  const [authVersion, usernameLength = 0] = await reader.read(2);
  const username = usernameLength ? (await reader.read(usernameLength)).toString('utf8') : '';
  const [passwordLength = 0] = await reader.read(1);
  const password = passwordLength ? (await reader.read(passwordLength)).toString('utf8') : '';
  const failed = Buffer.from([SOCKS.authVersion, SOCKS.authStatus.failure]);
  if (authVersion !== SOCKS.authVersion) {
    endWith(socket, failed);
    return null;
  }
  try {
    const client = await options.broker.authenticate({ username, password }, socket.remoteAddress ?? '');
    socket.write(Buffer.from([SOCKS.authVersion, SOCKS.authStatus.success]));
    return client;
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    options.log.debug({ kind: error.kind, reason: error.message }, 'SOCKS5 authentication refused');
    endWith(socket, failed);
    return null;
  }
};

/**
 * Serves one SOCKS5 client (RFC 1928): username/password authentication only, CONNECT only
 * (BIND and UDP ASSOCIATE answer 0x07), IPv4, IPv6 and domain addresses. `firstChunk` holds the
 * bytes already read to recognise the protocol; `onRequestRead` is called once the client's request
 * has been read (its handshake is over).
 */
export const handleSocks5 = async (
  socket: Socket,
  firstChunk: Buffer,
  options: Socks5HandlerOptions,
  onRequestRead: () => void,
) => {
  const reader = new HandshakeReader(socket, 4_096);
  reader.push(firstChunk);
  let lease: Lease | null = null;
  let reads: TargetReads | null = null;
  try {
    const client = await authenticate(socket, reader, options);
    if (!client) return;
    const [version, command, , addressType = 0] = await reader.read(4);
    if (version !== SOCKS.version) {
      socket.destroy();
      return;
    }
    const address = await readSocksAddress(reader, addressType);
    onRequestRead();
    if (address.type === null) {
      endWith(socket, socksReply(SOCKS_REPLY.addressTypeNotSupported));
      return;
    }
    if (command !== SOCKS.command.connect) {
      endWith(socket, socksReply(SOCKS_REPLY.commandNotSupported));
      return;
    }
    options.broker.admit(client);
    const claimed = options.broker.claim(client, () => socket.destroy());
    lease = claimed;
    socket.once('close', () => claimed.release());
    // Bytes the client sent ahead of our reply wait here until the tunnel is up.
    const head = reader.release();
    reads = new TargetReads();
    const dialed = await options.broker.connect(client, address.host, address.port, claimed, reads);
    if (socket.destroyed) {
      dialed.socket.destroy();
      reads.release();
      return;
    }
    socket.write(SUCCEEDED);
    joinTunnel(socket, dialed.socket, head, options.idleMs, () => claimed.release(), dialed.reads);
  } catch (error) {
    lease?.release();
    reads?.release();
    reader.release();
    if (error instanceof Refusal) {
      options.log.debug({ kind: error.kind, reason: error.message }, 'SOCKS5 request refused');
      endWith(socket, socksReply(REFUSAL_ANSWERS[error.kind].socksReply));
      return;
    }
    socket.destroy();
  }
};
