import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import type { Resolver } from '../gateway.types';
import { Refusal } from '../refusals';
import { type IpNetwork, isInNetwork, parseCidr, parseIp, unmapIpv4 } from './ip-address';
import { OwnAddresses } from './own-addresses';
import { classifyAddress } from './ssrf-ranges';

/** Destination ports allowed unless configured otherwise. */
export const DEFAULT_ALLOWED_PORTS: readonly number[] = [80, 443, 8080, 8443];

/** Mail submission and relay: never reachable, whatever the configuration (spam). */
export const SMTP_PORTS: readonly number[] = [25, 465, 587];

/** How long a verdict on an IP literal is reused, and how many are kept. */
const LITERAL_VERDICT_MS = 1_000;
const MAX_LITERAL_VERDICTS = 10_000;

/** Resolves with the operating system's resolver (hosts file included), every address. */
export const resolveWithLookup: Resolver = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address);

/** A destination that passed the guard: dial one of `addresses`, never `host` again. */
export interface VettedTarget {
  /** As the client named it (a host name or an IP literal, without brackets). */
  host: string;
  port: number;
  /** Every address of the host, all vetted; IPv4 first. */
  addresses: string[];
}

/** Options of the target guard. */
export interface TargetGuardOptions {
  allowedPorts: readonly number[];
  /** TEST ONLY: networks exempt from the forbidden ranges and from the port allow-list. */
  allowPrivateTargets: readonly string[];
  resolve: Resolver;
  /** How long name resolution may take. */
  resolveTimeoutMs: number;
  ownAddresses: OwnAddresses;
}

const HOSTNAME = /^[A-Za-z0-9_](?:[A-Za-z0-9_.-]{0,251}[A-Za-z0-9_.])?$/;

/** Whether text is a syntactically acceptable host name (no spaces, no control characters). */
export const isValidHostname = (host: string): boolean => HOSTNAME.test(host) && !host.includes('..');

/**
 * The SSRF guard: resolves a destination once and refuses it when any of its addresses is in a
 * forbidden range or belongs to the gateway's host, or when its port is not allowed. The caller
 * dials only the vetted addresses it answers.
 */
export class TargetGuard {
  private readonly exemptNetworks: IpNetwork[];
  private readonly allowedPorts: ReadonlySet<number>;
  /** Recent verdicts on IP literals (no name resolution involved), by host, then port. */
  private readonly literals = new Map<string, Map<number, { target: VettedTarget; at: number }>>();
  private literalCount = 0;

  constructor(private readonly options: TargetGuardOptions) {
    this.exemptNetworks = options.allowPrivateTargets.map(parseCidr);
    this.allowedPorts = new Set(options.allowedPorts);
  }

  /**
   * The vetted target of an IP literal that passed a moment ago, without waiting; null when it
   * must go through `vet`. The verdict on an IP literal depends only on the configuration and the
   * host's own addresses (re-read every 30 s anyway), so it holds for a short while.
   */
  recall(host: string, port: number): VettedTarget | null {
    const recent = this.literals.get(host)?.get(port);
    if (!recent) return null;
    return performance.now() - recent.at < LITERAL_VERDICT_MS ? recent.target : null;
  }

  /** The vetted addresses of host:port; throws a `Refusal` when it may not be reached. */
  async vet(host: string, port: number): Promise<VettedTarget> {
    const recalled = this.recall(host, port);
    if (recalled) return recalled;
    const target = await this.vetNow(host, port);
    if (isIP(host)) this.rememberLiteral(host, port, target);
    return target;
  }

  private rememberLiteral(host: string, port: number, target: VettedTarget): void {
    if (this.literalCount >= MAX_LITERAL_VERDICTS) {
      this.literals.clear();
      this.literalCount = 0;
    }
    let ports = this.literals.get(host);
    if (!ports) {
      ports = new Map();
      this.literals.set(host, ports);
    }
    if (!ports.has(port)) this.literalCount += 1;
    ports.set(port, { target, at: performance.now() });
  }

  private async vetNow(host: string, port: number): Promise<VettedTarget> {
    if (!Number.isInteger(port) || port < 1 || port > 65_535) {
      throw new Refusal('bad_request', `bad destination port ${port}`);
    }
    if (SMTP_PORTS.includes(port)) {
      throw new Refusal('forbidden_target', `destination port ${port} (mail) is never allowed`);
    }
    const isPortAllowed = this.allowedPorts.has(port);
    if (!isPortAllowed && this.exemptNetworks.length === 0) throw this.portRefusal(port);
    const addresses = await this.resolve(host);
    let isEveryAddressExempt = true;
    for (const address of addresses) {
      const problem = this.problemWith(address, port);
      if (problem === 'exempt') continue;
      isEveryAddressExempt = false;
      if (problem) {
        const subject = isIP(host) ? address : `${host} (${address})`;
        throw new Refusal('forbidden_target', `destination ${subject} is not allowed: ${problem}`);
      }
    }
    if (!isPortAllowed && !isEveryAddressExempt) throw this.portRefusal(port);
    return { host, port, addresses };
  }

  /** 'exempt' for an allow-listed address, a reason to refuse, or null for a public address. */
  private problemWith(address: string, port: number): string | null {
    const { ownAddresses } = this.options;
    if (ownAddresses.isListeningEndpoint(address, port)) return 'the gateway itself';
    const parsed = parseIp(address);
    if (!parsed) return 'not an IP address';
    const plain = unmapIpv4(parsed) ?? parsed;
    if (this.exemptNetworks.some((network) => isInNetwork(plain, network) || isInNetwork(parsed, network))) {
      return 'exempt';
    }
    const range = classifyAddress(parsed);
    if (range) return range;
    if (ownAddresses.isOwnAddress(address)) return 'an address of the gateway host';
    return null;
  }

  private portRefusal(port: number): Refusal {
    const allowed = [...this.allowedPorts].join(', ');
    return new Refusal('forbidden_target', `destination port ${port} is not allowed (allowed: ${allowed})`);
  }

  private async resolve(host: string): Promise<string[]> {
    if (isIP(host)) return [host];
    if (!isValidHostname(host)) throw new Refusal('bad_request', 'malformed destination host name');
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('timeout')), this.options.resolveTimeoutMs);
    });
    let addresses: string[];
    try {
      addresses = await Promise.race([this.options.resolve(host), timeout]);
    } catch (error) {
      const reason = (error as Error).message === 'timeout' ? 'timed out' : 'failed';
      throw new Refusal('target_unreachable', `cannot resolve ${host}: name resolution ${reason}`);
    } finally {
      clearTimeout(timer);
    }
    const cleaned = addresses.map((address) => address.split('%')[0] ?? address);
    if (cleaned.length === 0) throw new Refusal('target_unreachable', `cannot resolve ${host}: no address`);
    return [...cleaned.filter((a) => isIP(a) === 4), ...cleaned.filter((a) => isIP(a) !== 4)];
  }
}

/**
 * A target guard with defaults, for use outside the gateway (tools, benchmarks): the default
 * ports, no exempt networks, the system resolver, and the given listening endpoints as the
 * gateway's own besides this host's interfaces.
 */
export const createTargetGuard = (
  options: Partial<Omit<TargetGuardOptions, 'ownAddresses'>> & {
    listeners?: { host: string; port: number }[];
  } = {},
): TargetGuard => {
  const ownAddresses = new OwnAddresses(Date.now);
  ownAddresses.setListeners(options.listeners ?? []);
  return new TargetGuard({
    allowedPorts: options.allowedPorts ?? DEFAULT_ALLOWED_PORTS,
    allowPrivateTargets: options.allowPrivateTargets ?? [],
    resolve: options.resolve ?? resolveWithLookup,
    resolveTimeoutMs: options.resolveTimeoutMs ?? 10_000,
    ownAddresses,
  });
};
