import { type DatabaseHandle, seedDemoSupply } from '@ptc/db';
import { createGateway, type Gateway } from '@ptc/gateway';
import { createDbGatewayStores } from '@ptc/gateway/store';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import { tuneGarbageCollection } from './gc-tuning';

/** A running gateway and what it holds open. */
export interface RunningGateway {
  gateway: Gateway;
  addresses: { host: string; port: number; protocol: string }[];
  /** Stops accepting, ends connections, flushes the last usage, and closes the stores. */
  close(): Promise<void>;
}

/** The demo supply (labelled as such) when there is no supply yet and the configuration wants it. */
export const ensureSupply = async (config: Config, database: DatabaseHandle, log: FastifyBaseLogger) => {
  if (!config.demoSupply) return;
  const added = await seedDemoSupply(database.db);
  if (added > 0) log.info({ exits: added }, 'seeded the demo supply (direct exits, labelled demo)');
};

/** Starts the proxy gateway (DESIGN §6) on the database's credentials, exits and usage. */
export const startGateway = async (
  config: Config,
  database: DatabaseHandle,
  log: FastifyBaseLogger,
): Promise<RunningGateway> => {
  tuneGarbageCollection();
  // This process's credit holds are consumed by its own usage flushes (DESIGN §4 Credit control).
  const stores = createDbGatewayStores(database, { creditTtlMs: config.gateway.creditTtlMs });
  const gateway = createGateway({
    ...stores,
    listeners: [
      { host: config.gateway.host, port: config.gateway.port, protocol: 'auto' },
      ...config.gateway.listeners.map((listener) => ({ host: config.gateway.host, ...listener })),
      ...config.gateway.targetPorts.map((port) => ({
        host: config.gateway.host,
        port,
        protocol: 'auto' as const,
      })),
    ],
    allowedPorts: config.gateway.allowedPorts,
    allowPrivateTargets: config.gateway.allowPrivateTargets,
    limits: {
      maxConnections: config.gateway.maxConnections,
      maxConnectionsPerProxy: config.gateway.maxConnectionsPerProxy,
    },
    relay: config.gateway.relay,
    flushIntervalMs: config.gateway.flushIntervalMs,
    log,
  });
  const addresses = await gateway.listen();
  log.info({ listeners: addresses, relay: gateway.stats().relay }, 'proxy gateway listening');
  return {
    gateway,
    addresses,
    close: async () => {
      await gateway.close();
      await stores.credentials.close();
      await stores.allowList.close();
    },
  };
};
