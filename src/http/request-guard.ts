// Who may talk to this server at all, decided before any route runs (docs/design.md §5).
//
// Two browser attacks are closed here. A page on another site can send "simple" requests
// (text/plain, forms, bodiless POSTs) that need no CORS preflight, so every state-changing
// request that a browser marks as coming from elsewhere (Origin, Sec-Fetch-Site) is refused,
// and bodies must have a type no cross-site page can send without a preflight, which is never
// granted unless GRIDBOOK_CORS_ORIGINS lists the origin. And a page that rebinds its own DNS
// name to 127.0.0.1 is same-origin with the server as far as the browser knows, so in OSS mode
// only the loopback names (and GRIDBOOK_ALLOWED_HOSTS) are served: the rebinding page's Host
// header gives it away. Command-line clients and SDKs send neither Origin nor Sec-Fetch-Site,
// so they are not affected.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import { HttpError } from './errors.js';

const LOOPBACK_HOSTS = ['127.0.0.1', 'localhost', '[::1]'];
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Body types a cross-site page can send without a preflight, other than uploads. */
const SIMPLE_BODY_TYPES = /^(text\/plain|application\/x-www-form-urlencoded)\b/i;
const ALLOWED_HEADERS = 'Content-Type, X-Gridbook-Client, Authorization';
/**
 * Answer headers a listed origin's script may read (CORS hides all but a safelisted few): the
 * commit a read includes, when to retry, an export's file name.
 */
const EXPOSED_HEADERS = 'X-Gridbook-Seq, Retry-After, Content-Disposition';

export interface RequestGuardOptions {
  readonly mode: Config['mode'];
  /** The address the server listens on; served by name too when it is a specific one. */
  readonly listenHost: string;
  readonly allowedHosts: readonly string[];
  readonly corsOrigins: readonly string[];
}

/** The host name of a Host header without its port, lower-cased ("[::1]" keeps its brackets). */
function hostNameOf(hostHeader: string): string {
  const lowered = hostHeader.trim().toLowerCase();
  if (lowered.startsWith('[')) return lowered.slice(0, lowered.indexOf(']') + 1);
  const colon = lowered.lastIndexOf(':');
  return colon === -1 ? lowered : lowered.slice(0, colon);
}

function servedHosts(options: RequestGuardOptions): ReadonlySet<string> | undefined {
  if (options.mode !== 'oss' || options.allowedHosts.includes('*')) return undefined;
  const listen =
    options.listenHost.includes(':') && !options.listenHost.startsWith('[')
      ? `[${options.listenHost}]`
      : options.listenHost;
  const wildcard = listen === '0.0.0.0' || listen === '[::]';
  return new Set([
    ...LOOPBACK_HOSTS,
    ...(wildcard ? [] : [listen.toLowerCase()]),
    ...options.allowedHosts.map((name) => name.toLowerCase()),
  ]);
}

function checkHost(request: FastifyRequest, served: ReadonlySet<string> | undefined): void {
  const header = request.headers.host;
  if (served === undefined || header === undefined) return;
  const name = hostNameOf(header);
  if (served.has(name)) return;
  throw new HttpError(
    421,
    `This server answers only to the host names ${[...served].join(', ')}, and this request named "${name}". ` +
      'If you reach it under that name on purpose (a LAN address or a proxy), add the name to GRIDBOOK_ALLOWED_HOSTS.',
  );
}

/**
 * Whether an Origin names the host the request was sent to. Only host and port are compared:
 * behind a TLS proxy the page is https while this server sees http, and the Host itself has
 * passed the allowlist.
 */
function isOwnOrigin(origin: string, request: FastifyRequest): boolean {
  const host = request.headers.host;
  if (host === undefined) return false;
  try {
    return new URL(origin).host === new URL(`http://${host}`).host;
  } catch {
    return false;
  }
}

/** Refuses a change a browser marks as sent from another site (an origin not listed for CORS). */
function checkCrossSite(request: FastifyRequest): void {
  const origin = request.headers.origin;
  const fetchSite = request.headers['sec-fetch-site'];
  if (fetchSite === 'cross-site' || fetchSite === 'same-site') {
    throw new HttpError(
      403,
      `A web page on another site may not change this workbook (Sec-Fetch-Site: ${fetchSite}). To let a site you trust call the API, list its origin in GRIDBOOK_CORS_ORIGINS.`,
    );
  }
  if (origin !== undefined && !isOwnOrigin(origin, request)) {
    throw new HttpError(
      403,
      `A web page from ${origin} may not change this workbook. To let a site you trust call the API, list its origin in GRIDBOOK_CORS_ORIGINS.`,
    );
  }
}

function checkBodyType(request: FastifyRequest): void {
  const type = request.headers['content-type'];
  if (type === undefined || !SIMPLE_BODY_TYPES.test(type)) return;
  throw new HttpError(
    415,
    `Content-Type ${type.split(';')[0]} is not accepted for changes: send JSON as application/json, or a file as multipart/form-data.`,
  );
}

function answerPreflight(request: FastifyRequest, reply: FastifyReply): void {
  void reply
    .code(204)
    .header('access-control-allow-origin', request.headers.origin)
    .header('access-control-allow-methods', 'GET, HEAD, POST, PATCH, PUT, DELETE')
    .header('access-control-allow-headers', ALLOWED_HEADERS)
    .header('access-control-max-age', '600')
    .header('vary', 'Origin')
    .send();
}

export function installRequestGuard(app: FastifyInstance, options: RequestGuardOptions): void {
  const served = servedHosts(options);
  const corsOrigins = new Set(options.corsOrigins.map((origin) => origin.toLowerCase()));
  // Callback style, not async: an async hook costs every request promise turns (W4 profile).
  app.addHook('onRequest', (request, reply, done) => {
    // Every answer: never sniffed into another type, and no URL of ours leaks in a Referer.
    void reply.header('x-content-type-options', 'nosniff').header('referrer-policy', 'no-referrer');
    const origin = request.headers.origin?.toLowerCase();
    const listed = origin !== undefined && corsOrigins.has(origin);
    try {
      checkHost(request, served);
      if (listed)
        void reply
          .header('access-control-allow-origin', request.headers.origin)
          .header('access-control-expose-headers', EXPOSED_HEADERS)
          .header('vary', 'Origin');
      if (
        request.method === 'OPTIONS' &&
        listed &&
        request.headers['access-control-request-method'] !== undefined
      ) {
        // Answered here: the route is never reached, so `done` is not called.
        answerPreflight(request, reply);
        return;
      }
      if (!SAFE_METHODS.has(request.method)) {
        if (!listed) checkCrossSite(request);
        checkBodyType(request);
      }
    } catch (error) {
      done(error as Error);
      return;
    }
    done();
  });
}
