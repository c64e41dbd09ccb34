import { networkInterfaces } from 'node:os';
import { addressKey, parseIp } from './ip-address';

const REFRESH_MS = 30_000;

/** A listening endpoint of the gateway; `host` null means every address (0.0.0.0, ::). */
interface Endpoint {
  key: string | null;
  port: number;
}

/**
 * The gateway's own addresses: those of the host's network interfaces (refreshed every 30 s) and
 * the endpoints it listens on. A client must never reach the gateway or its host through it.
 */
export class OwnAddresses {
  private interfaceKeys = new Set<string>();
  private refreshedAt = Number.NEGATIVE_INFINITY;
  private endpoints: Endpoint[] = [];

  constructor(private readonly now: () => number) {}

  /** Records the bound listeners. */
  setListeners(listeners: readonly { host: string; port: number }[]): void {
    this.endpoints = listeners.map(({ host, port }) => {
      const address = parseIp(host);
      const isWildcard = !address || address.bytes.every((byte) => byte === 0);
      return { key: isWildcard || !address ? null : addressKey(address), port };
    });
  }

  /** Whether an address belongs to this host (an interface or a listening address). */
  isOwnAddress(address: string): boolean {
    const parsed = parseIp(address);
    if (!parsed) return false;
    const key = addressKey(parsed);
    return this.interfaces().has(key) || this.endpoints.some((endpoint) => endpoint.key === key);
  }

  /** Whether address:port is one of the gateway's own listening sockets. */
  isListeningEndpoint(address: string, port: number): boolean {
    const parsed = parseIp(address);
    if (!parsed) return false;
    const key = addressKey(parsed);
    return this.endpoints.some(
      (endpoint) =>
        endpoint.port === port &&
        (endpoint.key === key || (endpoint.key === null && this.isOwnAddress(address))),
    );
  }

  private interfaces(): Set<string> {
    const now = this.now();
    if (now - this.refreshedAt < REFRESH_MS) return this.interfaceKeys;
    const keys = new Set<string>();
    for (const list of Object.values(networkInterfaces())) {
      for (const info of list ?? []) {
        const parsed = parseIp(info.address);
        if (parsed) keys.add(addressKey(parsed));
      }
    }
    this.interfaceKeys = keys;
    this.refreshedAt = now;
    return keys;
  }
}
