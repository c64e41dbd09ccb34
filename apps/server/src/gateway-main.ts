import cluster from 'node:cluster';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '@ptc/db';
import pino from 'pino';
import { ConfigError, loadConfig } from './config';
import { ensureSupply, startGateway } from './gateway';

// When bundled, migrations ship next to this file (see build.mjs).
declare const PTC_BUNDLED_MIGRATIONS: string | undefined;

const SHUTDOWN_TIMEOUT_MS = 15_000;

/**
 * `npm run gateway`: the proxy gateway alone, for gateway hosts of a scaled deployment (DESIGN
 * §2). It shares the API's database; in production one worker per core (GATEWAY_WORKERS).
 */
const openConfiguredDatabase = (config: ReturnType<typeof loadConfig>, log: pino.Logger) =>
  openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    migrationsFolder:
      typeof PTC_BUNDLED_MIGRATIONS === 'string'
        ? fileURLToPath(new URL(PTC_BUNDLED_MIGRATIONS, import.meta.url))
        : undefined,
    poolSize: 5,
    onPoolError: (error) => log.error({ err: error }, 'idle database connection failed'),
  });

const run = async () => {
  const config = loadConfig();
  const log = pino({ level: config.logLevel, base: { role: 'gateway', pid: process.pid } });
  if (cluster.isPrimary && config.gateway.workers > 1) {
    // The primary migrates and seeds once, then leaves the database to its workers.
    const database = await openConfiguredDatabase(config, log);
    try {
      await ensureSupply(config, database, log);
    } finally {
      await database.close();
    }
    log.info({ workers: config.gateway.workers }, 'starting gateway workers');
    for (let i = 0; i < config.gateway.workers; i += 1) cluster.fork();
    let stopping = false;
    cluster.on('exit', (worker, code) => {
      if (stopping) return;
      log.error({ worker: worker.process.pid, code }, 'gateway worker died; starting another');
      cluster.fork();
    });
    for (const signal of ['SIGINT', 'SIGTERM'] as const) {
      process.once(signal, () => {
        stopping = true;
        for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
      });
    }
    return;
  }
  const database = await openConfiguredDatabase(config, log);
  if (cluster.isPrimary) await ensureSupply(config, database, log);
  const gateway = await startGateway(config, database, log);
  const stop = async (signal: string) => {
    log.info({ signal }, 'gateway shutting down');
    setTimeout(() => process.exit(1), SHUTDOWN_TIMEOUT_MS).unref();
    try {
      await gateway.close();
    } finally {
      await database.close();
    }
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
};

run().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
