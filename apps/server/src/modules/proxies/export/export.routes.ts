import { envelopeSchema, ok, proxyExportRequestSchema, proxyExportSchema } from '@ptc/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../../plugins/authentication';
import { proxiesDeps } from '../proxies.deps';
import { familyParams, security, tags } from '../proxies.route-schemas';
import { downloadExport, exportProxies } from './export.service';

/** Export of proxies to csv, xls and xlsx, and the download of the file. */
export const exportRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = proxiesDeps(app);

  app.post(
    '/proxy/output/tokens/:generate/:proxy_type',
    {
      schema: {
        tags,
        security,
        summary: 'Export selected proxies or a creation range (csv, xls, xlsx; at most 5000)',
        params: familyParams,
        body: proxyExportRequestSchema,
        response: { 200: envelopeSchema(proxyExportSchema) },
      },
    },
    async (request) => ok(await exportProxies(deps, currentUser(request), request.params, request.body)),
  );

  app.get(
    '/proxy/output/files/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Download an export file (once, within an hour)',
        params: z.object({ id: z.string().min(1).max(64) }),
      },
    },
    async (request, reply) => {
      const file = await downloadExport(deps, currentUser(request), request.params.id);
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'no-store')
        .send(file.content);
    },
  );
};
