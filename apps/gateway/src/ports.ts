/**
 * What the data plane needs from the outside world, as interfaces. The protocol code depends
 * only on these; `src/store/` implements them on the database, tests implement them in memory.
 */

/** The four proxy families (SPEC §3). */
export type ProxyFamily = 'dynamic-traffic' | 'dynamic-ip' | 'static-traffic' | 'static-ip';

/** The protocol a proxy was generated for: it is used over that protocol only (SPEC 4008). */
export type ProxyProtocol = 'http' | 'socks5';

/** Where a proxy may exit: its purchased area, narrowed by username parameters. */
export interface AreaCriteria {
  /** ISO 3166-1 alpha-2, upper case. */
  country?: string;
  /** State/region code or lower-case name without spaces, as in the catalogue. */
  state?: string;
  /** Lower-case city name without spaces ("newyork"). */
  city?: string;
}

/** A proxy credential as the gateway sees it. */
export interface ProxyCredential {
  /** Stable id (a decimal string: bigint ids do not fit in numbers). */
  proxyId: string;
  userId: string;
  username: string;
  /** Compared in constant time. */
  password: string;
  family: ProxyFamily;
  /** HTTP (forward and CONNECT) or SOCKS5; the other protocol is refused with 4008. */
  protocol: ProxyProtocol;
  /** The purchased area; username parameters may narrow it (not leave it). */
  area: AreaCriteria;
  /** Route line (1–4), null for any. */
  line: number | null;
  /** Residential or datacenter exits only; null for any. */
  exitType: 'residential' | 'datacenter' | null;
  /** A static proxy leases exactly this exit (DESIGN §4 Proxies). */
  exitId: string | null;
  /** Whether this proxy may carry traffic now (switch ON, status normal, not expired, funds left). */
  admission: Admission;
  /**
   * Micro-PTC per GB (2^30 bytes) of a proxy billed by its traffic: the gateway carries its bytes
   * only against credit it holds for the owner (`CreditStore`). Null for proxies paid in advance
   * (per IP or per day), which are not metered against credit.
   */
  pricePerGb: number | null;
  /** The sub-user this credential belongs to (issue #21), with its limits; absent for the owner's own proxies. */
  subUser?: SubUserLimits | null;
  /** False when the owner switched per-domain usage off (issue #21): its targets are not tallied. */
  domainUsage?: boolean;
}

/**
 * A sub-user's limits in the current calendar period and what it used of them as flushed so far
 * (issue #21): the gateway carves its connections' allowances out of what is left, as out of its
 * owner's credit.
 */
export interface SubUserLimits {
  id: string;
  /** Bytes it may carry per period; null: no traffic limit. */
  trafficLimitBytes: number | null;
  /** Micro-PTC it may spend per period (bytes carried on money, at its proxy's price); null: none. */
  spendingLimit: number | null;
  /** Bytes carried this period, as flushed. */
  bytesUsed: number;
  /** Micro-PTC spent this period, as flushed. */
  moneyUsed: number;
  /** When the period ends (epoch ms): the limits start afresh then. */
  periodEndsAt: number;
}

/** Why a proxy may or may not carry traffic. */
export type Admission =
  | { ok: true }
  | {
      ok: false;
      reason:
        | 'off'
        | 'expired'
        | 'invalid'
        | 'unhealthy'
        | 'no_funds'
        | 'deleted'
        | 'locked'
        | 'sub_user_paused'
        | 'sub_user_limit';
    };

/**
 * An admission as open connections are re-checked, with the exit a static proxy leases now: its
 * connections through another exit (before a replacement of its address, issue #21) are closed.
 */
export type LiveAdmission = Admission & { exitId?: string };

/** Proxy credentials and their changes. */
export interface CredentialStore {
  /** The proxy whose base username this is, or null. The gateway caches answers briefly. */
  findByUsername(username: string): Promise<ProxyCredential | null>;
  /** Current admission of the given proxies, in one round trip (enforcement of open connections). */
  checkAdmission(proxyIds: readonly string[]): Promise<Map<string, LiveAdmission>>;
  /**
   * Calls `listener` when proxies change (switched, renewed, expired, funds): with the proxy id
   * when known, or null for "anything may have changed". Answers the unsubscribe function.
   */
  onChange(listener: (proxyId: string | null) => void): () => void;
}

/** An exit: direct egress from this host, or an upstream supplier proxy (DESIGN §4 Supply). */
export interface Exit {
  id: string;
  kind: 'direct' | 'http' | 'socks5';
  /** Upstream proxy address (kind http/socks5). */
  host: string | null;
  port: number | null;
  /**
   * Upstream credentials as templates: `{user}` (the exit's own account), `{cc}` (lower-case
   * country), `{state}`, `{city}`, `{sid}` (session id), `{life}` (minutes).
   */
  usernameTemplate: string | null;
  passwordTemplate: string | null;
  /** The supplier account that `{user}` stands for. */
  account: string | null;
  type: 'residential' | 'datacenter';
  line: number;
  country: string;
  state: string | null;
  city: string | null;
}

/** Which exits can serve a request. */
export interface ExitCriteria extends AreaCriteria {
  line?: number | null;
  type?: 'residential' | 'datacenter' | null;
  /** Only this exit (static proxies). */
  exitId?: string | null;
}

/** The supply of exits. */
export interface ExitCatalog {
  /**
   * Healthy exits matching the criteria, in a stable order (by id). An answer is never changed
   * afterwards (the gateway keeps rankings per answer); a fresh one is a new array.
   */
  findExits(criteria: ExitCriteria): Promise<Exit[]>;
  /**
   * What `findExits` would answer now, when the answer is at hand without waiting (cached and
   * fresh); null otherwise. Optional: without it every lookup waits for `findExits`.
   */
  recallExits?(criteria: ExitCriteria): readonly Exit[] | null;
  /** Reports a failed dial through an exit (health tracking may mark it unhealthy). */
  reportFailure?(exitId: string, error: Error): void;
}

/** Bytes carried for one proxy since the previous batch. */
export interface UsageDelta {
  proxyId: string;
  /** Client → target bytes. */
  bytesUp: number;
  /** Target → client bytes. */
  bytesDown: number;
  /** Connections (tunnels or forwarded requests) that carried traffic. */
  connections: number;
  /**
   * Of `bytesUp + bytesDown`, the bytes carried on traffic-package credit this process held; the
   * rest was carried on money (`Credit`).
   */
  packageBytes: number;
}

/** Bytes (both directions) and requests a proxy carried to one target domain since the previous batch. */
export interface DomainDelta {
  proxyId: string;
  /** Lower-case host as the client named it, or "(other)" past the gateway's cap (`domain-tally.ts`). */
  domain: string;
  bytes: number;
  /** Tunnels and forwarded requests that carried traffic. */
  requests: number;
}

/** A batch of usage deltas, applied at most once (its id is the idempotency key). */
export interface UsageBatch {
  batchId: string;
  /** When the bytes were carried (the hour bucket they fall into). */
  at: Date;
  deltas: UsageDelta[];
  /** The same bytes per target domain (issue #21); absent or empty when none were tallied. */
  domains?: DomainDelta[];
}

/** Where metered usage goes. */
export interface UsageSink {
  /** Applies a batch; applying the same batch id twice changes nothing. Throws to be retried. */
  flush(batch: UsageBatch): Promise<void>;
}

/** Credit for one owner: traffic-package bytes and micro-PTC of the spendable balance. */
export interface Credit {
  packageBytes: number;
  /** Micro-PTC. */
  money: number;
}

/** What a credit store answers a reservation: what it reserved, or that nothing is left. */
export type CreditAnswer = { ok: true; credit: Credit } | { ok: false; reason: 'no_funds' };

/** A request for more credit (RFC 4006 re-authorisation). */
export interface CreditRequest {
  userId: string;
  /** Bytes of traffic wanted: package bytes first, the rest in money at `pricePerGb`. */
  bytes: number;
  pricePerGb: number;
}

/** A request for more of a sub-user's limits of the period (issue #21), as `CreditRequest` for its owner. */
export interface SubUserCreditRequest {
  subUserId: string;
  /** Bytes of its traffic limit wanted (none are held when it has no traffic limit). */
  bytes: number;
  /** Micro-PTC of its spending limit wanted (none are held when it has no spending limit). */
  money: number;
  /** Its limits and flushed usage as the gateway last read them (a store without its own figures uses them). */
  limits: SubUserLimits;
}

/** What was held of a sub-user's limits: null for a limit it does not have (nothing to hold, no bound). */
export interface SubUserGrant {
  bytes: number | null;
  /** Micro-PTC. */
  money: number | null;
}

/**
 * What a credit store answers a sub-user's request: what it held, or that its limit of the period
 * has nothing left (its traffic limit, or every limit it has; also when it was paused or deleted).
 */
export type SubUserCreditAnswer = { ok: true; grant: SubUserGrant } | { ok: false; reason: 'sub_user_limit' };

/**
 * Where this gateway process holds credit for owners of traffic-billed proxies (DESIGN §4 Credit
 * control): money held out of their spendable balance and traffic-package bytes, consumed as
 * usage is flushed (`UsageDelta.packageBytes` says how). A process's holds expire unless renewed.
 * Sub-users' limits (issue #21) are held the same way, per sub-user and process.
 */
export interface CreditStore {
  /** Holds more credit for an owner; `no_funds` when there is none to hold. Throws to be retried. */
  reserve(request: CreditRequest): Promise<CreditAnswer>;
  /** Gives back all this process holds for these owners (their usage has been flushed). */
  release(userIds: readonly string[]): Promise<void>;
  /**
   * Holds more of a sub-user's limits of the period: at most what is left of each (its limit, less
   * its usage flushed this period, less what every process holds of it). Throws to be retried.
   */
  reserveSubUser(request: SubUserCreditRequest): Promise<SubUserCreditAnswer>;
  /** Gives back all this process holds of these sub-users' limits (their usage has been flushed). */
  releaseSubUsers(subUserIds: readonly string[]): Promise<void>;
  /** Keeps this process's holds alive (they lapse when a holder stops renewing, e.g. after a crash). */
  renew(): Promise<void>;
}

/** One IP allow-list entry (issue #21 item 3): clients from `network` are `proxyId` without credentials. */
export interface AllowListRecord {
  /** Normalised `address/prefix`. */
  network: string;
  proxyId: string;
  /** The proxy's username, by which its credential is looked up. */
  username: string;
  /**
   * Targeting by the gateway port the client connected to (issue #21): port -> username
   * parameters without the base (e.g. `country-us-session-a1`). Any other port: the proxy's own.
   */
  portRules?: Readonly<Record<number, string>>;
}

/** The IP allow-list of every customer, held in memory by each gateway process. */
export interface AllowListStore {
  /** Every entry. Throws to be retried. */
  load(): Promise<AllowListRecord[]>;
  /** Calls `listener` when entries may have changed; answers the unsubscribe function. */
  onChange(listener: () => void): () => void;
}
