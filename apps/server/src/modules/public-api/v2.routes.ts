import {
  addIpAllowListEntrySchema,
  areaListSchema,
  areaQuerySchema,
  byteAmountSchema,
  domainUsageQuerySchema,
  domainUsageSchema,
  doneResponseSchema,
  dynamicCommonRequestSchema,
  dynamicIpByAreaRequestSchema,
  dynamicIpByIpRequestSchema,
  dynamicTrafficRequestSchema,
  envelopeSchema,
  errorEnvelopeSchema,
  formatPtc,
  generatedProxiesSchema,
  ipAllowListEntrySchema,
  ipAllowListPortRulesSchema,
  ipAllowListSchema,
  ipPrefixListSchema,
  ipPrefixQuerySchema,
  ledgerPageSchema,
  ledgerQuerySchema,
  ok,
  priceQuerySchema,
  priceQuoteSchema,
  proxyCheckSchema,
  proxyListSchema,
  proxyRowSchema,
  proxySelectionSchema,
  replacementLimitsSchema,
  replacementResultSchema,
  replaceProxyBodySchema,
  speedTestSchema,
  staticIpRequestSchema,
  staticStoreItemSchema,
  staticStoreQuerySchema,
  staticTrafficRequestSchema,
  trafficBuyRequestSchema,
  trafficPlanOnSaleSchema,
  trafficPoolListSchema,
  trafficPoolQuerySchema,
  trafficPurchaseSchema,
  trafficSummarySchema,
} from '@ptc/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../plugins/authentication';
import { withIdempotency } from '../api-keys/idempotency';
import type { AreaLevel } from '../areas/areas.repository';
import { createAreaCatalog } from '../areas/areas.service';
import { summarizeTraffic } from '../billing/summary.service';
import { customerDomainUsage, proxyDomainUsage } from '../domain-usage/domain-usage.service';
import {
  addAllowListEntry,
  deleteAllowListEntry,
  getAllowList,
  setAllowListPortRules,
} from '../ip-allowlist/ip-allowlist.service';
import {
  type GenerationPlan,
  planDynamicCommon,
  planDynamicIpByArea,
  planDynamicIpByIp,
  planDynamicTraffic,
  planStaticIp,
  planStaticTraffic,
} from '../proxies/generation/generation.plans';
import { generateProxies, presentGenerated } from '../proxies/generation/generation.service';
import {
  deleteExpiredProxies,
  deleteProxy,
  renewProxy,
  setAutoRenew,
  setRemark,
  switchProxies,
  switchProxy,
} from '../proxies/list/actions.service';
import { quotePrice } from '../proxies/pricing/prices.service';
import { proxiesDeps } from '../proxies/proxies.deps';
import { presentPtc } from '../proxies/proxies.presenter';
import { getReplacementLimits, replaceProxyAddress } from '../proxies/replacement/replacement.service';
import { checkProxy } from '../proxies/speed-test/proxy-check.service';
import { runSpeedTest } from '../proxies/speed-test/speed-test.service';
import { searchStaticStore } from '../proxies/store/store.service';
import { subUsersPublicRoutes } from '../sub-users/sub-users.public-api';
import { buyTrafficPackage, getRemaining, listPlans, listPurchases } from '../traffic/traffic.service';
import { listMoneyTrail } from '../wallet/charges.service';
import { walletDeps } from '../wallet/wallet.deps';
import type { OperationSample } from './code-samples';
import {
  accountSchema,
  autoRenewBodySchema,
  balanceSchema,
  batchSwitchBodySchema,
  idempotencyHeaders,
  proxyDownloadQuerySchema,
  proxyIdParams,
  proxyUsageSchema,
  publicProxyListQuerySchema,
  remarkBodySchema,
  rotationBodySchema,
  switchBodySchema,
  usageQuerySchema,
} from './public-api.schemas';
import {
  downloadProxyLines,
  getBalance,
  getProxyUsage,
  getPublicProxy,
  listPublicProxies,
  presentAccount,
  setRotation,
} from './public-api.service';

/** Options of a version's routes: where each operation's code-sample values are kept. */
export interface PublicRoutesOptions {
  samples: Map<string, OperationSample>;
}

/** Answers of every public operation: the payload's envelope, or the failure envelope. */
const answers = <T extends z.ZodType>(data: T) => ({ 200: envelopeSchema(data), '4xx': errorEnvelopeSchema });

const SWITCH = { on: 5, off: 6 } as const;
const EXAMPLE_ID = 'PROXY_ID';

/**
 * The public API V2 (issue #17): what a customer does in the console, from a script, with an API
 * key. Every call goes through the console's own services; reads need any key, writes a key
 * with the `full` scope, spending calls honour the Idempotency-Key header.
 */
export const v2Routes: FastifyPluginAsyncZod<PublicRoutesOptions> = async (app, options) => {
  const deps = proxiesDeps(app);
  const wallet = walletDeps(app);
  const catalog = createAreaCatalog(app.db);
  const read = app.requireApiKey('read', 'v2');
  const write = app.requireApiKey('write', 'v2');

  /** The operation's id and its code-sample values, kept for the document. */
  const operation = (operationId: string, sample: OperationSample = {}) => {
    options.samples.set(operationId, sample);
    return { operationId };
  };

  // Account

  app.get(
    '/account',
    {
      onRequest: read,
      schema: {
        ...operation('getAccount'),
        tags: ['Account'],
        summary: 'The account the key belongs to, with its spendable balance',
        response: answers(accountSchema),
      },
    },
    async (request) => ok(presentAccount(currentUser(request))),
  );

  app.get(
    '/balance',
    {
      onRequest: read,
      schema: {
        ...operation('getBalance'),
        tags: ['Account'],
        summary: 'Spendable and held PTC, and the bought traffic left',
        response: answers(balanceSchema),
      },
    },
    async (request) => ok(await getBalance(deps, currentUser(request))),
  );

  app.get(
    '/ledger',
    {
      onRequest: read,
      schema: {
        ...operation('listLedger', { query: { page: 1, page_size: 20, kind: 'purchase,usage' } }),
        tags: ['Account'],
        summary: 'Money trail: every balance movement, newest first, with the balance after it',
        querystring: ledgerQuerySchema,
        response: answers(ledgerPageSchema),
      },
    },
    async (request) => ok(await listMoneyTrail(wallet, currentUser(request), request.query)),
  );

  // Areas and prices

  for (const [path, level, operationId] of [
    ['/areas/countries', 'country', 'listCountries'],
    ['/areas/states', 'state', 'listStates'],
    ['/areas/cities', 'city', 'listCities'],
  ] as const satisfies readonly (readonly [string, AreaLevel, string])[]) {
    const query: Record<string, string> = { use_in: 'dynamic_traffic' };
    if (level !== 'country') query.country = 'US';
    if (level === 'city') query.state = 'NY';
    app.get(
      path,
      {
        onRequest: read,
        schema: {
          ...operation(operationId, { query }),
          tags: ['Areas'],
          summary: `${level === 'city' ? 'Cities' : level === 'state' ? 'States' : 'Countries'} with available supply for a use, and how many exits each has`,
          querystring: areaQuerySchema,
          response: answers(areaListSchema),
        },
      },
      async (request) => ok(await catalog.list(level, request.query)),
    );
  }

  app.get(
    '/areas/ip-prefixes',
    {
      onRequest: read,
      schema: {
        ...operation('listIpPrefixes', { query: { country: 'US' } }),
        tags: ['Areas'],
        summary: 'Address prefixes (a.b.c.*) that generation by IP can find, in an area',
        querystring: ipPrefixQuerySchema,
        response: answers(ipPrefixListSchema),
      },
    },
    async (request) => ok(await catalog.ipPrefixes(request.query)),
  );

  app.get(
    '/price',
    {
      onRequest: read,
      schema: {
        ...operation('quotePrice', {
          query: { family: 'static-ip', type: 'residential', days: 30, count: 10 },
        }),
        tags: ['Prices'],
        summary: 'What a purchase costs before it is made (your discount included)',
        querystring: priceQuerySchema,
        response: answers(priceQuoteSchema),
      },
    },
    async (request) => {
      const quote = await quotePrice(deps.db, currentUser(request), request.query);
      return ok({ unit_price: presentPtc(quote.price), unit: quote.unit, total: presentPtc(quote.total) });
    },
  );

  app.get(
    '/store/static',
    {
      onRequest: read,
      schema: {
        ...operation('listStaticStore', { query: { type: 'residential', country: 'US', page_size: 20 } }),
        tags: ['Prices'],
        summary: 'Static addresses on sale, to buy by id (counted against the daily search limit, 4010)',
        querystring: staticStoreQuerySchema,
        response: answers(z.object({ records: z.array(staticStoreItemSchema) })),
      },
    },
    async (request) => ok({ records: await searchStaticStore(deps, currentUser(request), request.query) }),
  );

  // Generation: each spends (prepaid families) or opens traffic billing, so each is idempotent.

  const generation = <S extends z.ZodType>(
    path: string,
    operationId: string,
    summary: string,
    body: S,
    plan: (input: z.output<S>) => GenerationPlan,
    example: Record<string, unknown>,
  ) =>
    app.post(
      path,
      {
        onRequest: write,
        schema: {
          ...operation(operationId, { body: example, idempotent: true }),
          tags: ['Generation'],
          summary,
          headers: idempotencyHeaders,
          body,
          response: answers(generatedProxiesSchema),
        },
      },
      async (request: FastifyRequest) =>
        withIdempotency(request, async () => {
          const now = new Date();
          const user = currentUser(request);
          const generated = await generateProxies(deps, user, plan(request.body as z.output<S>), now);
          return ok(await presentGenerated(deps, generated, now));
        }),
    );

  generation(
    '/proxies/dynamic-traffic/universal',
    'generateUniversal',
    'Generate universal rotating proxies paid by traffic (country precision, or state/city)',
    dynamicCommonRequestSchema,
    planDynamicCommon,
    { count: 10, protocol: 'http', precision: 'country', country: 'US' },
  );
  generation(
    '/proxies/dynamic-traffic',
    'generateDynamicTraffic',
    'Generate regional rotating proxies paid by traffic (route premier: lines 1–2, budget: lines 3–4; rotation in US/TW)',
    dynamicTrafficRequestSchema,
    planDynamicTraffic,
    { count: 10, protocol: 'http', country: 'US', state: 'NY', route: 'premier', line: 1, rotation: false },
  );
  generation(
    '/proxies/dynamic-ip/by-ip',
    'generateDynamicIpByIp',
    'Generate rotating proxies paid by IP near an address pattern (valid 24 h)',
    dynamicIpByIpRequestSchema,
    planDynamicIpByIp,
    { count: 1, protocol: 'http', ip: '198.18.0.*', auto_return: true },
  );
  generation(
    '/proxies/dynamic-ip/by-area',
    'generateDynamicIpByArea',
    'Generate rotating proxies paid by IP in an area (valid 24 h)',
    dynamicIpByAreaRequestSchema,
    planDynamicIpByArea,
    { count: 5, protocol: 'socks5', country: 'US' },
  );
  generation(
    '/proxies/static-traffic',
    'generateStaticTraffic',
    'Generate static proxies paid by traffic (one leased address each)',
    staticTrafficRequestSchema,
    planStaticTraffic,
    { count: 2, protocol: 'http', type: 'datacenter', country: 'US' },
  );
  generation(
    '/proxies/static-ip',
    'generateStaticIp',
    'Buy static IP proxies for 1 or 30 days (addresses picked from the store, or any in the area)',
    staticIpRequestSchema,
    planStaticIp,
    { count: 1, protocol: 'http', type: 'residential', country: 'US', days: 30, auto_renew: true },
  );

  // The proxy list

  app.get(
    '/proxies',
    {
      onRequest: read,
      schema: {
        ...operation('listProxies', {
          query: { family: 'dynamic-traffic', page: 1, page_size: 50, status: 'normal' },
        }),
        tags: ['Proxies'],
        summary: 'Proxies of one family with the console list’s filters, sorted and paged',
        querystring: publicProxyListQuerySchema,
        response: answers(proxyListSchema),
      },
    },
    async (request) => ok(await listPublicProxies(deps, currentUser(request), request.query)),
  );

  app.get(
    '/proxies/download',
    {
      onRequest: read,
      schema: {
        ...operation('downloadProxies', {
          query: {
            family: 'dynamic-traffic',
            format: 'host:port:user:pass',
            exit_country: 'us',
            session: 'random',
            lines_per_proxy: 10,
          },
          text: true,
        }),
        tags: ['Proxies'],
        summary: 'Proxies of one family as plain text, one line each, in the format scraper tools read',
        description:
          'Lines are `host:port:user:pass`, `user:pass@host:port` or `scheme://user:pass@host:port`. Usernames may carry the gateway’s parameters: `-country-xx`, `-state-…`, `-city-…` (within the proxy’s purchased area), `-session-<id>` (a sticky exit) and `-life-<minutes>`.',
        querystring: proxyDownloadQuerySchema,
      },
    },
    async (request, reply) => {
      const text = await downloadProxyLines(deps, currentUser(request), request.query);
      return reply
        .type('text/plain; charset=utf-8')
        .header('content-disposition', `inline; filename="proxies-${request.query.family}.txt"`)
        .send(text);
    },
  );

  app.get(
    '/proxies/:id',
    {
      onRequest: read,
      schema: {
        ...operation('getProxy', { params: { id: EXAMPLE_ID } }),
        tags: ['Proxies'],
        summary: 'One proxy (4005 when it is not yours or was deleted)',
        params: proxyIdParams,
        response: answers(proxyRowSchema),
      },
    },
    async (request) => ok(await getPublicProxy(deps, currentUser(request), request.params.id)),
  );

  app.get(
    '/proxies/:id/usage',
    {
      onRequest: read,
      schema: {
        ...operation('getProxyUsage', { params: { id: EXAMPLE_ID }, query: { days: 7 } }),
        tags: ['Usage'],
        summary: 'Bytes one proxy carried per day (days in the `tz` header’s zone, UTC by default)',
        params: proxyIdParams,
        querystring: usageQuerySchema,
        response: answers(proxyUsageSchema),
      },
    },
    async (request) =>
      ok(
        await getProxyUsage(
          deps,
          currentUser(request),
          request.params.id,
          request.query.days,
          request.ctx.tz,
        ),
      ),
  );

  app.get(
    '/usage',
    {
      onRequest: read,
      schema: {
        ...operation('getUsage'),
        tags: ['Usage'],
        summary: 'Bytes all your proxies carried: the last 24 hours by hour and 30 days by day',
        response: answers(trafficSummarySchema),
      },
    },
    async (request) => ok(await summarizeTraffic(app.db, currentUser(request), request.ctx.tz)),
  );

  // Per-domain usage (issue #21): the same figures and query as the console's Top domains.
  app.get(
    '/domain-usage',
    {
      onRequest: read,
      schema: {
        ...operation('getDomainUsage', { query: { range: '7d', sort: 'bytes', limit: 10 } }),
        tags: ['Usage'],
        summary:
          'Top target domains of all your proxies by bytes or requests over a range (24h, 7d, 30d) or from/to, with the totals',
        querystring: domainUsageQuerySchema,
        response: answers(domainUsageSchema),
      },
    },
    async (request) => ok(await customerDomainUsage(app.db, currentUser(request).id, request.query)),
  );

  app.get(
    '/proxies/:id/domain-usage',
    {
      onRequest: read,
      schema: {
        ...operation('getProxyDomainUsage', {
          params: { id: EXAMPLE_ID },
          query: { range: '24h', sort: 'requests', limit: 20 },
        }),
        tags: ['Usage'],
        summary: 'Top target domains of one proxy by bytes or requests (4005 when it is not yours)',
        params: proxyIdParams,
        querystring: domainUsageQuerySchema,
        response: answers(domainUsageSchema),
      },
    },
    async (request) =>
      ok(await proxyDomainUsage(app.db, currentUser(request).id, request.params.id, request.query)),
  );

  app.put(
    '/proxies/:id/switch',
    {
      onRequest: write,
      schema: {
        ...operation('switchProxy', { params: { id: EXAMPLE_ID }, body: { switch: 'off' } }),
        tags: ['Proxies'],
        summary: 'Switch a proxy on or off (gateways cut an OFF proxy at once)',
        params: proxyIdParams,
        body: switchBodySchema,
        response: answers(proxyRowSchema),
      },
    },
    async (request) =>
      ok(await switchProxy(deps, currentUser(request), request.params.id, SWITCH[request.body.switch])),
  );

  app.post(
    '/proxies/switch',
    {
      onRequest: write,
      schema: {
        ...operation('switchProxies', { body: { ids: [EXAMPLE_ID], switch: 'on' } }),
        tags: ['Proxies'],
        summary: 'Switch several proxies on or off at once',
        body: batchSwitchBodySchema,
        response: answers(z.object({ updated: z.number().int() })),
      },
    },
    async (request) =>
      ok(await switchProxies(deps, currentUser(request), request.body.ids, SWITCH[request.body.switch])),
  );

  app.put(
    '/proxies/:id/rotation',
    {
      onRequest: write,
      schema: {
        ...operation('setRotation', { params: { id: EXAMPLE_ID }, body: { rotation: true } }),
        tags: ['Proxies'],
        summary: 'Automatic rotation of a proxy paid by traffic on or off (US and TW only)',
        params: proxyIdParams,
        body: rotationBodySchema,
        response: answers(proxyRowSchema),
      },
    },
    async (request) =>
      ok(await setRotation(deps, currentUser(request), request.params.id, request.body.rotation)),
  );

  app.post(
    '/proxies/:id/renew',
    {
      onRequest: write,
      schema: {
        ...operation('renewProxy', { params: { id: EXAMPLE_ID }, idempotent: true }),
        tags: ['Proxies'],
        summary: 'Renew a static IP proxy for one more cycle, same address (charged now)',
        headers: idempotencyHeaders,
        params: proxyIdParams,
        response: answers(generatedProxiesSchema),
      },
    },
    async (request) =>
      withIdempotency(request, async () =>
        ok(await renewProxy(deps, currentUser(request), request.params.id)),
      ),
  );

  app.put(
    '/proxies/:id/auto-renew',
    {
      onRequest: write,
      schema: {
        ...operation('setAutoRenew', { params: { id: EXAMPLE_ID }, body: { auto_renew: true } }),
        tags: ['Proxies'],
        summary: 'Automatic renewal of a static IP proxy on or off (renews 12 h before expiry)',
        params: proxyIdParams,
        body: autoRenewBodySchema,
        response: answers(proxyRowSchema),
      },
    },
    async (request) =>
      ok(await setAutoRenew(deps, currentUser(request), request.params.id, request.body.auto_renew)),
  );

  // Self-service replacement of a static address (issue #21): free, within limits per period.
  app.get(
    '/proxies/:id/replacements',
    {
      onRequest: read,
      schema: {
        ...operation('getReplacementLimits', { params: { id: EXAMPLE_ID } }),
        tags: ['Proxies'],
        summary: "Replacements of a static proxy's address used and left in the period",
        params: proxyIdParams,
        response: answers(replacementLimitsSchema),
      },
    },
    async (request) => ok(await getReplacementLimits(deps, currentUser(request), request.params.id)),
  );

  app.post(
    '/proxies/:id/replace',
    {
      onRequest: write,
      schema: {
        ...operation('replaceProxyAddress', {
          params: { id: EXAMPLE_ID },
          body: { reason: 'blocked', note: 'shop.example blocks it', request_id: 'replace-0001' },
        }),
        tags: ['Proxies'],
        summary:
          'Replace the address of a static proxy with another free one of its area: free, same credentials and expiry; the same request_id replaces once',
        params: proxyIdParams,
        body: replaceProxyBodySchema,
        response: answers(replacementResultSchema),
      },
    },
    async (request) =>
      ok(await replaceProxyAddress(deps, currentUser(request), request.params.id, request.body)),
  );

  // IP allow-list authentication (issue #21): clients from listed ranges use a proxy without a password.
  app.get(
    '/allowlist',
    {
      onRequest: read,
      schema: {
        ...operation('getIpAllowList'),
        tags: ['IP allow-list'],
        summary:
          "The account's allow-listed ranges, its maximum, the caller's address and the proxies a range may be listed for",
        response: answers(ipAllowListSchema),
      },
    },
    async (request) => ok(await getAllowList(deps, currentUser(request), request.ip)),
  );

  app.post(
    '/allowlist',
    {
      onRequest: write,
      schema: {
        ...operation('addIpAllowListEntry', {
          body: { network: '203.0.113.0/24', token_id: EXAMPLE_ID, note: 'office' },
        }),
        tags: ['IP allow-list'],
        summary:
          'Allow-list an address or CIDR range (at most /24 or /48) for one of your proxies: 4024 not listable, 4025 listed already, 4022 over the maximum, 4021 overlaps another account',
        body: addIpAllowListEntrySchema,
        response: answers(ipAllowListEntrySchema),
      },
    },
    async (request) => ok(await addAllowListEntry(deps, currentUser(request), request.body)),
  );

  app.delete(
    '/allowlist/:id',
    {
      onRequest: write,
      schema: {
        ...operation('deleteIpAllowListEntry', { params: { id: 'ENTRY_ID' } }),
        tags: ['IP allow-list'],
        summary: 'Remove an allow-listed range (4023 when unknown); open connections from it are closed',
        params: z.object({ id: z.string().min(1).max(64) }),
        response: answers(doneResponseSchema),
      },
    },
    async (request) => ok(await deleteAllowListEntry(deps, currentUser(request), request.params.id)),
  );

  app.put(
    '/allowlist/:id/ports',
    {
      onRequest: write,
      schema: {
        ...operation('setIpAllowListPortRules', {
          params: { id: 'ENTRY_ID' },
          body: { rules: [{ port: 10001, params: 'country-us-session-a1' }] },
        }),
        tags: ['IP allow-list'],
        summary:
          "Target an allow-listed range by gateway port: each rule's port (one of the gateway's targeting ports) gets its username parameters; 4026 when not, 4023 unknown entry",
        params: z.object({ id: z.string().min(1).max(64) }),
        body: ipAllowListPortRulesSchema,
        response: answers(ipAllowListEntrySchema),
      },
    },
    async (request) =>
      ok(await setAllowListPortRules(deps, currentUser(request), request.params.id, request.body)),
  );

  app.put(
    '/proxies/:id/remark',
    {
      onRequest: write,
      schema: {
        ...operation('setRemark', { params: { id: EXAMPLE_ID }, body: { remark: 'scraper A' } }),
        tags: ['Proxies'],
        summary: 'Set the remark of a proxy (empty clears it)',
        params: proxyIdParams,
        body: remarkBodySchema,
        response: answers(proxyRowSchema),
      },
    },
    async (request) =>
      ok(await setRemark(deps, currentUser(request), request.params.id, request.body.remark)),
  );

  app.delete(
    '/proxies/:id',
    {
      onRequest: write,
      schema: {
        ...operation('deleteProxy', { params: { id: EXAMPLE_ID } }),
        tags: ['Proxies'],
        summary: 'Delete a proxy (a static address returns to the pool)',
        params: proxyIdParams,
        response: answers(doneResponseSchema),
      },
    },
    async (request) => ok(await deleteProxy(deps, currentUser(request), request.params.id)),
  );

  app.post(
    '/proxies/delete-expired',
    {
      onRequest: write,
      schema: {
        ...operation('deleteExpiredProxies', { body: { ids: [EXAMPLE_ID] } }),
        tags: ['Proxies'],
        summary: 'Delete several expired proxies at once (4015 when one of them has not expired)',
        body: proxySelectionSchema,
        response: answers(z.object({ deleted: z.number().int() })),
      },
    },
    async (request) => ok(await deleteExpiredProxies(deps, currentUser(request), request.body.ids)),
  );

  // Both send a real request through the gateway with the proxy: its traffic is the proxy's.

  app.post(
    '/proxies/:id/speed-test',
    {
      onRequest: write,
      schema: {
        ...operation('speedTestProxy', { params: { id: EXAMPLE_ID } }),
        tags: ['Proxies'],
        summary: 'Speed test: latency and throughput of a real download through the proxy',
        params: proxyIdParams,
        response: answers(speedTestSchema),
      },
    },
    async (request) => ok(await runSpeedTest(deps, currentUser(request), request.params.id)),
  );

  app.post(
    '/proxies/:id/check',
    {
      onRequest: write,
      schema: {
        ...operation('checkProxy', { params: { id: EXAMPLE_ID } }),
        tags: ['Proxies'],
        summary: 'Check a proxy: a request through it that answers the exit’s IP and country',
        params: proxyIdParams,
        response: answers(proxyCheckSchema),
      },
    },
    async (request) => ok(await checkProxy(deps, currentUser(request), request.params.id)),
  );

  // Sub-users (issue #21): own credentials, limits per period, usage, pause.
  await app.register(subUsersPublicRoutes, { samples: options.samples });

  // Traffic packages

  app.get(
    '/traffic/packages',
    {
      onRequest: read,
      schema: {
        ...operation('listTrafficPackages'),
        tags: ['Traffic packages'],
        summary: 'Traffic packages on sale (your discount included)',
        response: answers(z.array(trafficPlanOnSaleSchema)),
      },
    },
    async (request) => ok(await listPlans(app.db, currentUser(request))),
  );

  app.post(
    '/traffic/purchases',
    {
      onRequest: write,
      schema: {
        ...operation('buyTrafficPackage', { body: { package_id: 'PACKAGE_ID' }, idempotent: true }),
        tags: ['Traffic packages'],
        summary: 'Buy a traffic package (3004 wrong package, 3005 limit reached, 3002 balance)',
        headers: idempotencyHeaders,
        body: trafficBuyRequestSchema,
        response: answers(trafficPurchaseSchema),
      },
    },
    async (request) =>
      withIdempotency(request, async () => {
        const bought = await buyTrafficPackage(app.db, currentUser(request), request.body.package_id);
        return ok({ pool: bought.pool, balance: formatPtc(bought.balance) });
      }),
  );

  app.get(
    '/traffic/purchases',
    {
      onRequest: read,
      schema: {
        ...operation('listTrafficPurchases', { query: { state: 'usable', page: 1, page_size: 10 } }),
        tags: ['Traffic packages'],
        summary: 'Traffic packages bought, with what is left of each',
        querystring: trafficPoolQuerySchema,
        response: answers(trafficPoolListSchema),
      },
    },
    async (request) => ok(await listPurchases(app.db, currentUser(request), request.query)),
  );

  app.get(
    '/traffic/remaining',
    {
      onRequest: read,
      schema: {
        ...operation('getTrafficRemaining'),
        tags: ['Traffic packages'],
        summary: 'Bought traffic left',
        response: answers(byteAmountSchema),
      },
    },
    async (request) => ok(await getRemaining(app.db, currentUser(request))),
  );
};
