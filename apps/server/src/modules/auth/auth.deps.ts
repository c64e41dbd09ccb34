import type { OAuthProvider } from '@ptc/contracts';
import type { Database } from '@ptc/db';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Mailer } from '../../adapters/mail/mailer';
import type { OAuthClient } from '../../adapters/oauth/oauth-client';
import type { SmsSender } from '../../adapters/sms/sms-sender';
import type { Config } from '../../config';
import { type AbuseLimits, createAbuseLimits } from './abuse-limits.service';

/** What the account services work with. */
export interface AuthDeps {
  db: Database;
  config: Config;
  mailer: Mailer;
  sms: SmsSender;
  oauth: Partial<Record<OAuthProvider, OAuthClient>>;
  /** Per-client abuse limits; kept in the database, so every instance shares them. */
  limits: AbuseLimits;
}

/** Facts about the calling client that account services record or limit by. */
export interface ClientInfo {
  ip: string;
  lang: 'zh-CN' | 'en-US' | 'ru-RU';
}

/** The account services' dependencies, from the application. */
export const authDeps = (app: FastifyInstance): AuthDeps => ({
  db: app.db,
  config: app.config,
  mailer: app.mailer,
  sms: app.sms,
  oauth: app.oauthClients,
  limits: createAbuseLimits(app.db, app.config.abuseLimits),
});

/** Who is calling, for limits and message language. */
export const clientInfo = (request: FastifyRequest): ClientInfo => ({
  ip: request.ip,
  lang: request.ctx.lang,
});
