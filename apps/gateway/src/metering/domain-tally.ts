import type { DomainDelta } from '../ports';

/** Where bytes go once a proxy has reached its cap of distinct domains in one flush interval. */
export const OTHER_DOMAIN = '(other)';

/** The longest domain recorded (a DNS name has at most 253 characters; the column stores as much). */
export const MAX_DOMAIN_LENGTH = 253;

/** Bounds of one hour's tally between two flushes. */
export interface DomainTallyLimits {
  /** Distinct domains per proxy; the rest is counted under `OTHER_DOMAIN`. */
  perProxy: number;
  /** Distinct proxy+domain pairs in all; past it, new domains of every proxy count under `OTHER_DOMAIN`. */
  total: number;
}

export const DOMAIN_TALLY_LIMITS: DomainTallyLimits = { perProxy: 1_000, total: 100_000 };

/**
 * The domain a target is recorded under: the host as the client named it (the CONNECT or SOCKS5
 * target, or the host of a forwarded request), lower-case, without a final dot; IP literals as they
 * are (IPv6 without brackets). No payload is looked at. A name longer than the column stores is cut
 * to its last 253 characters (the registrable end is kept). Empty or with control characters: null
 * (not recorded).
 */
export const domainOf = (host: string): string | null => {
  let domain = host.length > 0 && host.charCodeAt(host.length - 1) === 46 ? host.slice(0, -1) : host;
  if (domain.length === 0) return null;
  if (domain.charCodeAt(0) === 91 && domain.charCodeAt(domain.length - 1) === 93) {
    domain = domain.slice(1, -1);
  }
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are refused here
  if (/[\u0000-\u001f\u007f\s]/.test(domain)) return null;
  domain = domain.toLowerCase();
  if (domain.length > MAX_DOMAIN_LENGTH) {
    domain = domain.slice(domain.length - MAX_DOMAIN_LENGTH);
    const dot = domain.indexOf('.');
    // Start at a label; a single label this long is kept cut.
    if (dot > 0 && dot < domain.length - 1) domain = domain.slice(dot + 1);
  }
  return domain;
};

interface Tally {
  bytes: number;
  requests: number;
}

/**
 * Bytes and requests per proxy and target domain for one hour, between two flushes (issue #21
 * item 4). Memory is bounded: at most `perProxy` domains per proxy and `total` in all; what does
 * not fit is counted under "(other)" of its proxy, so the totals stay right.
 */
export class DomainTally {
  private readonly byProxy = new Map<string, Map<string, Tally>>();
  private count = 0;

  constructor(private readonly limits: DomainTallyLimits = DOMAIN_TALLY_LIMITS) {}

  /** Distinct proxy+domain pairs held. */
  get size(): number {
    return this.count;
  }

  add(proxyId: string, domain: string, bytes: number, requests: number): void {
    let domains = this.byProxy.get(proxyId);
    if (!domains) {
      domains = new Map();
      this.byProxy.set(proxyId, domains);
    }
    let tally = domains.get(domain);
    if (!tally) {
      const isFull = domains.size >= this.limits.perProxy || this.count >= this.limits.total;
      if (isFull) {
        tally = domains.get(OTHER_DOMAIN);
        domain = OTHER_DOMAIN;
      }
      if (!tally) {
        tally = { bytes: 0, requests: 0 };
        domains.set(domain, tally);
        this.count += 1;
      }
    }
    tally.bytes += bytes;
    tally.requests += requests;
  }

  /** Everything tallied, one entry per proxy and domain. */
  list(): DomainDelta[] {
    const deltas: DomainDelta[] = [];
    for (const [proxyId, domains] of this.byProxy) {
      for (const [domain, tally] of domains) {
        deltas.push({ proxyId, domain, bytes: tally.bytes, requests: tally.requests });
      }
    }
    return deltas;
  }
}
