import type { DatabaseHandle } from '@ptc/db';
import type { FastifyInstance } from 'fastify';
import type { Mailer } from '../../adapters/mail/mailer';
import type { Config } from '../../config';

/** What the proxy services work with: the database handle (gateways are notified through it). */
export interface ProxiesDeps {
  database: DatabaseHandle;
  config: Config;
  mailer: Mailer;
}

/** Where customers connect: the gateway's public host and port (`config.gateway`). */
export const gatewayOf = (deps: ProxiesDeps) => ({
  host: deps.config.gateway.publicHost,
  port: deps.config.gateway.port,
});

/** The proxy services' dependencies, from the application. */
export const proxiesDeps = (app: FastifyInstance): ProxiesDeps => ({
  database: app.database,
  config: app.config,
  mailer: app.mailer,
});
