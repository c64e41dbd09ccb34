import {
  dynamicCommonRequestSchema,
  dynamicIpByAreaRequestSchema,
  dynamicIpByIpRequestSchema,
  dynamicTrafficRequestSchema,
  envelopeSchema,
  generatedProxiesSchema,
  ok,
  staticIpRequestSchema,
  staticTrafficRequestSchema,
} from '@ptc/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { currentUser } from '../../../plugins/authentication';
import { proxiesDeps } from '../proxies.deps';
import { security, tags } from '../proxies.route-schemas';
import {
  type GenerationPlan,
  planDynamicCommon,
  planDynamicIpByArea,
  planDynamicIpByIp,
  planDynamicTraffic,
  planStaticIp,
  planStaticTraffic,
} from './generation.plans';
import { generateProxies, presentGenerated } from './generation.service';

/** Generation of the four families (SPEC §7 "Proxies": POST /proxy/proxy/…). */
export const generationRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = proxiesDeps(app);

  const generation = <S extends z.ZodType>(
    path: string,
    summary: string,
    body: S,
    plan: (input: z.output<S>) => GenerationPlan,
  ) =>
    app.post(
      path,
      {
        schema: { tags, security, summary, body, response: { 200: envelopeSchema(generatedProxiesSchema) } },
      },
      async (request: FastifyRequest) => {
        const now = new Date();
        const generated = await generateProxies(
          deps,
          currentUser(request),
          plan(request.body as z.output<S>),
          now,
        );
        return ok(await presentGenerated(deps, generated, now));
      },
    );

  generation(
    '/proxy/proxy/dynamic/common/traffic',
    'Generate universal rotating proxies paid by traffic (country or state/city precision)',
    dynamicCommonRequestSchema,
    planDynamicCommon,
  );

  generation(
    '/proxy/proxy/dynamic/traffic',
    'Generate regional rotating proxies paid by traffic (route type premier: lines 1–2, budget: lines 3–4; optional rotation in US/TW)',
    dynamicTrafficRequestSchema,
    planDynamicTraffic,
  );

  generation(
    '/proxy/proxy/dynamic/ip/by_ip',
    'Generate rotating proxies paid by IP near an address pattern (0.15 PTC each, valid 24 h)',
    dynamicIpByIpRequestSchema,
    planDynamicIpByIp,
  );

  generation(
    '/proxy/proxy/dynamic/ip/by_area',
    'Generate rotating proxies paid by IP in an area (0.15 PTC each, valid 24 h)',
    dynamicIpByAreaRequestSchema,
    planDynamicIpByArea,
  );

  generation(
    '/proxy/proxy/static/traffic',
    'Generate static proxies paid by traffic (one leased address each)',
    staticTrafficRequestSchema,
    planStaticTraffic,
  );

  generation(
    '/proxy/proxy/static/ip',
    'Buy static IP proxies for 1 or 30 days (chosen addresses or any in the area)',
    staticIpRequestSchema,
    planStaticIp,
  );
};
