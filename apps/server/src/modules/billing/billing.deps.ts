import type { DatabaseHandle } from '@ptc/db';
import type { FastifyInstance } from 'fastify';

/** What the billing services work with: the handle (each proxy is settled in its own transaction). */
export interface BillingDeps {
  database: DatabaseHandle;
}

/** The billing services' dependencies, from the application. */
export const billingDeps = (app: FastifyInstance): BillingDeps => ({ database: app.database });
