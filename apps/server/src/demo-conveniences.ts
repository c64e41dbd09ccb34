import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';

/**
 * The development and demo conveniences this configuration serves, one phrase each: what an
 * operator must know is live before exposing the port. Empty for a production configuration
 * that allows none of them.
 */
export const listDemoConveniences = (config: Config): string[] =>
  [
    config.isDevToolsEnabled &&
      'dev outbox and mailbox at /dev/outbox and /dev/mailbox (loopback clients only)',
    config.allowSandboxAdapters &&
      'sandbox payments: top-ups and saved cards credit without real money (owner only)',
    !config.mail.smtpUrl && 'mail kept in the outbox instead of sent (no SMTP_URL)',
    config.sms.provider === 'outbox' &&
      'text messages kept in the outbox instead of sent (SMS_PROVIDER=outbox)',
    config.captchaFixed && 'every captcha answers CAPTCHA_FIXED',
    config.demoSupply && 'demo supply of direct exits when there is no other (DEMO_SUPPLY)',
    config.gateway.allowPrivateTargets.length > 0 &&
      `gateway reaches private targets ${config.gateway.allowPrivateTargets.join(', ')}`,
  ].filter((item): item is string => typeof item === 'string');

/** True when demo conveniences are live: the console then shows a "Demo" marker. */
export const isDemoMode = (config: Config): boolean => !config.isProduction || config.allowSandboxAdapters;

/** At start-up: one warning that lists the live demo conveniences, if any. */
export const warnAboutDemoConveniences = (config: Config, log: Pick<FastifyBaseLogger, 'warn'>) => {
  const conveniences = listDemoConveniences(config);
  if (conveniences.length === 0) return;
  log.warn(
    { nodeEnv: config.nodeEnv, conveniences },
    `Demo conveniences are live (NODE_ENV=${config.nodeEnv}); do not expose this server to the public: ${conveniences.join('; ')}`,
  );
};
