import { createHash } from 'node:crypto';
import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { PUBLIC_API_DOCS_PATHS } from '../modules/public-api/public-api.paths';
import { API_DOCS_PATH } from './openapi';

type Directives = Record<string, string[]>;

/**
 * The Content-Security-Policy of the console (and of every other answer).
 * - Scripts only from our origin: the Vite build emits no inline script.
 * - Styles also inline: antd 6 injects its CSS-in-JS as <style> elements at run time, and
 *   threading a per-request nonce through index.html into antd's `csp` prop would not cover
 *   the other libraries that do the same. Inline styles cannot run code, so scripts stay strict.
 * - Images also `data:` (inline images of component libraries) and `blob:` (the captcha is
 *   shown from an object URL).
 * - Forms post to our origin and to PUBLIC_URL, where the sandbox checkout redirects after
 *   its POST (Chromium applies form-action to that redirect); providers are reached by
 *   navigation, never by a form.
 * - Frames: our origin, plus the origin of the operator's invitation partner page
 *   (INVITATION_PAGE_URL) when one is set, and no other.
 */
export const consoleDirectives = (publicUrl: string, frameUrl: string | null = null): Directives => {
  const publicOrigin = new URL(publicUrl).origin;
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    ...(frameUrl ? { 'frame-src': ["'self'", new URL(frameUrl).origin] } : {}),
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'", publicOrigin],
    'frame-ancestors': ["'none'"],
    ...(isHttps(publicUrl) ? { 'upgrade-insecure-requests': [] } : {}),
  };
};

/**
 * The policy of the API reference page: the console's, plus the page's own inline scripts by
 * hash (Scalar starts the bundled reference with an inline `Scalar.createApiReference(...)`).
 */
export const apiDocsDirectives = (publicUrl: string, inlineScripts: string[]): Directives => {
  const directives = consoleDirectives(publicUrl);
  const hashes = inlineScripts.map(
    (script) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`,
  );
  return { ...directives, 'script-src': [...(directives['script-src'] ?? []), ...hashes] };
};

/** Browser features the console never uses, denied to it and to anything it could embed. */
export const PERMISSIONS_POLICY = [
  'accelerometer',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'hid',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'serial',
  'usb',
  'xr-spatial-tracking',
  'browsing-topics',
]
  .map((feature) => `${feature}=()`)
  .join(', ');

/**
 * Runs before Scalar's bundle on the reference page: the zod inside it probes `Function('')` to
 * choose compiled parsers, which `script-src` refuses (a violation on every load); jitless zod
 * (its documented `z.config({ jitless: true })`, kept on this global) parses without probing.
 */
const ZOD_JITLESS =
  'globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });';

/** The reference pages Scalar renders: the console API's and the public API's (V2, V1). */
const REFERENCE_PAGES = new Set(
  [API_DOCS_PATH, ...Object.values(PUBLIC_API_DOCS_PATHS)].map((path) => `${path}/`),
);

const HSTS_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

const isHttps = (url: string) => url.startsWith('https:');

/** The bodies of the inline `<script>` elements of an HTML page (those without `src`). */
export const findInlineScripts = (html: string): string[] =>
  [...html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/gi)].map((match) => match[1] ?? '');

/**
 * Security headers on every answer, through @fastify/helmet: CSP, `X-Frame-Options: DENY`,
 * nosniff, `Referrer-Policy`, `Permissions-Policy`, and HSTS only when PUBLIC_URL is https
 * (a plain-http deployment must never pin its host to https).
 */
export const securityHeadersPlugin = fp(
  async (app: FastifyInstance) => {
    const { publicUrl } = app.config;
    const frameUrl = app.config.invitations.pageUrl;
    await app.register(fastifyHelmet, {
      contentSecurityPolicy: { useDefaults: false, directives: consoleDirectives(publicUrl, frameUrl) },
      xFrameOptions: { action: 'deny' },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      strictTransportSecurity: isHttps(publicUrl)
        ? { maxAge: HSTS_MAX_AGE_SECONDS, includeSubDomains: true, preload: false }
        : false,
      // Payments and sign-in leave by top-level navigation, which same-origin does not hinder.
      crossOriginOpenerPolicy: { policy: 'same-origin' },
      crossOriginResourcePolicy: { policy: 'same-origin' },
      crossOriginEmbedderPolicy: false,
    });
    app.addHook('onRequest', async (_request, reply) => {
      reply.header('permissions-policy', PERMISSIONS_POLICY);
    });
    // Scalar renders the reference page from its own route; its inline scripts are allowed by
    // hash on that page only, so the console's policy keeps no inline script. The page is built
    // from our static configuration alone (no request input), so hashing what it holds is safe.
    app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      if (!REFERENCE_PAGES.has(request.routeOptions.url ?? '') || typeof payload !== 'string') return payload;
      const page = payload.replace('</head>', `<script>${ZOD_JITLESS}</script></head>`);
      reply.helmet({
        contentSecurityPolicy: {
          useDefaults: false,
          directives: apiDocsDirectives(publicUrl, findInlineScripts(page)),
        },
      });
      return page;
    });
  },
  { name: 'security-headers' },
);
