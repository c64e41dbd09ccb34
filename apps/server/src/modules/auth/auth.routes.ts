import {
  accountLoginRequestSchema,
  CAPTCHA_ID_HEADER,
  codeSentResponseSchema,
  doneResponseSchema,
  emailCodeRequestSchema,
  envelopeSchema,
  loginRequestSchema,
  OAUTH_PROVIDERS,
  oauthCallbackRequestSchema,
  oauthProvidersResponseSchema,
  oauthUrlResponseSchema,
  ok,
  passwordSignInResponseSchema,
  phoneLoginRequestSchema,
  phoneRegisterRequestSchema,
  registerRequestSchema,
  registerResponseSchema,
  resetCodeRequestSchema,
  resetCredentialInfoSchema,
  resetWithCodeRequestSchema,
  resetWithCredentialRequestSchema,
  sessionResponseSchema,
  smsCodeRequestSchema,
  TRUSTED_DEVICE_COOKIE,
  touristResponseSchema,
  userInfoSchema,
} from '@ptc/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isDemoMode } from '../../demo-conveniences';
import { currentUser } from '../../plugins/authentication';
import { questionnaireState } from '../rewards/questionnaire.service';
import { authDeps, clientInfo } from './auth.deps';
import { presentUserInfo } from './auth.presenter';
import { createCaptcha } from './captcha.service';
import { loginWithAccount, loginWithEmail, loginWithPhone } from './login.service';
import { finishOAuth, startOAuth } from './oauth.service';
import { describeReset, resetWithCode, resetWithCredential, sendResetCode } from './password-reset.service';
import {
  registerWithEmail,
  registerWithPhone,
  sendEmailCode,
  sendSmsCode,
  startTourist,
} from './registration.service';
import { endSession } from './sessions.service';

const User = ['User'];
const session = [{ session: [] }];
const CAPTCHA_COOKIE = 'captcha_id';

/** The captcha id of this client: the header wins over the cookie. */
const captchaIdOf = (request: FastifyRequest) => {
  const header = request.headers[CAPTCHA_ID_HEADER];
  const fromHeader = Array.isArray(header) ? header[0] : header;
  return fromHeader?.trim() || request.cookies[CAPTCHA_COOKIE] || null;
};

const credentialParams = z.object({ credential: z.string().min(16).max(128) });

/** Account calls of SPEC §7 "User": sessions, registration, OAuth, password reset, captcha. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = authDeps(app);

  app.get(
    '/proxy/static/image',
    {
      schema: {
        tags: User,
        summary: 'Image captcha of 4 digits (SVG), tied to the client by a cookie and the captcha-id header',
        produces: ['image/svg+xml'],
      },
    },
    async (request: FastifyRequest, reply: FastifyReply) => {
      await deps.limits.consume('CAPTCHA_PER_IP', request.ip);
      const captcha = await createCaptcha(app.db, { fixedAnswer: app.config.captchaFixed });
      reply
        .setCookie(CAPTCHA_COOKIE, captcha.id, {
          httpOnly: true,
          sameSite: 'lax',
          path: '/api',
          maxAge: 300,
          secure: request.protocol === 'https',
        })
        .header(CAPTCHA_ID_HEADER, captcha.id)
        .header('cache-control', 'no-store')
        .type('image/svg+xml');
      return captcha.svg;
    },
  );

  app.get(
    '/user/info',
    {
      onRequest: app.requireUser,
      schema: {
        tags: User,
        summary: 'The signed-in user',
        security: session,
        response: { 200: envelopeSchema(userInfoSchema) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const survey = await questionnaireState(app.db, user);
      return ok({
        ...presentUserInfo(user, app.config.publicUrl, {
          question_switch: survey.question_switch,
          show_questionnaire_windows: survey.show,
          to_band_phone: survey.to_band_phone,
          has_gift: survey.has_gift,
        }),
        demo: isDemoMode(app.config),
      });
    },
  );

  app.post(
    '/user/login',
    {
      schema: {
        tags: User,
        summary: 'Sign in with email and password (with two-factor sign-in on: a challenge on a new device)',
        body: loginRequestSchema,
        response: { 200: envelopeSchema(passwordSignInResponseSchema) },
      },
    },
    async (request) =>
      ok(
        await loginWithEmail(deps, clientInfo(request), {
          ...request.body,
          captchaId: captchaIdOf(request),
          deviceToken: request.cookies[TRUSTED_DEVICE_COOKIE],
        }),
      ),
  );

  app.post(
    '/user/login/all',
    {
      schema: {
        tags: User,
        summary: 'Sign in with user name or email, and password (two-factor: a challenge on a new device)',
        body: accountLoginRequestSchema,
        response: { 200: envelopeSchema(passwordSignInResponseSchema) },
      },
    },
    async (request) =>
      ok(
        await loginWithAccount(deps, clientInfo(request), {
          ...request.body,
          captchaId: captchaIdOf(request),
          deviceToken: request.cookies[TRUSTED_DEVICE_COOKIE],
        }),
      ),
  );

  app.post(
    '/user/sms/phone',
    {
      onRequest: async (request) => {
        if (request.ctx.token) await app.requireUser(request).catch(() => undefined);
      },
      config: { allowUnbound: true },
      schema: {
        tags: User,
        summary: 'Text a verification code (sign-in, registration or binding)',
        body: smsCodeRequestSchema,
        response: { 200: envelopeSchema(codeSentResponseSchema) },
      },
    },
    async (request) =>
      ok(await sendSmsCode(deps, clientInfo(request), { ...request.body, userId: request.user?.id })),
  );

  app.post(
    '/user/login/phone',
    {
      schema: {
        tags: User,
        summary: 'Sign in with a texted code (two-factor: a challenge on a new device)',
        body: phoneLoginRequestSchema,
        response: { 200: envelopeSchema(passwordSignInResponseSchema) },
      },
    },
    async (request) =>
      ok(
        await loginWithPhone(deps, clientInfo(request), {
          ...request.body,
          deviceToken: request.cookies[TRUSTED_DEVICE_COOKIE],
        }),
      ),
  );

  app.post(
    '/user/logout',
    {
      schema: {
        tags: User,
        summary: 'End this session',
        security: session,
        response: { 200: envelopeSchema(doneResponseSchema) },
      },
    },
    async (request) => {
      if (request.ctx.token) await endSession(app.db, request.ctx.token);
      return ok({ done: true as const });
    },
  );

  app.post(
    '/user/tourist',
    {
      schema: {
        tags: User,
        summary: 'Start a guest (tourist) account',
        response: { 200: envelopeSchema(touristResponseSchema) },
      },
    },
    async (request) => ok(await startTourist(deps, clientInfo(request))),
  );

  app.post(
    '/user/register/email/code',
    {
      onRequest: async (request) => {
        if (request.ctx.token) await app.requireUser(request).catch(() => undefined);
      },
      config: { allowUnbound: true },
      schema: {
        tags: User,
        summary: 'Email a verification code (registration or binding)',
        body: emailCodeRequestSchema,
        response: { 200: envelopeSchema(codeSentResponseSchema) },
      },
    },
    async (request) =>
      ok(
        await sendEmailCode(deps, clientInfo(request), {
          email: request.body.email,
          purpose: request.body.purpose ?? 'register',
          userId: request.user?.id,
        }),
      ),
  );

  app.post(
    '/user/register',
    {
      // SPEC §7 sends these as query parameters; a JSON or form body is accepted too.
      preValidation: async (request) => {
        const body = request.body as Record<string, unknown> | undefined;
        if (!body || Object.keys(body).length === 0) request.body = { ...(request.query as object) } as never;
      },
      schema: {
        tags: User,
        summary: 'Register with email (does not sign in)',
        body: registerRequestSchema,
        response: { 200: envelopeSchema(registerResponseSchema) },
      },
    },
    async (request) =>
      ok(
        await registerWithEmail(deps, clientInfo(request), {
          ...request.body,
          captchaId: captchaIdOf(request),
        }),
      ),
  );

  app.post(
    '/user/register/phone',
    {
      schema: {
        tags: User,
        summary: 'Register with a phone (signs in)',
        body: phoneRegisterRequestSchema,
        response: { 200: envelopeSchema(sessionResponseSchema) },
      },
    },
    async (request) => ok(await registerWithPhone(deps, clientInfo(request), request.body)),
  );

  app.get(
    '/user/oauth/providers',
    {
      schema: {
        tags: User,
        summary: 'Which OAuth providers are enabled',
        response: { 200: envelopeSchema(oauthProvidersResponseSchema) },
      },
    },
    async () => ok({ google: Boolean(deps.oauth.google), github: Boolean(deps.oauth.github) }),
  );

  app.get(
    '/user/oauth/:provider/url',
    {
      schema: {
        tags: User,
        summary: 'Authorization URL of an OAuth provider',
        params: z.object({ provider: z.enum(OAUTH_PROVIDERS) }),
        response: { 200: envelopeSchema(oauthUrlResponseSchema) },
      },
    },
    async (request) => ok(await startOAuth(deps, clientInfo(request), request.params.provider)),
  );

  app.post(
    '/user/register/google',
    {
      schema: {
        tags: User,
        summary:
          'Sign in or sign up with Google (finishes the OAuth request; two-factor: a challenge on a new device)',
        body: oauthCallbackRequestSchema,
        response: { 200: envelopeSchema(passwordSignInResponseSchema) },
      },
    },
    async (request) =>
      ok(
        await finishOAuth(deps, clientInfo(request), 'google', request.body, new Date(), {
          deviceToken: request.cookies[TRUSTED_DEVICE_COOKIE],
        }),
      ),
  );

  app.get(
    '/user/register/github',
    {
      schema: {
        tags: User,
        summary:
          'Sign in or sign up with GitHub (finishes the OAuth request; two-factor: a challenge on a new device)',
        querystring: oauthCallbackRequestSchema,
        response: { 200: envelopeSchema(passwordSignInResponseSchema) },
      },
    },
    async (request) =>
      ok(
        await finishOAuth(deps, clientInfo(request), 'github', request.query, new Date(), {
          deviceToken: request.cookies[TRUSTED_DEVICE_COOKIE],
        }),
      ),
  );

  app.post(
    '/user/reset_pw/email/code',
    {
      schema: {
        tags: User,
        summary: 'Email a password-reset code and link',
        body: resetCodeRequestSchema,
        response: { 200: envelopeSchema(codeSentResponseSchema) },
      },
    },
    async (request) => ok(await sendResetCode(deps, clientInfo(request), request.body.email)),
  );

  app.put(
    '/user/reset_pw_with_code',
    {
      schema: {
        tags: User,
        summary: 'Reset the password with the emailed code',
        body: resetWithCodeRequestSchema,
        response: { 200: envelopeSchema(doneResponseSchema) },
      },
    },
    async (request) => ok(await resetWithCode(deps, clientInfo(request), request.body)),
  );

  app.put(
    '/user/reset_pw',
    {
      schema: {
        tags: User,
        summary: 'Reset the password with the emailed link credential',
        body: resetWithCredentialRequestSchema.refine((value) => Boolean(value.credential), {
          message: 'credential is required',
          path: ['credential'],
        }),
        response: { 200: envelopeSchema(doneResponseSchema) },
      },
    },
    async (request) =>
      ok(
        await resetWithCredential(
          deps,
          clientInfo(request),
          request.body.credential ?? '',
          request.body.password,
        ),
      ),
  );

  app.get(
    '/user/reset_pw/:credential',
    {
      schema: {
        tags: User,
        summary: 'Whether a reset link is still valid',
        params: credentialParams,
        response: { 200: envelopeSchema(resetCredentialInfoSchema) },
      },
    },
    async (request) => ok(await describeReset(deps, clientInfo(request), request.params.credential)),
  );

  app.put(
    '/user/reset_pw/:credential',
    {
      schema: {
        tags: User,
        summary: 'Reset the password with the emailed link',
        params: credentialParams,
        body: resetWithCredentialRequestSchema,
        response: { 200: envelopeSchema(doneResponseSchema) },
      },
    },
    async (request) =>
      ok(
        await resetWithCredential(
          deps,
          clientInfo(request),
          request.params.credential,
          request.body.password,
        ),
      ),
  );
};
