import type { Database } from '@ptc/db';
import type { FastifyInstance } from 'fastify';
import type { Mailer } from '../../adapters/mail/mailer';
import type { SmsSender } from '../../adapters/sms/sms-sender';
import type { Config } from '../../config';
import type { PaymentProviderSet } from './payment-collectors';

/** What the wallet services work with. */
export interface WalletDeps {
  db: Database;
  config: Config;
  providers: PaymentProviderSet;
  mailer: Mailer;
  sms: SmsSender;
}

/** The wallet services' dependencies, from the application. */
export const walletDeps = (app: FastifyInstance): WalletDeps => ({
  db: app.db,
  config: app.config,
  providers: app.paymentProviders,
  mailer: app.mailer,
  sms: app.sms,
});
