// Rows or columns inserted or deleted on one sheet. Cells, their versions and locks move with
// their rows (versions follow the cell, not the position); every formula of every sheet that
// refers to the sheet is rewritten as Excel does (formula-text/structure.ts) and its version
// bumped; charts follow their data and anchors. The workbook is rebuilt from the new document
// in one step, and the undo puts the previous sheets back.
import { formatCell, tryParseCell } from '../address/index.js';
import type { Chart } from '../chart.js';
import { CellLockedError, InvalidOperationError, SheetNotFoundError } from '../errors.js';
import {
  bandName,
  limitOf,
  LOST_REFERENCE,
  movedIndex,
  rewriteForStructureChange,
  type StructureChange,
} from '../formula-text/index.js';
import { sameSheetName } from '../naming.js';
import { isFormula } from '../value-typing.js';
import { movedLayout } from '../sheet-layout.js';
import type { FormatRect } from '../format/index.js';
import type { Executed } from './execute.js';
import type { Op, SheetSnapshot, SnapshotCell, WorkbookDocument } from './op.js';
import type { WorkbookState } from './state.js';
import { documentOf, installDocument } from './workbook-document.js';

type StructureOp = Extract<Op, { type: 'change-structure' }>;

/** `3` or `3:4` (`B` or `B:C`), as the refusal names it. */
function describeBand(change: StructureChange): string {
  const band = bandName(change.axis, change.at, change.count);
  return change.count === 1 ? band.slice(0, band.indexOf(':')) : band;
}

function checkChange(change: StructureChange, sheet: SheetSnapshot): void {
  if (!Number.isInteger(change.at) || change.at < 0 || change.at >= limitOf(change))
    throw new InvalidOperationError('at', `must be a ${change.axis} on the sheet.`);
  if (
    !Number.isInteger(change.count) ||
    change.count < 1 ||
    change.at + change.count > limitOf(change)
  )
    throw new InvalidOperationError('count', `must be at least 1 and stay on the sheet.`);
  const onAxis = (cell: SnapshotCell) => (change.axis === 'row' ? cell.row : cell.col);
  if (change.kind === 'delete') {
    const locked = sheet.cells.filter(
      (cell) => cell.locked && onAxis(cell) >= change.at && onAxis(cell) < change.at + change.count,
    );
    if (locked.length > 0) throw new CellLockedError(sheet.name, locked.map(formatCell));
    return;
  }
  const pushedOff = sheet.cells.find(
    (cell) =>
      (cell.input !== null || cell.locked) && onAxis(cell) >= limitOf(change) - change.count,
  );
  if (pushedOff !== undefined)
    throw new InvalidOperationError(
      'count',
      `inserting ${describeBand(change)} would push ${formatCell(pushedOff)} off the sheet; clear it first.`,
    );
}

function movedCells(sheet: SheetSnapshot, change: StructureChange): SnapshotCell[] {
  const moved: SnapshotCell[] = [];
  for (const cell of sheet.cells) {
    const index = movedIndex(change.axis === 'row' ? cell.row : cell.col, change);
    if (index === undefined) continue;
    moved.push(change.axis === 'row' ? { ...cell, row: index } : { ...cell, col: index });
  }
  return moved;
}

function rewrittenCells(
  cells: readonly SnapshotCell[],
  sheetName: string,
  change: StructureChange,
): SnapshotCell[] {
  return cells.map((cell) => {
    if (!isFormula(cell.input)) return cell;
    const formula = rewriteForStructureChange(cell.input.formula, sheetName, change);
    return formula === cell.input.formula
      ? cell
      : { ...cell, input: { formula }, version: cell.version + 1 };
  });
}

/** A chart whose data is gone goes with it; one whose anchor row is gone sits at the band. */
function movedChart(chart: Chart, sheetName: string, change: StructureChange): Chart | undefined {
  const range = rewriteForStructureChange(`=${chart.data_range}`, sheetName, change).slice(1);
  if (range.includes(LOST_REFERENCE)) return undefined;
  if (!sameSheetName(sheetName, change.sheet)) return { ...chart, data_range: range };
  const cell = tryParseCell(chart.anchor_cell);
  if (cell === undefined) return { ...chart, data_range: range };
  const position = change.axis === 'row' ? cell.row : cell.col;
  const moved = movedIndex(position, change) ?? Math.min(change.at, limitOf(change) - 1);
  const anchorCell = formatCell(
    change.axis === 'row' ? { ...cell, row: moved } : { ...cell, col: moved },
  );
  return { ...chart, data_range: range, anchor_cell: anchorCell };
}

/** A rectangle's span on the changed axis after the change; undefined when it is gone. */
function movedSpan(
  from: number,
  to: number,
  change: StructureChange,
): [number, number] | undefined {
  const last = limitOf(change) - 1;
  if (change.kind === 'insert') {
    // Rows inserted inside a formatted band take its format, as Excel gives them the format of
    // the row above.
    const start = from >= change.at ? from + change.count : from;
    const end = Math.min(to >= change.at ? to + change.count : to, last);
    return start > last ? undefined : [start, end];
  }
  const after = change.at + change.count;
  const start = from < change.at ? from : from >= after ? from - change.count : change.at;
  const end = to < change.at ? to : to >= after ? to - change.count : change.at - 1;
  return end < start ? undefined : [start, end];
}

function movedFormats(formats: readonly FormatRect[], change: StructureChange): FormatRect[] {
  const moved: FormatRect[] = [];
  for (const rect of formats) {
    const rows = change.axis === 'row';
    const span = movedSpan(rows ? rect.top : rect.left, rows ? rect.bottom : rect.right, change);
    if (span === undefined) continue;
    moved.push(
      rows
        ? { ...rect, top: span[0], bottom: span[1] }
        : { ...rect, left: span[0], right: span[1] },
    );
  }
  return moved;
}

export function restructuredDocument(
  document: WorkbookDocument,
  change: StructureChange,
): WorkbookDocument {
  const target = document.sheets.find((sheet) => sameSheetName(sheet.name, change.sheet));
  if (target === undefined) throw new SheetNotFoundError(change.sheet);
  checkChange(change, target);
  return {
    ...document,
    sheets: document.sheets.map((sheet) => {
      const cells = sheet === target ? movedCells(sheet, change) : sheet.cells;
      const charts = (sheet.charts ?? [])
        .map((chart) => movedChart(chart, sheet.name, change))
        .filter((chart): chart is Chart => chart !== undefined);
      const moved = { ...sheet, cells: rewrittenCells(cells, sheet.name, change), charts };
      if (sheet !== target) return moved;
      return {
        ...moved,
        ...(sheet.layout === undefined ? {} : { layout: movedLayout(sheet.layout, change) }),
        ...(sheet.formats === undefined ? {} : { formats: movedFormats(sheet.formats, change) }),
      };
    }),
  };
}

export function changeStructure(state: WorkbookState, op: StructureOp): Executed {
  return installDocument(state, restructuredDocument(documentOf(state), op.change));
}
