import { DEFAULT_LOCALE, LOCALES, type Locale } from '@ptc/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/** What every request carries in its headers (SPEC §7). */
export interface RequestContext {
  /** Interface language, normalised to one of the supported locales. */
  lang: Locale;
  /** IANA time zone of the client; UTC when absent or unknown. */
  tz: string;
  /** Session token from `Authorization` (raw or `Bearer`), if any. */
  token: string | null;
  /** Referral code the visitor arrived with. */
  ref: string | null;
  /** Anniversary campaign marker. */
  anniv: string | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    ctx: RequestContext;
  }
}

const header = (request: FastifyRequest, name: string): string | null => {
  const value = request.headers[name];
  const text = (Array.isArray(value) ? value[0] : value)?.trim();
  return text ? text.slice(0, 512) : null;
};

/** Maps `ru`, `ru-ru`, `zh`, `zh_CN` … onto a supported locale. */
export const normalizeLocale = (value: string | null): Locale => {
  if (!value) return DEFAULT_LOCALE;
  const wanted = value.replace('_', '-').toLowerCase();
  const exact = LOCALES.find((locale) => locale.toLowerCase() === wanted);
  if (exact) return exact;
  const language = wanted.split('-')[0];
  return LOCALES.find((locale) => locale.toLowerCase().startsWith(`${language}-`)) ?? DEFAULT_LOCALE;
};

const validZones = new Map<string, boolean>();

/** Keeps a time zone only if the runtime knows it. */
export const normalizeTimeZone = (value: string | null): string => {
  if (!value) return 'UTC';
  let valid = validZones.get(value);
  if (valid === undefined) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: value });
      valid = true;
    } catch {
      valid = false;
    }
    if (validZones.size < 1_000) validZones.set(value, valid);
  }
  return valid ? value : 'UTC';
};

const bearer = /^bearer\s+/i;

/** Reads `lang`, `tz`, `Authorization`, `ref` and `anniv` into `request.ctx`. */
export const requestContextPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('ctx', null as unknown as RequestContext);
    app.addHook('onRequest', async (request) => {
      const authorization = header(request, 'authorization');
      request.ctx = {
        lang: normalizeLocale(header(request, 'lang')),
        tz: normalizeTimeZone(header(request, 'tz')),
        token: authorization ? authorization.replace(bearer, '') || null : null,
        ref: header(request, 'ref'),
        anniv: header(request, 'anniv'),
      };
    });
  },
  { name: 'request-context' },
);
