// Defined names: set (define or redefine) and delete through the commit path, one undo step each,
// and the list as the API shows it. The scope is a sheet's name, or none for the workbook.
import type { ApplyMeta, ScopedName, WorkbookHandle, WorkbookReader } from '../core/index.js';
import type { DefinedNameJson } from '../contract/index.js';

export interface NameScope {
  readonly name: string;
  /** A sheet's name, or null / undefined for the whole workbook. */
  readonly sheet?: string | null;
}

function sheetOf(workbook: WorkbookReader, sheet: string | null | undefined): string | undefined {
  return sheet === null || sheet === undefined ? undefined : workbook.sheet(sheet).name;
}

export function namesJson(workbook: WorkbookReader): DefinedNameJson[] {
  return workbook.definedNames().map((entry: ScopedName) => ({
    name: entry.name,
    sheet: entry.sheet ?? null,
    refers_to: entry.formula,
  }));
}

export async function setDefinedName(
  handle: WorkbookHandle,
  request: NameScope & { readonly refersTo: string },
  meta: ApplyMeta,
): Promise<void> {
  const sheet = sheetOf(handle.workbook, request.sheet);
  await handle.commit(
    [
      {
        type: 'set-name',
        name: request.name,
        formula: request.refersTo.trim(),
        ...(sheet === undefined ? {} : { sheet }),
      },
    ],
    meta,
  );
}

export async function deleteDefinedName(
  handle: WorkbookHandle,
  request: NameScope,
  meta: ApplyMeta,
): Promise<void> {
  const sheet = sheetOf(handle.workbook, request.sheet);
  await handle.commit(
    [{ type: 'delete-name', name: request.name, ...(sheet === undefined ? {} : { sheet }) }],
    meta,
  );
}
