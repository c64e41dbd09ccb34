import {
  envelopeSchema,
  invitationInviteesQuerySchema,
  invitationInviteesSchema,
  invitationSummarySchema,
  ok,
} from '@ptc/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/authentication';
import { getInvitationSummary, listInvitees } from './invitations.service';

const tags = ['Invitation programme'];
const security = [{ session: [] }];

/**
 * The invitation programme (issue #20, SPEC §6, §9): the caller's unlock state, code, link,
 * referees (masked) and rewards. The reward itself is paid by the payment crediting
 * (`referral-reward.ts`).
 */
export const invitationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireUser);

  app.get(
    '/invitations',
    {
      schema: {
        tags,
        security,
        summary: 'The invitation programme: unlocked or what is left to top up, code, link, counts, rewards',
        response: { 200: envelopeSchema(invitationSummarySchema) },
      },
    },
    async (request) => ok(await getInvitationSummary(app.db, app.config, currentUser(request))),
  );

  app.get(
    '/invitations/invitees',
    {
      schema: {
        tags,
        security,
        summary: "The caller's invited customers, masked, with their status and the reward each earned",
        querystring: invitationInviteesQuerySchema,
        response: { 200: envelopeSchema(invitationInviteesSchema) },
      },
    },
    async (request) => ok(await listInvitees(app.db, currentUser(request), request.query)),
  );
};
