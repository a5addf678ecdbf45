// How agreement is counted (shared/conformance/README.md): which formula cells are scored, and
// when our value agrees with the one Excel cached.
import { isFormulaError, SENTINELS, type CellValue } from '../../src/core/index.js';
import {
  areaOf,
  functionsCalled,
  referencesOf,
  refersToOtherWorkbook,
  shiftAreas,
  VOLATILE_FUNCTIONS,
  type Area,
} from './formula-scan.js';
import type { ExpectedValue, ExpectedWorkbook, FormulaCell } from './sheet-xml.js';

export type Exclusion = 'volatile' | 'other-workbook' | 'no-cached-value';

export interface ScoredCell {
  readonly cell: FormulaCell;
  readonly expected: ExpectedValue;
  /** Functions the formula calls (a shared formula's other cells: its master's). */
  readonly functions: readonly string[];
}

export interface CellSelection {
  readonly scored: readonly ScoredCell[];
  readonly excluded: Readonly<Record<Exclusion, number>>;
}

interface Node {
  readonly sheet: string;
  readonly areas: readonly Area[];
  readonly names: readonly { readonly name: string; readonly sheet: string | undefined }[];
  /** The cells it fills (an array formula: its whole range); none for a defined name. */
  readonly fills: Area | undefined;
  readonly nameKey: string | undefined;
  readonly seed: boolean;
  readonly cell: FormulaCell | undefined;
}

const key = (sheet: string | undefined, name: string): string =>
  `${sheet?.toLowerCase() ?? ''}|${name.toUpperCase()}`;

function overlaps(a: Area, b: Area): boolean {
  return a.top <= b.bottom && b.top <= a.bottom && a.left <= b.right && b.left <= a.right;
}

/**
 * The formula cells for which `seed` holds, and every formula cell that depends on one through
 * cell references (moved for shared formulas), array ranges and defined names, to a fixed point.
 */
export function dependentsOf(
  book: ExpectedWorkbook,
  seed: (formula: string) => boolean,
): Set<FormulaCell> {
  const nodes: Node[] = [];
  const fallbackSheet = book.sheets[0] ?? '';
  for (const cell of book.cells) {
    const references = referencesOf(cell.formula);
    nodes.push({
      sheet: cell.sheet,
      areas: shiftAreas(references.areas, cell.shift.rows, cell.shift.cols).map((area) => ({
        ...area,
        sheet: area.sheet ?? cell.sheet,
      })),
      names: references.names,
      fills:
        (cell.arrayRef === undefined ? undefined : areaOf(cell.sheet, cell.arrayRef)) ??
        areaOf(cell.sheet, cell.address),
      nameKey: undefined,
      seed: seed(cell.formula),
      cell,
    });
  }
  for (const name of book.names) {
    const references = referencesOf(name.formula);
    const sheet = name.sheet ?? fallbackSheet;
    nodes.push({
      sheet,
      areas: shiftAreas(references.areas, 0, 0).map((area) => ({
        ...area,
        sheet: area.sheet ?? sheet,
      })),
      names: references.names,
      fills: undefined,
      nameKey: key(name.sheet, name.name),
      seed: seed(name.formula),
      cell: undefined,
    });
  }
  const tainted = new Set<Node>(nodes.filter((node) => node.seed));
  if (tainted.size === 0) return new Set();
  const taintedNames = new Set<string>();
  const taintedAreas = new Map<string, Area[]>();
  const mark = (node: Node): void => {
    if (node.nameKey !== undefined) taintedNames.add(node.nameKey);
    if (node.fills !== undefined) {
      const sheet = node.sheet.toLowerCase();
      taintedAreas.set(sheet, [...(taintedAreas.get(sheet) ?? []), node.fills]);
    }
  };
  for (const node of tainted) mark(node);
  const dependsOnTainted = (node: Node): boolean =>
    node.names.some(
      ({ name, sheet }) =>
        taintedNames.has(key(sheet ?? node.sheet, name)) ||
        (sheet === undefined && taintedNames.has(key(undefined, name))),
    ) ||
    node.areas.some((area) =>
      (taintedAreas.get(area.sheet!.toLowerCase()) ?? []).some((hit) => overlaps(area, hit)),
    );
  for (let changed = true; changed;) {
    changed = false;
    for (const node of nodes) {
      if (tainted.has(node) || !dependsOnTainted(node)) continue;
      tainted.add(node);
      mark(node);
      changed = true;
    }
  }
  const cells = new Set<FormulaCell>();
  for (const node of tainted) if (node.cell !== undefined) cells.add(node.cell);
  return cells;
}

const callsVolatile = (formula: string): boolean =>
  functionsCalled(formula).some((name) => VOLATILE_FUNCTIONS.has(name));

/** The scored cells of a workbook, and how many were left out for each reason. */
export function selectCells(book: ExpectedWorkbook): CellSelection {
  const volatile = dependentsOf(book, callsVolatile);
  const external = new Set(book.cells.filter((cell) => refersToOtherWorkbook(cell.formula)));
  const excluded: Record<Exclusion, number> = {
    volatile: 0,
    'other-workbook': 0,
    'no-cached-value': 0,
  };
  const scored: ScoredCell[] = [];
  for (const cell of book.cells) {
    if (volatile.has(cell)) excluded.volatile += 1;
    else if (external.has(cell)) excluded['other-workbook'] += 1;
    else if (cell.expected === undefined) excluded['no-cached-value'] += 1;
    else scored.push({ cell, expected: cell.expected, functions: functionsCalled(cell.formula) });
  }
  return { scored, excluded };
}

/** Our error sentinels as Excel's error kinds; ours without an Excel kind stay as they are. */
export function excelErrorKind(sentinel: string): string {
  return sentinel === '#REF! (Invalid A1 notation)' ? '#REF!' : sentinel;
}

const TOLERANCE = 1e-9;

/** Whether our value agrees with Excel's cached one. */
export function agrees(expected: ExpectedValue, actual: CellValue): boolean {
  switch (expected.kind) {
    case 'number':
      return (
        typeof actual === 'number' &&
        (Math.abs(actual - expected.value) <= TOLERANCE ||
          Math.abs(actual - expected.value) <= TOLERANCE * Math.abs(expected.value))
      );
    case 'text':
      return expected.value === '' ? actual === null || actual === '' : actual === expected.value;
    case 'boolean':
      return actual === expected.value;
    case 'error':
      return isFormulaError(actual) && excelErrorKind(actual.sentinel) === expected.value;
  }
}

/** Excel's value as one line of text: 1.5, "text", TRUE, #N/A. */
export function showExpected(expected: ExpectedValue): string {
  switch (expected.kind) {
    case 'number':
      return String(expected.value);
    case 'text':
      return JSON.stringify(expected.value);
    case 'boolean':
      return expected.value ? 'TRUE' : 'FALSE';
    case 'error':
      return expected.value;
  }
}

/** Our value the same way; an error carries the engine's explanation. */
export function showActual(actual: CellValue): string {
  if (actual === null) return '(empty)';
  if (isFormulaError(actual))
    return actual.message === '' ? actual.sentinel : `${actual.sentinel} ${actual.message}`;
  if (typeof actual === 'string') return JSON.stringify(actual);
  if (typeof actual === 'boolean') return actual ? 'TRUE' : 'FALSE';
  return String(actual);
}

/**
 * Why a cell disagrees, in a few words that group alike misses across workbooks: the function or
 * name the engine lacks, the error it answered instead of Excel's kind of value, or a wrong value.
 */
export function missCause(expected: ExpectedValue, actual: CellValue | undefined): string {
  if (actual === undefined) return 'sheet missing after import';
  const excel = expected.kind === 'error' ? excelErrorKind(expected.value) : expected.kind;
  if (isFormulaError(actual)) {
    const missing = /Function name (\S+) not recognized/.exec(actual.message);
    if (missing !== null) return `#NAME?: no function ${missing[1]}`;
    if (/Named expression \S+ not recognized/.test(actual.message))
      return '#NAME?: a defined name not imported';
    if (actual.sentinel === SENTINELS.parse) return 'parse error';
    return `${actual.sentinel} where Excel has ${excel === actual.sentinel ? 'the same kind' : excel}`;
  }
  return expected.kind === 'error' ? `a value where Excel has ${excel}` : `wrong ${excel} value`;
}
