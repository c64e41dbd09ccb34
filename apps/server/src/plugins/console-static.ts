import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { AppError, detectLocale, LOCALE_COOKIE, LOCALES, type Locale } from '@ptc/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sendError } from './envelope';

const API_PATH = /^\/(api|health)(\/|$|\?)|^\/api-docs/;

/** Whether an unmatched request is a page navigation that the SPA should answer. */
const wantsConsolePage = (request: FastifyRequest): boolean =>
  (request.method === 'GET' || request.method === 'HEAD') &&
  !API_PATH.test(request.url) &&
  (request.headers.accept ?? '').includes('text/html');

const LOGIN_PAGE = /^\/login(\?|$)/;

/**
 * The language of a page request, by the console's rule (`detectLocale` of the contracts): the one
 * chosen in the console (its cookie), else the first of Accept-Language's languages it has
 * (by quality, then order), else the default.
 */
export const pickPageLocale = (
  cookieHeader: string | undefined,
  acceptLanguage: string | undefined,
): Locale => {
  const chosen = (cookieHeader ?? '')
    .split(';')
    .map((pair) => pair.split('=').map((part) => part.trim()))
    .find(([name]) => name === LOCALE_COOKIE)?.[1];
  const tags = (acceptLanguage ?? '')
    .split(',')
    .map((entry, index) => {
      const [tag = '', ...params] = entry.trim().split(';');
      const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
      const quality = q ? Number(q.slice(2)) : 1;
      return { tag: tag.trim(), quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter(({ tag, quality }) => tag !== '' && tag !== '*' && quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  return detectLocale(
    chosen ?? null,
    tags.map(({ tag }) => tag),
  );
};

/**
 * Whether the page is drawn for a phone (the console's layout changes below 992 px): the browser's
 * own hint when it sends one, else its user agent. A guess: `main.tsx` hydrates the page only when
 * the layout it was drawn for is the one the window has, and renders it anew otherwise.
 */
export const pickPageLayout = (request: FastifyRequest): 'mobile' | 'desktop' => {
  const hint = request.headers['sec-ch-ua-mobile'];
  if (hint === '?1') return 'mobile';
  if (hint === '?0') return 'desktop';
  return /Mobi|Android|iPhone|iPod/i.test(request.headers['user-agent'] ?? '') ? 'mobile' : 'desktop';
};

/** A prerendered page and the compressed copies the build wrote beside it. */
interface PrerenderedPage {
  identity: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

/** The sign-in page prerendered per language and layout by the console build, if it has them. */
const readPrerenderedLogin = (consoleDir: string): Map<string, PrerenderedPage> => {
  const pages = new Map<string, PrerenderedPage>();
  const readIf = (path: string) => (existsSync(path) ? readFileSync(path) : undefined);
  for (const locale of LOCALES) {
    for (const layout of ['mobile', 'desktop']) {
      const path = join(consoleDir, 'prerendered', `login.${locale}.${layout}.html`);
      const identity = readIf(path);
      if (!identity) continue;
      const br = readIf(`${path}.br`);
      const gzip = readIf(`${path}.gz`);
      pages.set(`${locale}.${layout}`, { identity, ...(br ? { br } : {}), ...(gzip ? { gzip } : {}) });
    }
  }
  return pages;
};

/** What the console build lists to preload per page path and per language (`route-preloads.json`). */
interface RoutePreloads {
  routes: Map<string, readonly string[]>;
  locales: Map<string, readonly string[]>;
}

/** A file the build wrote under assets/: nothing else is ever put in a page's head. */
const ASSET_FILE = /^\/assets\/[\w.-]+\.(js|css)$/;

const assetList = (value: unknown): readonly string[] =>
  Array.isArray(value)
    ? value.filter((file): file is string => typeof file === 'string' && ASSET_FILE.test(file))
    : [];

/** The build's `route-preloads.json`, when it wrote one (`apps/console/src/prerender/write-pages.mjs`). */
const readRoutePreloads = (consoleDir: string): RoutePreloads => {
  const path = join(consoleDir, 'route-preloads.json');
  const parsed: { routes?: Record<string, unknown>; locales?: Record<string, unknown> } = existsSync(path)
    ? JSON.parse(readFileSync(path, 'utf8'))
    : {};
  const entries = (record: Record<string, unknown> | undefined) =>
    new Map(Object.entries(record ?? {}).map(([key, files]) => [key, assetList(files)] as const));
  return { routes: entries(parsed.routes), locales: entries(parsed.locales) };
};

/**
 * The route-table path a page path shows (`/remote-service/remote/42` → `/remote-service/remote/:id`),
 * if any: the exact one, else one whose `:name` segments take the path's.
 */
export const matchRoutePath = (paths: Iterable<string>, pathname: string): string | undefined => {
  const wanted = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const known = [...paths];
  if (known.includes(wanted)) return wanted;
  const segments = wanted.split('/');
  return known.find((path) => {
    const parts = path.split('/');
    return (
      path.startsWith('/') &&
      parts.length === segments.length &&
      parts.every(
        (part, index) => part === segments[index] || (part.startsWith(':') && segments[index] !== ''),
      )
    );
  });
};

/** The encodings an Accept-Encoding header admits (a `;q=0` refuses one). */
const acceptedEncodings = (header: string | undefined): Set<string> =>
  new Set(
    (header ?? '')
      .split(',')
      .map((entry) => entry.trim().toLowerCase().split(';'))
      .filter(([, q]) => !/^\s*q=0(\.0*)?\s*$/.test(q ?? ''))
      .map(([name]) => name?.trim() ?? ''),
  );

/**
 * Serves the built console: hashed assets with long-lived caching, and index.html for every
 * page navigation (SPA fallback), except the sign-in page: the build prerenders it per language
 * and layout (`apps/console/src/prerender/`), so that it shows with the HTML, before any script.
 * The index.html of a page path lists the scripts and stylesheets of its layout and page and of its
 * language's texts (`<link rel="modulepreload">`, from the build's `route-preloads.json`), so the
 * browser fetches them beside the entry rather than after it has run (issue #16), at the low
 * priority of the entry itself: the page's shell paints before any of them is needed. Everything else
 * that matches no route gets the 404 envelope.
 */
export const consoleStaticPlugin = fp(
  async (app: FastifyInstance, options: { consoleDir: string }) => {
    const indexPath = join(options.consoleDir, 'index.html');
    const indexHtml = existsSync(indexPath) ? readFileSync(indexPath) : null;
    const loginPages = indexHtml
      ? readPrerenderedLogin(options.consoleDir)
      : new Map<string, PrerenderedPage>();
    const preloads = readRoutePreloads(options.consoleDir);
    /** index.html with the preloads of a route and a language, made once each. */
    const pagesWithPreloads = new Map<string, string>();
    const indexFor = (request: FastifyRequest): string | Buffer | null => {
      if (!indexHtml) return null;
      const route = matchRoutePath(preloads.routes.keys(), request.url.split('?')[0] ?? '/');
      if (route === undefined) return indexHtml;
      const locale = pickPageLocale(request.headers.cookie, request.headers['accept-language']);
      const key = `${route} ${locale}`;
      let page = pagesWithPreloads.get(key);
      if (page === undefined) {
        const links = [
          ...new Set([...(preloads.routes.get(route) ?? []), ...(preloads.locales.get(locale) ?? [])]),
        ]
          .map((file) =>
            file.endsWith('.css')
              ? `<link rel="preload" as="style" fetchpriority="low" href="${file}">`
              : `<link rel="modulepreload" fetchpriority="low" crossorigin href="${file}">`,
          )
          .join('');
        page = indexHtml.toString('utf8').replace('</head>', `${links}</head>`);
        pagesWithPreloads.set(key, page);
      }
      return page;
    };
    if (indexHtml) {
      await app.register(fastifyStatic, {
        root: options.consoleDir,
        wildcard: false,
        index: false,
        // The console build writes .br/.gz next to its assets.
        preCompressed: true,
        cacheControl: false,
        setHeaders: (response, path) => {
          const immutable = path.includes(`${join(options.consoleDir, 'assets')}`);
          response.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
    } else {
      app.log.warn(
        { consoleDir: options.consoleDir },
        'console is not built; run `npm run build` to serve it',
      );
    }

    app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
      if (indexHtml && wantsConsolePage(request)) {
        if (LOGIN_PAGE.test(request.url) && loginPages.size) {
          const locale = pickPageLocale(request.headers.cookie, request.headers['accept-language']);
          const page = loginPages.get(`${locale}.${pickPageLayout(request)}`);
          if (page) {
            reply
              .type('text/html; charset=utf-8')
              .header('cache-control', 'no-cache')
              .header('vary', 'Cookie, Accept-Language, Sec-CH-UA-Mobile, User-Agent, Accept-Encoding');
            // Compressed at build time, as the assets are; the page is its largest request before the paint.
            const encodings = acceptedEncodings(request.headers['accept-encoding']);
            if (page.br && encodings.has('br')) return reply.header('content-encoding', 'br').send(page.br);
            if (page.gzip && encodings.has('gzip'))
              return reply.header('content-encoding', 'gzip').send(page.gzip);
            return reply.send(page.identity);
          }
        }
        return reply
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-cache')
          .header('vary', 'Cookie, Accept-Language')
          .send(indexFor(request));
      }
      const path = request.url.split('?')[0];
      return sendError(
        reply,
        new AppError('ERR_NOT_FOUND', { message: `Not found: ${request.method} ${path}` }),
      );
    });
  },
  { name: 'console-static', dependencies: ['envelope'] },
);
