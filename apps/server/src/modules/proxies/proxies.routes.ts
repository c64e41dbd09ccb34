import {
  AppError,
  doneResponseSchema,
  dynamicCommonRequestSchema,
  dynamicIpByAreaRequestSchema,
  dynamicIpByIpRequestSchema,
  dynamicTrafficRequestSchema,
  envelopeSchema,
  GENERATES,
  generatedProxiesSchema,
  multiline,
  ok,
  PROXY_TYPES,
  priceQuerySchema,
  priceQuoteSchema,
  proxyExportRequestSchema,
  proxyExportSchema,
  proxyIdSchema,
  proxyListQuerySchema,
  proxyListSchema,
  proxyRowSchema,
  proxySelectionSchema,
  speedTestRequestSchema,
  speedTestSchema,
  staticIpRequestSchema,
  staticStoreItemSchema,
  staticStoreQuerySchema,
  staticTrafficRequestSchema,
} from '@ptc/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../plugins/authentication';
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
import { quotePrice } from './prices.service';
import { proxiesDeps } from './proxies.deps';
import { presentPtc } from './proxies.presenter';
import {
  deleteExpiredProxies,
  deleteProxy,
  listFamily,
  proxyQrCode,
  REMARK_MAX_LENGTH,
  renewProxy,
  setAutoRenew,
  setRemark,
  switchProxies,
  switchProxy,
  toggleRotation,
} from './proxy-actions.service';
import { downloadExport, exportProxies } from './proxy-export.service';
import { runSpeedTest } from './speed-test.service';
import { searchStaticStore } from './static-store.service';

const tags = ['Proxies'];
const security = [{ session: [] }];

const tokenParams = z.object({ token_id: proxyIdSchema });
const familyParams = z.object({ generate: z.enum(GENERATES), proxy_type: z.enum(PROXY_TYPES) });
const switchValue = z.coerce.number().pipe(z.union([z.literal(5), z.literal(6)]));
const flag = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0', 'on', 'off'])])
  .transform((value) => value === true || value === 'true' || value === '1' || value === 'on');
const rowEnvelope = { 200: envelopeSchema(proxyRowSchema) };

/** A field the console sends in the form or in the query (SPEC §7 "query plus form"); 1001 in neither. */
const formOrQuery = <K extends string, T>(
  name: K,
  body: { [key in K]?: T } | null | undefined,
  query: { [key in K]?: T },
): T => {
  const value = body?.[name] ?? query[name];
  if (value === undefined) {
    throw new AppError('ERR_ARGUMENT_MISSING', { message: `Argument missing: ${name} is required` });
  }
  return value;
};

/** Proxy products (SPEC §7 "Proxies", without areas and billing): generation, list, actions, export. */
export const proxiesRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(customerRoutes);
};

const customerRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = proxiesDeps(app);
  app.addHook('onRequest', app.requireUser);

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

  app.get(
    '/proxy/store/static',
    {
      schema: {
        tags,
        security,
        summary: 'Static addresses on sale (counted against the daily search limit, 4010)',
        querystring: staticStoreQuerySchema,
        response: { 200: envelopeSchema(z.object({ records: z.array(staticStoreItemSchema) })) },
      },
    },
    async (request) => ok({ records: await searchStaticStore(deps, currentUser(request), request.query) }),
  );

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
    '/proxy/token/renew/:token_id',
    {
      schema: {
        tags,
        security,
        summary: 'Renew a static IP proxy for one more cycle, same address',
        params: tokenParams,
        response: { 200: envelopeSchema(generatedProxiesSchema) },
      },
    },
    async (request) => ok(await renewProxy(deps, currentUser(request), request.params.token_id)),
  );

  app.post(
    '/proxy/token/renew/:token_id',
    {
      schema: {
        tags,
        security,
        summary: 'Turn automatic renewal of a static IP proxy on or off (auto_renew in query or form)',
        params: tokenParams,
        querystring: z.object({ auto_renew: flag.optional() }),
        body: z.object({ auto_renew: flag.optional() }).nullish(),
        response: rowEnvelope,
      },
    },
    async (request) => {
      const autoRenew = formOrQuery('auto_renew', request.body, request.query);
      return ok(await setAutoRenew(deps, currentUser(request), request.params.token_id, autoRenew));
    },
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

  app.post(
    '/proxy/test',
    {
      schema: {
        tags,
        security,
        summary: 'Speed test: a real request through the gateway with the proxy',
        body: speedTestRequestSchema,
        response: { 200: envelopeSchema(speedTestSchema) },
      },
    },
    async (request) => ok(await runSpeedTest(deps, currentUser(request), request.body.token_id)),
  );

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
