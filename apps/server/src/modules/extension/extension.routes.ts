import {
  createdPairingSchema,
  createPairingSchema,
  doneResponseSchema,
  envelopeSchema,
  extensionCheckUrlSchema,
  extensionInfoSchema,
  extensionProxySchema,
  extensionQuickAccessSchema,
  extensionSessionSchema,
  ok,
  pairingListSchema,
  proxyIdSchema,
} from '@ptc/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../plugins/authentication';
import { proxiesDeps } from '../proxies/proxies.deps';
import { allQuickAccess } from '../quick-access/quick-access.service';
import { extensionProxy, extensionSession } from './extension.service';
import { currentPairing, requirePairing } from './extension-auth';
import { createExtensionPackageCache } from './extension-package';
import { createPairing, listPairings, revokePairing } from './pairings.service';

const tags = ['Browser extension'];
const session = [{ session: [] }];
const extension = [{ extension: [] }];

/** The console's pairings of the extension (signed-in customers). */
const pairingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireUser);

  app.get(
    '/proxy/extension/pairings',
    {
      schema: {
        tags,
        security: session,
        summary: 'The live pairings of the extension (never their tokens)',
        response: { 200: envelopeSchema(pairingListSchema) },
      },
    },
    async (request) => ok(await listPairings(app.db, currentUser(request))),
  );

  app.post(
    '/proxy/extension/pairings',
    {
      // The body is optional: an empty POST pairs without a label.
      preValidation: async (request) => {
        if (request.body === undefined || request.body === null) request.body = {};
      },
      schema: {
        tags,
        security: session,
        summary:
          'Pair the extension: a token (answered once) that lives as long as this console session (at most 10 live)',
        body: createPairingSchema,
        response: { 200: envelopeSchema(createdPairingSchema) },
      },
    },
    async (request) => ok(await createPairing(app.db, currentUser(request), request.ctx.token, request.body)),
  );

  app.delete(
    '/proxy/extension/pairings/:id',
    {
      schema: {
        tags,
        security: session,
        summary: 'Revoke a pairing at once',
        params: z.object({ id: z.string().min(1).max(64) }),
        response: { 200: envelopeSchema(doneResponseSchema) },
      },
    },
    async (request) => ok(await revokePairing(app.db, currentUser(request), request.params.id)),
  );
};

/**
 * The browser extension (issue #18; SPEC §2 /browser-extension, §7 `GET /proxy/browser/plugin`,
 * `GET /proxy/extension/info`): the download and its facts (public), and the console's pairings
 * (session). See {@link extensionApiRoutes} for the calls the extension itself makes.
 */
export const extensionConsoleRoutes: FastifyPluginAsyncZod = async (app) => {
  const packageOf = createExtensionPackageCache(app.config.extension.dir, app.config.publicUrl);
  const stores = Object.fromEntries(
    Object.entries(app.config.extension.stores).filter((entry): entry is [string, string] =>
      Boolean(entry[1]),
    ),
  );

  app.get(
    '/proxy/extension/info',
    {
      schema: {
        tags,
        summary:
          "The extension's version, id, zip size and SHA-256, and its store pages (404 when not built)",
        response: { 200: envelopeSchema(extensionInfoSchema) },
      },
    },
    async () => {
      const built = await packageOf();
      return ok({
        version: built.version,
        extension_id: built.extensionId,
        file_name: built.fileName,
        size: built.zip.byteLength,
        sha256: built.sha256,
        stores,
      });
    },
  );

  app.get(
    '/proxy/browser/plugin',
    {
      schema: {
        tags,
        summary: 'Download the extension (zip for Chrome, Edge and 360; 404 when not built)',
      },
    },
    async (_request, reply) => {
      const built = await packageOf();
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="${built.fileName}"`)
        .header('cache-control', 'no-cache')
        .header('etag', `"${built.sha256}"`)
        .send(Buffer.from(built.zip.buffer, built.zip.byteOffset, built.zip.byteLength));
    },
  );

  await app.register(pairingRoutes);
};

/**
 * The calls the paired extension makes (`authorization: Extension <token>`, no other credential):
 * its session, one proxy's connection details, the quick-access entries and the IP-check page.
 */
export const extensionApiRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = proxiesDeps(app);
  app.decorateRequest('pairing', null);
  app.addHook('onRequest', requirePairing(app.db));

  app.get(
    '/extension/session',
    {
      schema: {
        tags,
        security: extension,
        summary: 'Who the extension acts for, the console URL and the hosts never proxied',
        response: { 200: envelopeSchema(extensionSessionSchema) },
      },
    },
    async (request) => ok(extensionSession(deps, currentUser(request), currentPairing(request))),
  );

  app.get(
    '/extension/proxies/:id',
    {
      schema: {
        tags,
        security: extension,
        summary: "One of the customer's proxies: gateway host, port and credentials (4005 for others)",
        params: z.object({ id: proxyIdSchema }),
        response: { 200: envelopeSchema(extensionProxySchema) },
      },
    },
    async (request) => ok(await extensionProxy(deps, currentUser(request), request.params.id)),
  );

  app.get(
    '/extension/quick_access',
    {
      schema: {
        tags,
        security: extension,
        summary: "The customer's quick-access entries, newest first",
        response: { 200: envelopeSchema(extensionQuickAccessSchema) },
      },
    },
    async (request) => ok(await allQuickAccess(deps, currentUser(request))),
  );

  app.get(
    '/extension/check_url',
    {
      schema: {
        tags,
        security: extension,
        summary: 'The IP-echo page to fetch through a proxy (its exit address and country)',
        response: { 200: envelopeSchema(extensionCheckUrlSchema) },
      },
    },
    async () => ok({ url: app.config.ipCheckUrl }),
  );
};
