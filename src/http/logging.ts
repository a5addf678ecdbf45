// Logger options for the app: whatever a caller passes, secrets are redacted. Keys travel in
// request bodies (api_key) and in vendor headers; none of them may reach a log line.
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
];

type LoggerOption = boolean | Record<string, unknown> | undefined;

/** false stays silent; true or undefined log at `level`; an options object keeps its settings and gains the redaction. */
export function loggerOptions(logger: LoggerOption, level: string): false | Record<string, unknown> {
  if (logger === false) return false;
  if (logger === undefined || logger === true) return { level, redact: [...REDACTED_LOG_PATHS] };
  const own = logger['redact'];
  const ownPaths = Array.isArray(own) ? (own as string[]) : [];
  return { level, ...logger, redact: [...new Set([...REDACTED_LOG_PATHS, ...ownPaths])] };
}
