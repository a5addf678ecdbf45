// Cells as the JSON formats hold them: an object per A1 address with `value`, `formula`,
// `version` and `locked` (Gridbook's export and GridOS's `.gridos` agree on these names).
// A formula cell's `value` is its last computed result, informational only: our engine
// recomputes on import. A non-formula cell's `value` is its input, taken as its JSON type.
import {
  cellKey,
  dynamicArrayFormula,
  dynamicArrayOf,
  formatCell,
  formatRange,
  legacyArrayFormula,
  legacyArrayOf,
  MAX_COLUMNS,
  MAX_ROWS,
  errorLiteralOf,
  isCellVersion,
  isFormula,
  isTypedError,
  MAX_CELL_VERSION,
  normalizeFormula,
  parseNumericText,
  tryParseCell,
  tryParseRange,
  valueToJson,
  type CellInput,
  type CellValue,
  type SnapshotCell,
} from '../core/index.js';
import { InvalidDocumentError } from './errors.js';

export interface CellJson {
  readonly value: number | string | boolean | null;
  readonly formula: string | null;
  readonly version: number;
  readonly locked: boolean;
  /**
   * A legacy (Ctrl+Shift+Enter) array formula's range, as Excel's `ref` spells it ("B2:D4"):
   * `formula` fills exactly that range (core/legacy-array.ts). Left out for every other cell.
   */
  readonly array?: string;
  /**
   * True for a dynamic-array (Excel 365) formula: `formula` is evaluated as an array and spills
   * (core/legacy-array.ts, DYNAMIC.ARRAY). Every formula typed into Gridbook that can answer an
   * array is one (core/typed-formulas.ts). Left out for every other cell, whose formula is
   * evaluated as before dynamic arrays (implicit intersection).
   */
  readonly dynamic?: true;
  /** True when `value` is an Excel error typed as a constant (`#N/A`), not text. */
  readonly error?: true;
}

const ADDRESS = /^[A-Za-z]{1,3}[0-9]{1,7}$/;

export function isCellAddress(key: string): boolean {
  return ADDRESS.test(key) && tryParseCell(key) !== undefined;
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function describeJson(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'an object';
  const text = JSON.stringify(value);
  return `${typeof value} ${text.length > 40 ? `${text.slice(0, 40)}…` : text}`;
}

export function cellToJson(cell: SnapshotCell, computed: CellValue | undefined): CellJson {
  if (isTypedError(cell.input))
    return {
      value: cell.input.error,
      formula: null,
      version: cell.version,
      locked: cell.locked,
      error: true,
    };
  const held = isFormula(cell.input) ? cell.input.formula : null;
  const legacy = held === null ? undefined : legacyArrayOf(held);
  const dynamic = held === null || legacy !== undefined ? undefined : dynamicArrayOf(held);
  const formula = legacy?.formula ?? dynamic ?? held;
  const value =
    formula === null
      ? (cell.input as Exclude<CellInput, object> | null)
      : computed === undefined
        ? null
        : valueToJson(computed);
  const json = { value, formula, version: cell.version, locked: cell.locked };
  if (dynamic !== undefined) return { ...json, dynamic: true };
  if (legacy === undefined) return json;
  const end = { row: cell.row + legacy.rows - 1, col: cell.col + legacy.cols - 1 };
  return { ...json, array: formatRange({ start: { row: cell.row, col: cell.col }, end }) };
}

/** The rows and columns of a legacy array formula's range ("B2:D4"); undefined when absent. */
function readArray(raw: unknown, field: string): { rows: number; cols: number } | undefined {
  if (raw === undefined || raw === null) return undefined;
  const range = typeof raw === 'string' ? tryParseRange(raw) : undefined;
  if (range === undefined)
    throw new InvalidDocumentError(
      `${field}.array`,
      `expected a range such as "B2:D4", got ${describeJson(raw)}.`,
    );
  return { rows: range.end.row - range.start.row + 1, cols: range.end.col - range.start.col + 1 };
}

function readDynamic(raw: unknown, field: string): boolean {
  if (raw === undefined || raw === null || raw === false) return false;
  if (raw === true) return true;
  throw new InvalidDocumentError(
    `${field}.dynamic`,
    `expected true or false, got ${describeJson(raw)}.`,
  );
}

/** The formula as the workbook holds it: a legacy array's or a dynamic one's wrapper added. */
function heldFormula(formula: string, raw: Record<string, unknown>, field: string): string {
  const array = readArray(raw['array'], field);
  const dynamic = readDynamic(raw['dynamic'], field);
  if (array !== undefined && dynamic)
    throw new InvalidDocumentError(
      `${field}.dynamic`,
      'a formula is either a legacy array formula (array) or a dynamic one, not both.',
    );
  if (array !== undefined) return legacyArrayFormula(formula, array.rows, array.cols);
  // A formula already written with its wrapper (files saved before `dynamic` existed) stays.
  return dynamic && dynamicArrayOf(formula) === undefined ? dynamicArrayFormula(formula) : formula;
}

export interface ReadCellOptions {
  /** GridOS's xlsx import stored numbers as text with `datatype: "num"`; read those as numbers. */
  readonly numericTextDatatype?: boolean;
  /**
   * GridOS writes `""` for a cell it cleared, so there `""` is no value. Gridbook's own writers
   * write `""` only for a cell holding empty text (a lone `'` typed, `<t/>` from an xlsx), which
   * ISBLANK sees as a value, so by default it reads back as empty text.
   */
  readonly emptyTextIsBlank?: boolean;
}

function readFormula(raw: unknown, field: string): string | undefined {
  if (raw === undefined || raw === null) return undefined;
  if (typeof raw !== 'string')
    throw new InvalidDocumentError(
      `${field}.formula`,
      `expected text starting with "=" or null, got ${describeJson(raw)}.`,
    );
  const trimmed = raw.trim();
  if (trimmed === '' || trimmed === '=') return undefined;
  // GridOS stores formulas with their "="; one written without it is still meant as a formula.
  return normalizeFormula(trimmed.startsWith('=') ? trimmed : `=${trimmed}`);
}

function readLiteral(
  raw: unknown,
  field: string,
  datatype: unknown,
  options: ReadCellOptions,
): CellInput | null {
  if (raw === undefined || raw === null) return null;
  if (raw === '') return options.emptyTextIsBlank === true ? null : '';
  if (typeof raw === 'boolean') return raw;
  if (typeof raw === 'number') {
    if (!Number.isFinite(raw))
      throw new InvalidDocumentError(`${field}.value`, 'a number must be finite.');
    return Object.is(raw, -0) ? 0 : raw;
  }
  if (typeof raw === 'string') {
    if (options.numericTextDatatype && datatype === 'num')
      return parseNumericText(raw.trim()) ?? raw;
    return raw;
  }
  throw new InvalidDocumentError(
    `${field}.value`,
    `expected a number, text, true/false or null, got ${describeJson(raw)}.`,
  );
}

/** A cell saved as a typed error (`"error": true` beside its literal); text otherwise. */
function typedErrorOf(raw: Record<string, unknown>): CellInput | undefined {
  if (raw['error'] !== true || typeof raw['value'] !== 'string') return undefined;
  const error = errorLiteralOf(raw['value']);
  return error === undefined ? undefined : { error };
}

function readVersion(raw: unknown, field: string): number {
  if (raw === undefined || raw === null) return 0;
  if (!isCellVersion(raw)) {
    throw new InvalidDocumentError(
      `${field}.version`,
      `expected a whole number from 0 to ${MAX_CELL_VERSION}, got ${describeJson(raw)}.`,
    );
  }
  return raw;
}

function readLocked(raw: unknown, field: string): boolean {
  if (raw === undefined || raw === null) return false;
  if (typeof raw !== 'boolean')
    throw new InvalidDocumentError(
      `${field}.locked`,
      `expected true or false, got ${describeJson(raw)}.`,
    );
  return raw;
}

/** One cell; undefined when it holds nothing worth keeping (no input, version 0, unlocked). */
export function readCell(
  raw: unknown,
  field: string,
  options: ReadCellOptions = {},
): Omit<SnapshotCell, 'row' | 'col'> | undefined {
  if (!isPlainObject(raw))
    throw new InvalidDocumentError(
      field,
      `expected an object with value, formula, version and locked, got ${describeJson(raw)}.`,
    );
  const formula = readFormula(raw['formula'], field);
  const input =
    formula !== undefined
      ? { formula: heldFormula(formula, raw, field) }
      : (typedErrorOf(raw) ?? readLiteral(raw['value'], field, raw['datatype'], options));
  const version = readVersion(raw['version'], field);
  const locked = readLocked(raw['locked'], field);
  if (input === null && version === 0 && !locked) return undefined;
  return { input, version, locked };
}

const CODE_A_LOWER = 97;
const CODE_Z_LOWER = 122;
const CODE_0 = 48;
const CODE_9 = 57;

/**
 * `A1`-style keys (letters then digits, any case, within Excel's grid), parsed by hand: this
 * runs once per cell of every load and import, and the regular expressions cost more than the
 * rest of reading a cell (W5 profile).
 */
export function parseCellKey(key: string): { row: number; col: number } | undefined {
  let index = 0;
  let col = 0;
  for (; index < key.length && index < 4; index += 1) {
    const code = key.charCodeAt(index) | 0x20;
    if (code < CODE_A_LOWER || code > CODE_Z_LOWER) break;
    col = col * 26 + (code - CODE_A_LOWER + 1);
  }
  if (index === 0 || index > 3) return undefined;
  const digitsStart = index;
  let row = 0;
  for (; index < key.length; index += 1) {
    const code = key.charCodeAt(index);
    if (code < CODE_0 || code > CODE_9 || index - digitsStart >= 7) return undefined;
    row = row * 10 + (code - CODE_0);
  }
  if (index === digitsStart || row < 1 || row > MAX_ROWS || col > MAX_COLUMNS) return undefined;
  return { row: row - 1, col: col - 1 };
}

/** A map of A1 address → cell object, as row-major snapshot cells. */
export function readCellMap(
  raw: unknown,
  field: string,
  options: ReadCellOptions = {},
): SnapshotCell[] {
  if (raw === undefined || raw === null) return [];
  if (!isPlainObject(raw))
    throw new InvalidDocumentError(
      field,
      `expected an object mapping A1 addresses to cells, got ${describeJson(raw)}.`,
    );
  const cells: SnapshotCell[] = [];
  const seen = new Set<number>();
  let previousId = -1;
  let sorted = true;
  // for…in rather than Object.entries: no pair array per cell (parsed JSON has only own keys).
  for (const key in raw) {
    const address = parseCellKey(key);
    if (address === undefined) {
      throw new InvalidDocumentError(
        `${field}.${key}`,
        `"${key}" is not a cell address (A1 notation: column letters A..XFD then a row 1..1048576).`,
      );
    }
    const id = cellKey(address.row, address.col);
    if (seen.has(id))
      throw new InvalidDocumentError(
        `${field}.${key}`,
        `cell ${formatCell(address)} appears twice (addresses are case-insensitive).`,
      );
    seen.add(id);
    const cell = readCell(raw[key], `${field}.${key}`, options);
    if (cell === undefined) continue;
    cells.push({
      row: address.row,
      col: address.col,
      input: cell.input,
      version: cell.version,
      locked: cell.locked,
    });
    if (id < previousId) sorted = false;
    previousId = id;
  }
  // Our own files list cells row-major already; only other writers need the sort.
  return sorted ? cells : cells.sort((a, b) => a.row - b.row || a.col - b.col);
}
