// The formats a reply proposes for the cells it writes (`formats` in the reply contract,
// docs/agent.md): read and checked like POST /grid/format's body, moved with their block when
// collision resolution moves it, and limited to the cells the write itself writes — so a format
// never lands on an occupied or locked cell the write stepped around. They become set-format ops
// in the same commit as the values (one undo step).
import {
  cellKey,
  invalidQualifiedAddress,
  InvalidOperationError,
  sameSheetName,
  tryParseRange,
  validateFormatPatch,
  type CellAddress,
  type FormatPatch,
  type Op,
  type QualifiedRange,
  type RangeAddress,
} from '../core/index.js';
import { cellLabel, cellsOf, type PlacedBlock } from './write-plan.js';

/** One entry of `formats`: an A1 cell or range (may be sheet-qualified) and a format patch. */
export interface ProposedFormat {
  readonly range: string;
  readonly format: FormatPatch;
}

/** The most entries one reply's `formats` may hold. */
export const MAX_FORMAT_ENTRIES = 1_000;

/**
 * `formats` as the model or a client sends it — a list of `{range, format}`, or an object from
 * ranges to formats — checked entry by entry. Errors name the entry (`formats[2].format.bold`).
 */
export function readFormats(raw: unknown, field = 'formats'): ProposedFormat[] {
  if (raw === undefined || raw === null) return [];
  const entries: [string, unknown, unknown][] = Array.isArray(raw)
    ? raw.map((entry: unknown, index) => {
        const where = `${field}[${index}]`;
        if (typeof entry !== 'object' || entry === null || Array.isArray(entry))
          throw new InvalidOperationError(where, 'expected {range, format}.');
        const record = entry as Record<string, unknown>;
        return [where, record['range'], record['format']];
      })
    : typeof raw === 'object'
      ? Object.entries(raw as Record<string, unknown>).map(([range, format]) => [
          `${field}.${range}`,
          range,
          format,
        ])
      : (() => {
          throw new InvalidOperationError(field, 'expected a list of {range, format}.');
        })();
  if (entries.length > MAX_FORMAT_ENTRIES)
    throw new InvalidOperationError(field, `holds more than ${MAX_FORMAT_ENTRIES} entries.`);
  return entries.map(([where, range, format]) => {
    if (typeof range !== 'string' || tryParseRange(range.trim()) === undefined)
      throw invalidQualifiedAddress(`${where}.range`, typeof range === 'string' ? range : '');
    return { range: range.trim(), format: validateFormatPatch(format, `${where}.format`) };
  });
}

/** Formats placed with the write: the ops, and what the preview shows. */
export interface PlacedFormats {
  readonly ops: Op[];
  /** `{range, format}` with ranges where they land (sheet-qualified off the main sheet). */
  readonly shown: { range: string; format: FormatPatch }[];
}

function blockFor(
  blocks: readonly PlacedBlock[],
  range: QualifiedRange,
  defaultSheet: string,
): PlacedBlock | undefined {
  const sheet = range.sheet ?? defaultSheet;
  return blocks.find((block) => sameSheetName(block.sheet, sheet));
}

/** Cells as rectangles: runs of columns per row, stacked while consecutive rows match. */
function rectangles(cells: readonly CellAddress[]): RangeAddress[] {
  const byRow = new Map<number, number[]>();
  for (const cell of cells) byRow.set(cell.row, [...(byRow.get(cell.row) ?? []), cell.col]);
  const rects: RangeAddress[] = [];
  let open: RangeAddress[] = [];
  for (const row of [...byRow.keys()].sort((a, b) => a - b)) {
    const cols = byRow.get(row)!.sort((a, b) => a - b);
    const spans: [number, number][] = [];
    for (const col of cols) {
      const last = spans[spans.length - 1];
      if (last !== undefined && col === last[1] + 1) last[1] = col;
      else spans.push([col, col]);
    }
    const next: RangeAddress[] = [];
    for (const [first, last] of spans) {
      const above = open.find(
        (rect) => rect.end.row === row - 1 && rect.start.col === first && rect.end.col === last,
      );
      if (above !== undefined) {
        (above.end as { row: number }).row = row;
        next.push(above);
      } else {
        const rect = { start: { row, col: first }, end: { row, col: last } };
        rects.push(rect);
        next.push(rect);
      }
    }
    open = next;
  }
  return rects;
}

/**
 * Each format moved by its block's move and cut to the cells the block writes. A format on a
 * sheet the reply does not write to, or on cells it does not write, formats nothing.
 */
export function placeFormats(
  formats: readonly ProposedFormat[],
  blocks: readonly PlacedBlock[],
  defaultSheet: string,
  mainSheet: string,
): PlacedFormats {
  const ops: Op[] = [];
  const shown: PlacedFormats['shown'] = [];
  for (const entry of formats) {
    const range = tryParseRange(entry.range)!;
    const block = blockFor(blocks, range, defaultSheet);
    if (block === undefined) continue;
    const rows = block.target.row - block.requested.row;
    const cols = block.target.col - block.requested.col;
    const moved = {
      start: { row: range.start.row + rows, col: range.start.col + cols },
      end: { row: range.end.row + rows, col: range.end.col + cols },
    };
    const written = new Map<number, CellAddress>();
    for (const cell of cellsOf(block)) {
      const { row, col } = cell.address;
      if (row >= moved.start.row && row <= moved.end.row)
        if (col >= moved.start.col && col <= moved.end.col)
          written.set(cellKey(row, col), cell.address);
    }
    for (const rect of rectangles([...written.values()])) {
      ops.push({ type: 'set-format', sheet: block.sheet, range: rect, format: entry.format });
      const start = cellLabel(block.sheet, rect.start, mainSheet);
      const single = rect.start.row === rect.end.row && rect.start.col === rect.end.col;
      shown.push({
        range: single ? start : `${start}:${cellLabel(block.sheet, rect.end, block.sheet)}`,
        format: entry.format,
      });
    }
  }
  return { ops, shown };
}
