// Touches to the generated OpenAPI document that the route schemas cannot express: a body whose
// fields are all optional is an optional body (POST /workbook/undo is sent bare), every
// operation gets a stable operationId (method + path) for generated clients, the error answers
// each operation can give ({detail}, from the request guard, the body parser, schema validation
// and the error table in errors.ts), and the bodies of the file uploads, which the routes read
// themselves (JSON, multipart or the raw file).
import { ErrorBody, VersionConflictBody } from '../contract/index.js';
import { SEQ_HEADER } from './route-deps.js';

type Media = { schema?: { required?: unknown[] } & Record<string, unknown>; example?: unknown };
type Parameter = { name?: string; in?: string };
type Operation = {
  operationId?: string;
  parameters?: Parameter[];
  requestBody?: { required?: boolean; description?: string; content?: Record<string, Media> };
  responses?: Record<string, unknown>;
};
type Document = { paths?: Record<string, Record<string, Operation> | undefined> };

const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options']);

/** `post` + `/system/charts/{chart_id}` → `postSystemChartsChartId`. */
export function operationIdOf(method: string, path: string): string {
  const words = path.split(/[^A-Za-z0-9]+/).filter((word) => word !== '');
  return method + words.map((word) => word[0]!.toUpperCase() + word.slice(1)).join('');
}

/** What each error status means, the same for every operation that can answer it. */
const ERROR_MEANINGS: Readonly<Record<number, string>> = {
  400: 'Bad input: a malformed body, an invalid address, name or value, a locked cell (the detail names it)',
  403: 'Refused: a change a browser marks as sent from another site (GRIDBOOK_CORS_ORIGINS), or a feature switched off',
  404: 'No such sheet, chart or other named thing (the detail names it)',
  405: 'Method not allowed on this endpoint',
  406: 'The Accept header does not include what this endpoint answers',
  408: 'The request was not sent in time (GRIDBOOK_REQUEST_TIMEOUT_MS)',
  409: 'Conflict: a duplicate name, a version or undo-step conflict, or no free space to place a block',
  413: 'Too large: the body, a range, an import or an export is over its limit, or the change took longer to compute than GRIDBOOK_FORMULA_BUDGET_MS (the detail names it)',
  415: 'Content-Type not accepted for changes: send application/json, or a file as multipart/form-data',
  421: 'The Host header names a host this server does not answer to (GRIDBOOK_ALLOWED_HOSTS)',
  422: 'The body or query does not match the schema (the detail names the field)',
  429: 'The AI provider is rate-limiting the stored key',
  502: 'The AI provider failed to answer',
  503: 'Not done, send it again when Retry-After says (0: at once): another server process changed the workbook at the same moment, or a whole-sheet read met commits on every attempt. Without Retry-After: the journal failed (no change until a restart), or (SaaS) a stored provider key or plugin secret does not open under GRIDBOOK_SECRET_KEY',
  504: 'The AI provider call was aborted or timed out',
};

/** Answers particular operations give besides the ones their shape implies. */
const EXTRA_ERRORS: Readonly<Record<string, readonly number[]>> = {
  'post /grid/cell': [409],
  'post /grid/range': [409],
  'post /workbook/sheet': [409],
  'post /workbook/sheet/rename': [404, 409],
  'post /workbook/sheet/activate': [404],
  'post /workbook/sheet/move': [404],
  'post /workbook/sheet/delete': [404],
  'post /workbook/undo': [409],
  'post /workbook/redo': [409],
  'post /grid/lock': [413],
  'post /grid/unlock': [413],
  'get /peek': [413],
  'get /system/export.csv': [413],
  'post /agent/chat': [409, 429, 502, 503, 504],
  'post /agent/apply': [409, 429, 502, 504],
  'post /agent/chat/chain': [409, 429, 502, 503, 504],
  'get /models/available': [429, 502, 503, 504],
  'get /settings/providers': [503],
  'post /settings/keys/save': [503],
  'delete /settings/keys/{provider_id}': [503],
  'post /mcp': [406],
  'get /mcp': [405],
  'delete /mcp': [405],
};

/**
 * 409s that are not always {detail}: a version conflict answers {message, cell, expected, actual}
 * (SEED-SPEC); a foreign undo step, or a commit stream no longer kept, answers {detail}.
 */
const CONFLICT_BODY = { oneOf: [VersionConflictBody, ErrorBody] };
const VERSION_CHECKED = new Set(['post /grid/cell', 'post /grid/range', 'post /workbook/undo']);

/** Reads whose answer says, in a header, which commits it includes (`GET /events` follows on). */
const SEQ_READS = new Set(['get /grid', 'get /api/workbook']);

const SEQ_HEADER_DOC = {
  description:
    'The seq of the last commit this answer includes: follow GET /events from it (Last-Event-ID) to miss nothing.',
  schema: { type: 'string', pattern: '^[0-9]+$' },
};

/** Uploads the routes read themselves: what may be sent, documented (not validated by Fastify). */
const UPLOAD_BODIES: Readonly<
  Record<string, { description: string; content: Record<string, Media> }>
> = {
  'post /system/import': {
    description:
      'A Gridbook export (GET /system/export) or a GridOS .gridos file: as JSON, or as a file in the multipart field "file"',
    content: {
      'application/json': {
        schema: { type: 'object' },
        example: {
          workbook_name: 'Budget',
          sheets: [{ name: 'Sheet1', cells: { A1: { value: 1 } } }],
        },
      },
      'multipart/form-data': {
        schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' } } },
      },
    },
  },
  'post /system/import.xlsx': {
    description: 'An .xlsx workbook: the raw file, or a file in the multipart field "file"',
    content: {
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': {
        schema: { type: 'string', format: 'binary' },
      },
      'multipart/form-data': {
        schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' } } },
      },
    },
  },
  'post /system/import.csv': {
    description:
      'CSV or TSV text written into a sheet from A1: the raw file, or the multipart field "file"',
    content: {
      'text/csv': { schema: { type: 'string' }, example: 'Month,Revenue\nJan,100\nFeb,250\n' },
      'multipart/form-data': {
        schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' } } },
      },
    },
  },
};

/** The error statuses an operation can answer, from its shape and the table above. */
export function errorStatusesOf(method: string, path: string, operation: Operation): number[] {
  const statuses = new Set<number>([408, 421]);
  const parameters = operation.parameters ?? [];
  const hasInput = parameters.length > 0 || operation.requestBody !== undefined;
  const changes = method !== 'get' && method !== 'head' && method !== 'options';
  if (changes) for (const status of [400, 403, 413, 415]) statuses.add(status);
  if (hasInput) {
    statuses.add(400);
    statuses.add(422);
  }
  const bodyFields = Object.values(operation.requestBody?.content ?? {}).flatMap((media) =>
    Object.keys((media.schema?.['properties'] as object | undefined) ?? {}),
  );
  const namesSomething =
    parameters.some((parameter) => parameter.in === 'path' || parameter.name === 'sheet') ||
    bodyFields.includes('sheet');
  if (namesSomething) statuses.add(404);
  for (const status of EXTRA_ERRORS[`${method} ${path}`] ?? []) statuses.add(status);
  return [...statuses].sort((a, b) => a - b);
}

/** `x-gridbook-seq` → `X-Gridbook-Seq`, as the header is written in the docs. */
function headerName(lower: string): string {
  return lower.replace(
    /(^|-)([a-z])/g,
    (_, dash: string, letter: string) => dash + letter.toUpperCase(),
  );
}

export function finishOpenApiDocument<T extends object>(generated: T): T {
  // The generated types are a union of three OpenAPI versions; only the shared shape is touched.
  const document = generated as Document;
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(item ?? {})) {
      if (!METHODS.has(method) || typeof operation !== 'object' || operation === null) continue;
      operation.operationId ??= operationIdOf(method, path);
      const upload = UPLOAD_BODIES[`${method} ${path}`];
      if (upload !== undefined && operation.requestBody === undefined) {
        operation.requestBody = { required: true, ...upload };
      } else {
        const body = operation.requestBody;
        const schema = body?.content?.['application/json']?.schema;
        if (body !== undefined && schema !== undefined && (schema.required ?? []).length === 0)
          body.required = false;
      }
      const key = `${method} ${path}`;
      const responses = (operation.responses ??= {});
      for (const status of errorStatusesOf(method, path, operation))
        responses[String(status)] ??= {
          description: ERROR_MEANINGS[status] ?? 'Error',
          content: {
            'application/json': {
              schema: status === 409 && VERSION_CHECKED.has(key) ? CONFLICT_BODY : ErrorBody,
            },
          },
        };
      const ok = responses['200'] as { headers?: Record<string, unknown> } | undefined;
      if (SEQ_READS.has(key) && ok !== undefined)
        ok.headers = { ...ok.headers, [headerName(SEQ_HEADER)]: SEQ_HEADER_DOC };
    }
  }
  return generated;
}
