// Sheet and workbook management, and undo/redo, as use-cases over the workbook handle.
import {
  validateSheetName,
  validateWorkbookName,
  type ApplyMeta,
  type UndoGuard,
  type WorkbookHandle,
  type WorkbookReader,
} from '../core/index.js';

/** The first free `SheetN`, counting from 1. */
function nextSheetName(workbook: WorkbookReader): string {
  const taken = new Set(workbook.sheetNames.map((name) => name.toLowerCase()));
  let index = 1;
  while (taken.has(`sheet${index}`)) index += 1;
  return `Sheet${index}`;
}

/** Appends a sheet (named `SheetN` when no name is given); returns its name. */
export async function addSheet(
  handle: WorkbookHandle,
  requested: string | null | undefined,
  meta: ApplyMeta,
): Promise<string> {
  const name =
    requested === undefined || requested === null
      ? nextSheetName(handle.workbook)
      : validateSheetName(requested);
  await handle.commit([{ type: 'add-sheet', name }], meta);
  return name;
}

export async function renameSheet(
  handle: WorkbookHandle,
  oldName: string,
  newName: string,
  meta: ApplyMeta,
): Promise<string> {
  const from = handle.workbook.sheet(oldName, 'old_name').name;
  const to = validateSheetName(newName, 'new_name');
  await handle.commit([{ type: 'rename-sheet', from, to }], meta);
  return to;
}

export async function activateSheet(
  handle: WorkbookHandle,
  requested: string,
  meta: ApplyMeta,
): Promise<string> {
  const name = handle.workbook.sheet(requested, 'name').name;
  await handle.commit([{ type: 'activate-sheet', name }], meta);
  return name;
}

/** Puts a sheet at `index` among the tabs (0 is the first); returns its name as stored. */
export async function moveSheet(
  handle: WorkbookHandle,
  requested: string,
  index: number,
  meta: ApplyMeta,
): Promise<string> {
  const name = handle.workbook.sheet(requested, 'name').name;
  await handle.commit([{ type: 'move-sheet', name, index }], meta);
  return name;
}

export async function deleteSheet(
  handle: WorkbookHandle,
  requested: string,
  meta: ApplyMeta,
): Promise<string> {
  const name = handle.workbook.sheet(requested, 'name').name;
  await handle.commit([{ type: 'delete-sheet', name }], meta);
  return name;
}

/**
 * Sets the other place this workbook's name is kept to its new name (SaaS mode: its title in the
 * workbook directory, `WorkbookDirectory.setTitle`); OSS mode has none.
 */
export type WorkbookTitle = (name: string) => Promise<void>;

/**
 * Runs `change` (an undo, a redo, an import, a load); when it renamed the workbook, the title
 * follows its name.
 */
export async function keepingTitle<T>(
  handle: WorkbookHandle,
  title: WorkbookTitle | undefined,
  change: () => Promise<T>,
): Promise<T> {
  const before = handle.workbook.name;
  const result = await change();
  const name = handle.workbook.name;
  if (title !== undefined && name !== before) await title(name);
  return result;
}

/**
 * Renames the workbook, and its title where one is kept (`title`). The name is checked first
 * (`field` names it in the 400), so a name refused changes neither.
 */
export async function renameWorkbook(
  handle: WorkbookHandle,
  name: string,
  meta: ApplyMeta,
  title?: WorkbookTitle,
  field = 'name',
): Promise<string> {
  const valid = validateWorkbookName(name, field);
  await handle.commit([{ type: 'rename-workbook', name: valid }], meta);
  // Set even when the name did not change, so a title that had drifted is mended.
  await title?.(handle.workbook.name);
  return handle.workbook.name;
}

export interface UndoRequest {
  /** The versions the caller's own change left these cells at, on `sheet` (or the active sheet). */
  readonly expectedVersions?: Readonly<Record<string, number>> | undefined;
  readonly sheet?: string | undefined;
  /** The caller's client id: the step on top must be its own. */
  readonly expectedOrigin?: string | undefined;
}

/** Undoes the last step; false when there was none. */
export async function undo(
  handle: WorkbookHandle,
  request: UndoRequest,
  meta: ApplyMeta,
  title?: WorkbookTitle,
): Promise<boolean> {
  const guard: UndoGuard = {
    ...(request.expectedVersions === undefined
      ? {}
      : {
          expectedVersions: {
            sheet: handle.workbook.sheet(request.sheet).name,
            versions: request.expectedVersions,
          },
        }),
    ...(request.expectedOrigin === undefined ? {} : { expectedOrigin: request.expectedOrigin }),
  };
  // Undoing a rename renames the workbook back: its title follows.
  return keepingTitle(handle, title, async () => (await handle.undo(meta, guard)) !== undefined);
}

/** Redoes the last undone step; false when there was none. */
export async function redo(
  handle: WorkbookHandle,
  meta: ApplyMeta,
  title?: WorkbookTitle,
): Promise<boolean> {
  return keepingTitle(handle, title, async () => (await handle.redo(meta)) !== undefined);
}
