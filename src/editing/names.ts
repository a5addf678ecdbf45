// Defined names: set (define or redefine) and delete through the commit path, one undo step each,
// and the list as the API shows it. The scope is a sheet's name, or none for the workbook.
import {
  InvalidNameError,
  type ApplyMeta,
  type ScopedName,
  type WorkbookHandle,
  type WorkbookReader,
} from '../core/index.js';
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

/**
 * The definition as the name will hold it. One that does not parse is refused here, as Excel's
 * Name Manager refuses it: the engine would keep it as an error, and an xlsx written with it is
 * a file Excel has to repair.
 */
function checkedDefinition(workbook: WorkbookReader, refersTo: string): string {
  const formula = refersTo.trim();
  if (!formula.startsWith('=') || formula === '=')
    throw new InvalidNameError('refers_to', 'expected a formula starting with "=".');
  const problem = workbook.formulaParseProblem(formula);
  if (problem !== undefined)
    throw new InvalidNameError('refers_to', `"${formula}" does not parse: ${problem}`);
  return formula;
}

export async function setDefinedName(
  handle: WorkbookHandle,
  request: NameScope & { readonly refersTo: string },
  meta: ApplyMeta,
): Promise<void> {
  const sheet = sheetOf(handle.workbook, request.sheet);
  const formula = checkedDefinition(handle.workbook, request.refersTo);
  try {
    await handle.commit(
      [
        {
          type: 'set-name',
          name: request.name,
          formula,
          ...(sheet === undefined ? {} : { sheet }),
        },
      ],
      meta,
    );
  } catch (error) {
    // The op calls its definition `formula`; the caller sent it as `refers_to`.
    if (error instanceof InvalidNameError && error.field === 'formula')
      throw new InvalidNameError('refers_to', error.message.slice('formula: '.length));
    throw error;
  }
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
