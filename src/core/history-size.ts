// What an undo step costs in memory, estimated once when the step is recorded, so the history
// can be bounded in bytes (GRIDBOOK_UNDO_MAX_BYTES) and not only in steps. The estimate counts
// the objects a step holds from the shapes V8 gives them on 64-bit Node (no pointer
// compression): a fixed cost per op, run, array slot, snapshot cell and map entry, plus the
// characters of text and formulas. It never serialises anything: one pass over the step's
// inputs, which the executor that built the step has just walked anyway (a single-cell write
// costs a handful of additions). It errs high rather than low: strings count 2 bytes a
// character (UTF-16) and a string shared with the live sheet is counted again here.
import type { Chart } from './chart.js';
import type { InputRun, Op, RetiredWorkbook, SheetSnapshot } from './ops/op.js';
import { cellColumnsOf } from './ops/cell-columns.js';
import type { CellInput } from './value-typing.js';
import type { LayoutPatch } from './sheet-layout.js';

/** The step's own array and bookkeeping. */
export const STEP_BYTES = 64;
/** One op object and its fixed fields (a rename, an activation, a sheet name …). */
export const OP_BYTES = 96;
/** One `InputRun` object with its `inputs` array header. */
export const RUN_BYTES = 64;
/** One element of an array (a pointer). */
export const SLOT_BYTES = 8;
/** A snapshot cell: an object of five fields (row, col, input, version, locked) plus its slot. */
export const SNAPSHOT_CELL_BYTES = 72;
/** A cell address `{row, col}` of a `set-locks` op plus its slot. */
export const ADDRESS_BYTES = 48;
/** A string's header; its characters add 2 bytes each. */
export const STRING_BYTES = 24;
/** A boxed number (a heap number: any non-small-integer value). */
export const NUMBER_BYTES = 16;
/** A formula input `{formula}` object, besides its text. */
export const FORMULA_BYTES = 32;
/** A chart object besides its text fields. */
export const CHART_BYTES = 128;
/** One entry of a sheet's input map (key, value, chain and bucket share, at V8's fill factor) with its boxed key. */
export const INPUT_ENTRY_BYTES = 48;
/** One entry of a sheet's lock set. */
export const LOCK_ENTRY_BYTES = 40;
/** A Sheet object with its maps, besides their entries. */
export const SHEET_BYTES = 512;

function textBytes(text: string): number {
  return STRING_BYTES + 2 * text.length;
}

/** What one cell input holds beyond the slot that points at it. */
export function inputBytes(input: CellInput | null): number {
  switch (typeof input) {
    case 'string':
      return textBytes(input);
    case 'number':
      return NUMBER_BYTES;
    case 'object':
      if (input === null) return 0;
      return FORMULA_BYTES + textBytes('formula' in input ? input.formula : input.error);
    default:
      return 0;
  }
}

function chartBytes(chart: Chart): number {
  return (
    CHART_BYTES +
    textBytes(chart.id) +
    textBytes(chart.title) +
    textBytes(chart.data_range) +
    textBytes(chart.anchor_cell)
  );
}

function snapshotBytes(snapshot: SheetSnapshot): number {
  const cells = cellColumnsOf(snapshot);
  let bytes = textBytes(snapshot.name) + cells.length * SNAPSHOT_CELL_BYTES;
  for (let index = 0; index < cells.length; index += 1) bytes += inputBytes(cells.input(index));
  for (const chart of snapshot.charts ?? []) bytes += chartBytes(chart);
  return bytes;
}

/**
 * A replaced workbook's sheets, kept whole: their input maps, version pages, lock sets and
 * charts. The one per-cell pass counts the text the inputs hold.
 */
function retiredBytes(workbook: RetiredWorkbook): number {
  let bytes = textBytes(workbook.name);
  for (const sheet of workbook.sheets) {
    bytes +=
      SHEET_BYTES +
      textBytes(sheet.name) +
      sheet.inputs.size * INPUT_ENTRY_BYTES +
      sheet.versions.byteSize +
      sheet.locked.size * LOCK_ENTRY_BYTES;
    sheet.inputs.forEach((input) => {
      bytes += inputBytes(input);
    });
    for (const chart of sheet.charts) bytes += chartBytes(chart);
  }
  return bytes;
}

/** A layout patch: its size pairs, hidden rows and a filter's listed values. */
function layoutPatchBytes(patch: LayoutPatch): number {
  let bytes =
    ((patch.columnWidths?.length ?? 0) +
      (patch.rowHeights?.length ?? 0) +
      (patch.hiddenRows?.length ?? 0) +
      (patch.filteredRows?.length ?? 0)) *
    ADDRESS_BYTES;
  for (const column of patch.filter?.columns ?? []) {
    bytes += OP_BYTES;
    for (const value of column.values ?? []) bytes += SLOT_BYTES + textBytes(value);
  }
  return bytes;
}

/** The runs of a `set-cells` step: indexed loops, as this runs on every write (W4). */
function runsBytes(runs: readonly InputRun[]): number {
  let bytes = runs.length * RUN_BYTES;
  let previous: unknown;
  for (let index = 0; index < runs.length; index += 1) {
    const inputs = runs[index]!.inputs;
    // The inverse of a write into empty cells shares one frozen array of nulls between the
    // runs of a rectangle (execute.ts, emptyRun): count a shared array once.
    if (inputs === previous) continue;
    previous = inputs;
    bytes += inputs.length * SLOT_BYTES;
    for (let offset = 0; offset < inputs.length; offset += 1) {
      const input = inputs[offset]!;
      if (input !== null) bytes += inputBytes(input);
    }
  }
  return bytes;
}

/** A format run or patch: its rows and a format object shared with the sheet's style table. */
const FORMAT_BYTES = 96;

function opBytes(op: Op): number {
  switch (op.type) {
    case 'set-cells':
      return runsBytes(op.runs);
    case 'set-locks':
      return op.cells.length * ADDRESS_BYTES;
    case 'clear-cells':
      return 2 * ADDRESS_BYTES;
    case 'restore-sheet':
      return snapshotBytes(op.snapshot);
    case 'replace-workbook': {
      let bytes = textBytes(op.document.name);
      for (const sheet of op.document.sheets) bytes += snapshotBytes(sheet);
      return bytes;
    }
    case 'restore-workbook':
      return retiredBytes(op.workbook);
    case 'put-chart':
      return chartBytes(op.chart);
    case 'set-layout':
      return layoutPatchBytes(op.patch);
    case 'set-format':
      return FORMAT_BYTES;
    case 'restore-formats': {
      let bytes = 0;
      for (const column of op.columns) bytes += ADDRESS_BYTES + column.runs.length * FORMAT_BYTES;
      return bytes;
    }
    case 'change-structure': {
      let bytes = 0;
      for (const { sheet, cells } of op.restore?.cells ?? [])
        bytes += snapshotBytes({ name: sheet, cells });
      for (const { sheet, charts } of op.restore?.charts ?? [])
        bytes += snapshotBytes({ name: sheet, cells: [], charts });
      for (const entry of op.restore?.names ?? [])
        bytes += textBytes(entry.name) + textBytes(entry.formula);
      return bytes;
    }
    case 'move-cells': {
      let bytes = 0;
      for (const { sheet, cells } of op.restore?.cells ?? [])
        bytes += snapshotBytes({ name: sheet, cells });
      for (const { sheet, charts } of op.restore?.charts ?? [])
        bytes += snapshotBytes({ name: sheet, cells: [], charts });
      for (const entry of op.restore?.names ?? [])
        bytes += textBytes(entry.name) + textBytes(entry.formula);
      return bytes;
    }
    case 'set-name':
      return textBytes(op.name) + textBytes(op.formula);
    case 'rename-sheet': {
      let bytes = 0;
      for (const cell of op.keep?.cells ?? []) bytes += ADDRESS_BYTES + textBytes(cell.formula);
      for (const { chart } of op.keep?.charts ?? []) bytes += chartBytes(chart);
      for (const entry of op.keep?.names ?? [])
        bytes += textBytes(entry.name) + textBytes(entry.formula);
      return bytes;
    }
    default:
      return 0;
  }
}

/** The estimated bytes an undo (or redo) step holds. */
export function estimateStepBytes(ops: readonly Op[]): number {
  let bytes = STEP_BYTES + ops.length * OP_BYTES;
  for (let index = 0; index < ops.length; index += 1) {
    const op = ops[index]!;
    bytes += op.type === 'set-cells' ? runsBytes(op.runs) : opBytes(op);
  }
  return bytes;
}
