// Save/load (through the WorkbookStore port), export/import in Gridbook JSON (and GridOS .gridos on
// import), xlsx and CSV (docs/contract.md §4 Persistence, docs/design.md §5). Every replacement
// goes through the workbook handle's commit, so it is one undo step, journaled, and subscribers see
// it.
import type { IncomingMessage } from 'node:http';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { WorkbookReader } from '../../core/index.js';
import {
  ExportCsvQuery,
  ExportJsonQuery,
  ExportXlsxQuery,
  ImportCsvQuery,
  SaveResponse,
  LoadResponse,
  WorkbookReplacedResponse,
  ImportCsvResponse,
} from '../../contract/index.js';
import {
  contentDisposition,
  CorruptSaveFileError,
  exportCsvInSlices,
  exportFileName,
  exportJsonInSlices,
  exportXlsxInWorker,
  MalformedJsonError,
  XLSX_CONTENT_TYPE,
  type JsonDecoder,
  type WorkbookStore,
  type XlsxWorkerPool,
} from '../../persistence/index.js';
import { HttpError } from '../errors.js';
import { installSharedJsonParser, JsonBytes, malformedJson } from '../json-body.js';
import { formField } from '../multipart.js';
import { sentInPieces } from '../pieces.js';
import { readSharedBody } from '../shared-body.js';
import {
  importCsv,
  importWorkbookJson,
  importXlsx,
  keepingTitle,
  loadCheckpoint,
  saveCheckpoint,
} from '../../editing/index.js';
import {
  changeMeta,
  handleOf,
  READ_CLOCK,
  titleOf,
  workbookOf,
  type RouteDeps,
} from '../route-deps.js';

export interface PersistenceRouteDeps extends RouteDeps {
  readonly store: WorkbookStore;
  readonly now: () => Date;
  /** Where .xlsx files are read and written. */
  readonly xlsxWorker: XlsxWorkerPool;
}

const BINARY_TYPES = ['multipart/form-data', XLSX_CONTENT_TYPE, 'application/octet-stream'];
const TEXT_TYPES = ['text/csv', 'text/tab-separated-values'];

/**
 * Upload bodies: multipart and xlsx as bytes in shared memory, CSV as bytes too, decoded by the
 * CSV codec, which knows the encodings spreadsheets save CSV in (scoped to these routes).
 */
function installUploadParsers(app: FastifyInstance, bodyLimit: number): void {
  // Read into shared memory: the worker reads the file without a copy (readSharedBody).
  app.addContentTypeParser(BINARY_TYPES, (request: FastifyRequest, payload: IncomingMessage) =>
    readSharedBody(request, payload, bodyLimit),
  );
  app.addContentTypeParser(TEXT_TYPES, { parseAs: 'buffer', bodyLimit }, (_request, body, done) =>
    done(null, body),
  );
}

/** The charset a raw text body declares (`text/csv; charset=windows-1252`), if any. */
function declaredCharset(request: FastifyRequest): string | undefined {
  if (isMultipart(request)) return undefined;
  const match = /;\s*charset="?([^";\s]+)"?/i.exec(request.headers['content-type'] ?? '');
  return match?.[1];
}

function isMultipart(request: FastifyRequest): boolean {
  return /^multipart\/form-data/i.test(request.headers['content-type'] ?? '');
}

interface Upload {
  readonly data: Buffer;
  readonly fileName: string | undefined;
  /** How error messages name it: the form field `file`, or the request `body`. */
  readonly field: string;
}

/** The uploaded file: the multipart field `file`, or the raw body. */
function uploadedFile(request: FastifyRequest, kind: string): Upload {
  const body = request.body;
  if (Buffer.isBuffer(body) && isMultipart(request)) {
    const part = formField(body, request.headers['content-type'], 'file');
    return { data: part.data, fileName: part.fileName, field: 'file' };
  }
  if (Buffer.isBuffer(body)) return { data: body, fileName: undefined, field: 'body' };
  if (typeof body === 'string')
    return { data: Buffer.from(body, 'utf8'), fileName: undefined, field: 'body' };
  throw new HttpError(
    400,
    `file: field required; send the ${kind} as the multipart form field "file" or as the raw request body.`,
  );
}

function attachment(reply: FastifyReply, contentType: string, fileName: string): FastifyReply {
  return reply
    .header('content-type', contentType)
    .header('content-disposition', contentDisposition(fileName));
}

function workbookJson(workbook: WorkbookReader) {
  return {
    status: 'Success' as const,
    workbook_name: workbook.name,
    active_sheet: workbook.activeSheetName,
    sheets: workbook.sheetNames,
  };
}

export const persistenceRoutes: FastifyPluginAsyncTypebox<PersistenceRouteDeps> = async (
  app,
  deps,
) => {
  installUploadParsers(app, deps.config.maxBodyBytes);
  // The checkpoint is the resolved workbook's (the one OSS workbook is `default`; in SaaS the
  // caller's own, never a shared id).
  const workbookIdOf = (handle: { readonly id: string }): string => handle.id;

  app.post(
    '/system/save',
    {
      schema: {
        response: { 200: SaveResponse },
        tags: ['persistence'],
        summary: 'Save the workbook (system_state.gridbook in the data directory)',
      },
    },
    async (request) => {
      const handle = await handleOf(deps, request);
      const workbookId = workbookIdOf(handle);
      await saveCheckpoint(handle, deps.store, workbookId, {
        at: deps.now(),
        clock: READ_CLOCK,
        worker: deps.xlsxWorker,
      });
      return { status: 'Success' as const, workbook_id: workbookId };
    },
  );

  app.post(
    '/system/load',
    {
      schema: {
        response: { 200: LoadResponse },
        tags: ['persistence'],
        summary: 'Replace the workbook with the saved one',
      },
    },
    async (request) => {
      const handle = await handleOf(deps, request);
      let loaded: boolean;
      try {
        loaded = await keepingTitle(handle, titleOf(deps, handle), () =>
          loadCheckpoint(handle, deps.store, workbookIdOf(handle), changeMeta(request)),
        );
      } catch (error) {
        // Like a missing file, an unreadable one is a 200 {status: Error} and nothing changes.
        if (error instanceof CorruptSaveFileError)
          return { status: 'Error' as const, message: error.message };
        throw error;
      }
      if (!loaded) return { status: 'Error' as const, message: 'No save file found.' };
      return workbookJson(handle.workbook);
    },
  );

  app.get(
    '/system/export',
    {
      schema: {
        tags: ['persistence'],
        summary: 'Download the workbook as Gridbook JSON (version=2: the compact block layout)',
        querystring: ExportJsonQuery,
      },
    },
    async (request, reply) => {
      const workbook = await workbookOf(deps, request);
      const at = deps.now();
      attachment(
        reply,
        'application/json; charset=utf-8',
        exportFileName(workbook.name, at, 'gridbook'),
      );
      const pieces = await exportJsonInSlices(
        workbook,
        at,
        { dense: request.query.version === '2' },
        READ_CLOCK,
        deps.xlsxWorker,
      );
      return sentInPieces(reply, pieces);
    },
  );

  // Its JSON body is read into shared memory and parsed in the worker (installSharedJsonParser).
  await app.register(async (scope) => {
    installSharedJsonParser(scope, deps.config.maxBodyBytes);
    scope.post(
      '/system/import',
      {
        schema: {
          response: { 200: WorkbookReplacedResponse },
          tags: ['persistence'],
          summary:
            'Replace the workbook with a Gridbook export or a GridOS .gridos file (JSON body)',
        },
      },
      async (request) => {
        const handle = await handleOf(deps, request);
        const body = request.body;
        const max = deps.config.maxImportCells;
        const decode: JsonDecoder = (text, field) => deps.xlsxWorker.decodeJson(text, field);
        // A file that brings another name renames the workbook: its title follows (SaaS).
        await keepingTitle(handle, titleOf(deps, handle), async () => {
          if (body instanceof JsonBytes) {
            try {
              await importWorkbookJson(
                handle,
                body.bytes,
                changeMeta(request),
                'body',
                max,
                decode,
              );
            } catch (error) {
              // Parsed in the worker, answered as the JSON body parser answers malformed JSON.
              if (error instanceof MalformedJsonError) throw malformedJson(error.reason);
              throw error;
            }
          } else if (Buffer.isBuffer(body) || typeof body === 'string') {
            const upload = uploadedFile(request, 'workbook JSON');
            await importWorkbookJson(
              handle,
              upload.data,
              changeMeta(request),
              upload.field,
              max,
              decode,
            );
          } else {
            await importWorkbookJson(handle, body, changeMeta(request), 'body', max);
          }
        });
        return workbookJson(handle.workbook);
      },
    );
  });

  app.get(
    '/system/export.xlsx',
    {
      schema: {
        tags: ['persistence'],
        summary:
          'Download the workbook as .xlsx (values_only=true: computed values instead of formulas)',
        querystring: ExportXlsxQuery,
      },
    },
    async (request, reply) => {
      const workbook = await workbookOf(deps, request);
      const at = deps.now();
      const valuesOnly = ['true', '1', 'yes'].includes(
        (request.query.values_only ?? '').toLowerCase(),
      );
      attachment(reply, XLSX_CONTENT_TYPE, exportFileName(workbook.name, at, 'xlsx'));
      return exportXlsxInWorker(workbook, { valuesOnly, at }, READ_CLOCK, deps.xlsxWorker);
    },
  );

  app.post(
    '/system/import.xlsx',
    {
      schema: {
        response: { 200: WorkbookReplacedResponse },
        tags: ['persistence'],
        summary: 'Replace the workbook with an .xlsx file (multipart field "file" or raw body)',
      },
    },
    async (request) => {
      const handle = await handleOf(deps, request);
      const { data, fileName, field } = uploadedFile(request, '.xlsx file');
      await keepingTitle(handle, titleOf(deps, handle), () =>
        importXlsx(
          handle,
          data,
          fileName,
          field,
          changeMeta(request),
          deps.config.maxImportCells,
          deps.xlsxWorker,
        ),
      );
      return workbookJson(handle.workbook);
    },
  );

  app.get(
    '/system/export.csv',
    {
      schema: {
        tags: ['persistence'],
        summary: 'Download one sheet as CSV (from A1 to its last occupied cell)',
        querystring: ExportCsvQuery,
      },
    },
    async (request, reply) => {
      const workbook = await workbookOf(deps, request);
      const sheet = workbook.sheet(request.query.sheet);
      const fileName = exportFileName(workbook.name, deps.now(), 'csv', sheet.name);
      const pieces = await exportCsvInSlices(
        workbook,
        sheet.name,
        request.query.mode ?? 'values',
        READ_CLOCK,
      );
      attachment(reply, 'text/csv; charset=utf-8', fileName);
      return sentInPieces(reply, pieces);
    },
  );

  app.post(
    '/system/import.csv',
    {
      schema: {
        response: { 200: ImportCsvResponse },
        tags: ['persistence'],
        summary:
          'Fill a sheet from CSV at A1 (text/csv body or multipart field "file"); its other unlocked cells are cleared, a missing sheet is added',
        querystring: ImportCsvQuery,
      },
    },
    async (request) => {
      const handle = await handleOf(deps, request);
      const bytes = uploadedFile(request, 'CSV').data;
      const sheet = handle.workbook.sheet(
        await importCsv(
          handle,
          request.query.sheet,
          { bytes, charset: declaredCharset(request) },
          changeMeta(request),
          deps.config.maxImportCells,
        ),
      );
      const bounds = sheet.occupiedBounds();
      return {
        status: 'Success' as const,
        sheet: sheet.name,
        rows: bounds === undefined ? 0 : bounds.end.row + 1,
        columns: bounds === undefined ? 0 : bounds.end.col + 1,
      };
    },
  );
};
