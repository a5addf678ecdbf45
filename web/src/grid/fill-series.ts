// What the fill handle writes: numbers continue their step, one date counts on by a day,
// weekday and month names continue their cycle, "Item 1" counts on, formulas move their
// references, anything else repeats.
import { shiftFormula } from '../../../src/core/formula-text/index.js';

const CYCLES: readonly (readonly string[])[] = [
  ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
  ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'],
  [
    'January',
    'February',
    'March',
    'April',
    'May',
    'June',
    'July',
    'August',
    'September',
    'October',
    'November',
    'December',
  ],
  ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
];

export type FillDirection = 'down' | 'up' | 'right' | 'left';

function matchCase(template: string, word: string): string {
  if (template.length > 1 && template === template.toUpperCase()) return word.toUpperCase();
  if (template === template.toLowerCase()) return word.toLowerCase();
  return word;
}

function cycleOf(text: string): { cycle: readonly string[]; index: number } | undefined {
  for (const cycle of CYCLES) {
    const index = cycle.findIndex((word) => word.toLowerCase() === text.toLowerCase());
    if (index >= 0) return { cycle, index };
  }
  return undefined;
}

const isNumberText = (text: string): boolean =>
  /^\s*[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?\s*$/i.test(text);

/**
 * The value `steps` cells past the end of `source` (steps ≥ 1), or before its start when
 * negative. `move(formula, cells)` shifts a formula by that many cells along the fill.
 * `isDate` says the source is one date: its serial counts on by one day a cell, as Excel's
 * fill does (a single plain number repeats).
 */
export function continueSeries(
  source: readonly string[],
  steps: number,
  move: (formula: string, cells: number) => string,
  isDate = false,
): string {
  const length = source.length;
  const position = steps > 0 ? length - 1 + steps : steps; // index in the extended sequence
  const cyclicIndex = ((position % length) + length) % length;
  const template = source[cyclicIndex]!;
  if (isDate && length === 1 && isNumberText(template)) return String(Number(template) + steps);
  if (length >= 2 && source.every(isNumberText)) {
    const numbers = source.map(Number);
    const step = (numbers[length - 1]! - numbers[0]!) / (length - 1);
    return String(Number((numbers[0]! + step * position).toFixed(10)));
  }
  if (template.startsWith('=')) return move(template, position - cyclicIndex);
  if (steps > 0 && source.every((text) => cycleOf(text) !== undefined)) {
    const last = cycleOf(source[length - 1]!)!;
    return matchCase(source[length - 1]!, last.cycle[(last.index + steps) % last.cycle.length]!);
  }
  const numbered = /^(.*?)(\d+)$/.exec(source[length - 1]!);
  if (steps > 0 && length === 1 && numbered !== null && !isNumberText(source[0]!))
    return `${numbered[1]}${Number(numbered[2]) + steps}`;
  return template;
}

/**
 * The cells to write when the `source` block (rows of raw inputs) is dragged `count` cells
 * further; `isDate(row, col)` says which source cells hold dates (a number in a date format).
 */
export function fillBlock(
  source: readonly (readonly string[])[],
  direction: FillDirection,
  count: number,
  isDate: (row: number, col: number) => boolean = () => false,
): string[][] {
  const width = source[0]?.length ?? 0;
  const vertical = direction === 'down' || direction === 'up';
  const sign = direction === 'down' || direction === 'right' ? 1 : -1;
  const moveDown = (formula: string, cells: number): string => shiftFormula(formula, cells, 0);
  const moveRight = (formula: string, cells: number): string => shiftFormula(formula, 0, cells);
  if (vertical) {
    const rows: string[][] = [];
    for (let step = 1; step <= count; step += 1) {
      const row: string[] = [];
      for (let col = 0; col < width; col += 1)
        row.push(
          continueSeries(
            source.map((line) => line[col] ?? ''),
            sign * step,
            moveDown,
            source.length === 1 && isDate(0, col),
          ),
        );
      rows.push(row);
    }
    return sign > 0 ? rows : rows.reverse();
  }
  return source.map((line, row) => {
    const cells: string[] = [];
    for (let step = 1; step <= count; step += 1)
      cells.push(continueSeries(line, sign * step, moveRight, width === 1 && isDate(row, 0)));
    return sign > 0 ? cells : cells.reverse();
  });
}
