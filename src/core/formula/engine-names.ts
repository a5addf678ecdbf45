// Defined names as HyperFormula holds them: named expressions, scoped to the workbook or to one
// sheet (its id). The workbook's name texts are the truth; the engine is told each change, and a
// rebuild (load, undo of a load, recovery) takes them all again, at build time when it can.
// A name that holds a LAMBDA is called like a function (`cal_month(1)`): the formulas that call it
// are spelled with the names that hold one (lambdaNamesOf), and a build parses them once the
// names exist (HyperFormula sizes a spill when it parses the formula).
import type { HyperFormula, SerializedNamedExpression } from 'hyperformula';
import type { EngineName } from './engine-port.js';
import { holdsLambda } from './lambda-spelling.js';

type Spell = (formula: string) => string;

/** Whether `scope` (a sheet id, or the workbook) holds `name` in the engine. */
function holds(hf: HyperFormula, name: string, scope: number | undefined): boolean {
  try {
    return hf.getNamedExpressionFormula(name, scope) !== undefined;
  } catch {
    return false;
  }
}

/** Whether the engine lists `name` in `scope`, whether or not it can print its definition. */
export function listsName(hf: HyperFormula, scope: number | undefined, name: string): boolean {
  const wanted = name.toLowerCase();
  try {
    return hf.listNamedExpressions(scope).some((held) => held.toLowerCase() === wanted);
  } catch {
    return false;
  }
}

/**
 * Defines `name` in the engine (or redefines it); the reason the engine refused it otherwise
 * (a relative reference, say: HyperFormula resolves a name's references once, for every cell).
 */
export function putName(
  hf: HyperFormula,
  scope: number | undefined,
  entry: EngineName,
  spell: Spell,
): string | undefined {
  const expression = spell(entry.formula);
  try {
    if (holds(hf, entry.name, scope)) {
      if (hf.getNamedExpressionFormula(entry.name, scope) !== expression)
        hf.changeNamedExpression(entry.name, expression, scope);
    } else hf.addNamedExpression(entry.name, expression, scope);
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/**
 * Whether a change to `name` in `scope` to `formula` (undefined: removal) changes which names
 * hold a LAMBDA or what one holds: the formulas calling it are then spelled and sized anew.
 */
export function touchesLambda(
  hf: HyperFormula,
  scope: number | undefined,
  name: string,
  formula: string | undefined,
): boolean {
  if (formula !== undefined && holdsLambda(formula)) return true;
  if (!holds(hf, name, scope)) return false;
  return holdsLambda(hf.getNamedExpressionFormula(name, scope) ?? '');
}

/** The names (lower case, any scope) whose definition is a LAMBDA. */
export function lambdaNamesOf(
  sheets: readonly NamedSheets[],
  workbook: readonly EngineName[],
): Set<string> {
  const found = new Set<string>();
  for (const entry of [...workbook, ...sheets.flatMap((sheet) => sheet.names ?? [])])
    if (holdsLambda(entry.formula)) found.add(entry.name.toLowerCase());
  return found;
}

export function dropName(hf: HyperFormula, scope: number | undefined, name: string): void {
  if (holds(hf, name, scope)) hf.removeNamedExpression(name, scope);
}

/** Removes a sheet's own names before the sheet goes (HyperFormula would keep them under its id). */
export function dropSheetNames(hf: HyperFormula, sheet: number): void {
  for (const name of hf.listNamedExpressions(sheet)) hf.removeNamedExpression(name, sheet);
}

export interface NamedSheets {
  readonly name: string;
  readonly names?: readonly EngineName[];
}

/**
 * The names of a build as HyperFormula's builder takes them. Its sheet ids follow the order in
 * which it walks the contents' keys, which is `Object.keys` order (integer-like sheet names
 * first), so scopes are numbered from that order rather than from the list's.
 */
export function namesForBuild(
  contentKeys: readonly string[],
  sheets: readonly NamedSheets[],
  workbook: readonly EngineName[],
  spell: Spell,
): SerializedNamedExpression[] {
  const entries: SerializedNamedExpression[] = workbook.map((entry) => ({
    name: entry.name,
    expression: spell(entry.formula),
  }));
  for (const sheet of sheets) {
    if (sheet.names === undefined || sheet.names.length === 0) continue;
    const scope = contentKeys.indexOf(sheet.name);
    for (const entry of sheet.names)
      entries.push({ name: entry.name, expression: spell(entry.formula), scope });
  }
  return entries;
}

/**
 * Adds names one by one to a built engine, skipping those it refuses: the path when a build with
 * every name at once failed on one of them (a file that predates a rule, say).
 */
export function addNamesOneByOne(
  hf: HyperFormula,
  sheets: readonly NamedSheets[],
  workbook: readonly EngineName[],
  spell: Spell,
): void {
  for (const entry of workbook) putName(hf, undefined, entry, spell);
  for (const sheet of sheets) {
    const id = hf.getSheetId(sheet.name);
    if (id === undefined) continue;
    for (const entry of sheet.names ?? []) putName(hf, id, entry, spell);
  }
}
