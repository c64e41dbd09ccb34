import { createHash, timingSafeEqual } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { AreaCriteria, ProxyCredential } from '../ports';
import { Refusal } from '../refusals';
import type { AuthThrottle } from './auth-throttle';
import type { CredentialCache } from './credential-cache';
import { narrowArea, parseUsername, type UsernameParams } from './username-params';

/** A username and password as the client sent them. */
export interface SuppliedCredentials {
  username: string;
  password: string;
}

/** A client that proved who it is. */
export interface AuthenticatedClient {
  credential: ProxyCredential;
  params: UsernameParams;
  /** The purchased area narrowed by the username parameters. */
  area: AreaCriteria;
  /** The source address of a client admitted by the IP allow-list, without credentials (issue #21). */
  allowListedFrom?: string;
}

/** Reads `Proxy-Authorization: Basic …`; null when absent or not Basic. */
export const parseBasicAuthorization = (header: string | undefined): SuppliedCredentials | null => {
  if (!header) return null;
  const match = /^\s*basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header);
  if (!match?.[1]) return null;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return null;
  return { username: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
};

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Compares two passwords in time independent of where they differ (and of their lengths). */
export const isSamePassword = (supplied: string, expected: string): boolean =>
  timingSafeEqual(digest(supplied), digest(expected));

/** A successful authentication, reused while its credential is the one cached. */
interface Proven {
  base: string;
  client: AuthenticatedClient;
}

/** Successful authentications remembered (each connection and request presents its credentials again). */
const MAX_PROVEN = 10_000;

const remember = (map: Map<string, Proven>, key: string, proven: Proven) => {
  if (map.size >= MAX_PROVEN) {
    const oldest = map.keys().next();
    if (!oldest.done) map.delete(oldest.value);
  }
  map.set(key, proven);
};

/**
 * Checks credentials against the cached credential store. Every refusal is a `Refusal`; failures
 * from one source beyond the throttle's allowance are answered only after its delay.
 *
 * A success is remembered by the exact username and password presented, for as long as the
 * credential cache holds the same credential (its TTL, or until invalidated): presenting them
 * again skips parsing the username, the password comparison and the area narrowing.
 */
export class Authenticator {
  /** By `username\0password`. */
  private readonly proven = new Map<string, Proven>();
  /** By the exact `Proxy-Authorization` value (HTTP clients repeat it on every request). */
  private readonly provenHeaders = new Map<string, Proven>();

  constructor(
    private readonly cache: CredentialCache,
    private readonly throttle: AuthThrottle,
  ) {}

  /** The client behind the credentials; throws a `Refusal` when they do not authenticate. */
  async authenticate(supplied: SuppliedCredentials | null, source: string): Promise<AuthenticatedClient> {
    return (await this.prove(supplied, source)).client;
  }

  /**
   * The client of a `Proxy-Authorization` value that authenticated moments ago, without waiting;
   * null when it must go through `authenticateHeader`.
   */
  recallHeader(header: string | undefined): AuthenticatedClient | null {
    return header === undefined ? null : this.recall(this.provenHeaders, header);
  }

  /**
   * The client behind a username and password that authenticated moments ago, without waiting;
   * null when they must go through `authenticate`.
   */
  recallCredentials(supplied: SuppliedCredentials): AuthenticatedClient | null {
    return this.recall(this.proven, `${supplied.username}\u0000${supplied.password}`);
  }

  /** The client behind a `Proxy-Authorization` value (Basic); throws a `Refusal` otherwise. */
  async authenticateHeader(header: string | undefined, source: string): Promise<AuthenticatedClient> {
    const proven = await this.prove(parseBasicAuthorization(header), source);
    if (header !== undefined) remember(this.provenHeaders, header, proven);
    return proven.client;
  }

  private async prove(supplied: SuppliedCredentials | null, source: string): Promise<Proven> {
    if (!supplied) throw new Refusal('auth_required', 'proxy authentication required');
    const key = `${supplied.username}\u0000${supplied.password}`;
    const hit = this.proven.get(key);
    if (hit && this.recall(this.proven, key)) return hit;
    const proven = await this.check(supplied, source);
    remember(this.proven, key, proven);
    return proven;
  }

  private async check(supplied: SuppliedCredentials, source: string): Promise<Proven> {
    const parsed = parseUsername(supplied.username);
    if (!parsed.ok) return this.fail(source, new Refusal('bad_username', `bad username: ${parsed.problem}`));
    let credential: ProxyCredential | null;
    try {
      credential = await this.cache.find(parsed.base);
    } catch {
      throw new Refusal('store_unavailable', 'credentials cannot be checked right now, retry shortly');
    }
    if (!credential || !isSamePassword(supplied.password, credential.password)) {
      return this.fail(source, new Refusal('auth_required', 'wrong username or password'));
    }
    const narrowed = narrowArea(credential.area, parsed.params);
    if (!narrowed.ok) return this.fail(source, new Refusal('area_not_allowed', narrowed.problem));
    return { base: parsed.base, client: { credential, params: parsed.params, area: narrowed.area } };
  }

  /** Forgets cached credentials of a proxy (null: all). */
  invalidate(proxyId: string | null): void {
    this.cache.invalidate(proxyId);
    // Remembered successes of the proxy no longer match a cached credential; drop them all now
    // rather than one by one as they are presented (invalidations are rare).
    this.proven.clear();
    this.provenHeaders.clear();
  }

  private recall(map: Map<string, Proven>, key: string): AuthenticatedClient | null {
    const hit = map.get(key);
    if (!hit) return null;
    if (this.cache.isCurrent(hit.base, hit.client.credential)) return hit.client;
    map.delete(key);
    return null;
  }

  private async fail(source: string, refusal: Refusal): Promise<never> {
    const delay = this.throttle.recordFailure(source);
    if (delay > 0) await sleep(delay, undefined, { ref: false });
    throw refusal;
  }
}
