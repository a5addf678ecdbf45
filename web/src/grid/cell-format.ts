// How a cached cell is shown: display text, alignment and the flags the canvas and the DOM
// mirror share (error sentinel, lock, formula).
import { formatLocale } from '../../../src/core/format/number-format.js';
import type { CachedCell } from './cell-store.js';
import { isDateTimeFormat, isPercentFormat } from './number-formats.js';

export type Alignment = 'left' | 'right' | 'center';

export interface CellDisplay {
  readonly text: string;
  readonly align: Alignment;
  readonly error: string | null;
  readonly locked: boolean;
  readonly formula: boolean;
  /** The cell's style (bold, italic, colours), when it has a format. */
  readonly format?: CachedCell['format'];
}

let decimals: { readonly locale: string; readonly mark: string } | undefined;

/** The workbook locale's decimal mark (`,` in de-DE), which General shows numbers with. */
function decimalMark(): string {
  const locale = formatLocale();
  if (decimals?.locale !== locale) {
    const parts = new Intl.NumberFormat(locale).formatToParts(1.5);
    decimals = { locale, mark: parts.find((part) => part.type === 'decimal')?.value ?? '.' };
  }
  return decimals.mark;
}

function inLocale(text: string): string {
  const mark = decimalMark();
  return mark === '.' ? text : text.replace('.', mark);
}

/** Up to 10 decimals without float noise: 0.1+0.2 shows 0.3, 1/3 shows 0.3333333333. */
export function formatNumber(value: number): string {
  return inLocale(plainNumber(value));
}

function plainNumber(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  if (Number.isInteger(value)) return String(value);
  const magnitude = Math.abs(value);
  if (magnitude !== 0 && (magnitude >= 1e15 || magnitude < 1e-9))
    return value.toExponential(6).replace(/\.?0+e/, 'e');
  return String(Number(value.toFixed(10)));
}

/**
 * A number as the General format shows it in a column `maxChars` characters wide: fewer
 * decimals first (0.6923076923 → 0.6923 in a narrow column), then scientific notation for
 * numbers whose whole part does not fit or that would round to 0, then #### when nothing
 * fits, as spreadsheets do, never spilling over the next cell. The value itself is unchanged.
 */
export function fitNumber(value: number, maxChars: number): string {
  return inLocale(fitPlainNumber(value, maxChars));
}

function fitPlainNumber(value: number, maxChars: number): string {
  const full = plainNumber(value);
  if (full.length <= maxChars || !Number.isFinite(value)) return full;
  if (!full.includes('e')) {
    for (let decimals = 9; decimals >= 0; decimals -= 1) {
      const rounded = Number(value.toFixed(decimals));
      const text = String(rounded);
      if (rounded === 0) break; // all its digits are beyond the column: scientific keeps them
      if (text.length <= maxChars && !text.includes('e')) return text;
    }
  }
  for (let digits = 5; digits >= 0; digits -= 1) {
    const text = value.toExponential(digits).replace(/\.?0+e/, 'e');
    if (text.length <= maxChars) return text;
  }
  return '#'.repeat(Math.max(1, maxChars));
}

/** How many characters of a number fit in a column `width` px wide, given a digit's width (digits are a number's widest characters). */
export function numberCharsThatFit(width: number, digitWidth: number, padding: number): number {
  return Math.max(1, Math.floor((width - 2 * padding) / digitWidth));
}

export function displayValue(
  value: CachedCell['value'],
  maxChars = Number.POSITIVE_INFINITY,
): string {
  if (value === null) return '';
  if (typeof value === 'number') return fitNumber(value, maxChars);
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  return value;
}

export const EMPTY_DISPLAY: CellDisplay = {
  text: '',
  align: 'left',
  error: null,
  locked: false,
  formula: false,
};

/**
 * `maxChars`: how many characters of a number fit its column (numbers are fitted, text may
 * spill); `fits`, where the text can be measured, whether a formatted number's text fits it.
 */
export function displayOf(
  cell: CachedCell | null,
  maxChars = Number.POSITIVE_INFINITY,
  fits?: (text: string) => boolean,
): CellDisplay {
  if (cell === null) return EMPTY_DISPLAY;
  const formula = cell.formula !== null;
  if (cell.error !== null)
    return { text: cell.error, align: 'center', error: cell.error, locked: cell.locked, formula };
  const format = cell.format;
  // A number format's text comes from the server (the one format engine); a number too wide for
  // its column shows ####, as in Excel.
  const formatted =
    format?.number_format !== undefined && cell.display !== undefined
      ? typeof cell.value === 'number' &&
        (fits === undefined ? cell.display.length > maxChars : !fits(cell.display))
        ? '#'.repeat(Math.max(1, maxChars))
        : cell.display
      : undefined;
  return {
    text: formatted ?? displayValue(cell.value, maxChars),
    align: format?.align ?? alignmentOf(cell.value),
    error: null,
    locked: cell.locked,
    formula,
    ...(format === undefined ? {} : { format }),
  };
}

const DAY_MS = 86_400_000;
/** Serial 0 is 1899-12-30 in the 1900 date system (from 1900-03-01 on, as Excel counts). */
const SERIAL_EPOCH_MS = Date.UTC(1899, 11, 30);

/**
 * A date/time serial as text the server reads back to the same serial: `2026-01-31`,
 * `2026-01-31 14:30`, or `14:30:05` for a time alone (to the second, as Excel keeps it).
 */
export function serialAsTyped(serial: number): string {
  if (!Number.isFinite(serial) || serial < 0) return formatNumber(serial);
  const whole = Math.floor(serial);
  const seconds = Math.round((serial - whole) * 86_400);
  const pad = (value: number) => String(value).padStart(2, '0');
  const clock =
    `${Math.floor(seconds / 3600)}:${pad(Math.floor(seconds / 60) % 60)}` +
    (seconds % 60 === 0 ? '' : `:${pad(seconds % 60)}`);
  if (whole === 0) return seconds % 60 === 0 ? `${clock}:00` : clock;
  const day = new Date(SERIAL_EPOCH_MS + whole * DAY_MS);
  const date = `${day.getUTCFullYear()}-${pad(day.getUTCMonth() + 1)}-${pad(day.getUTCDate())}`;
  return seconds === 0 ? date : `${date} ${clock}`;
}

/**
 * What the formula bar and the cell editor start from: the cell's input, except that a number
 * shown through a number format is given as the number under it (`$1,200` → 1200), percentages
 * as a percentage (15%) and dates and times as typed, as Excel's formula bar does. Entering it
 * again keeps the value.
 */
export function editableInput(cell: CachedCell | null | undefined): string {
  const input = cell?.input ?? '';
  const code = cell?.format?.number_format;
  if (cell == null || code === undefined || cell.formula !== null || input.startsWith('='))
    return input;
  if (typeof cell.value !== 'number') return input;
  if (isDateTimeFormat(code)) return serialAsTyped(cell.value);
  if (isPercentFormat(code)) return `${formatNumber(Number((cell.value * 100).toPrecision(15)))}%`;
  return formatNumber(cell.value);
}

/** Numbers right, booleans centred, text left, as spreadsheets do (docs/ui-rules.md GRID-02). */
export function alignmentOf(value: CachedCell['value']): Alignment {
  return typeof value === 'number' ? 'right' : typeof value === 'boolean' ? 'center' : 'left';
}

/** Why a sentinel appeared, for the cell's tooltip (docs/ui-rules.md GRID-02). */
export function explainSentinel(sentinel: string): string {
  if (sentinel.startsWith('#DIV/0!')) return 'Division by zero: the divisor is 0 or empty.';
  if (sentinel.startsWith('#REF!'))
    return 'Invalid reference: the cell, range or sheet does not exist.';
  if (sentinel.startsWith('#NAME?')) return 'Unknown function or name.';
  if (sentinel.startsWith('#VALUE!'))
    return 'Wrong type of argument, for example text where a number is needed.';
  if (sentinel.startsWith('#N/A'))
    return 'Value not available, for example a lookup found no match.';
  if (sentinel.startsWith('#NUM!'))
    return 'Invalid number, for example the square root of a negative number.';
  if (sentinel.startsWith('#CIRCULAR!'))
    return 'Circular reference: the formula depends on itself.';
  if (sentinel.startsWith('#PARSE_ERROR!'))
    return 'The formula cannot be parsed; check brackets, commas and quotes.';
  if (sentinel.startsWith('#SPILL!')) return 'The result needs more cells than are free.';
  return 'The formula failed.';
}
