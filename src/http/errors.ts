// The one table from error class to HTTP status. Every error body is {detail}, except the
// version conflict, whose body is exactly the contract's {message, cell, expected, actual}.
import { ResponseSchemaMismatch } from './response-serializer.js';
import { NO_NUL_PATTERN } from '../contract/index.js';
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  CellLockedError,
  ChartNotFoundError,
  DuplicateSheetError,
  EngineFailureError,
  GuardrailViolationError,
  InvalidAddressError,
  InvalidChartError,
  InvalidNameError,
  InvalidOperationError,
  LastSheetError,
  NoFreeSpaceError,
  ReadInterruptedError,
  SheetNotFoundError,
  TooLargeError,
  VersionConflictError,
  UndoStepConflictError,
} from '../core/index.js';
import {
  EmptyApiKeyError,
  NoProviderConfiguredError,
  ProviderAuthError,
  ProviderBadRequestError,
  ProviderCallAbortedError,
  ProviderInitError,
  ProviderRateLimitError,
  ProviderTransientError,
  UnknownProviderError,
} from '../providers/index.js';
import { ModelOutputError } from '../agent/index.js';
import {
  InvalidPluginSlugError,
  PluginNotFoundError,
  UndeclaredSecretError,
} from '../plugins/index.js';
import { InvalidDocumentError, XlsxWorkerError } from '../persistence/index.js';
import {
  CommitsUnavailableError,
  StorageUnavailableError,
  WorkbookChangedElsewhereError,
  WorkbookDeletedElsewhereError,
} from '../hosting/index.js';
import {
  AccountExistsError,
  InvalidAccountInputError,
  InvalidInviteError,
  InvalidTitleError,
  NotAuthenticatedError,
  OwnerOnlyError,
  ServiceTokenNotFoundError,
  SignInThrottledError,
  WorkbookNotFoundError,
  WrongCredentialsError,
  SecretUnreadableError,
} from '../saas/index.js';

/** An error a route raises itself, with its status (for conditions core does not model). */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly detail: string | Record<string, unknown>,
  ) {
    super(typeof detail === 'string' ? detail : JSON.stringify(detail));
  }
}

export type ErrorStatus = readonly [new (...args: never[]) => Error, number];

const STATUS_BY_ERROR: readonly ErrorStatus[] = [
  [InvalidAddressError, 400],
  [InvalidNameError, 400],
  [InvalidOperationError, 400],
  [InvalidChartError, 400],
  [InvalidDocumentError, 400],
  [CellLockedError, 400],
  [LastSheetError, 400],
  [SheetNotFoundError, 404],
  [ChartNotFoundError, 404],
  [DuplicateSheetError, 409],
  [VersionConflictError, 409],
  [UndoStepConflictError, 409],
  [TooLargeError, 413],
  [UnknownProviderError, 400],
  [EmptyApiKeyError, 400],
  [ProviderInitError, 400],
  [NoProviderConfiguredError, 400],
  // A vendor rejecting the stored key is a settings problem, not the caller's login: 401 stays
  // reserved for Gridbook's own authentication (a SaaS client signs out on it).
  [ProviderAuthError, 400],
  [ProviderBadRequestError, 400],
  [ProviderRateLimitError, 429],
  [ProviderTransientError, 502],
  [ProviderCallAbortedError, 504],
  // docs/contract.md §7: agent output that cannot be applied safely, or that breaks the reply
  // contract.
  [GuardrailViolationError, 422],
  [ModelOutputError, 422],
  [NoFreeSpaceError, 409],
  // The engine could not compute what was sent (rolled back, engine rebuilt): the input's problem,
  // never a 5xx.
  [EngineFailureError, 422],
  // The xlsx worker ended before it answered (out of memory on a file, a crash): like the
  // engine's failure, this one file or workbook could not be read or written; the server and the
  // next request are fine (a new worker starts), so not a 5xx.
  [XlsxWorkerError, 422],
  // The journal failed under a commit: the server is fine for reads but takes no change until
  // restarted.
  [StorageUnavailableError, 503],
  // Another process committed to the workbook first (SaaS, several processes on one database):
  // nothing was stored, the copy is reloaded, and the same request sent again is answered. Not
  // 409: on POST /grid/cell that status means a version mismatch with the spec's own body.
  // …unless it was deleted there: nothing to send the change to (before its parent class).
  [WorkbookDeletedElsewhereError, 404],
  [WorkbookChangedElsewhereError, 503],
  // A whole-sheet read built in slices saw commits land under it on every attempt: it did not
  // answer a mix of states; the same read sent again is answered.
  [ReadInterruptedError, 503],
  [CommitsUnavailableError, 409],
  // SaaS mode: authentication, accounts and workbooks. A workbook the caller may not see is 404,
  // exactly as one that does not exist.
  [NotAuthenticatedError, 401],
  [WrongCredentialsError, 401],
  [InvalidAccountInputError, 400],
  [AccountExistsError, 409],
  [SignInThrottledError, 429],
  [ServiceTokenNotFoundError, 404],
  [WorkbookNotFoundError, 404],
  [OwnerOnlyError, 403],
  [InvalidTitleError, 400],
  [InvalidInviteError, 400],
  // Plugin secrets: the slug and keys are the caller's to fix; a stored value that no longer
  // opens (GRIDBOOK_SECRET_KEY changed) is the operator's, and no retry by the caller helps.
  [InvalidPluginSlugError, 400],
  [UndeclaredSecretError, 400],
  [PluginNotFoundError, 404],
  [SecretUnreadableError, 503],
  // Only with checkResponses (the tests): a route answered what its schema says it never does.
  [ResponseSchemaMismatch, 500],
];

function statusOf(error: Error, table: readonly ErrorStatus[]): number | undefined {
  for (const [errorClass, status] of table) {
    if (error instanceof errorClass) return status;
  }
  return undefined;
}

interface ValidationIssue {
  instancePath?: string;
  keyword?: string;
  message?: string;
  params?: Record<string, unknown>;
}

/** Ajv's message, with the allowed values spelled out where it only says "equal to constant". */
function messageOf(issue: ValidationIssue): string {
  if (issue.keyword === 'const') return `must be ${JSON.stringify(issue.params?.['allowedValue'])}`;
  if (issue.keyword === 'pattern' && issue.params?.['pattern'] === NO_NUL_PATTERN)
    return 'must not contain the NUL character (U+0000)';
  const allowed = issue.params?.['allowedValues'];
  if (issue.keyword === 'enum' && Array.isArray(allowed))
    return `must be one of ${allowed.map((value) => JSON.stringify(value)).join(', ')}`;
  return issue.message ?? 'is invalid';
}

/** "body.formulas: must NOT have more than 500 items" — names the field at fault. */
function describeValidation(error: FastifyError): string {
  const context = error.validationContext ?? 'body';
  const issues = (error.validation ?? []) as ValidationIssue[];
  // A union reports one failure per branch; fold them into "must be string, number or null".
  const byField = new Map<string, string[]>();
  for (const issue of issues) {
    const path = (issue.instancePath ?? '').split('/').filter(Boolean);
    const missing = issue.params?.['missingProperty'];
    if (typeof missing === 'string') path.push(missing);
    const field = [context, ...path].join('.');
    const message = typeof missing === 'string' ? 'field required' : messageOf(issue);
    if (message.startsWith('must match a schema in anyOf') && byField.has(field)) continue;
    byField.set(field, [...(byField.get(field) ?? []), message]);
  }
  const parts = [...byField].slice(0, 5).map(([field, messages]) => {
    const types = messages
      .filter((message) => message.startsWith('must be '))
      .map((message) => message.slice(8));
    const text =
      types.length > 1
        ? `must be ${types.slice(0, -1).join(', ')} or ${types[types.length - 1]}`
        : messages.join('; ');
    return `${field}: ${text}`;
  });
  return parts.length > 0 ? parts.join('; ') : error.message;
}

/**
 * A domain error may carry a structured `detail` (the guardrails' list of cells); else its message.
 */
function detailOf(error: Error): unknown {
  const detail = (error as Error & { detail?: unknown }).detail;
  return detail !== undefined && detail !== null && typeof detail === 'object'
    ? detail
    : error.message;
}

function send(reply: FastifyReply, status: number, body: unknown): void {
  void reply.status(status).type('application/json; charset=utf-8').send(body);
}

/**
 * Errors Fastify's router raises before any route or error handler runs (a path that is not
 * valid percent-encoded UTF-8, a path parameter over the length limit); passed to Fastify as
 * `frameworkErrors` so they answer {detail} like every other client error.
 */
export function answerFrameworkError(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  const status =
    typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500
      ? error.statusCode
      : 400;
  send(reply, status, { detail: `${error.message}; check the URL.` });
}

/**
 * What Node's HTTP parser refuses before Fastify sees a request (a URL holding raw non-ASCII bytes,
 * a malformed header line, headers too large, a request not received within
 * GRIDBOOK_REQUEST_TIMEOUT_MS): passed to Fastify as `clientErrorHandler`, whose default answers
 * `{error, message, statusCode}`, so these answer {detail} like every other client error.
 */
export function answerClientError(
  this: FastifyInstance,
  error: Error & { code?: string },
  socket: Duplex,
): void {
  // A connection reset or already closed: nothing to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  this.log.trace({ err: error }, 'client error');
  const [status, detail] = clientErrorAnswer(error.code);
  if (socket.writable) {
    const body = JSON.stringify({ detail });
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

function clientErrorAnswer(code: string | undefined): [number, string] {
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT')
    return [
      408,
      'The request was not received in time (GRIDBOOK_REQUEST_TIMEOUT_MS); send it again, whole.',
    ];
  if (code === 'HPE_HEADER_OVERFLOW')
    return [431, 'The request headers are too large; send fewer or shorter headers.'];
  return [
    400,
    `The request is not valid HTTP${code === undefined ? '' : ` (${code})`}; check the URL (percent-encode characters outside ASCII) and the headers.`,
  ];
}

/**
 * The server's own storage failing under a request (a save, an export's temp file, the key file):
 * the disk is full or the directory is read-only or failing. Not the request's fault and not a bug,
 * so not a bare 500: 507 when space ran out, 503 otherwise, naming the cause (not the path, which
 * is the server's business) and that the request may be sent again once the operator fixed it.
 */
function storageFailureOf(error: Error): { status: number; detail: string } | undefined {
  const code = (error as Error & { code?: unknown }).code;
  const cause: Record<string, string> = {
    ENOSPC: 'the disk is full',
    EDQUOT: 'the disk quota is used up',
    EROFS: 'its data directory is on a read-only file system',
    EIO: 'the disk reported an I/O error',
  };
  if (typeof code !== 'string' || !(code in cause)) return undefined;
  return {
    status: code === 'ENOSPC' || code === 'EDQUOT' ? 507 : 503,
    detail: `The server could not write to its storage: ${cause[code]} (${code}). The request was not completed; send it again once the server's data directory can be written.`,
  };
}

/** The 413 of a body over GRIDBOOK_MAX_BODY_BYTES, naming the limit and its variable. */
export function bodyTooLargeDetail(maxBodyBytes: number): string {
  return `The request body is larger than ${maxBodyBytes} bytes, the most GRIDBOOK_MAX_BODY_BYTES accepts.`;
}

/**
 * `extra` maps the domain errors of other layers (persistence, providers, agent) to statuses;
 * `maxBodyBytes` (GRIDBOOK_MAX_BODY_BYTES) is named in the 413 of a body over it.
 */
export function installErrorHandling(
  app: FastifyInstance,
  extra: readonly ErrorStatus[] = [],
  maxBodyBytes?: number,
): void {
  const table = [...STATUS_BY_ERROR, ...extra];
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof VersionConflictError) {
      send(reply, 409, {
        message: error.message,
        cell: error.cell,
        expected: error.expected,
        actual: error.actual,
      });
      return;
    }
    if (error instanceof HttpError) {
      send(reply, error.statusCode, { detail: error.detail });
      return;
    }
    if (error.validation !== undefined) {
      send(reply, 422, { detail: describeValidation(error) });
      return;
    }
    const domainStatus = statusOf(error, table);
    // Nothing was stored (or read): the same request sent again now is answered.
    if (
      (error instanceof WorkbookChangedElsewhereError &&
        !(error instanceof WorkbookDeletedElsewhereError)) ||
      error instanceof ReadInterruptedError
    )
      void reply.header('retry-after', '0');
    if (domainStatus !== undefined) {
      send(reply, domainStatus, { detail: detailOf(error) });
      return;
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' && maxBodyBytes !== undefined) {
      send(reply, 413, { detail: bodyTooLargeDetail(maxBodyBytes) });
      return;
    }
    // Fastify's own client errors (bad JSON, body too large, wrong content type) keep their status.
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status === 415) {
      send(reply, 415, {
        detail: `Content-Type ${request.headers['content-type'] ?? '(none)'} is not accepted here; send the body as application/json.`,
      });
      return;
    }
    if (status >= 400 && status < 500) {
      send(reply, status, { detail: error.message });
      return;
    }
    const storage = storageFailureOf(error);
    if (storage !== undefined) {
      request.log.error({ err: error }, 'the data directory could not be written');
      send(reply, storage.status, { detail: storage.detail });
      return;
    }
    request.log.error({ err: error }, 'unhandled error');
    send(reply, 500, {
      detail:
        'Internal server error; the request was not completed. See the server log for details.',
    });
  });

  app.setNotFoundHandler((request, reply) => {
    send(reply, 404, { detail: `No route for ${request.method} ${request.url.split('?')[0]}.` });
  });
}
