import { createGateway } from '../gateway';
import type { BoundListener, Gateway, GatewayOptions, TunnelRelayMode } from '../gateway.types';
import type { Exit, ProxyCredential } from '../ports';
import { makeExit } from './factories';
import {
  MemoryCredentialStore,
  MemoryCreditStore,
  MemoryExitCatalog,
  MemoryUsageSink,
} from './memory-stores';

/** A gateway on a free loopback port with in-memory stores, and handles on all of it. */
export interface TestGateway {
  gateway: Gateway;
  store: MemoryCredentialStore;
  catalog: MemoryExitCatalog;
  sink: MemoryUsageSink;
  /** Credit of the owners (unlimited unless a test sets a user's). */
  credit: MemoryCreditStore;
  /** Port of the first listener. */
  port: number;
  /** Every bound listener. */
  listeners: BoundListener[];
  /** `http://user:pass@127.0.0.1:port` for a credential (username possibly with parameters). */
  proxyUrl(credential: ProxyCredential, username?: string): string;
  close(): Promise<void>;
}

/** Options of a test gateway: the gateway's own, plus the initial credentials and exits. */
export type TestGatewayOptions = Partial<
  Omit<GatewayOptions, 'credentials' | 'exits' | 'usage' | 'credit'>
> & {
  credentials?: ProxyCredential[];
  /** Default: one direct US exit. */
  exits?: Exit[];
};

/**
 * How test gateways relay tunnels unless a test says: `PTC_TEST_RELAY` (the `gateway:stream`
 * test project runs the suite again with `stream`), else `auto` (splice on Linux).
 */
const testRelay = (process.env.PTC_TEST_RELAY ?? 'auto') as TunnelRelayMode;

/**
 * Starts a gateway for tests: listens on 127.0.0.1 (auto protocol), local targets allowed
 * (127.0.0.0/8 and ::1), short flush and enforcement intervals.
 */
export const startTestGateway = async (options: TestGatewayOptions = {}): Promise<TestGateway> => {
  const { credentials = [], exits = [makeExit()], ...gatewayOptions } = options;
  const store = new MemoryCredentialStore(credentials);
  const catalog = new MemoryExitCatalog(exits);
  const credit = new MemoryCreditStore();
  const sink = new MemoryUsageSink((batch) =>
    credit.applyUsage(batch, (proxyId) => store.credentialOf(proxyId)),
  );
  const gateway = createGateway({
    listeners: [{ host: '127.0.0.1', port: 0, protocol: 'auto' }],
    allowPrivateTargets: ['127.0.0.0/8', '::1/128'],
    flushIntervalMs: 200,
    enforcementIntervalMs: 500,
    relay: testRelay,
    ...gatewayOptions,
    credentials: store,
    exits: catalog,
    usage: sink,
    credit,
  });
  const listeners = await gateway.listen();
  const port = listeners[0]?.port ?? 0;
  return {
    gateway,
    store,
    catalog,
    sink,
    credit,
    port,
    listeners,
    proxyUrl: (credential, username = credential.username) =>
      `http://${encodeURIComponent(username)}:${encodeURIComponent(credential.password)}@127.0.0.1:${port}`,
    close: () => gateway.close(),
  };
};
