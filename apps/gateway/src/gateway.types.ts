import type { CreditSizes } from './credit/owner-credit';
import type { AllowListStore, CredentialStore, CreditStore, ExitCatalog, UsageSink } from './ports';
import type { RefusalKind } from './refusals';

/** Which protocols a listening socket speaks; `auto` sniffs the first byte (0x05 → SOCKS5). */
export type ListenerProtocol = 'auto' | 'http' | 'socks5';

/** One listening socket. Port 0 binds a free port (reported by `listen()`). */
export interface ListenerConfig {
  host: string;
  port: number;
  protocol: ListenerProtocol;
}

/** How tunnels move their bytes (`GatewayOptions.relay`). */
export type TunnelRelayMode = 'auto' | 'splice' | 'stream';

/** Timeouts in milliseconds. */
export interface GatewayTimeouts {
  /** From accept until the client's request (HTTP head, SOCKS request) is read. Default 10 s. */
  handshakeMs?: number;
  /** One dial attempt through one exit, its upstream handshake included. Default 10 s. */
  dialMs?: number;
  /** A tunnel or keep-alive connection idle in both directions is closed. Default 5 min. */
  idleMs?: number;
  /** Idle time between two requests on a forward keep-alive connection. Default 60 s. */
  keepAliveMs?: number;
}

/** Capacity limits. */
export interface GatewayLimits {
  /** Open authenticated connections, all proxies together (over it: HTTP 429 / SOCKS 0x02). Default 10 000. */
  maxConnections?: number;
  /** Open connections of one proxy (over it: HTTP 429 / SOCKS 0x02). Default 1 000. */
  maxConnectionsPerProxy?: number;
  /** Connections still in their handshake, on top of `maxConnections`; more are dropped at accept. Default 1 000. */
  maxHandshakes?: number;
  /** Largest HTTP request head in bytes. Default 16 KiB. */
  maxHeaderSize?: number;
  /** Authentication failures per source address per minute answered without delay. Default 5. */
  authFailuresPerMinute?: number;
  /** The longest delay of a throttled authentication answer. Default 3 s. */
  authDelayMaxMs?: number;
  /** Exits tried for one connection before giving up. Default 3. */
  dialAttempts?: number;
  /** Sticky sessions kept in memory (least recently used dropped first). Default 50 000. */
  maxSessions?: number;
}

/** Tunables of credit control (README: "Credit control"); the defaults suit production. */
export interface CreditOptions {
  sizes?: Partial<CreditSizes>;
  /** An owner with no open connection this long gives its credit back. Default 5 s. */
  idleReleaseMs?: number;
  /** After the store found no credit left, new connections of the owner are refused this long. Default 1 s. */
  refusalMs?: number;
  /** How often holds are renewed. Default 10 s (the store lets them lapse after its TTL). */
  renewIntervalMs?: number;
  /** Local credit is not used once holds were not renewed for this long. Default 20 s. */
  staleAfterMs?: number;
}

/** A pino-like logger: `log.info({ proxyId }, 'message')`. */
export interface GatewayLogger {
  info(fields: object, message?: string): void;
  warn(fields: object, message?: string): void;
  error(fields: object, message?: string): void;
  debug(fields: object, message?: string): void;
}

/** Resolves a host name to its IP addresses (all of them). */
export type Resolver = (hostname: string) => Promise<string[]>;

/** Everything `createGateway` needs. */
export interface GatewayOptions {
  credentials: CredentialStore;
  exits: ExitCatalog;
  usage: UsageSink;
  /** Where credit for proxies billed by traffic is held (DESIGN §4 Credit control). */
  credit: CreditStore;
  creditOptions?: CreditOptions;
  listeners: ListenerConfig[];
  /** Destination ports clients may reach. Default [80, 443, 8080, 8443]; 25, 465 and 587 are always refused. */
  allowedPorts?: number[];
  /**
   * TEST ONLY: CIDRs (e.g. `['127.0.0.0/8', '::1/128']`) exempt from the SSRF ranges and the port
   * allow-list (SMTP stays refused). Production configuration must never set it.
   */
  allowPrivateTargets?: string[];
  /**
   * Send the destination host name, not the vetted address, to upstream (HTTP/SOCKS5) exits so the
   * supplier resolves it near its exit. The gateway still vets the name's addresses first. Default false.
   */
  sendHostnamesUpstream?: boolean;
  timeouts?: GatewayTimeouts;
  limits?: GatewayLimits;
  /** How often usage deltas are sampled and flushed. Default 2 s. */
  flushIntervalMs?: number;
  /** How often the admission of proxies with open connections is re-checked. Default 2 s. */
  enforcementIntervalMs?: number;
  /** How long a credential lookup is cached. Default 5 s (unknown usernames: at most 1 s). */
  credentialTtlMs?: number;
  /**
   * The IP allow-list (issue #21): clients without credentials from a listed address are carried as
   * the entry's proxy. Absent: every client must present credentials.
   */
  allowList?: AllowListStore;
  /** How often the allow-list is reloaded whole, behind its change notifications. Default 30 s. */
  allowListReloadMs?: number;
  /**
   * How tunnels (CONNECT, SOCKS5) move their bytes: `splice` has the kernel move them between the
   * sockets (Linux, with the relay addon built by `npm ci`), `stream` reads and writes them through
   * Node.js; `auto` (the default) takes splice where it can run. `splice` where it cannot run is an
   * error of `createGateway`.
   */
  relay?: TunnelRelayMode;
  /** Host name resolution for the SSRF guard. Default `dns.lookup` with `all: true`. */
  resolve?: Resolver;
  log?: GatewayLogger;
  /** Clock in epoch milliseconds (tests move time forward for session lifetimes). Default `Date.now`. */
  now?: () => number;
}

/** An address the gateway listens on. */
export interface BoundListener {
  host: string;
  port: number;
  protocol: ListenerProtocol;
}

/** A running gateway. */
export interface Gateway {
  /** Binds every listener; answers the bound addresses (port 0 → the port actually bound). */
  listen(): Promise<BoundListener[]>;
  /** Stops accepting, closes every connection, and flushes all metered usage. */
  close(): Promise<void>;
  /**
   * Open client connections, authenticated connections per proxy id, how tunnels relay, credit
   * control, metered bytes and the usage flush lag, and refusals (of this process) by kind.
   */
  stats(): {
    connections: number;
    perProxy: Map<string, number>;
    relay: 'splice' | 'stream';
    credit: { owners: number; holding: number; reservations: number; refusals: number };
    usage: { bytesUp: number; bytesDown: number; flushLagMs: number; lastFlushAt: number | null };
    refusals: { kind: RefusalKind; code: number; count: number }[];
  };
}
