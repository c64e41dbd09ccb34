import {
  doneResponseSchema,
  envelopeSchema,
  ok,
  passkeyOptionsSchema,
  passkeyRegistrationRequestSchema,
  passkeySignInOptionsRequestSchema,
  recoveryCodesSchema,
  sessionResponseSchema,
  TRUSTED_DEVICE_COOKIE,
  TWO_FACTOR_RULES,
  totpEnableRequestSchema,
  totpSetupSchema,
  twoFactorDisableRequestSchema,
  twoFactorLoginRequestSchema,
  twoFactorStatusSchema,
} from '@ptc/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../plugins/authentication';
import { authDeps } from '../auth/auth.deps';
import { finishPasskeyRegistration, removePasskey, startPasskeyRegistration } from './passkeys.service';
import {
  describeTwoFactor,
  disableTwoFactor,
  enableTwoFactor,
  forgetDevice,
  rememberDevice,
  setUpTotp,
} from './two-factor.service';
import { passSecondStep, startPasskeyStep } from './two-factor-sign-in.service';

const tags = ['User'];
const security = [{ session: [] }];

/** Puts this browser's remembered-device token in its http-only cookie. */
const setDeviceCookie = (request: FastifyRequest, reply: FastifyReply, token: string) => {
  reply.setCookie(TRUSTED_DEVICE_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/api/user',
    maxAge: TWO_FACTOR_RULES.TRUSTED_DEVICE_TTL_MS / 1000,
    secure: request.protocol === 'https',
  });
};

const clientOf = (request: FastifyRequest) => ({ ip: request.ip, userAgent: request.headers['user-agent'] });

/** Customers' two-factor sign-in (issue #21): the second step, enrolment, disabling, remembered devices. */
export const twoFactorRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = authDeps(app);

  app.post(
    '/user/login/2fa',
    {
      schema: {
        tags,
        summary:
          "Second step of a sign-in: the first step's challenge with an authenticator or recovery code; remembers the device (cookie) unless remember_device is false",
        body: twoFactorLoginRequestSchema,
        response: { 200: envelopeSchema(sessionResponseSchema) },
      },
    },
    async (request, reply) => {
      const { session, deviceToken } = await passSecondStep(deps, clientOf(request), request.body);
      if (deviceToken) setDeviceCookie(request, reply, deviceToken);
      return ok(session);
    },
  );

  app.post(
    '/user/login/2fa/passkey',
    {
      schema: {
        tags,
        summary: "WebAuthn options for answering the sign-in's second step with a registered passkey",
        body: passkeySignInOptionsRequestSchema,
        response: { 200: envelopeSchema(passkeyOptionsSchema) },
      },
    },
    async (request) => ok(await startPasskeyStep(deps, request.body.challenge)),
  );

  const signedIn: FastifyPluginAsyncZod = async (scope) => {
    scope.addHook('onRequest', app.requireUser);

    scope.get(
      '/user/2fa',
      {
        schema: {
          tags,
          security,
          summary: 'Two-factor sign-in: on or off, recovery codes left, remembered devices',
          response: { 200: envelopeSchema(twoFactorStatusSchema) },
        },
      },
      async (request) =>
        ok(await describeTwoFactor(app.db, currentUser(request), request.cookies[TRUSTED_DEVICE_COOKIE])),
    );

    scope.post(
      '/user/2fa/totp/setup',
      {
        schema: {
          tags,
          security,
          summary: 'A new authenticator secret (QR code URI), confirmed by its first code (610 tourist)',
          response: { 200: envelopeSchema(totpSetupSchema) },
        },
      },
      async (request) => ok(await setUpTotp(app.db, currentUser(request))),
    );

    scope.post(
      '/user/2fa/totp/enable',
      {
        schema: {
          tags,
          security,
          summary:
            'Turn two-factor sign-in on with the first code; answers 10 recovery codes, shown once; remembers this device',
          body: totpEnableRequestSchema,
          response: { 200: envelopeSchema(recoveryCodesSchema) },
        },
      },
      async (request, reply) => {
        const user = currentUser(request);
        const answer = await enableTwoFactor(app.db, user, request.body.code);
        setDeviceCookie(request, reply, await rememberDevice(app.db, user.id, clientOf(request)));
        return ok(answer);
      },
    );

    scope.post(
      '/user/2fa/disable',
      {
        schema: {
          tags,
          security,
          summary: 'Turn two-factor sign-in off with a current code, a recovery code or the password',
          body: twoFactorDisableRequestSchema,
          response: { 200: envelopeSchema(doneResponseSchema) },
        },
      },
      async (request) => ok(await disableTwoFactor(app.db, currentUser(request), request.body)),
    );

    scope.delete(
      '/user/2fa/devices/:id',
      {
        schema: {
          tags,
          security,
          summary: 'Forget a remembered device: it needs the second step again',
          params: z.object({ id: z.string().min(1).max(20) }),
          response: { 200: envelopeSchema(doneResponseSchema) },
        },
      },
      async (request) => ok(await forgetDevice(app.db, currentUser(request), request.params.id)),
    );
  };

  const passkeyRoutes: FastifyPluginAsyncZod = async (scope) => {
    scope.addHook('onRequest', app.requireUser);
    scope.post(
      '/user/2fa/passkeys/options',
      {
        schema: {
          tags,
          security,
          summary:
            'WebAuthn options to register a passkey as a second factor (two-step verification on; at most 10)',
          response: { 200: envelopeSchema(passkeyOptionsSchema) },
        },
      },
      async (request) =>
        ok(await startPasskeyRegistration(app.db, app.config.publicUrl, currentUser(request))),
    );
    scope.post(
      '/user/2fa/passkeys',
      {
        schema: {
          tags,
          security,
          summary: "Register a passkey: the authenticator's answer to the options, and a name",
          body: passkeyRegistrationRequestSchema,
          response: { 200: envelopeSchema(z.object({ id: z.string() })) },
        },
      },
      async (request) =>
        ok(await finishPasskeyRegistration(app.db, app.config.publicUrl, currentUser(request), request.body)),
    );
    scope.delete(
      '/user/2fa/passkeys/:id',
      {
        schema: {
          tags,
          security,
          summary: 'Delete a passkey',
          params: z.object({ id: z.string().min(1).max(20) }),
          response: { 200: envelopeSchema(doneResponseSchema) },
        },
      },
      async (request) => ok(await removePasskey(app.db, currentUser(request), request.params.id)),
    );
  };

  await app.register(signedIn);
  await app.register(passkeyRoutes);
};
