import type { Server, Socket } from 'node:net';
import { type SpliceRelay, spliceRelay, unavailableReason } from '@ptc/relay';
import { AllowListAuth } from './auth/allowlist-auth';
import { AuthThrottle } from './auth/auth-throttle';
import { Authenticator } from './auth/authenticator';
import { CredentialCache } from './auth/credential-cache';
import { AdmissionEnforcer } from './connections/admission-enforcer';
import { ConnectionBroker } from './connections/connection-broker';
import { ConnectionRegistry } from './connections/connection-registry';
import { type Listed, Roster } from './connections/roster';
import { TargetPool } from './connections/target-pool';
import { CreditControl } from './credit/credit-control';
import { ExitRouter } from './exits/exit-router';
import { StickySessions } from './exits/sticky-sessions';
import type { BoundListener, Gateway, GatewayLogger, GatewayOptions, TunnelRelayMode } from './gateway.types';
import { OwnAddresses } from './guard/own-addresses';
import { DEFAULT_ALLOWED_PORTS, resolveWithLookup, TargetGuard } from './guard/target-guard';
import { createHttpProxy } from './http/http-proxy';
import { UsageMeter } from './metering/usage-meter';
import { countRefusals } from './refusals';
import { createListener, dispatchConnection, type ProtocolHandlers } from './server';
import { handleSocks5 } from './socks5/socks5-handler';

const SECOND = 1_000;

/** Defaults of every tunable (README: "Gateway configuration"). */
export const GATEWAY_DEFAULTS = {
  timeouts: { handshakeMs: 10 * SECOND, dialMs: 10 * SECOND, idleMs: 300 * SECOND, keepAliveMs: 60 * SECOND },
  limits: {
    maxConnections: 10_000,
    maxConnectionsPerProxy: 1_000,
    maxHandshakes: 1_000,
    maxHeaderSize: 16 * 1024,
    authFailuresPerMinute: 5,
    authDelayMaxMs: 3 * SECOND,
    dialAttempts: 3,
    maxSessions: 50_000,
  },
  /** Idle keep-alive target connections of the forward path: how long, how many per proxy and in all. */
  targetPool: { idleMs: 4 * SECOND, maxIdlePerProxy: 256, maxIdle: 4_096 },
  flushIntervalMs: 2 * SECOND,
  enforcementIntervalMs: 2 * SECOND,
  credentialTtlMs: 5 * SECOND,
  allowListReloadMs: 30 * SECOND,
} as const;

const silentLogger: GatewayLogger = { info() {}, warn() {}, error() {}, debug() {} };
const ignoreError = () => {};

/** An accepted client connection, and its handshake deadline until its request has been read. */
class Client implements Listed {
  rosterIndex = -1;
  private timer: NodeJS.Timeout | null;

  constructor(
    readonly socket: Socket,
    handshakeMs: number,
  ) {
    this.timer = setTimeout(() => socket.destroy(), handshakeMs);
  }

  /** The handshake is over (or the connection closed): the deadline no longer applies. */
  readonly finishHandshake = (): void => {
    if (this.timer === null) return;
    clearTimeout(this.timer);
    this.timer = null;
  };
}

/** The splice relay for `mode`, or null for stream relays; `splice` where it cannot run throws. */
export const resolveRelay = (mode: TunnelRelayMode = 'auto'): SpliceRelay | null => {
  if (mode === 'stream') return null;
  if (mode === 'splice' && !spliceRelay) {
    throw new Error(`the splice relay cannot run here: ${unavailableReason}`);
  }
  return spliceRelay;
};

/**
 * Creates the proxy gateway: HTTP forward/CONNECT and SOCKS5 on shared or dedicated ports,
 * authenticated against the credential store, routed through exits, metered and enforced.
 */
export const createGateway = (options: GatewayOptions): Gateway => {
  const now = options.now ?? Date.now;
  const log = options.log ?? silentLogger;
  const timeouts = { ...GATEWAY_DEFAULTS.timeouts, ...options.timeouts };
  const limits = { ...GATEWAY_DEFAULTS.limits, ...options.limits };
  const credentialTtlMs = options.credentialTtlMs ?? GATEWAY_DEFAULTS.credentialTtlMs;

  const cache = new CredentialCache(options.credentials, {
    ttlMs: credentialTtlMs,
    negativeTtlMs: Math.min(SECOND, credentialTtlMs),
    maxEntries: 100_000,
    now,
  });
  const authenticator = new Authenticator(
    cache,
    new AuthThrottle({
      freeFailuresPerMinute: limits.authFailuresPerMinute,
      maxDelayMs: limits.authDelayMaxMs,
      maxSources: 10_000,
      now,
    }),
  );
  const registry = new ConnectionRegistry(limits);
  const ownAddresses = new OwnAddresses(now);
  const guard = new TargetGuard({
    allowedPorts: options.allowedPorts ?? DEFAULT_ALLOWED_PORTS,
    allowPrivateTargets: options.allowPrivateTargets ?? [],
    resolve: options.resolve ?? resolveWithLookup,
    resolveTimeoutMs: timeouts.dialMs,
    ownAddresses,
  });
  const router = new ExitRouter({
    catalog: options.exits,
    sessions: new StickySessions({ maxSessions: limits.maxSessions, now }),
    dialAttempts: limits.dialAttempts,
    dialTimeoutMs: timeouts.dialMs,
    sendHostnameUpstream: options.sendHostnamesUpstream ?? false,
    log,
  });
  const meter = new UsageMeter({
    sink: options.usage,
    flushIntervalMs: options.flushIntervalMs ?? GATEWAY_DEFAULTS.flushIntervalMs,
    now,
    log,
  });
  // Idle target connections count against the connection limits: never more per proxy or in all
  // than those limits allow open. Their idleness is real time, whatever the `now` option says.
  const pool = new TargetPool({
    idleMs: GATEWAY_DEFAULTS.targetPool.idleMs,
    maxIdlePerProxy: Math.min(GATEWAY_DEFAULTS.targetPool.maxIdlePerProxy, limits.maxConnectionsPerProxy),
    maxIdle: Math.min(GATEWAY_DEFAULTS.targetPool.maxIdle, limits.maxConnections),
    now: Date.now,
  });
  const credit = new CreditControl({
    store: options.credit,
    flushUsage: async () => {
      await meter.flush();
      return meter.pendingBatches.length === 0;
    },
    // Credit (or a sub-user's limit) ran out: every connection of these proxies ends, idle keep-alive targets too.
    cut: (proxyIds, reason = 'no_funds') => {
      for (const proxyId of proxyIds) {
        registry.revoke(proxyId, reason);
        pool.closeProxy(proxyId);
      }
    },
    refreshCredentials: (proxyIds) => {
      for (const proxyId of proxyIds) authenticator.invalidate(proxyId);
    },
    // Holds lapse in real time, whatever the `now` option says.
    now: Date.now,
    log,
    ...options.creditOptions,
  });
  const allowList = new AllowListAuth({
    store: options.allowList ?? null,
    cache,
    reloadMs: options.allowListReloadMs ?? GATEWAY_DEFAULTS.allowListReloadMs,
    log,
  });
  const broker = new ConnectionBroker({
    authenticator,
    registry,
    guard,
    router,
    meter,
    pool,
    credit,
    allowList,
  });
  const enforcer = new AdmissionEnforcer({
    store: options.credentials,
    registry,
    intervalMs: options.enforcementIntervalMs ?? GATEWAY_DEFAULTS.enforcementIntervalMs,
    onRefused: (proxyId) => {
      authenticator.invalidate(proxyId);
      pool.closeProxy(proxyId);
    },
    log,
  });

  const splice = resolveRelay(options.relay);
  const relayName = splice ? 'splice' : 'stream';
  const clients = new Roster<Client>();
  const httpProxy = createHttpProxy({
    broker,
    maxHeaderSize: limits.maxHeaderSize,
    idleMs: timeouts.idleMs,
    keepAliveMs: timeouts.keepAliveMs,
    splice,
    log,
  });
  const socksOptions = { broker, idleMs: timeouts.idleMs, splice, log };
  const handlers: ProtocolHandlers = {
    http: (socket, firstChunk, onHandshakeDone) => httpProxy.accept(socket, firstChunk, onHandshakeDone),
    socks5: (socket, firstChunk, onHandshakeDone) =>
      void handleSocks5(socket, firstChunk, socksOptions, onHandshakeDone),
  };

  let isClosing = false;
  const servers: Server[] = [];
  let unsubscribe: (() => void) | null = null;

  const accept = (socket: Socket, protocol: BoundListener['protocol']) => {
    socket.on('error', ignoreError);
    if (isClosing) {
      socket.destroy();
      return;
    }
    const client = new Client(socket, timeouts.handshakeMs);
    clients.add(client);
    socket.on('close', () => {
      clients.remove(client);
      client.finishHandshake();
    });
    dispatchConnection(socket, protocol, handlers, client.finishHandshake);
  };

  return {
    async listen() {
      const bound: BoundListener[] = [];
      for (const listener of options.listeners) {
        const server = createListener(
          (socket) => accept(socket, listener.protocol),
          limits.maxConnections + limits.maxHandshakes,
        );
        try {
          await new Promise<void>((resolve, reject) => {
            server.once('error', reject);
            server.listen(listener.port, listener.host, () => {
              server.off('error', reject);
              resolve();
            });
          });
        } catch (error) {
          // Leave nothing half-started: close the listeners already bound.
          await Promise.all(servers.splice(0).map((bound) => new Promise((done) => bound.close(done))));
          throw error;
        }
        servers.push(server);
        const address = server.address();
        const port = typeof address === 'object' && address ? address.port : listener.port;
        bound.push({ host: listener.host, port, protocol: listener.protocol });
        server.on('error', (error) => log.error({ err: error }, 'listener failed'));
      }
      ownAddresses.setListeners(
        servers.map((server, index) => {
          const address = server.address();
          return typeof address === 'object' && address
            ? { host: address.address, port: address.port }
            : { host: options.listeners[index]?.host ?? '', port: 0 };
        }),
      );
      unsubscribe = options.credentials.onChange((proxyId) => {
        authenticator.invalidate(proxyId);
        void enforcer.check(proxyId);
      });
      meter.start();
      enforcer.start();
      credit.start();
      await allowList.start();
      if (!splice && (options.relay ?? 'auto') === 'auto') {
        log.warn({ reason: unavailableReason }, 'tunnels relay through Node.js streams (splice unavailable)');
      }
      log.info({ listeners: bound, relay: relayName }, 'gateway listening');
      return bound;
    },

    async close() {
      if (isClosing) return;
      isClosing = true;
      unsubscribe?.();
      await allowList.stop();
      const stopped = servers.map((server) => new Promise<void>((resolve) => server.close(() => resolve())));
      registry.revokeAll('gateway closing');
      clients.forEach((client) => {
        client.finishHandshake();
        client.socket.destroy();
      });
      await Promise.all([...stopped, broker.closeAll()]);
      await enforcer.stop();
      await meter.close();
      // Holds go back once the last usage was flushed against them.
      await credit.close();
      log.info({}, 'gateway closed');
    },

    stats() {
      return {
        connections: clients.size,
        perProxy: registry.perProxy(),
        relay: relayName,
        credit: credit.stats(),
        usage: meter.stats(),
        refusals: countRefusals(),
      };
    },
  };
};
