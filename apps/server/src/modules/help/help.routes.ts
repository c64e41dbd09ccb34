import {
  connectionToolListSchema,
  envelopeSchema,
  fingerprintBrowserListSchema,
  gatewayHostAnswerSchema,
  gatewayHostRequestSchema,
  mobileAppListSchema,
  ok,
} from '@ptc/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/authentication';
import { getGatewayHost, setGatewayHost } from './gateway-hosts.service';

const tags = ['Connection help'];
const security = [{ session: [] }];

/** The customer's preferred gateway host (SPEC §7 `GET`/`PUT /proxy/proxy/host`), signed in. */
const gatewayHostRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireUser);
  const gateway = app.config.gateway;

  app.get(
    '/proxy/proxy/host',
    {
      schema: {
        tags,
        security,
        summary: "The gateway hosts the operator lists and the one this customer's connection details use",
        response: { 200: envelopeSchema(gatewayHostAnswerSchema) },
      },
    },
    async (request) => ok(await getGatewayHost(app.db, gateway, currentUser(request).id)),
  );

  app.put(
    '/proxy/proxy/host',
    {
      schema: {
        tags,
        security,
        summary: 'Choose the preferred gateway host among the listed ones (1002 for any other)',
        body: gatewayHostRequestSchema,
        response: { 200: envelopeSchema(gatewayHostAnswerSchema) },
      },
    },
    async (request) => ok(await setGatewayHost(app.db, gateway, currentUser(request).id, request.body.host)),
  );
};

/**
 * Connection help (issue #20; SPEC §2 connection help area, §7 `GET /proxy/tools`): the
 * connection tool's downloads, the mobile apps and the fingerprint-browser partners — the
 * operator's content (`HELP_CONTENT_FILE`) or the defaults, public like the extension's facts —
 * and the customer's preferred gateway host.
 */
export const helpRoutes: FastifyPluginAsyncZod = async (app) => {
  const content = app.config.helpContent;

  app.get(
    '/proxy/tools',
    {
      schema: {
        tags,
        summary: "The connection tool's downloads per platform: name, version, size, link, release date",
        response: { 200: envelopeSchema(connectionToolListSchema) },
      },
    },
    async () => ok({ list: content.tools }),
  );

  app.get(
    '/proxy/mobile_apps',
    {
      schema: {
        tags,
        summary: 'The mobile apps: iOS (stores outside mainland China) and Android (store or APK)',
        response: { 200: envelopeSchema(mobileAppListSchema) },
      },
    },
    async () => ok({ list: content.mobileApps }),
  );

  app.get(
    '/proxy/fingerprint_browsers',
    {
      schema: {
        tags,
        summary: 'The fingerprint-browser partners: name, logo, description, promo code and link',
        response: { 200: envelopeSchema(fingerprintBrowserListSchema) },
      },
    },
    async () => ok({ list: content.fingerprintBrowsers }),
  );

  await app.register(gatewayHostRoutes);
};
