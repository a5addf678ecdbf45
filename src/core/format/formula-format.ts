// The number format a typed formula takes, as Excel gives one to a formula entered in a cell
// without a format: a sum of dollar amounts shows dollars, `=TODAY()` a date. Excel's own rule is
// not published; this follows what it visibly does for the common cases and nothing else: the
// first cell the formula reads that has a number format lends it, through arithmetic and through
// the functions that keep their arguments' unit (SUM, AVERAGE, MIN, ROUND, IF …); the date
// functions give a date. Any other function (COUNT, YEAR, LEN, VLOOKUP …) leaves the cell as it is.
import { tokenizeFormula, type FormulaToken } from '../formula-text/index.js';
import { numberFormatKind } from './number-format.js';

/** Where a formula's references find number formats. */
export interface NumberFormatLookup {
  /** False when no cell of the workbook has a format: then only a date function implies one. */
  readonly any: boolean;
  /** The number format of a cell of `sheet` (undefined: the formula's own sheet), if any. */
  at(sheet: string | undefined, row: number, col: number): string | undefined;
}

/** Whether a cell's number format is one of its own: not none, not General. */
export function setsNumberFormat(code: string | undefined): code is string {
  return code !== undefined && code !== 'General';
}

/** Functions whose result is in the unit of the values they read. */
const KEEP_UNIT = new Set([
  'ABS',
  'AVERAGE',
  'AVERAGEA',
  'AVERAGEIF',
  'AVERAGEIFS',
  'CEILING',
  'CEILING.MATH',
  'FLOOR',
  'FLOOR.MATH',
  'IF',
  'IFERROR',
  'IFNA',
  'IFS',
  'LARGE',
  'MAX',
  'MAXA',
  'MAXIFS',
  'MEDIAN',
  'MIN',
  'MINA',
  'MINIFS',
  'MROUND',
  'ROUND',
  'ROUNDDOWN',
  'ROUNDUP',
  'SMALL',
  'SUBTOTAL',
  'SUM',
  'SUMIF',
  'SUMIFS',
  'TRUNC',
]);

/** Functions that return a date or a time, with the format Excel shows it in. */
const DATE_RESULT: Readonly<Record<string, string>> = {
  DATE: 'm/d/yyyy',
  DATEVALUE: 'm/d/yyyy',
  EDATE: 'm/d/yyyy',
  EOMONTH: 'm/d/yyyy',
  NOW: 'm/d/yyyy h:mm',
  TODAY: 'm/d/yyyy',
  WORKDAY: 'm/d/yyyy',
  'WORKDAY.INTL': 'm/d/yyyy',
};

/** A cheap test before lexing: whether the text may call a date function. */
const MAY_CALL_DATE = /DATE|EDATE|EOMONTH|NOW|TODAY|WORKDAY/i;

/** The first cell a reference reads (a whole column's top cell, a whole row's first), and its sheet. */
function firstCell(
  token: FormulaToken,
): { sheet: string | undefined; row: number; col: number } | undefined {
  if (token.kind === 'reference') return { sheet: token.sheet, ...token.start };
  if (token.kind !== 'line') return undefined;
  const first = Math.min(token.first, token.last);
  return token.axis === 'col'
    ? { sheet: token.sheet, row: 0, col: first }
    : { sheet: token.sheet, row: first, col: 0 };
}

/**
 * The number format `formula` (with its `=`) implies for the cell it is typed into, or undefined
 * for none. A text format (`@`) is never lent: it would show the formula's text, not its value.
 */
export function formulaNumberFormat(
  formula: string,
  formats: NumberFormatLookup,
): string | undefined {
  if (!formats.any && !MAY_CALL_DATE.test(formula)) return undefined;
  const tokens = tokenizeFormula(formula);
  let dateFormat: string | undefined;
  for (const token of tokens) {
    if (token.kind !== 'function') continue;
    const name = token.name.replace(/^_XLFN\./, '');
    const date = DATE_RESULT[name];
    if (date !== undefined) dateFormat ??= date;
    else if (!KEEP_UNIT.has(name)) return undefined;
  }
  if (dateFormat !== undefined) return dateFormat;
  if (!formats.any) return undefined;
  for (const token of tokens) {
    const cell = firstCell(token);
    if (cell === undefined) continue;
    const code = formats.at(cell.sheet, cell.row, cell.col);
    if (setsNumberFormat(code) && numberFormatKind(code) !== 'text') return code;
  }
  return undefined;
}
