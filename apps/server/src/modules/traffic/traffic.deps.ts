import type { Database, DatabaseHandle } from '@ptc/db';
import type { FastifyInstance } from 'fastify';
import type { Mailer } from '../../adapters/mail/mailer';
import type { SmsSender } from '../../adapters/sms/sms-sender';

/** What the traffic services work with. */
export interface TrafficDeps {
  db: Database;
  /** The handle, for jobs that run their own transactions (rotation). */
  database: DatabaseHandle;
  mailer: Mailer;
  sms: SmsSender;
}

/** The traffic services' dependencies, from the application. */
export const trafficDeps = (app: FastifyInstance): TrafficDeps => ({
  db: app.db,
  database: app.database,
  mailer: app.mailer,
  sms: app.sms,
});
