import { envelopeSchema, type MenuLinks, menuLinksSchema, ok } from '@ptc/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/authentication';

/** The operator's external menu links for a customer: none for tourists (SPEC §2). */
export const menuLinksFor = (
  links: { helpCenter: string | null; sisterAi: string | null },
  viewer: { isTourist: boolean },
): MenuLinks =>
  viewer.isTourist
    ? { help_center_url: null, sister_ai_url: null }
    : { help_center_url: links.helpCenter, sister_ai_url: links.sisterAi };

/**
 * `GET /proxy/menu_links` (signed in; issue #20): the help centre and sister AI product addresses
 * the operator configured (`HELP_CENTER_URL`, `SISTER_AI_URL`), read at start; null when unset and
 * for tourists. The console shows those menu entries only for the links it gets.
 */
export const menuLinksRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireUser);
  app.get(
    '/proxy/menu_links',
    {
      schema: {
        tags: ['Connection help'],
        security: [{ session: [] }],
        summary: 'The help centre and sister AI product links of the customer menu (none for tourists)',
        response: { 200: envelopeSchema(menuLinksSchema) },
      },
    },
    async (request) => ok(menuLinksFor(app.config.menuLinks, currentUser(request))),
  );
};
