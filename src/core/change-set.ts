// What a commit changed, for subscribers (realtime clients, MCP notifications): every cell whose
// computed value changed — from the engine's own change list, so recomputed dependents on every
// sheet are included — with its new value, and which sheets' structure or charts changed.
import type { CellValue, EngineChanges, EngineSheet } from './formula/index.js';
import type { Op } from './ops/op.js';

export interface ChangedCell {
  readonly row: number;
  readonly col: number;
  readonly value: CellValue;
}

export interface ChangeSet {
  /** Per sheet (by its name after the commit), the cells whose computed value changed. */
  readonly cells: readonly { readonly sheet: string; readonly cells: readonly ChangedCell[] }[];
  /** Sheets were added, removed, renamed, reordered or activated, or the workbook renamed. */
  readonly sheets: boolean;
  /** Sheets (by name after the commit) whose charts changed. */
  readonly charts: readonly string[];
  /** Sheets (by name after the commit) whose frozen panes, sizes or filter changed. */
  readonly layout: readonly string[];
  /** Sheets (by name after the commit) whose cell formats changed. */
  readonly formats?: readonly string[];
  /**
   * The whole workbook was replaced (load, import, their undo), or a structure change or a move
   * rewrote formulas anywhere: read it again; `cells` is empty.
   */
  readonly workbookReplaced: boolean;
}

const SHEET_OPS = new Set<Op['type']>([
  'add-sheet',
  'delete-sheet',
  'restore-sheet',
  'rename-sheet',
  'activate-sheet',
  'move-sheet',
  'rename-workbook',
]);

/** Sheet names after a rename-sheet op list: a chart op names the sheet as it was when it applied. */
function finalName(ops: readonly Op[], from: number, name: string): string {
  let current = name;
  for (let index = from + 1; index < ops.length; index += 1) {
    const op = ops[index]!;
    if (op.type === 'rename-sheet' && op.from.toLowerCase() === current.toLowerCase())
      current = op.to;
  }
  return current;
}

function cellsBySheet(
  engine: EngineChanges,
  sheetName: (handle: EngineSheet) => string | undefined,
): ChangeSet['cells'] {
  const { cells, sheets } = engine;
  // Every change on one sheet (a large range write's 100,000): the engine's list is handed on
  // as it is (takeChanges gave it away) rather than copied a cell at a time.
  const first = sheets[0];
  if (first !== undefined && new Set(sheets).size === 1) {
    const sheet = sheetName(first);
    return sheet === undefined ? [] : [{ sheet, cells }];
  }
  const bySheet: { sheet: string; handle: EngineSheet; cells: ChangedCell[] }[] = [];
  let last: (typeof bySheet)[number] | undefined;
  for (let index = 0; index < cells.length; index += 1) {
    const handle = sheets[index]!;
    if (last?.handle !== handle) {
      last = bySheet.find((entry) => entry.handle === handle);
      if (last === undefined) {
        const sheet = sheetName(handle);
        // A sheet the commit removed has no cells to show.
        if (sheet === undefined) continue;
        bySheet.push((last = { sheet, handle, cells: [] }));
      }
    }
    // The engine's own object: the change set keeps it rather than a copy per cell.
    last.cells.push(cells[index]!);
  }
  return bySheet.map(({ sheet, cells }) => ({ sheet, cells }));
}

export function changeSetOf(
  ops: readonly Op[],
  engine: EngineChanges,
  sheetName: (handle: EngineSheet) => string | undefined,
): ChangeSet {
  let replaced = engine.rebuilt;
  let sheets = false;
  let charts: Set<string> | undefined;
  let layout: Set<string> | undefined;
  let formats: Set<string> | undefined;
  ops.forEach((op, index) => {
    if (
      op.type === 'replace-workbook' ||
      op.type === 'restore-workbook' ||
      op.type === 'change-structure' ||
      // A move rewrites formula text, names and chart ranges on any sheet, which the engine's
      // value changes do not show: read again, as after a structure change.
      op.type === 'move-cells'
    )
      replaced = true;
    else if (SHEET_OPS.has(op.type)) sheets = true;
    else if (op.type === 'put-chart' || op.type === 'delete-chart')
      (charts ??= new Set()).add(finalName(ops, index, op.sheet));
    else if (op.type === 'set-layout') (layout ??= new Set()).add(finalName(ops, index, op.sheet));
    else if (op.type === 'set-format' || op.type === 'restore-formats')
      (formats ??= new Set()).add(finalName(ops, index, op.sheet));
  });
  return {
    cells: replaced ? [] : cellsBySheet(engine, sheetName),
    sheets: sheets || replaced,
    charts: charts === undefined ? [] : [...charts],
    layout: layout === undefined ? [] : [...layout],
    ...(formats === undefined ? {} : { formats: [...formats] }),
    workbookReplaced: replaced,
  };
}

/** A rough size, for bounding how many commits are kept in memory for subscribers. */
export function changeSetBytes(changes: ChangeSet): number {
  return changes.cells.reduce((total, sheet) => total + 64 + sheet.cells.length * 80, 64);
}
