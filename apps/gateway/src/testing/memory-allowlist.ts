import type { AllowListRecord, AllowListStore, ProxyCredential } from '../ports';

/**
 * An IP allow-list in memory. Changes are silent until `notifyChange` (as a database write is until
 * its NOTIFY), so tests can exercise both the notification and the periodic reload.
 */
export class MemoryAllowListStore implements AllowListStore {
  private records: AllowListRecord[] = [];
  private readonly listeners = new Set<() => void>();
  /** Calls of `load`. */
  loads = 0;
  /** Make `load` fail (a database outage). */
  isFailing = false;

  /** Lists a network for a proxy, with targeting by gateway port if given (no notification). */
  add(network: string, credential: ProxyCredential, portRules?: Record<number, string>): void {
    this.records.push({
      network,
      proxyId: credential.proxyId,
      username: credential.username,
      ...(portRules ? { portRules } : {}),
    });
  }

  /** Removes a network (no notification). */
  remove(network: string): void {
    this.records = this.records.filter((record) => record.network !== network);
  }

  /** Announces a change, as a NOTIFY would. */
  notifyChange(): void {
    for (const listener of this.listeners) listener();
  }

  async load(): Promise<AllowListRecord[]> {
    this.loads += 1;
    if (this.isFailing) throw new Error('allow-list store unavailable');
    return structuredClone(this.records);
  }

  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }
}
