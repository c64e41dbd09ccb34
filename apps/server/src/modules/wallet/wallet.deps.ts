import type { FastifyInstance } from 'fastify';
import type { WalletDeps } from './orders.service';

/** The wallet services' dependencies, from the application. */
export const walletDeps = (app: FastifyInstance): WalletDeps => ({
  db: app.db,
  config: app.config,
  gateways: app.paymentGateways,
  mailer: app.mailer,
  sms: app.sms,
});
