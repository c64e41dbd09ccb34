import {
  doneResponseSchema,
  envelopeSchema,
  multiline,
  ok,
  proxyListQuerySchema,
  proxyListSchema,
  proxySelectionSchema,
} from '@ptc/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../../plugins/authentication';
import { proxiesDeps } from '../proxies.deps';
import {
  familyParams,
  formOrQuery,
  rowEnvelope,
  security,
  switchValue,
  tags,
  tokenParams,
} from '../proxies.route-schemas';
import {
  deleteExpiredProxies,
  deleteProxy,
  listFamily,
  proxyQrCode,
  REMARK_MAX_LENGTH,
  setRemark,
  switchProxies,
  switchProxy,
  toggleRotation,
} from './actions.service';

/** The proxy list and its actions: switch, delete, rotation, remark, QR code. */
export const listRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = proxiesDeps(app);

  app.get(
    '/proxy/tokens/:generate/:proxy_type',
    {
      schema: {
        tags,
        security,
        summary: 'Proxies of one family, filtered and paged',
        params: familyParams,
        querystring: proxyListQuerySchema,
        response: { 200: envelopeSchema(proxyListSchema) },
      },
    },
    async (request) => ok(await listFamily(deps, currentUser(request), request.params, request.query)),
  );

  app.put(
    '/proxy/token/status/:token_id',
    {
      schema: {
        tags,
        security,
        summary: 'Switch a proxy on (5) or off (6)',
        params: tokenParams,
        querystring: z.object({ switch: switchValue }),
        response: rowEnvelope,
      },
    },
    async (request) =>
      ok(await switchProxy(deps, currentUser(request), request.params.token_id, request.query.switch)),
  );

  app.put(
    '/proxy/token/status/batch/:switch',
    {
      schema: {
        tags,
        security,
        summary: 'Switch the selected proxies on (5) or off (6)',
        params: z.object({ switch: switchValue }),
        body: proxySelectionSchema,
        response: { 200: envelopeSchema(z.object({ updated: z.number().int() })) },
      },
    },
    async (request) =>
      ok(await switchProxies(deps, currentUser(request), request.body.ids, request.params.switch)),
  );

  app.delete(
    '/proxy/token/:token_id',
    {
      schema: {
        tags,
        security,
        summary: 'Delete a proxy (a static address returns to the pool)',
        params: tokenParams,
        response: { 200: envelopeSchema(doneResponseSchema) },
      },
    },
    async (request) => ok(await deleteProxy(deps, currentUser(request), request.params.token_id)),
  );

  app.delete(
    '/proxy/tokens',
    {
      schema: {
        tags,
        security,
        summary: 'Delete the selected proxies, all of them expired (4015 otherwise)',
        body: proxySelectionSchema,
        response: { 200: envelopeSchema(z.object({ deleted: z.number().int() })) },
      },
    },
    async (request) => ok(await deleteExpiredProxies(deps, currentUser(request), request.body.ids)),
  );

  app.put(
    '/proxy/token/rotation/:token_id',
    {
      schema: {
        tags,
        security,
        summary: 'Toggle automatic rotation of a rotating proxy (US and TW only)',
        params: tokenParams,
        response: rowEnvelope,
      },
    },
    async (request) => ok(await toggleRotation(deps, currentUser(request), request.params.token_id)),
  );

  // The console edits a remark in a text area, so it may span lines.
  const remark = multiline(z.string().max(REMARK_MAX_LENGTH));

  app.put(
    '/proxy/token/remark/:token_id',
    {
      schema: {
        tags,
        security,
        summary: 'Set the remark of a proxy (form or query; empty clears it)',
        params: tokenParams,
        querystring: z.object({ remark: remark.optional() }),
        body: z.object({ remark: remark.optional() }).nullish(),
        response: rowEnvelope,
      },
    },
    async (request) => {
      const text = formOrQuery('remark', request.body, request.query);
      return ok(await setRemark(deps, currentUser(request), request.params.token_id, text));
    },
  );

  app.get(
    '/proxy/token/qr_code',
    {
      schema: {
        tags,
        security,
        summary: 'The proxy URL to draw as a QR code',
        querystring: tokenParams,
        response: { 200: envelopeSchema(z.object({ url: z.string() })) },
      },
    },
    async (request) => ok(await proxyQrCode(deps, currentUser(request), request.query.token_id)),
  );
};
