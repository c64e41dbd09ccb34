import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { AppError } from '@ptc/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sendError } from './envelope';

const API_PATH = /^\/(api|health)(\/|$|\?)|^\/api-docs/;

/** Whether an unmatched request is a page navigation that the SPA should answer. */
const wantsConsolePage = (request: FastifyRequest): boolean =>
  (request.method === 'GET' || request.method === 'HEAD') &&
  !API_PATH.test(request.url) &&
  (request.headers.accept ?? '').includes('text/html');

/**
 * Serves the built console: hashed assets with long-lived caching, and index.html for every
 * page navigation (SPA fallback). Everything else that matches no route gets the 404 envelope.
 */
export const consoleStaticPlugin = fp(
  async (app: FastifyInstance, options: { consoleDir: string }) => {
    const indexPath = join(options.consoleDir, 'index.html');
    const indexHtml = existsSync(indexPath) ? readFileSync(indexPath) : null;
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
        return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml);
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
