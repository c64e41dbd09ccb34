import {
  adminVmCatalogueSchema,
  adminVmConfigurationChangesSchema,
  adminVmConfigurationSchema,
  envelopeSchema,
  ok,
} from '@ptc/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentOperator, requireOperator } from '../operator-guard';
import { describeVmCatalogue, editVmConfiguration } from './vm-catalogue.service';

const tags = ['Operator: catalogue'];
const security = [{ operatorSession: [] }];

/**
 * Remote PC configurations as operators run them (issue #19): every operator reads them with the
 * host's capacity (environment settings, read-only); owner and finance change prices, limits and
 * whether a configuration is offered, as with the rest of the catalogue, each change audited.
 */
export const vmCatalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  const readers: FastifyPluginAsyncZod = async (scope) => {
    scope.addHook('onRequest', requireOperator('owner', 'finance', 'support'));
    scope.get(
      '/admin/vm/configurations',
      {
        schema: {
          tags,
          security,
          summary:
            'Every remote PC configuration with its limits, prices and PCs held, and the host capacity as configured',
          response: { 200: envelopeSchema(adminVmCatalogueSchema) },
        },
      },
      async () =>
        ok(await describeVmCatalogue({ db: app.db, config: app.config, provider: app.vms.provider })),
    );
  };

  const editors: FastifyPluginAsyncZod = async (scope) => {
    scope.addHook('onRequest', requireOperator('owner', 'finance'));
    scope.patch(
      '/admin/vm/configurations/:id',
      {
        schema: {
          tags,
          security,
          summary:
            "Change a remote PC configuration's prices, limits or whether it is offered; prices apply to later purchases and renewals, limits to the next start (owner, finance)",
          params: z.object({ id: z.string().min(1).max(20) }),
          body: adminVmConfigurationChangesSchema,
          response: { 200: envelopeSchema(adminVmConfigurationSchema) },
        },
      },
      async (request) =>
        ok(
          await editVmConfiguration(app.db, request.params.id, request.body, {
            operator: currentOperator(request),
            clientIp: request.ip,
          }),
        ),
    );
  };

  await app.register(readers);
  await app.register(editors);
};
