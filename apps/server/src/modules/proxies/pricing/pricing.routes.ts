import { envelopeSchema, ok, priceQuerySchema, priceQuoteSchema } from '@ptc/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../../plugins/authentication';
import { proxiesDeps } from '../proxies.deps';
import { presentPtc } from '../proxies.presenter';
import { security, tags } from '../proxies.route-schemas';
import { quotePrice } from './prices.service';

/** The price of a purchase before it is made. */
export const pricingRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = proxiesDeps(app);

  app.get(
    '/proxy/price',
    {
      schema: {
        tags,
        security,
        summary: 'What a purchase costs, before it is made',
        querystring: priceQuerySchema,
        response: { 200: envelopeSchema(priceQuoteSchema) },
      },
    },
    async (request) => {
      const quote = await quotePrice(deps.db, currentUser(request), request.query);
      return ok({ unit_price: presentPtc(quote.price), unit: quote.unit, total: presentPtc(quote.total) });
    },
  );
};
