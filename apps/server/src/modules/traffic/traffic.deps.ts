import type { FastifyInstance } from 'fastify';
import type { TrafficDeps } from './traffic.service';

/** The traffic services' dependencies, from the application. */
export const trafficDeps = (app: FastifyInstance): TrafficDeps => ({
  db: app.db,
  mailer: app.mailer,
  sms: app.sms,
});
