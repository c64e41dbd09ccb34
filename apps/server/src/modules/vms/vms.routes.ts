import {
  envelopeSchema,
  ok,
  vmCreateRequestSchema,
  vmExecuteParamsSchema,
  vmIdRequestSchema,
  vmListQuerySchema,
  vmListSchema,
  vmPaywaySchema,
  vmRemoteSchema,
  vmRenewAutoRequestSchema,
  vmRenewManualRequestSchema,
  vmSchema,
} from '@ptc/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/authentication';
import { vmsDeps } from './vms.deps';
import {
  createVm,
  executeVm,
  issueRemoteTicket,
  listVms,
  paywayOf,
  renewVmManually,
  setVmAutoRenew,
} from './vms.service';

const tags = ['Remote PCs'];
const security = [{ session: [] }];
const vmEnvelope = { 200: envelopeSchema(vmSchema) };

/**
 * Remote PCs (SPEC §2 Remote PC, §3 VM, §4, §5, §7 Remote VM; issue #19). Every call needs a
 * signed-in customer; another customer's PC answers exactly like a missing one (20005). The
 * remote-control WebSocket itself is served by the `vms` plugin (`/api/proxy/vm/vnc`).
 */
export const vmsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = vmsDeps(app);
  app.addHook('onRequest', app.requireUser);

  app.get(
    '/proxy/payway/vm',
    {
      schema: {
        tags,
        security,
        summary:
          'Configurations, periods (days) and prices of remote PCs, and whether one can be created now',
        response: { 200: envelopeSchema(vmPaywaySchema) },
      },
    },
    async () => ok(await paywayOf(deps)),
  );

  app.get(
    '/proxy/vm',
    {
      schema: {
        tags,
        security,
        summary: 'Your remote PCs, newest first, with the operations each allows now',
        querystring: vmListQuerySchema,
        response: { 200: envelopeSchema(vmListSchema) },
      },
    },
    async (request) => ok(await listVms(deps, currentUser(request), request.query)),
  );

  app.post(
    '/proxy/vm',
    {
      schema: {
        tags,
        security,
        summary:
          'Create a remote PC (area, configuration, days, auto renew, your proxy): charged now, answered in creating',
        body: vmCreateRequestSchema,
        response: vmEnvelope,
      },
    },
    async (request) => ok(await createVm(deps, currentUser(request), request.body)),
  );

  app.post(
    '/proxy/vm/execute/:action',
    {
      schema: {
        tags,
        security,
        summary: 'Start, stop or restart a remote PC (answered in starting / stopping / restarting)',
        params: vmExecuteParamsSchema,
        body: vmIdRequestSchema,
        response: vmEnvelope,
      },
    },
    async (request) =>
      ok(await executeVm(deps, currentUser(request), request.params.action, request.body.id)),
  );

  app.post(
    '/proxy/vm/renew/manual',
    {
      schema: {
        tags,
        security,
        summary: 'Renew a remote PC for 1, 7 or 30 days (charged now; an expired PC comes back stopped)',
        body: vmRenewManualRequestSchema,
        response: vmEnvelope,
      },
    },
    async (request) => ok(await renewVmManually(deps, currentUser(request), request.body)),
  );

  app.post(
    '/proxy/vm/renew/auto',
    {
      schema: {
        tags,
        security,
        summary: 'Turn automatic renewal of a remote PC on or off',
        body: vmRenewAutoRequestSchema,
        response: vmEnvelope,
      },
    },
    async (request) => ok(await setVmAutoRenew(deps, currentUser(request), request.body)),
  );

  app.post(
    '/proxy/vm/remote',
    {
      schema: {
        tags,
        security,
        summary:
          'A single-use, 30-second ticket for the remote-control WebSocket of a running PC, and its VNC password',
        body: vmIdRequestSchema,
        response: { 200: envelopeSchema(vmRemoteSchema) },
      },
    },
    async (request) => ok(await issueRemoteTicket(deps, currentUser(request), request.body.id)),
  );
};
