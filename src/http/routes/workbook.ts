// Workbook and sheet management, and server-side undo/redo.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { validateSheetName, type Workbook } from '../../core/index.js';
import { AddSheetBody, NamedSheetBody, RenameSheetBody, RenameWorkbookBody, UndoBody } from '../../contract/index.js';
import { sheetsJson } from '../presenters.js';
import { changeMeta, clientOf, workbookOf, type RouteDeps } from '../route-deps.js';

/** The first free `SheetN`, counting from 1. */
function nextSheetName(workbook: Workbook): string {
  const taken = new Set(workbook.sheetNames.map((name) => name.toLowerCase()));
  let index = 1;
  while (taken.has(`sheet${index}`)) index += 1;
  return `Sheet${index}`;
}

function historyJson(workbook: Workbook, done: boolean, direction: 'undo' | 'redo') {
  return {
    status: done ? 'Success' : `Nothing to ${direction}`,
    applied: done,
    can_undo: workbook.undoDepth > 0,
    can_redo: workbook.redoDepth > 0,
    workbook_name: workbook.name,
    active_sheet: workbook.activeSheetName,
    sheets: workbook.sheetNames,
  };
}

export const workbookRoutes: FastifyPluginAsyncTypebox<RouteDeps> = async (app, deps) => {
  app.get('/api/workbook', { schema: { tags: ['workbook'], summary: 'Workbook name, active sheet and sheet order' } }, async (request) => {
    const workbook = await workbookOf(deps, request);
    return {
      workbook_name: workbook.name,
      active_sheet: workbook.activeSheetName,
      sheets: workbook.sheetNames,
      can_undo: workbook.undoDepth > 0,
      can_redo: workbook.redoDepth > 0,
    };
  });

  app.post('/workbook/sheet', { schema: { tags: ['workbook'], summary: 'Append a sheet (not activated)', body: AddSheetBody } }, async (request) => {
    const workbook = await workbookOf(deps, request);
    const requested = request.body?.name;
    const name = requested === undefined || requested === null ? nextSheetName(workbook) : validateSheetName(requested);
    workbook.apply([{ type: 'add-sheet', name }], changeMeta(request));
    return sheetsJson(workbook, name);
  });

  app.post('/workbook/sheet/rename', { schema: { tags: ['workbook'], summary: 'Rename a sheet; formulas that name it follow', body: RenameSheetBody } }, async (request) => {
    const workbook = await workbookOf(deps, request);
    const { old_name: oldName, new_name: newName } = request.body;
    const from = workbook.sheet(oldName, 'old_name').name;
    const to = validateSheetName(newName, 'new_name');
    workbook.apply([{ type: 'rename-sheet', from, to }], changeMeta(request));
    return sheetsJson(workbook, to);
  });

  app.post('/workbook/sheet/activate', { schema: { tags: ['workbook'], summary: 'Make a sheet active', body: NamedSheetBody } }, async (request) => {
    const workbook = await workbookOf(deps, request);
    const name = workbook.sheet(request.body.name, 'name').name;
    workbook.apply([{ type: 'activate-sheet', name }], changeMeta(request));
    return sheetsJson(workbook, name);
  });

  app.post('/workbook/sheet/delete', { schema: { tags: ['workbook'], summary: 'Delete a sheet (never the last one)', body: NamedSheetBody } }, async (request) => {
    const workbook = await workbookOf(deps, request);
    const name = workbook.sheet(request.body.name, 'name').name;
    workbook.apply([{ type: 'delete-sheet', name }], changeMeta(request));
    return sheetsJson(workbook, name);
  });

  app.post('/workbook/rename', { schema: { tags: ['workbook'], summary: 'Rename the workbook', body: RenameWorkbookBody } }, async (request) => {
    const workbook = await workbookOf(deps, request);
    workbook.apply([{ type: 'rename-workbook', name: request.body.name }], changeMeta(request));
    return { workbook_name: workbook.name };
  });

  app.post(
    '/workbook/undo',
    { schema: { tags: ['workbook'], summary: 'Undo the last change (409 when expected_versions or expected_origin show the last step is not the caller\'s)', body: UndoBody } },
    async (request) => {
      const workbook = await workbookOf(deps, request);
      const versions = request.body?.expected_versions;
      const origin = request.body?.expected_origin;
      const guard = {
        ...(versions === undefined ? {} : { expectedVersions: { sheet: workbook.sheet(request.body?.sheet).name, versions } }),
        ...(origin === undefined ? {} : { expectedOrigin: origin }),
      };
      return historyJson(workbook, workbook.undo('User', guard, clientOf(request)) !== undefined, 'undo');
    },
  );

  app.post('/workbook/redo', { schema: { tags: ['workbook'], summary: 'Redo the last undone change' } }, async (request) => {
    const workbook = await workbookOf(deps, request);
    return historyJson(workbook, workbook.redo('User', clientOf(request)) !== undefined, 'redo');
  });
};
