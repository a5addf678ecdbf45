// Defined names in Gridbook JSON: one top-level list, `{name, refers_to}` for the workbook's and
// `{name, sheet, refers_to}` for a sheet's, as `GET /workbook/names` lists them. The core checks
// the names themselves when the document is installed (validateDocument).
import type { DefinedName, SheetSnapshot, WorkbookDocument } from '../core/index.js';
import { describeJson, isPlainObject } from './cell-json.js';
import { InvalidDocumentError } from './errors.js';

export interface GridbookNameJson {
  readonly name: string;
  readonly sheet?: string;
  readonly refers_to: string;
}

export function encodeNames(document: WorkbookDocument): { names?: GridbookNameJson[] } {
  const names: GridbookNameJson[] = (document.names ?? []).map((entry) => ({
    name: entry.name,
    refers_to: entry.formula,
  }));
  for (const sheet of document.sheets)
    for (const entry of sheet.names ?? [])
      names.push({ name: entry.name, sheet: sheet.name, refers_to: entry.formula });
  return names.length === 0 ? {} : { names };
}

/** The document's sheets with their own names, and the workbook's names, from `raw`. */
export function decodeNames(
  sheets: readonly SheetSnapshot[],
  raw: unknown,
): { sheets: SheetSnapshot[]; names?: DefinedName[] } {
  if (raw === undefined || raw === null) return { sheets: [...sheets] };
  if (!Array.isArray(raw))
    throw new InvalidDocumentError('names', `expected a list, got ${describeJson(raw)}.`);
  const workbook: DefinedName[] = [];
  const bySheet = sheets.map((): DefinedName[] => []);
  raw.forEach((item: unknown, index) => {
    const field = `names[${index}]`;
    if (!isPlainObject(item))
      throw new InvalidDocumentError(
        field,
        `expected {name, refers_to}, got ${describeJson(item)}.`,
      );
    const { name, sheet, refers_to: formula } = item;
    if (typeof name !== 'string' || typeof formula !== 'string')
      throw new InvalidDocumentError(field, 'expected a name and refers_to, both text.');
    if (sheet === undefined || sheet === null) {
      workbook.push({ name, formula });
      return;
    }
    const at =
      typeof sheet === 'string'
        ? sheets.findIndex((candidate) => candidate.name.toLowerCase() === sheet.toLowerCase())
        : -1;
    if (at < 0)
      throw new InvalidDocumentError(`${field}.sheet`, `no sheet ${describeJson(sheet)}.`);
    bySheet[at]!.push({ name, formula });
  });
  return {
    sheets: sheets.map((sheet, index) =>
      bySheet[index]!.length === 0 ? sheet : { ...sheet, names: bySheet[index]! },
    ),
    ...(workbook.length === 0 ? {} : { names: workbook }),
  };
}
