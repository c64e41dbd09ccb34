import type { Socket } from 'node:net';
import type { SpliceRelay } from '@ptc/relay';
import type { AuthenticatedClient } from '../auth/authenticator';
import type { ConnectionBroker } from '../connections/connection-broker';
import type { Lease } from '../connections/connection-registry';
import type { PooledTarget } from '../connections/target-pool';
import type { GatewayLogger } from '../gateway.types';
import { Refusal } from '../refusals';
import {
  builtInAnswer,
  builtInBody,
  isBuiltInTarget,
  serveBuiltInTarget,
} from '../speed-test/built-in-target';
import { joinTunnel, TargetReads } from '../streams/tunnel';
import { ClientConnection, type RequestHandler, readWholeConnect } from './client-connection';
import {
  type ExchangeSupport,
  ForwardExchange,
  type ForwardRequest,
  targetRequestHead,
} from './forward-exchange';
import { type AbsoluteUri, endWith, parseAbsoluteUri, parseAuthority, rawRefusal } from './http-messages';
import { IdleSweeper } from './idle-sweeper';
import { ResponseFraming } from './message-parts';
import type { RequestHead } from './request-head';

/** Options of the HTTP proxy. */
export interface HttpProxyOptions {
  broker: ConnectionBroker;
  maxHeaderSize: number;
  idleMs: number;
  keepAliveMs: number;
  /** Tunnels relay with splice(2) when given, else with streams. */
  splice: SpliceRelay | null;
  log: GatewayLogger;
}

/** The HTTP side of the gateway, handed sockets by the listeners. */
export interface HttpProxy {
  /**
   * Serves a client socket (paused); `firstChunk`: bytes already read to recognise the protocol.
   * `onHandshakeDone` is called once the first request head has been read.
   */
  accept(socket: Socket, firstChunk: Buffer | null, onHandshakeDone: () => void): void;
}

const CONNECTION_ESTABLISHED = Buffer.from('HTTP/1.1 200 Connection Established\r\n\r\n', 'latin1');

const asRefusal = (error: unknown, log: GatewayLogger): Refusal => {
  if (error instanceof Refusal) {
    log.debug({ kind: error.kind, reason: error.message }, 'HTTP request refused');
    return error;
  }
  log.error({ err: error }, 'unexpected error while proxying');
  return new Refusal('store_unavailable', 'internal error, retry shortly', 500);
};

/**
 * The HTTP side of the gateway: forward requests in absolute form (keep-alive, hop-by-hop headers
 * and Proxy-Authorization removed) and CONNECT tunnels. It never listens itself: the listeners
 * hand it sockets whose first byte is not 0x05. Requests are read by `ClientConnection` (plain
 * HTTP/1.1 on the socket); forwarded requests travel on keep-alive target connections pooled per
 * proxy, route and address (`TargetPool`).
 */
export const createHttpProxy = (options: HttpProxyOptions): HttpProxy => {
  const { broker, log } = options;

  /** The lease of a keep-alive connection, claimed anew when the proxy changes between requests. */
  const leaseFor = (connection: ClientConnection, client: AuthenticatedClient): Lease => {
    const current = connection.lease;
    if (current && current.proxyId === client.credential.proxyId && current.revokedBecause === null)
      return current;
    current?.release();
    connection.lease = null;
    const { socket } = connection;
    connection.lease = broker.claim(client, () => socket.destroy());
    return connection.lease;
  };

  const refuse = (connection: ClientConnection, error: unknown) => {
    const refusal = asRefusal(error, log);
    connection.refuse(refusal, refusal.kind === 'bad_request');
  };

  /** Takes a target connection for the request (`fresh`: a new one) and starts the exchange. */
  const dispatch = async (forward: ForwardRequest, fresh: boolean) => {
    const { target, isReused } = await broker.forwardTarget(
      forward.client,
      forward.uri.host,
      forward.uri.port,
      forward.lease,
      fresh,
    );
    const { connection } = forward;
    if (connection.socket.destroyed || connection.head !== forward.head) {
      // Nothing was sent on it: it stays usable, and this use does not count.
      broker.dropTargetUse(target, { read: target.socket.bytesRead, written: target.socket.bytesWritten });
      broker.releaseTarget(target, null);
      return;
    }
    begin(forward, target, isReused);
  };

  /** Starts the exchange of a request on its target connection. */
  const begin = (forward: ForwardRequest, target: PooledTarget, isReused: boolean) => {
    const exchange = new ForwardExchange(forward, target, isReused, support);
    forward.connection.exchange = exchange;
    exchange.start();
  };

  const support: ExchangeSupport = {
    release: (target, keepAliveMs) => broker.releaseTarget(target, keepAliveMs),
    retry: (forward, stale, mark) => {
      broker.dropTargetUse(stale, mark);
      dispatch(forward, true).catch((error: unknown) => refuse(forward.connection, error));
    },
    fail: (forward, message) =>
      forward.connection.refuse(new Refusal('target_unreachable', `the target failed: ${message}`)),
  };

  /** Forwards a request of an authenticated client. */
  const forwardAs = (
    connection: ClientConnection,
    head: RequestHead,
    uri: AbsoluteUri,
    client: AuthenticatedClient,
  ) => {
    if (connection.head !== head || connection.socket.destroyed) return;
    try {
      broker.admit(client, 'http');
      if (isBuiltInTarget(uri.host, uri.port)) {
        // The gateway's own speed-test target: answered here, nothing is dialled.
        const answer = builtInAnswer(uri.path);
        connection.respondHead(answer.status, answer.reason, answer.lines, ResponseFraming.Length);
        connection.respondEnd(head.method === 'HEAD' ? undefined : builtInBody(answer.bytes));
        return;
      }
      const lease = leaseFor(connection, client);
      const forward: ForwardRequest = {
        connection,
        head,
        client,
        lease,
        uri,
        targetHead: targetRequestHead(head, uri),
      };
      // A client repeating requests to one site: its idle target connection, at once.
      const pooled = broker.reusableTarget(client, uri.host, uri.port);
      if (pooled) begin(forward, pooled, true);
      else dispatch(forward, false).catch((error: unknown) => refuse(connection, error));
    } catch (error) {
      refuse(connection, error);
    }
  };

  /** A CONNECT request: authenticate, dial, answer 200 and join the tunnel. */
  const tunnel = async (socket: Socket, head: RequestHead, early: Buffer) => {
    // Nothing the client sends goes anywhere before the tunnel is up.
    let lease: Lease | null = null;
    let reads: TargetReads | null = null;
    try {
      const { host, port } = parseAuthority(head.target);
      // Without credentials: the client of an allow-listed address (issue #21), else 407.
      const client =
        head.authorization === undefined
          ? (broker.recallSource(socket.remoteAddress ?? '', socket.localPort) ??
            (await broker.authenticateSource(socket.remoteAddress ?? '', socket.localPort)))
          : (broker.recallHeader(head.authorization) ??
            (await broker.authenticateHeader(head.authorization, socket.remoteAddress ?? '')));
      broker.admit(client, 'http');
      if (isBuiltInTarget(host, port)) {
        socket.write(CONNECTION_ESTABLISHED);
        serveBuiltInTarget(socket, early);
        return;
      }
      const claimed = broker.claim(client, () => socket.destroy());
      lease = claimed;
      socket.once('close', () => claimed.release());
      reads = options.splice ? null : new TargetReads();
      const dialed = await broker.connect(client, host, port, claimed, reads);
      if (socket.destroyed) {
        dialed.socket.destroy();
        reads?.release();
        return;
      }
      socket.write(CONNECTION_ESTABLISHED);
      joinTunnel({
        client: socket,
        target: dialed.socket,
        head: early,
        idleMs: options.idleMs,
        onClose: () => claimed.release(),
        reads: dialed.reads === reads ? reads : null,
        metered: dialed.metered,
        splice: options.splice,
      });
    } catch (error) {
      lease?.release();
      reads?.release();
      endWith(socket, rawRefusal(asRefusal(error, log)));
    }
  };

  const handler: RequestHandler = {
    onRequest: (connection, head) => {
      let uri: AbsoluteUri;
      try {
        uri = parseAbsoluteUri(head.target);
      } catch (error) {
        refuse(connection, error);
        return;
      }
      // Clients repeat the same credentials on every request: most are known already.
      const isAnonymous = head.authorization === undefined;
      const known = isAnonymous
        ? broker.recallSource(connection.socket.remoteAddress ?? '', connection.socket.localPort)
        : broker.recallHeader(head.authorization);
      if (known) {
        forwardAs(connection, head, uri, known);
        return;
      }
      // Without credentials: the client of an allow-listed address (issue #21), else 407.
      const source = connection.socket.remoteAddress ?? '';
      (isAnonymous
        ? broker.authenticateSource(source, connection.socket.localPort)
        : broker.authenticateHeader(head.authorization, source)
      ).then(
        (client) => forwardAs(connection, head, uri, client),
        (error: unknown) => {
          if (connection.head === head) refuse(connection, error);
        },
      );
    },
    onConnect: (socket, head, rest) => void tunnel(socket, head, rest),
    onClose: (connection) => {
      connection.lease?.release();
      connection.exchange?.abort();
    },
  };

  const connectionOptions = {
    maxHeaderSize: options.maxHeaderSize,
    idleMs: options.idleMs,
    keepAliveMs: options.keepAliveMs,
    sweeper: new IdleSweeper(IdleSweeper.periodFor(Math.min(options.idleMs, options.keepAliveMs))),
  };

  return {
    accept(socket, firstChunk, onHandshakeDone) {
      // Most CONNECT requests come whole in the first chunk: straight to the tunnel.
      const connect = firstChunk && readWholeConnect(firstChunk, options.maxHeaderSize);
      if (connect) {
        onHandshakeDone();
        void tunnel(socket, connect.head, connect.rest);
        return;
      }
      new ClientConnection(socket, handler, connectionOptions, onHandshakeDone).start(firstChunk);
    },
  };
};
