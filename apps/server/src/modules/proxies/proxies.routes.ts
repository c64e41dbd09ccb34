import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { exportRoutes } from './export/export.routes';
import { generationRoutes } from './generation/generation.routes';
import { lifecycleRoutes } from './lifecycle/lifecycle.routes';
import { listRoutes } from './list/list.routes';
import { pricingRoutes } from './pricing/pricing.routes';
import { replacementRoutes } from './replacement/replacement.routes';
import { speedTestRoutes } from './speed-test/speed-test.routes';
import { storeRoutes } from './store/store.routes';

/**
 * Proxy products (SPEC §7 "Proxies", without areas and billing), one sub-feature a folder:
 * generation, pricing, the static store, the list and its actions, lifecycle (renewal, expiry),
 * replacement of static addresses, the speed test and export. Every call needs a signed-in customer.
 */
export const proxiesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireUser);
  await app.register(generationRoutes);
  await app.register(pricingRoutes);
  await app.register(storeRoutes);
  await app.register(listRoutes);
  await app.register(lifecycleRoutes);
  await app.register(replacementRoutes);
  await app.register(speedTestRoutes);
  await app.register(exportRoutes);
};
