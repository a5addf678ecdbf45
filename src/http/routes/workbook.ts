// Workbook and sheet management, and server-side undo/redo: thin routes over the editing use-cases.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AddSheetBody,
  MoveSheetBody,
  NamedSheetBody,
  RenameSheetBody,
  RenameWorkbookBody,
  UndoBody,
  WorkbookResponse,
  SheetsResponse,
  RenameWorkbookResponse,
  HistoryResponse,
} from '../../contract/index.js';
import {
  activateSheet,
  addSheet,
  deleteSheet,
  moveSheet,
  redo,
  renameSheet,
  renameWorkbook,
  undo,
  historyJson,
  sheetsJson,
  workbookJson,
} from '../../editing/index.js';
import { changeMeta, handleOf, titleOf, workbookAtSeq, type RouteDeps } from '../route-deps.js';

export const workbookRoutes: FastifyPluginAsyncTypebox<RouteDeps> = async (app, deps) => {
  app.get(
    '/api/workbook',
    {
      schema: {
        response: { 200: WorkbookResponse },
        tags: ['workbook'],
        summary: 'Workbook name, active sheet and sheet order',
      },
    },
    async (request, reply) => {
      return workbookJson(await workbookAtSeq(deps, request, reply));
    },
  );

  app.post(
    '/workbook/sheet',
    {
      schema: {
        response: { 200: SheetsResponse },
        tags: ['workbook'],
        summary: 'Append a sheet (not activated)',
        body: AddSheetBody,
      },
    },
    async (request) => {
      const handle = await handleOf(deps, request);
      const name = await addSheet(handle, request.body?.name, changeMeta(request));
      return sheetsJson(handle.workbook, name);
    },
  );

  app.post(
    '/workbook/sheet/rename',
    {
      schema: {
        response: { 200: SheetsResponse },
        tags: ['workbook'],
        summary: 'Rename a sheet; formulas that name it follow',
        body: RenameSheetBody,
      },
    },
    async (request) => {
      const handle = await handleOf(deps, request);
      const name = await renameSheet(
        handle,
        request.body.old_name,
        request.body.new_name,
        changeMeta(request),
      );
      return sheetsJson(handle.workbook, name);
    },
  );

  app.post(
    '/workbook/sheet/activate',
    {
      schema: {
        response: { 200: SheetsResponse },
        tags: ['workbook'],
        summary: 'Make a sheet active',
        body: NamedSheetBody,
      },
    },
    async (request) => {
      const handle = await handleOf(deps, request);
      const name = await activateSheet(handle, request.body.name, changeMeta(request));
      return sheetsJson(handle.workbook, name);
    },
  );

  app.post(
    '/workbook/sheet/move',
    {
      schema: {
        response: { 200: SheetsResponse },
        tags: ['workbook'],
        summary: 'Move a sheet among the tabs (Gridbook adds; one undo step)',
        body: MoveSheetBody,
      },
    },
    async (request) => {
      const handle = await handleOf(deps, request);
      const { name, index } = request.body;
      return sheetsJson(handle.workbook, await moveSheet(handle, name, index, changeMeta(request)));
    },
  );

  app.post(
    '/workbook/sheet/delete',
    {
      schema: {
        response: { 200: SheetsResponse },
        tags: ['workbook'],
        summary: 'Delete a sheet (never the last one)',
        body: NamedSheetBody,
      },
    },
    async (request) => {
      const handle = await handleOf(deps, request);
      const name = await deleteSheet(handle, request.body.name, changeMeta(request));
      return sheetsJson(handle.workbook, name);
    },
  );

  app.post(
    '/workbook/rename',
    {
      schema: {
        response: { 200: RenameWorkbookResponse },
        tags: ['workbook'],
        summary:
          'Rename the workbook (SaaS: its title in GET /workbooks too, for the owner or an editor)',
        body: RenameWorkbookBody,
      },
    },
    async (request) => {
      const handle = await handleOf(deps, request);
      return {
        workbook_name: await renameWorkbook(
          handle,
          request.body.name,
          changeMeta(request),
          titleOf(deps, handle),
        ),
      };
    },
  );

  app.post(
    '/workbook/undo',
    {
      schema: {
        response: { 200: HistoryResponse },
        tags: ['workbook'],
        summary:
          "Undo the last change (409 when expected_versions or expected_origin show the last step is not the caller's)",
        body: UndoBody,
      },
    },
    async (request) => {
      const handle = await handleOf(deps, request);
      const body = request.body;
      const done = await undo(
        handle,
        {
          expectedVersions: body?.expected_versions,
          sheet: body?.sheet,
          expectedOrigin: body?.expected_origin,
        },
        changeMeta(request),
        titleOf(deps, handle),
      );
      return historyJson(handle.workbook, done, 'undo');
    },
  );

  app.post(
    '/workbook/redo',
    {
      schema: {
        response: { 200: HistoryResponse },
        tags: ['workbook'],
        summary: 'Redo the last undone change',
      },
    },
    async (request) => {
      const handle = await handleOf(deps, request);
      const done = await redo(handle, changeMeta(request), titleOf(deps, handle));
      return historyJson(handle.workbook, done, 'redo');
    },
  );
};
