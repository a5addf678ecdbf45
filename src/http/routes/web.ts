// The built browser UI (dist/web): the landing page (index.html) at /, the workbook page
// (workbook.html) at /workbook, the SaaS sign-in page (signin.html) at /signin. API routes are registered first and are more specific, so they
// always win; this wildcard only sees paths no API route claims. A path that names a built file
// gets it; a page navigation (GET accepting text/html) to any other non-API path gets the
// landing page, so old links and typos land somewhere useful; everything else is the usual
// JSON 404.
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
  'agent',
  'agents',
  'api',
  'auth',
  'dev',
  'docs',
  'eval',
  'events',
  'functions',
  'grid',
  'healthz',
  'mcp',
  'metrics',
  'models',
  'openapi.json',
  'peek',
  'plugins',
  'presence',
  'schema',
  'settings',
  'system',
  'workbook',
  'workbooks',
  'ws',
]);

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The pages run only their own built scripts and cannot be framed: no inline script, nothing
 * loaded from elsewhere, no <base> or form posts that could redirect the page's requests.
 * Inline styles stay allowed (React and the grid set style attributes; a style cannot run code).
 */
const PAGE_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

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

/** URL paths of the pages and the built HTML file each one serves. */
const PAGES: ReadonlyMap<string, string> = new Map([
  ['/', 'index.html'],
  ['/index.html', 'index.html'],
  ['/workbook', 'workbook.html'],
  ['/workbook/', 'workbook.html'],
  ['/signin', 'signin.html'],
]);

async function sendPage(webDir: string, reply: FastifyReply, page: string): Promise<FastifyReply> {
  const built = await stat(path.join(webDir, page)).catch(() => undefined);
  if (built === undefined) {
    return reply.status(503).type('application/json; charset=utf-8').send({
      detail:
        'The web UI is not built yet: run `npm run build:web` (`npm start` builds it automatically), then reload.',
    });
  }
  return reply
    .header('cache-control', 'no-cache')
    .header('content-security-policy', PAGE_POLICY)
    .header('x-frame-options', 'DENY')
    .sendFile(page);
}

export const webRoutes: FastifyPluginAsync<WebRouteOptions> = async (app, options) => {
  const webDir = path.resolve(options.webDir);
  // serve: false — only reply.sendFile (with its own traversal guard); the route below decides.
  await app.register(fastifyStatic, { root: webDir, serve: false, cacheControl: false });

  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    const urlPath = request.url.split('?')[0] ?? '/';
    const page = PAGES.get(urlPath);
    if (page !== undefined) return sendPage(webDir, reply, page);
    const file = await builtFile(webDir, urlPath);
    if (file !== undefined) {
      const cache = file.startsWith(`assets${path.sep}`) ? IMMUTABLE : 'no-cache';
      return reply.header('cache-control', cache).sendFile(file);
    }
    if (request.method === 'GET' && acceptsHtml(request) && !isApiPath(urlPath))
      return sendPage(webDir, reply, 'index.html');
    return reply.callNotFound();
  });
};
