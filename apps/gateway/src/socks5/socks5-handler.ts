import type { Socket } from 'node:net';
import type { SpliceRelay } from '@ptc/relay';
import type { AuthenticatedClient } from '../auth/authenticator';
import type { ConnectionBroker } from '../connections/connection-broker';
import type { Lease } from '../connections/connection-registry';
import type { GatewayLogger } from '../gateway.types';
import { endWith } from '../http/http-messages';
import { REFUSAL_ANSWERS, Refusal, SOCKS_REPLY } from '../refusals';
import { isBuiltInTarget, serveBuiltInTarget } from '../speed-test/built-in-target';
import { HandshakeReader } from '../streams/handshake-reader';
import { joinTunnel, TargetReads } from '../streams/tunnel';
import {
  greetingLength,
  passwordRequestLength,
  requestAddress,
  requestLength,
  SOCKS,
  socksReply,
} from './socks5-protocol';

/** Options of the SOCKS5 handler. */
export interface Socks5HandlerOptions {
  broker: ConnectionBroker;
  idleMs: number;
  /** Tunnels relay with splice(2) when given, else with streams. */
  splice: SpliceRelay | null;
  log: GatewayLogger;
}

const SUCCEEDED = socksReply(SOCKS_REPLY.succeeded);
const CHOSE_PASSWORD = Buffer.from([SOCKS.version, SOCKS.method.password]);
const CHOSE_NONE = Buffer.from([SOCKS.version, SOCKS.method.none]);
const NONE_ACCEPTABLE = Buffer.from([SOCKS.version, SOCKS.method.noneAcceptable]);

/**
 * "No authentication" (issue #21): offered only to a client of an allow-listed address, which is
 * then its entry's proxy; any other answers "no acceptable methods".
 */
const authenticateSource = async (
  socket: Socket,
  options: Socks5HandlerOptions,
): Promise<AuthenticatedClient | null> => {
  const source = socket.remoteAddress ?? '';
  try {
    const port = socket.localPort;
    const client =
      options.broker.recallSource(source, port) ?? (await options.broker.authenticateSource(source, port));
    socket.write(CHOSE_NONE);
    return client;
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    options.log.debug({ kind: error.kind, reason: error.message }, 'SOCKS5 client not allow-listed');
    endWith(socket, NONE_ACCEPTABLE);
    return null;
  }
};
const AUTH_SUCCEEDED = Buffer.from([SOCKS.authVersion, SOCKS.authStatus.success]);
const AUTH_FAILED = Buffer.from([SOCKS.authVersion, SOCKS.authStatus.failure]);

/** The RFC 1929 exchange: the client proves its credentials, or is told it failed and closed. */
const authenticate = async (
  socket: Socket,
  reader: HandshakeReader,
  options: Socks5HandlerOptions,
): Promise<AuthenticatedClient | null> => {
  // Each message is read whole (one wait each), as the client sends it.
  const greeting = await reader.readMessage(greetingLength);
  if (greeting[0] !== SOCKS.version) {
    socket.destroy();
    return null;
  }
  if (!greeting.includes(SOCKS.method.password, 2)) {
    // Username/password, or no credentials from an allow-listed address: "no acceptable methods".
    if (greeting.includes(SOCKS.method.none, 2)) return authenticateSource(socket, options);
    endWith(socket, NONE_ACCEPTABLE);
    return null;
  }
  socket.write(CHOSE_PASSWORD);
  const request = await reader.readMessage(passwordRequestLength);
  const passwordAt = 2 + (request[1] ?? 0);
  const username = request.toString('utf8', 2, passwordAt);
  const password = request.toString('utf8', passwordAt + 1);
  if (request[0] !== SOCKS.authVersion) {
    endWith(socket, AUTH_FAILED);
    return null;
  }
  const supplied = { username, password };
  try {
    // Clients repeat the same credentials on every connection: most are known already.
    const client =
      options.broker.recallCredentials(supplied) ??
      (await options.broker.authenticate(supplied, socket.remoteAddress ?? ''));
    socket.write(AUTH_SUCCEEDED);
    return client;
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    options.log.debug({ kind: error.kind, reason: error.message }, 'SOCKS5 authentication refused');
    endWith(socket, AUTH_FAILED);
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
    const request = await reader.readMessage(requestLength);
    if (request[0] !== SOCKS.version) {
      socket.destroy();
      return;
    }
    const command = request[1];
    const address = requestAddress(request);
    onRequestRead();
    if (address.type === null) {
      endWith(socket, socksReply(SOCKS_REPLY.addressTypeNotSupported));
      return;
    }
    if (command !== SOCKS.command.connect) {
      endWith(socket, socksReply(SOCKS_REPLY.commandNotSupported));
      return;
    }
    options.broker.admit(client, 'socks5');
    if (isBuiltInTarget(address.host, address.port)) {
      // The gateway's own speed-test target: answered on the tunnel, nothing is dialled.
      const early = reader.release();
      socket.write(SUCCEEDED);
      serveBuiltInTarget(socket, early);
      return;
    }
    const claimed = options.broker.claim(client, () => socket.destroy());
    lease = claimed;
    socket.once('close', () => claimed.release());
    // Bytes the client sent ahead of our reply wait here until the tunnel is up.
    const head = reader.release();
    reads = options.splice ? null : new TargetReads();
    const dialed = await options.broker.connect(client, address.host, address.port, claimed, reads);
    if (socket.destroyed) {
      dialed.socket.destroy();
      reads?.release();
      return;
    }
    socket.write(SUCCEEDED);
    joinTunnel({
      client: socket,
      target: dialed.socket,
      head,
      idleMs: options.idleMs,
      onClose: () => claimed.release(),
      reads: dialed.reads === reads ? reads : null,
      metered: dialed.metered,
      splice: options.splice,
    });
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
