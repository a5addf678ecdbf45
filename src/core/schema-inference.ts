// What /schema says about a sheet (docs/contract.md §4): the occupied rectangle, and per column its
// header (the first occupied row, even when it is data) and the type of the cells below it.
import { columnToLetters, formatCell, MAX_COLUMNS, type RangeAddress } from './address/index.js';
import { isFormulaError, type CellValue, type SpillArea } from './formula/index.js';
import { isFormula, type CellInput } from './value-typing.js';
import { numberFormatKind, type CellFormat } from './format/index.js';
import type { ReadSlices } from './read-slices.js';

export type ColumnType =
  'text' | 'number' | 'bool' | 'formula' | 'empty' | 'date' | 'percent' | 'currency';

export interface ColumnSchema {
  readonly col: string;
  readonly header: string | null;
  readonly type: ColumnType;
}

export interface SheetSchema {
  readonly rows: number;
  readonly cols: ColumnSchema[];
  readonly occupied_bounds: { readonly first: string; readonly last: string } | null;
}

export interface SchemaSource {
  occupiedBounds(): RangeAddress | undefined;
  /** The cellKeys of the cells with an input, a band of rows at a time. */
  occupiedKeyBands(): Iterable<Float64Array>;
  input(row: number, col: number): CellInput | null;
  value(row: number, col: number): CellValue;
  /** The cell's format: a number or formula column mostly shown as dates, percentages or money says so. */
  format?(row: number, col: number): CellFormat | undefined;
  /** Formulas whose arrays spill, with the rectangles they cover (anchors included). */
  spills?(): readonly SpillArea[];
}

/** Does a spill (not its anchor) fill this cell? */
function spilledInto(areas: readonly SpillArea[], row: number, col: number): boolean {
  return areas.some(
    (area) =>
      row >= area.row &&
      row < area.row + area.height &&
      col >= area.col &&
      col < area.col + area.width &&
      (row !== area.row || col !== area.col),
  );
}

function headerText(value: CellValue): string | null {
  if (value === null) return null;
  if (isFormulaError(value)) return value.sentinel;
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  return String(value);
}

function literalType(input: CellInput): 'text' | 'number' | 'bool' {
  if (typeof input === 'number') return 'number';
  if (typeof input === 'boolean') return 'bool';
  return 'text';
}

/**
 * Rule 1: `formula` when at least half of the populated data cells hold a formula. Otherwise
 * the most common literal type wins; ties go to text, the type that holds anything.
 */
export function columnType(inputs: readonly CellInput[]): ColumnType {
  if (inputs.length === 0) return 'empty';
  const formulas = inputs.filter(isFormula).length;
  if (formulas * 2 >= inputs.length) return 'formula';
  const counts = { text: 0, number: 0, bool: 0 };
  for (const input of inputs) if (!isFormula(input)) counts[literalType(input)] += 1;
  if (counts.number > counts.text && counts.number >= counts.bool) return 'number';
  if (counts.bool > counts.text && counts.bool > counts.number) return 'bool';
  return 'text';
}

/** What one column's data cells (below the header row) hold, counted as they are walked. */
interface ColumnTally {
  cells: number;
  formulas: number;
  text: number;
  number: number;
  bool: number;
  date: number;
  percent: number;
  currency: number;
}

function emptyTally(): ColumnTally {
  return { cells: 0, formulas: 0, text: 0, number: 0, bool: 0, date: 0, percent: 0, currency: 0 };
}

/**
 * Rule 1 (as columnType), then the formats' say: a number or formula column is `date`, `percent`
 * or `currency` when more than half of its cells' number formats say so.
 */
function typeOfTally(tally: ColumnTally): ColumnType {
  if (tally.cells === 0) return 'empty';
  let type: ColumnType;
  if (tally.formulas * 2 >= tally.cells) type = 'formula';
  else if (tally.number > tally.text && tally.number >= tally.bool) type = 'number';
  else if (tally.bool > tally.text && tally.bool > tally.number) type = 'bool';
  else type = 'text';
  if (type !== 'number' && type !== 'formula') return type;
  for (const kind of ['date', 'percent', 'currency'] as const)
    if (tally[kind] * 2 > tally.cells) return kind;
  return type;
}

/** The walk of one sheet's occupied cells, a stretch at a time. */
class SchemaWalk {
  readonly #sheet: SchemaSource;
  readonly #headerRow: number;
  readonly tallies = new Map<number, ColumnTally>();
  /** Each number format code's kind, looked up once. */
  readonly #kinds = new Map<string, string>();

  constructor(sheet: SchemaSource, bounds: RangeAddress) {
    this.#sheet = sheet;
    this.#headerRow = bounds.start.row;
  }

  /**
   * Counts the cells spills fill below the header row as formula cells: they hold no input, yet
   * they show the formula's data (a column of `=SEQUENCE(10)` in its header row is not empty).
   */
  addSpills(areas: readonly SpillArea[]): void {
    for (const area of areas)
      for (let col = area.col; col < area.col + area.width; col += 1) {
        let cells = 0;
        for (let row = area.row; row < area.row + area.height; row += 1)
          if (row !== this.#headerRow && (row !== area.row || col !== area.col)) cells += 1;
        if (cells === 0) continue;
        let tally = this.tallies.get(col);
        if (tally === undefined) this.tallies.set(col, (tally = emptyTally()));
        tally.cells += cells;
        tally.formulas += cells;
      }
  }

  /** Counts the cells of `keys[from]` to `keys[to - 1]`. */
  walk(keys: Float64Array, from: number, to: number): void {
    const sheet = this.#sheet;
    for (let index = from; index < to; index += 1) {
      const key = keys[index]!;
      const row = Math.floor(key / MAX_COLUMNS);
      const col = key % MAX_COLUMNS;
      if (row === this.#headerRow) continue;
      const input = sheet.input(row, col);
      if (input === null) continue;
      let tally = this.tallies.get(col);
      if (tally === undefined) this.tallies.set(col, (tally = emptyTally()));
      tally.cells += 1;
      if (isFormula(input)) tally.formulas += 1;
      else tally[literalType(input)] += 1;
      const code = sheet.format?.(row, col)?.number_format;
      if (code === undefined) continue;
      let kind = this.#kinds.get(code);
      if (kind === undefined) this.#kinds.set(code, (kind = numberFormatKind(code)));
      if (kind === 'date' || kind === 'time') tally.date += 1;
      else if (kind === 'percent' || kind === 'currency') tally[kind] += 1;
    }
  }
}

function schemaOf(
  sheet: SchemaSource,
  bounds: RangeAddress,
  walk: SchemaWalk,
  spills: readonly SpillArea[],
): SheetSchema {
  const cols: ColumnSchema[] = [];
  const row = bounds.start.row;
  for (let col = bounds.start.col; col <= bounds.end.col; col += 1) {
    const shown = sheet.input(row, col) !== null || spilledInto(spills, row, col);
    cols.push({
      col: columnToLetters(col),
      header: shown ? headerText(sheet.value(row, col)) : null,
      type: typeOfTally(walk.tallies.get(col) ?? emptyTally()),
    });
  }
  return {
    rows: bounds.end.row - bounds.start.row + 1,
    cols,
    occupied_bounds: { first: formatCell(bounds.start), last: formatCell(bounds.end) },
  };
}

export function inferSheetSchema(sheet: SchemaSource): SheetSchema {
  const bounds = sheet.occupiedBounds();
  if (bounds === undefined) return { rows: 0, cols: [], occupied_bounds: null };
  // Walk only occupied cells: a sheet with A1 and XFD1048576 must not scan the space between.
  const walk = new SchemaWalk(sheet, bounds);
  for (const keys of sheet.occupiedKeyBands()) walk.walk(keys, 0, keys.length);
  const spills = sheet.spills?.() ?? [];
  walk.addSpills(spills);
  return schemaOf(sheet, bounds, walk, spills);
}

/** How many cells the sliced walk takes between looks at the clock. */
const WALK_STRETCH = 4_096;

/** inferSheetSchema a stretch at a time, letting the event loop turn between slices. */
export async function inferSheetSchemaInSlices(
  sheet: SchemaSource,
  slices: ReadSlices,
): Promise<SheetSchema> {
  const bounds = sheet.occupiedBounds();
  if (bounds === undefined) return { rows: 0, cols: [], occupied_bounds: null };
  const walk = new SchemaWalk(sheet, bounds);
  for (const keys of sheet.occupiedKeyBands()) {
    for (let from = 0; from < keys.length; from += WALK_STRETCH) {
      await slices.pause();
      walk.walk(keys, from, Math.min(keys.length, from + WALK_STRETCH));
    }
  }
  const spills = sheet.spills?.() ?? [];
  walk.addSpills(spills);
  return schemaOf(sheet, bounds, walk, spills);
}
