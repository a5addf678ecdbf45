// Logger options for the app: whatever a caller passes, secrets are redacted. Keys travel in
// request bodies (api_key, plugin `secrets`) and in vendor headers; none of them may reach a log
// line.
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * Requests are logged at debug, not info: two JSON lines per request buried the one line a new
 * user needs (where the server is). A request that failed still logs at error.
 */
export class QuietRequestLog extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    if (writesDebug(request.log)) request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(
    error: Error | null | undefined,
    _request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (error)
      reply.log.error(
        { res: reply, err: error, responseTime: reply.elapsedTime },
        'request errored',
      );
    else if (writesDebug(reply.log))
      reply.log.debug({ res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}

/**
 * Whether a debug line would be written: at the default level it is not, and then the line's
 * fields (an object, the response time) are not even gathered, on every request.
 */
function writesDebug(log: FastifyRequest['log']): boolean {
  const levelAware = log as Partial<{ isLevelEnabled(level: string): boolean }>;
  return typeof levelAware.isLevelEnabled !== 'function' || levelAware.isLevelEnabled('debug');
}
export const REDACTED_LOG_PATHS: readonly string[] = [
  'req.headers.authorization',
  'req.headers["x-api-key"]',
  'req.headers["x-goog-api-key"]',
  'api_key',
  'apiKey',
  '*.api_key',
  '*.apiKey',
  'body.api_key',
  'req.body.api_key',
  // Plugin secrets travel as {secrets: {KEY: value}} (PUT /settings/plugin-secrets/{slug}).
  'secrets',
  '*.secrets',
  'body.secrets',
  'req.body.secrets',
];

type LoggerOption = boolean | Record<string, unknown> | undefined;

/** false stays silent; true or undefined log at `level`; an options object keeps its settings and gains the redaction. */
export function loggerOptions(
  logger: LoggerOption,
  level: string,
): false | Record<string, unknown> {
  if (logger === false) return false;
  if (logger === undefined || logger === true) return { level, redact: [...REDACTED_LOG_PATHS] };
  const own = logger['redact'];
  const ownPaths = Array.isArray(own) ? (own as string[]) : [];
  return { level, ...logger, redact: [...new Set([...REDACTED_LOG_PATHS, ...ownPaths])] };
}
