import type { Database, DatabaseHandle } from '@ptc/db';
import type { FastifyInstance } from 'fastify';
import type { Mailer } from '../../adapters/mail/mailer';
import type { Config } from '../../config';
import { preferredGatewayHost } from '../help/gateway-hosts.service';

/** What the proxy services work with. */
export interface ProxiesDeps {
  db: Database;
  /** The handle: gateways are told of changes through it (LISTEN/NOTIFY or in-process). */
  database: DatabaseHandle;
  config: Config;
  mailer: Mailer;
}

/** Where customers connect: the gateway's public host and port (`config.gateway`). */
export const gatewayOf = (deps: ProxiesDeps) => ({
  host: deps.config.gateway.publicHost,
  port: deps.config.gateway.port,
});

/**
 * Where one customer connects: their preferred gateway host (`PUT /proxy/proxy/host`, one the
 * operator lists), else the default. What the customer's connection details show.
 */
export const gatewayFor = async (deps: ProxiesDeps, userId: bigint) => ({
  host: (await preferredGatewayHost(deps.db, deps.config.gateway, userId)) ?? deps.config.gateway.publicHost,
  port: deps.config.gateway.port,
});

/** The proxy services' dependencies, from the application. */
export const proxiesDeps = (app: FastifyInstance): ProxiesDeps => ({
  db: app.db,
  database: app.database,
  config: app.config,
  mailer: app.mailer,
});
