// Excel defined names in xlsx files, both directions. exceljs keeps only names that stand for
// ranges and drops their scope (`localSheetId`), so the import reads `<definedName>` elements from
// `xl/workbook.xml` itself, and the export hands exceljs each definition as one "range" it writes
// as it is. Names Gridbook cannot hold are left out: Excel's own (`_xlnm.Print_Area`,
// `_xlnm._FilterDatabase`) and names of links to other workbooks (`[1]Sheet1!A1`); a name the
// name rules refuse (the engine reads `answer2` as a cell) is rewritten to its range in the
// formulas that use it when it stands for one (name-rewrite.ts).
import {
  nameKey,
  validateDefinedName,
  type DefinedName,
  type SheetSnapshot,
} from '../core/index.js';
import { nameReference, namesByKey, qualifiedKey, type ImportedName } from './name-rewrite.js';
import { attribute, unescapeXml } from './xml-text.js';

/** A name as the file defines it: its definition without `=`, and its sheet's index when scoped. */
export interface FileName {
  readonly name: string;
  readonly text: string;
  readonly localSheetId?: number;
}

// Attribute values are read whole: one may hold a bare `>` (a sheet named "a>b").
const DEFINED_NAME = /<definedName\b((?:[^>"]|"[^"]*")*)>([\s\S]*?)<\/definedName>/g;
const SHEET = /<sheet\b((?:[^>"]|"[^"]*")*?)\/?>/g;

/** The defined names and the sheet names (in order) of a `xl/workbook.xml`. */
export function readWorkbookXml(xml: string): { names: FileName[]; sheets: string[] } {
  const names: FileName[] = [];
  for (const match of xml.matchAll(DEFINED_NAME)) {
    const name = attribute(match[1]!, 'name');
    if (name === undefined) continue;
    const local = attribute(match[1]!, 'localSheetId');
    const id = local === undefined ? undefined : Number(local);
    names.push({
      name,
      text: unescapeXml(match[2]!),
      ...(id !== undefined && Number.isInteger(id) ? { localSheetId: id } : {}),
    });
  }
  const sheets: string[] = [];
  for (const match of xml.matchAll(SHEET)) {
    const name = attribute(match[1]!, 'name');
    if (name !== undefined) sheets.push(name);
  }
  return { names, sheets };
}

/** The names of an imported file Gridbook keeps: the workbook's, and each sheet's by sheet name. */
export function importedNames(
  file: { names: readonly FileName[]; sheets: readonly string[] },
  clean: (text: string) => string,
): {
  workbook: DefinedName[];
  bySheet: Map<string, DefinedName[]>;
  rewrites: Map<string, ImportedName>;
  qualified: Map<string, string>;
} {
  const workbook: DefinedName[] = [];
  const bySheet = new Map<string, DefinedName[]>();
  const refused: ImportedName[] = [];
  const seen = new Set<string>();
  // A sheet's own names that stand for a range, for their sheet-qualified uses (`Defines!Name`).
  const qualified = new Map<string, string>();
  for (const entry of file.names) {
    if (/^_xl/i.test(entry.name) || entry.text.includes('[') || entry.text.trim() === '') continue;
    const scope = entry.localSheetId === undefined ? undefined : file.sheets[entry.localSheetId];
    const range = scope === undefined ? undefined : nameReference(entry.text);
    if (range !== undefined && !qualified.has(qualifiedKey(scope!, entry.name)))
      qualified.set(qualifiedKey(scope!, entry.name), range);
    let name: string;
    try {
      name = validateDefinedName(entry.name);
    } catch {
      const reference = nameReference(entry.text);
      if (reference !== undefined) refused.push({ name: entry.name, reference });
      continue;
    }
    const sheet = entry.localSheetId === undefined ? undefined : file.sheets[entry.localSheetId];
    if (entry.localSheetId !== undefined && sheet === undefined) continue;
    const key = `${sheet ?? ''}\u0000${nameKey(name)}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const defined = { name, formula: clean(entry.text) };
    if (sheet === undefined) workbook.push(defined);
    else bySheet.set(sheet, [...(bySheet.get(sheet) ?? []), defined]);
  }
  return { workbook, bySheet, rewrites: namesByKey(refused.reverse()), qualified };
}

/** exceljs's model of the names to write: each definition as its one "range", written as is. */
export function namesToWrite(
  workbookNames: readonly DefinedName[],
  sheets: readonly SheetSnapshot[],
  excelText: (formula: string) => string,
): { name: string; ranges: string[]; localSheetId?: number }[] {
  const model: { name: string; ranges: string[]; localSheetId?: number }[] = workbookNames.map(
    (entry) => ({ name: entry.name, ranges: [excelText(entry.formula)] }),
  );
  sheets.forEach((sheet, index) => {
    for (const entry of sheet.names ?? [])
      model.push({ name: entry.name, ranges: [excelText(entry.formula)], localSheetId: index });
  });
  return model;
}
