import {
  bindEmailRequestSchema,
  bindPhoneRequestSchema,
  bindReferralRequestSchema,
  changePasswordRequestSchema,
  changeUsernameRequestSchema,
  codeSentResponseSchema,
  deleteAccountRequestSchema,
  doneResponseSchema,
  envelopeSchema,
  newUserGuideDoneSchema,
  ok,
  surveySmsRequestSchema,
} from '@ptc/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../plugins/authentication';
import { authDeps, clientInfo } from '../auth/auth.deps';
import { sendSmsCode } from '../auth/registration.service';
import { finishNewUserGuide } from './new-user';
import {
  bindEmail,
  bindPhone,
  bindReferral,
  changePassword,
  changeUsername,
  deleteAccount,
} from './users.service';

const tags = ['User center'];
const security = [{ session: [] }];
const doneEnvelope = { 200: envelopeSchema(doneResponseSchema) };

/** User-center calls of SPEC §7 "User": password, name, contacts, referral, deletion. */
export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = authDeps(app);
  app.addHook('onRequest', app.requireUser);

  app.put(
    '/user/pw',
    {
      schema: {
        tags,
        security,
        summary: 'Change the password (revokes every session), or set a first one',
        body: changePasswordRequestSchema,
        response: doneEnvelope,
      },
    },
    async (request) => {
      const { done } = await changePassword(deps, currentUser(request), request.body);
      return ok({ done });
    },
  );

  app.put(
    '/user/name',
    {
      schema: {
        tags,
        security,
        summary: 'Change the user name (revokes every session)',
        body: changeUsernameRequestSchema,
        response: doneEnvelope,
      },
    },
    async (request) => ok(await changeUsername(deps, currentUser(request), request.body.username)),
  );

  app.post(
    '/user/bind_phone',
    {
      config: { allowUnbound: true },
      schema: {
        tags,
        security,
        summary: 'Bind a phone proven by a texted code',
        body: bindPhoneRequestSchema,
        response: doneEnvelope,
      },
    },
    async (request) => ok(await bindPhone(deps, currentUser(request), request.body, request.ip)),
  );

  app.post(
    '/user/band/email/:uid',
    {
      config: { allowUnbound: true },
      schema: {
        tags,
        security,
        summary: 'Bind an email proven by an emailed code',
        params: z.object({ uid: z.string().min(1).max(64) }),
        body: bindEmailRequestSchema,
        response: doneEnvelope,
      },
    },
    async (request) => ok(await bindEmail(deps, currentUser(request), request.params.uid, request.body)),
  );

  app.post(
    '/user/guide/done',
    {
      schema: {
        tags,
        security,
        summary:
          'The new-user guide was finished or dismissed: the customer is not new any more (is_new_user false)',
        response: { 200: envelopeSchema(newUserGuideDoneSchema) },
      },
    },
    async (request) => ok(await finishNewUserGuide(app.db, currentUser(request))),
  );

  app.post(
    '/user/ref/bind',
    {
      schema: {
        tags,
        security,
        summary: 'Bind the referral code of whoever invited you',
        body: bindReferralRequestSchema,
        response: doneEnvelope,
      },
    },
    async (request) => ok(await bindReferral(deps, currentUser(request), request.body.ref)),
  );

  app.post(
    '/user/sms/rny',
    {
      config: { allowUnbound: true },
      schema: {
        tags,
        security,
        summary: 'Text the survey phone-binding code',
        body: surveySmsRequestSchema,
        response: { 200: envelopeSchema(codeSentResponseSchema) },
      },
    },
    async (request) =>
      ok(
        await sendSmsCode(deps, clientInfo(request), {
          phone: request.body.phone,
          purpose: 'bind',
          userId: currentUser(request).id,
        }),
      ),
  );

  app.delete(
    '/user/delete',
    {
      schema: {
        tags,
        security,
        summary: 'Delete the account',
        body: deleteAccountRequestSchema.nullish(),
        response: doneEnvelope,
      },
    },
    async (request) => ok(await deleteAccount(deps, currentUser(request), request.body?.password)),
  );
};
