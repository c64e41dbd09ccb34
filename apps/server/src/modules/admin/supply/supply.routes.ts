import {
  AppError,
  adminExitChangesSchema,
  adminExitCheckResultSchema,
  adminExitCheckSchema,
  adminExitPageSchema,
  adminExitSchema,
  adminInventoryImportResultSchema,
  adminInventoryImportSchema,
  adminLeaseOutcomeSchema,
  adminNewExitsSchema,
  adminSupplySchema,
  EXIT_KINDS,
  EXIT_STATES,
  EXIT_TYPES,
  envelopeSchema,
  ok,
} from '@ptc/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentOperator, requireOperator } from '../operator-guard';
import { checkExitNow, recentChecks } from './health-checks.service';
import { importInventory } from './inventory-import';
import {
  addExits,
  describeExit,
  describeSupply,
  editExit,
  findExits,
  parseExitId,
  retireExit,
  setDemoSupply,
  setExitEnabled,
} from './supply.service';

const tags = ['Operator: supply'];
const security = [{ operatorSession: [] }];
const idParams = z.object({ id: z.string().min(1).max(20) });
const flag = z.enum(['true', 'false']).transform((text) => text === 'true');

/**
 * Supply as operators run it (issue #15): every operator reads it; the owner adds, edits, disables
 * and retires exits, imports the static inventory and switches the demo supply; owner and support
 * run health checks on demand. Every change is audited.
 */
export const supplyRoutes: FastifyPluginAsyncZod = async (app) => {
  const act = (request: Parameters<typeof currentOperator>[0]) => ({
    operator: currentOperator(request),
    clientIp: request.ip,
  });

  const readers: FastifyPluginAsyncZod = async (scope) => {
    scope.addHook('onRequest', requireOperator('owner', 'finance', 'support'));
    scope.get(
      '/admin/supply',
      {
        schema: {
          tags,
          security,
          summary: 'The supply at a glance: exits by state, the demo switch, static inventory per place',
          querystring: z.object({
            country: z
              .string()
              .trim()
              .regex(/^[A-Za-z]{2}$/)
              .optional(),
          }),
          response: { 200: envelopeSchema(adminSupplySchema) },
        },
      },
      async (request) => ok(await describeSupply(app.db, request.query.country)),
    );
    scope.get(
      '/admin/exits',
      {
        schema: {
          tags,
          security,
          summary: 'Exits, newest first, with their last day of health checks',
          querystring: z.object({
            kind: z.enum(EXIT_KINDS).optional(),
            type: z.enum(EXIT_TYPES).optional(),
            country: z
              .string()
              .trim()
              .regex(/^[A-Za-z]{2}$/)
              .optional(),
            static: flag.optional(),
            demo: flag.optional(),
            state: z.enum(EXIT_STATES).optional(),
            q: z.string().trim().min(1).max(120).optional(),
            page: z.coerce.number().int().min(1).max(100_000).default(1),
            page_size: z.coerce.number().int().min(1).max(200).default(50),
          }),
          response: { 200: envelopeSchema(adminExitPageSchema) },
        },
      },
      async (request) => {
        const { page, page_size: pageSize, static: isStatic, demo: isDemo, ...filter } = request.query;
        return ok(await findExits(app.db, { ...filter, isStatic, isDemo }, { page, pageSize }));
      },
    );
    scope.get(
      '/admin/exits/:id',
      {
        schema: {
          tags,
          security,
          summary: 'One exit',
          params: idParams,
          response: { 200: envelopeSchema(adminExitSchema) },
        },
      },
      async (request) => ok(await describeExit(app.db, parseExitId(request.params.id))),
    );
    scope.get(
      '/admin/exits/:id/checks',
      {
        schema: {
          tags,
          security,
          summary: 'The latest 50 health checks through an exit',
          params: idParams,
          response: { 200: envelopeSchema(z.object({ records: z.array(adminExitCheckSchema) })) },
        },
      },
      async (request) => {
        const id = parseExitId(request.params.id);
        await describeExit(app.db, id);
        return ok({ records: await recentChecks(app.db, id) });
      },
    );
  };

  const checkers: FastifyPluginAsyncZod = async (scope) => {
    scope.addHook('onRequest', requireOperator('owner', 'support'));
    scope.post(
      '/admin/exits/:id/check',
      {
        schema: {
          tags,
          security,
          summary: 'Check an exit now: fetch the probe URL through it (owner, support)',
          params: idParams,
          response: { 200: envelopeSchema(adminExitCheckResultSchema) },
        },
      },
      async (request) => {
        const answer = await checkExitNow(
          app.db,
          parseExitId(request.params.id),
          app.config.supplyChecks,
          act(request),
        );
        if (!answer) throw new AppError('ERR_NOT_FOUND', { message: 'No such exit' });
        return ok(answer);
      },
    );
  };

  const owners: FastifyPluginAsyncZod = async (scope) => {
    scope.addHook('onRequest', requireOperator('owner'));
    scope.post(
      '/admin/exits',
      {
        schema: {
          tags,
          security,
          summary: 'Add rotating supply: one exit per area and line, direct or through an upstream (owner)',
          body: adminNewExitsSchema,
          response: { 200: envelopeSchema(z.object({ records: z.array(adminExitSchema) })) },
        },
      },
      async (request) => ok(await addExits(app.db, request.body, act(request))),
    );
    scope.patch(
      '/admin/exits/:id',
      {
        schema: {
          tags,
          security,
          summary: 'Edit an exit: upstream, credential templates, type, line, place, label, address (owner)',
          params: idParams,
          body: adminExitChangesSchema,
          response: { 200: envelopeSchema(adminExitSchema) },
        },
      },
      async (request) =>
        ok(await editExit(app.db, parseExitId(request.params.id), request.body, act(request))),
    );
    scope.post(
      '/admin/exits/:id/enabled',
      {
        schema: {
          tags,
          security,
          summary: 'Take a rotating exit out of service, or put it back (owner)',
          params: idParams,
          body: z.object({ enabled: z.boolean() }),
          response: { 200: envelopeSchema(adminExitSchema) },
        },
      },
      async (request) =>
        ok(await setExitEnabled(app.db, parseExitId(request.params.id), request.body.enabled, act(request))),
    );
    scope.post(
      '/admin/exits/:id/retire',
      {
        schema: {
          tags,
          security,
          summary: 'Retire a static address: its lease moves to a free one, or is refunded (owner)',
          params: idParams,
          response: {
            200: envelopeSchema(
              z.object({ exit: adminExitSchema, leases: z.array(adminLeaseOutcomeSchema) }),
            ),
          },
        },
      },
      async (request) => ok(await retireExit(app.database, parseExitId(request.params.id), act(request))),
    );
    scope.post(
      '/admin/supply/demo',
      {
        schema: {
          tags,
          security,
          summary: 'Switch the demo supply off (its leases retired by the rules) or back on (owner)',
          body: z.object({ enabled: z.boolean() }),
          response: {
            200: envelopeSchema(z.object({ enabled: z.boolean(), leases: z.array(adminLeaseOutcomeSchema) })),
          },
        },
      },
      async (request) => ok(await setDemoSupply(app.database, request.body.enabled, act(request))),
    );
    scope.post(
      '/admin/inventory/import',
      {
        bodyLimit: 10 * 1024 * 1024,
        schema: {
          tags,
          security,
          summary: 'Import static addresses from CSV, all or nothing; bad lines come back numbered (owner)',
          body: adminInventoryImportSchema,
          response: { 200: envelopeSchema(adminInventoryImportResultSchema) },
        },
      },
      async (request) =>
        ok(
          await importInventory(
            app.db,
            { csv: request.body.csv, dryRun: request.body.dry_run },
            act(request),
          ),
        ),
    );
  };

  await app.register(readers);
  await app.register(checkers);
  await app.register(owners);
};
