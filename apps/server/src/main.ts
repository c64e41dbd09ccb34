import { fileURLToPath } from 'node:url';
import { openDatabase } from '@ptc/db';
import { buildApp, loggerOptions } from './app';
import { ConfigError, loadConfig } from './config';
import { warnAboutDemoConveniences } from './demo-conveniences';
import { ensureSupply, type RunningGateway, startGateway } from './gateway';
import { maintenanceJobs } from './jobs/maintenance';
import { type Scheduler, startScheduler } from './jobs/scheduler';
import { bootstrapOwner } from './modules/admin/operators/operators.service';
import { supplyJobs } from './modules/admin/supply/supply.jobs';
import { apiKeysJobs } from './modules/api-keys/api-keys.jobs';
import { authDeps } from './modules/auth/auth.deps';
import { authJobs } from './modules/auth/auth.jobs';
import { billingDeps } from './modules/billing/billing.deps';
import { billingJobs } from './modules/billing/billing.jobs';
import { domainUsageJobs } from './modules/domain-usage/domain-usage.jobs';
import { ensurePrices } from './modules/proxies/pricing/prices.service';
import { proxiesDeps } from './modules/proxies/proxies.deps';
import { proxiesJobs } from './modules/proxies/proxies.jobs';
import { trafficDeps } from './modules/traffic/traffic.deps';
import { trafficJobs } from './modules/traffic/traffic.jobs';
import { vmsDeps } from './modules/vms/vms.deps';
import { vmsJobs } from './modules/vms/vms.jobs';
import { walletDeps } from './modules/wallet/wallet.deps';
import { walletJobs } from './modules/wallet/wallet.jobs';

// When bundled, migrations ship next to main.js (see build.mjs).
declare const PTC_BUNDLED_MIGRATIONS: string | undefined;

const SHUTDOWN_TIMEOUT_MS = 10_000;

const start = async () => {
  const config = loadConfig();
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    migrationsFolder:
      typeof PTC_BUNDLED_MIGRATIONS === 'string'
        ? fileURLToPath(new URL(PTC_BUNDLED_MIGRATIONS, import.meta.url))
        : undefined,
    onPoolError: (error) => {
      if (app) app.log.error({ err: error }, 'idle database connection failed');
      else console.error('idle database connection failed:', error);
    },
  });
  app = await buildApp({ config, database, logger: loggerOptions(config) });
  warnAboutDemoConveniences(config, app.log);

  let scheduler: Scheduler | undefined;
  let gateway: RunningGateway | undefined;
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app?.log.info({ signal }, 'shutting down');
    /** The step under way, named in the log when the shutdown runs out of time. */
    let step = 'jobs';
    /** Whether the HTTP server closed (all its connections ended): in 'app', what came after did not. */
    let serverClosed = false;
    app?.server.once('close', () => {
      serverClosed = true;
    });
    const force = setTimeout(() => {
      app?.log.error(
        { step, serverClosed, remoteControlSessions: app?.vms.relay.active },
        'shutdown timed out; exiting',
      );
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS);
    force.unref();
    /** Runs one step of the shutdown, telling the log of a slow one. */
    const timed = async (name: string, work: () => Promise<unknown>) => {
      step = name;
      const started = Date.now();
      await work();
      const tookMs = Date.now() - started;
      if (tookMs > 1_000) app?.log.warn({ step: name, tookMs }, 'slow shutdown step');
    };
    try {
      await timed('jobs', async () => scheduler?.stop());
      // The gateway flushes its last usage while the database is still open.
      await timed('gateway', async () => gateway?.close());
      await timed('app', async () => app?.close());
    } finally {
      await timed('database', () => database.close());
    }
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));

  await ensureSupply(config, database, app.log);
  await ensurePrices(database.db);
  if (await bootstrapOwner(database.db, config.operatorBootstrap)) {
    app.log.warn(
      { email: config.operatorBootstrap?.email },
      'created the first operator (owner) from OPERATOR_BOOTSTRAP_*; remove those variables now',
    );
  }
  await app.listen({ port: config.port, host: config.host });
  if (config.gateway.enabled) gateway = await startGateway(config, database, app.log);
  if (gateway) app.metrics.watchGateway(gateway.gateway);
  scheduler = startScheduler({
    jobs: [
      ...walletJobs(walletDeps(app)),
      ...proxiesJobs(proxiesDeps(app)),
      ...billingJobs(billingDeps(app)),
      ...trafficJobs(trafficDeps(app)),
      ...maintenanceJobs(database),
      ...authJobs(authDeps(app)),
      ...apiKeysJobs(database.db),
      ...supplyJobs(config, database),
      ...vmsJobs(vmsDeps(app)),
      ...domainUsageJobs(database.db, config.domainUsage.retentionDays),
    ],
    isLeader: () => database.tryLeadership(),
    log: app.log,
    onRound: (job, outcome) => app.metrics.jobRuns.inc({ job, outcome }),
  });
  app.log.info(
    {
      url: config.publicUrl,
      database: database.driver,
      dataDir: database.driver === 'pglite' ? config.dataDir : undefined,
    },
    'PTC Proxy Console is running',
  );
};

start().catch((error: unknown) => {
  if (error instanceof ConfigError || (error instanceof Error && error.name === 'DataDirLockedError')) {
    console.error(error.message);
  } else {
    console.error('Failed to start:', error);
  }
  process.exit(1);
});
