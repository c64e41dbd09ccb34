import type { Database } from '@ptc/db';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { DesktopProvider } from '../../adapters/desktops';
import type { Mailer } from '../../adapters/mail/mailer';
import type { Config } from '../../config';

/**
 * Work a request starts and answers before it ends (creating, starting, stopping, restarting a
 * PC). Kept so the app's close waits for it, and tests can wait until it is all done.
 */
export class BackgroundWork {
  private readonly running = new Set<Promise<void>>();

  constructor(private readonly log: FastifyBaseLogger) {}

  /** Runs `work` without waiting for it; its failure is logged (it settles its own state). */
  start(label: string, work: () => Promise<void>) {
    const task = work().catch((error: unknown) => {
      this.log.error({ err: error, work: label }, 'remote PC background work failed');
    });
    this.running.add(task);
    void task.finally(() => this.running.delete(task));
  }

  /** Resolves once nothing is running (work started meanwhile included). */
  async idle() {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }
}

/** What the remote-PC services work with. */
export interface VmsDeps {
  db: Database;
  config: Config;
  mailer: Mailer;
  provider: DesktopProvider;
  work: BackgroundWork;
  log: FastifyBaseLogger;
}

/** The remote-PC services' dependencies, from the application (its `vms` runtime). */
export const vmsDeps = (app: FastifyInstance): VmsDeps => ({
  db: app.db,
  config: app.config,
  mailer: app.mailer,
  provider: app.vms.provider,
  work: app.vms.work,
  log: app.log,
});

/**
 * Where the PCs' browsers reach our gateway: the address the gateway listens on, as this host
 * reaches it (a wildcard listen address is reached on loopback).
 */
export const gatewayForDesktops = (config: Config) => {
  const host = config.gateway.host;
  return {
    host: host === '0.0.0.0' || host === '::' || host === '[::]' ? '127.0.0.1' : host,
    port: config.gateway.port,
  };
};

/** Where customers reach the gateway (what the proxy's address shows): `config.gateway`'s public host. */
export const publicGatewayOf = (deps: Pick<VmsDeps, 'config'>) => ({
  host: deps.config.gateway.publicHost,
  port: deps.config.gateway.port,
});
