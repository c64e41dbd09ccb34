import {
  areaListSchema,
  areaQuerySchema,
  envelopeSchema,
  ipPrefixListSchema,
  ipPrefixQuerySchema,
  ok,
} from '@ptc/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AreaLevel } from './areas.repository';
import { createAreaCatalog } from './areas.service';

const tags = ['Areas'];
const security = [{ session: [] }];

/** `GET /proxy/area/*` of SPEC §7: countries, states and cities where proxies are available. */
export const areasRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireUser);
  const catalog = createAreaCatalog(app.db);

  for (const [path, level] of [
    ['/proxy/area/countries', 'country'],
    ['/proxy/area/states', 'state'],
    ['/proxy/area/cities', 'city'],
  ] as const satisfies readonly (readonly [string, AreaLevel])[]) {
    app.get(
      path,
      {
        schema: {
          tags,
          security,
          summary: `${level === 'city' ? 'Cities' : level === 'state' ? 'States' : 'Countries'} with available supply for a use`,
          querystring: areaQuerySchema,
          response: { 200: envelopeSchema(areaListSchema) },
        },
      },
      async (request) => ok(await catalog.list(level, request.query)),
    );
  }

  app.get(
    '/proxy/area/ip_prefixes',
    {
      schema: {
        tags,
        security,
        summary: 'Address prefixes (a.b.c.*) that generation by IP can find, in an area',
        querystring: ipPrefixQuerySchema,
        response: { 200: envelopeSchema(ipPrefixListSchema) },
      },
    },
    async (request) => ok(await catalog.ipPrefixes(request.query)),
  );
};
