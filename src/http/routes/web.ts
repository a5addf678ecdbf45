// The built browser UI (dist/web) at /. API routes are registered first and are more specific,
// so they always win; this wildcard only sees paths no API route claims. A path that names a
// built file gets it; a page navigation (GET accepting text/html) to any other non-API path
// gets index.html, so the UI can own its URLs; everything else is the usual JSON 404.
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';

export interface WebRouteOptions {
  /** Directory holding index.html and assets/ (the Vite build output). */
  readonly webDir: string;
}

/** First path segments that belong to the API; never answered with the UI's index.html. */
const API_PREFIXES = new Set([
  'agent', 'agents', 'api', 'dev', 'docs', 'eval', 'grid', 'healthz', 'metrics', 'models', 'openapi.json',
  'peek', 'plugins', 'schema', 'settings', 'system', 'workbook', 'workbooks', 'ws',
]);

const IMMUTABLE = 'public, max-age=31536000, immutable';

function isApiPath(urlPath: string): boolean {
  const first = urlPath.split('/').find((segment) => segment !== '') ?? '';
  return API_PREFIXES.has(first.toLowerCase());
}

function acceptsHtml(request: FastifyRequest): boolean {
  return (request.headers.accept ?? '').includes('text/html');
}

/** The file under webDir a URL path names, or undefined (missing, a directory, or outside webDir). */
async function builtFile(webDir: string, urlPath: string): Promise<string | undefined> {
  let relative: string;
  try {
    relative = decodeURIComponent(urlPath).replace(/^\/+/, '');
  } catch {
    return undefined;
  }
  if (relative === '') return undefined;
  const full = path.resolve(webDir, relative);
  if (!full.startsWith(webDir + path.sep)) return undefined;
  const info = await stat(full).catch(() => undefined);
  return info?.isFile() === true ? path.relative(webDir, full) : undefined;
}

async function sendIndex(webDir: string, reply: FastifyReply): Promise<FastifyReply> {
  const index = await stat(path.join(webDir, 'index.html')).catch(() => undefined);
  if (index === undefined) {
    return reply.status(503).type('application/json; charset=utf-8').send({
      detail: 'The web UI is not built yet: run `npm run build:web` (`npm start` builds it automatically), then reload.',
    });
  }
  return reply.header('cache-control', 'no-cache').sendFile('index.html');
}

export const webRoutes: FastifyPluginAsync<WebRouteOptions> = async (app, options) => {
  const webDir = path.resolve(options.webDir);
  // serve: false — only reply.sendFile (with its own traversal guard); the route below decides.
  await app.register(fastifyStatic, { root: webDir, serve: false, cacheControl: false });

  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    const urlPath = request.url.split('?')[0] ?? '/';
    if (urlPath === '/' || urlPath === '/index.html') return sendIndex(webDir, reply);
    const file = await builtFile(webDir, urlPath);
    if (file !== undefined) {
      const cache = file.startsWith(`assets${path.sep}`) ? IMMUTABLE : 'no-cache';
      return reply.header('cache-control', cache).sendFile(file);
    }
    if (request.method === 'GET' && acceptsHtml(request) && !isApiPath(urlPath)) return sendIndex(webDir, reply);
    return reply.callNotFound();
  });
};
