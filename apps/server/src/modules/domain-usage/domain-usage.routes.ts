import {
  domainUsageQuerySchema,
  domainUsageSchema,
  domainUsageSettingBodySchema,
  domainUsageSettingSchema,
  envelopeSchema,
  ok,
} from '@ptc/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/authentication';
import { security, tokenParams } from '../proxies/proxies.route-schemas';
import {
  customerDomainUsage,
  proxyDomainUsage,
  readDomainUsageSetting,
  writeDomainUsageSetting,
} from './domain-usage.service';

const tags = ['Domain usage'];

/**
 * Per-domain usage (issue #21, README "Per-domain usage"): the customer's top target domains over
 * every proxy and per proxy, and the switch that stops collection.
 */
export const domainUsageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireUser);
  const retentionDays = app.config.domainUsage.retentionDays;

  app.get(
    '/proxy/domain_usage',
    {
      schema: {
        tags,
        security,
        summary: 'Top target domains of all your proxies by bytes or requests',
        querystring: domainUsageQuerySchema,
        response: { 200: envelopeSchema(domainUsageSchema) },
      },
    },
    async (request) => ok(await customerDomainUsage(app.db, currentUser(request).id, request.query)),
  );

  app.get(
    '/proxy/token/domain_usage/:token_id',
    {
      schema: {
        tags,
        security,
        summary: 'Top target domains of one proxy by bytes or requests',
        params: tokenParams,
        querystring: domainUsageQuerySchema,
        response: { 200: envelopeSchema(domainUsageSchema) },
      },
    },
    async (request) =>
      ok(await proxyDomainUsage(app.db, currentUser(request).id, request.params.token_id, request.query)),
  );

  app.get(
    '/user/domain_usage',
    {
      schema: {
        tags,
        security,
        summary: 'Whether per-domain usage is collected, and how long it is kept',
        response: { 200: envelopeSchema(domainUsageSettingSchema) },
      },
    },
    async (request) => ok(await readDomainUsageSetting(app.db, currentUser(request).id, retentionDays)),
  );

  app.put(
    '/user/domain_usage',
    {
      schema: {
        tags,
        security,
        summary: 'Switch per-domain usage collection on or off (off may delete what is kept)',
        body: domainUsageSettingBodySchema,
        response: { 200: envelopeSchema(domainUsageSettingSchema) },
      },
    },
    async (request) =>
      ok(await writeDomainUsageSetting(app.db, currentUser(request).id, request.body, retentionDays)),
  );
};
