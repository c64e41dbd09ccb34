import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import { type DatabaseHandle, instanceSecret } from '@ptc/db';
import Fastify, { type FastifyServerOptions, LogController } from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { DesktopProvider } from './adapters/desktops';
import { createMailer, type Mailer } from './adapters/mail/mailer';
import type { OAuthClient } from './adapters/oauth/oauth-client';
import { createOAuthClients } from './adapters/oauth/oauth-clients';
import { createPaymentProviders } from './adapters/payments/payment-providers';
import { createSandboxProvider, SANDBOX_SIGNATURE_HEADER } from './adapters/payments/sandbox';
import { createSmsSender, type SmsSender } from './adapters/sms/sms-sender';
import { closeConnectionsOnClose } from './app-connections';
import type { Config } from './config';
import { adminRoutes } from './modules/admin/admin.routes';
import { adminAnnouncementsRoutes, announcementsRoutes } from './modules/announcements/announcements.routes';
import { apiKeysRoutes } from './modules/api-keys/api-keys.routes';
import { areasRoutes } from './modules/areas/areas.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { summaryRoutes } from './modules/billing/summary.routes';
import { devRoutes } from './modules/dev/dev.routes';
import { domainUsageRoutes } from './modules/domain-usage/domain-usage.routes';
import { extensionApiRoutes, extensionConsoleRoutes } from './modules/extension/extension.routes';
import { healthRoutes } from './modules/health/health.routes';
import { helpRoutes } from './modules/help/help.routes';
import { menuLinksRoutes } from './modules/help/menu-links.routes';
import { invitationsRoutes } from './modules/invitations/invitations.routes';
import { shareCodesRoutes } from './modules/invitations/share-codes.routes';
import { ipAllowListRoutes } from './modules/ip-allowlist/ip-allowlist.routes';
import { paymentsRoutes } from './modules/payments/payments.routes';
import { proxiesRoutes } from './modules/proxies/proxies.routes';
import { publicApiRoutes } from './modules/public-api/public-api.routes';
import { quickAccessRoutes } from './modules/quick-access/quick-access.routes';
import { rewardsRoutes } from './modules/rewards/rewards.routes';
import { adminSurveyRoutes } from './modules/rewards/survey-admin.routes';
import { statisticsRoutes } from './modules/statistics/statistics.routes';
import { subUsersRoutes } from './modules/sub-users/sub-users.routes';
import { trafficRoutes } from './modules/traffic/traffic.routes';
import { twoFactorRoutes } from './modules/two-factor/two-factor.routes';
import { usersRoutes } from './modules/users/users.routes';
import { vmsPlugin } from './modules/vms/vms.plugin';
import { vmsRoutes } from './modules/vms/vms.routes';
import { chargesRoutes } from './modules/wallet/charges.routes';
import type { PaymentProviderSet } from './modules/wallet/payment-collectors';
import { apiKeyAuthPlugin } from './plugins/api-key-auth';
import { authenticationPlugin } from './plugins/authentication';
import { consoleStaticPlugin } from './plugins/console-static';
import { envelopePlugin, frameworkErrors } from './plugins/envelope';
import { AppMetrics, metricsPlugin } from './plugins/metrics';
import { openApiPlugin } from './plugins/openapi';
import { requestContextPlugin } from './plugins/request-context';
import { securityHeadersPlugin } from './plugins/security-headers';
import { textSafeValidatorCompiler } from './plugins/text-input';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: DatabaseHandle;
    db: DatabaseHandle['db'];
    mailer: Mailer;
    sms: SmsSender;
    oauthClients: Partial<Record<'google' | 'github', OAuthClient>>;
    paymentProviders: PaymentProviderSet;
    metrics: AppMetrics;
  }
}

/** Outside services the app talks to; each defaults to the one the configuration names. */
export interface AppAdapters {
  mailer?: Mailer;
  sms?: SmsSender;
  oauth?: Partial<Record<'google' | 'github', OAuthClient>>;
  /** Replaces configured payment providers (tests); the sandbox is kept unless given. */
  payments?: Partial<PaymentProviderSet>;
  /** Replaces the configured remote-PC provider (tests). */
  desktops?: DesktopProvider;
}

/** Logger options: JSON lines, never the session token. */
export const loggerOptions = (config: Config): FastifyServerOptions['logger'] => ({
  level: config.logLevel,
  redact: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["x-api-key"]'],
});

/** Builds the HTTP application (API, docs and console) on an open database. */
export const buildApp = async (options: {
  config: Config;
  database: DatabaseHandle;
  logger?: FastifyServerOptions['logger'];
  adapters?: AppAdapters;
}) => {
  const { config, database } = options;
  const app = Fastify({
    logger: options.logger ?? loggerOptions(config),
    trustProxy: config.trustProxy,
    // One line per request, written by the onResponse hook below.
    logController: new LogController({ disableRequestLogging: true }),
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(textSafeValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  const mailer = options.adapters?.mailer ?? createMailer(config.mail, database.db, app.log);
  app.decorate('mailer', mailer);
  app.decorate('sms', options.adapters?.sms ?? createSmsSender(config.sms, database.db));
  app.decorate('oauthClients', options.adapters?.oauth ?? createOAuthClients(config.oauth));
  const sandbox = config.allowSandboxAdapters
    ? createSandboxProvider({
        publicUrl: config.publicUrl,
        // One key for every API process on the database, kept across restarts: a link or a
        // notification signed by one process is good on any other.
        secret: await instanceSecret(database.db, 'sandbox'),
        // Off-session sandbox charges notify our own webhook, as a card network would.
        deliver: async (signed) => {
          await app.inject({
            method: 'POST',
            url: '/api/payments/notify/sandbox',
            headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signed.signature },
            payload: signed.body,
          });
        },
      })
    : null;
  app.decorate('paymentProviders', {
    sandbox,
    ...(options.adapters?.payments ?? createPaymentProviders(config.payments)),
  });
  app.addHook('onClose', async () => {
    await mailer.close();
  });

  app.addHook('onResponse', async (request, reply) => {
    const level = reply.statusCode >= 500 ? 'error' : request.url.startsWith('/assets/') ? 'debug' : 'info';
    request.log[level](
      {
        method: request.method,
        // The route pattern, not the URL: some calls carry credentials in the path or query
        // (`/user/reset_pw/{credential}`, SPEC §7 register).
        route: request.routeOptions.url ?? request.url.split('?')[0],
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
      },
      'request',
    );
  });
  const metrics = new AppMetrics(database.db, { processMetrics: Boolean(config.metricsToken) });
  app.decorate('metrics', metrics);
  await app.register(securityHeadersPlugin);

  await app.register(envelopePlugin);
  await app.register(metricsPlugin, { metrics, token: config.metricsToken });
  await app.register(requestContextPlugin);
  await app.register(authenticationPlugin);
  await app.register(apiKeyAuthPlugin);
  await app.register(fastifyFormbody);
  await app.register(fastifyCookie);
  await app.register(openApiPlugin);

  await app.register(vmsPlugin, { provider: options.adapters?.desktops });

  await app.register(healthRoutes);
  if (config.isDevToolsEnabled) await app.register(devRoutes);
  await app.register(
    async (api) => {
      await api.register(authRoutes);
      await api.register(usersRoutes);
      await api.register(twoFactorRoutes);
      await api.register(chargesRoutes);
      await api.register(paymentsRoutes);
      await api.register(statisticsRoutes);
      await api.register(proxiesRoutes);
      await api.register(trafficRoutes);
      await api.register(ipAllowListRoutes);
      await api.register(areasRoutes);
      await api.register(summaryRoutes);
      await api.register(adminRoutes);
      await api.register(apiKeysRoutes);
      await api.register(quickAccessRoutes);
      await api.register(extensionConsoleRoutes);
      await api.register(vmsRoutes);
      await api.register(announcementsRoutes);
      await api.register(adminAnnouncementsRoutes);
      await api.register(adminSurveyRoutes);
      await api.register(helpRoutes);
      await api.register(menuLinksRoutes);
      await api.register(rewardsRoutes);
      await api.register(invitationsRoutes);
      await api.register(shareCodesRoutes);
      await api.register(subUsersRoutes);
      await api.register(domainUsageRoutes);
      // The browser extension's own calls (`authorization: Extension <token>` only).
      await api.register(extensionApiRoutes);
    },
    { prefix: '/api' },
  );
  // The public API (/api/v2, /api/v1) with its own documents and reference pages.
  await app.register(publicApiRoutes);
  await app.register(consoleStaticPlugin, { consoleDir: config.consoleDir });
  // Last: its preClose hook runs after the relay's, which ends the WebSocket sessions first.
  closeConnectionsOnClose(app);
  return app;
};

/** The application type routes and tests see. */
export type App = Awaited<ReturnType<typeof buildApp>>;
