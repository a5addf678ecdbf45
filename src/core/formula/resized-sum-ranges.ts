// SUMIF and AVERAGEIF whose sum_range (average_range) has another size or shape than range: Excel
// adds the cells of range's shape that start at sum_range's top-left cell (Microsoft's SUMIF and
// AVERAGEIF pages: `SUMIF(A1:A5,"x",B1)` adds B1:B5). Where both are written as references, the
// engine gets sum_range written at that size, so the formula depends on every cell it adds and is
// recomputed when one changes; the cell keeps what was typed. A whole column or row stays one when
// sum_range starts in the sheet's first row or column (`SUMIF(A:A,"x",B1)` reads B:B). What the
// text cannot size (a defined name, a computed reference, a whole column from a later row) the
// criteria plugin sizes while evaluating (excel-criteria-functions.ts, `resizedArea`).
import { MAX_COLUMNS, MAX_ROWS, columnToLetters } from '../address/a1.js';
import { tokenizeFormula, type FormulaToken } from '../formula-text/tokens.js';

const CALL = /(?:^|[^A-Za-z0-9_.])(?:SUMIF|AVERAGEIF)\s*\(/i;
const RESIZED = new Set(['SUMIF', 'AVERAGEIF']);

type Reference = Extract<FormulaToken, { kind: 'reference' | 'line' }>;

interface Shape {
  readonly top: number;
  readonly left: number;
  readonly rows: number;
  readonly cols: number;
  /** `$` on the top-left cell's column and row, and on the bottom-right's. */
  readonly absolute: readonly [boolean, boolean, boolean, boolean];
}

function shapeOf(token: Reference): Shape {
  if (token.kind === 'reference') {
    const end = token.end ?? token.start;
    const [startCol, startRow] = token.absolute;
    return {
      top: Math.min(token.start.row, end.row),
      left: Math.min(token.start.col, end.col),
      rows: Math.abs(end.row - token.start.row) + 1,
      cols: Math.abs(end.col - token.start.col) + 1,
      absolute: token.end === undefined ? [startCol, startRow, startCol, startRow] : token.absolute,
    };
  }
  const first = Math.min(token.first, token.last);
  const count = Math.abs(token.last - token.first) + 1;
  const [firstAbsolute, lastAbsolute] = token.absolute;
  return token.axis === 'col'
    ? {
        top: 0,
        left: first,
        rows: MAX_ROWS,
        cols: count,
        absolute: [firstAbsolute, false, lastAbsolute, false],
      }
    : {
        top: first,
        left: 0,
        rows: count,
        cols: MAX_COLUMNS,
        absolute: [false, firstAbsolute, false, lastAbsolute],
      };
}

const mark = (absolute: boolean): string => (absolute ? '$' : '');

/**
 * sum_range's text at range's shape from its top-left cell (clipped at the sheet's edge), or
 * undefined when it has that shape already or the text cannot say it.
 */
function resizedText(range: Reference, sum: Reference): string | undefined {
  const wanted = shapeOf(range);
  const given = shapeOf(sum);
  if (wanted.rows === given.rows && wanted.cols === given.cols) return undefined;
  const [leftAbs, topAbs, rightAbs, bottomAbs] = given.absolute;
  const right = Math.min(given.left + wanted.cols, MAX_COLUMNS) - 1;
  const bottom = Math.min(given.top + wanted.rows, MAX_ROWS) - 1;
  if (wanted.rows === MAX_ROWS || wanted.cols === MAX_COLUMNS) {
    // A whole column (row) only from the first row (column): else a million-cell range.
    if (wanted.rows === MAX_ROWS && wanted.cols === MAX_COLUMNS) return undefined;
    if (wanted.rows === MAX_ROWS) {
      if (given.top !== 0) return undefined;
      return `${mark(leftAbs)}${columnToLetters(given.left)}:${mark(rightAbs)}${columnToLetters(right)}`;
    }
    if (given.left !== 0) return undefined;
    return `${mark(topAbs)}${given.top + 1}:${mark(bottomAbs)}${bottom + 1}`;
  }
  const corner = (col: number, row: number, colAbs: boolean, rowAbs: boolean): string =>
    `${mark(colAbs)}${columnToLetters(col)}${mark(rowAbs)}${row + 1}`;
  return `${corner(given.left, given.top, leftAbs, topAbs)}:${corner(right, bottom, rightAbs, bottomAbs)}`;
}

/** The top-level arguments of the call whose `(` is tokens[open], each as its tokens. */
function callArguments(tokens: readonly FormulaToken[], open: number): FormulaToken[][] {
  const args: FormulaToken[][] = [[]];
  let depth = 0;
  for (let index = open; index < tokens.length; index += 1) {
    const token = tokens[index]!;
    if (token.kind === 'open') {
      depth += 1;
      if (depth === 1) continue;
    } else if (token.kind === 'close') {
      depth -= 1;
      if (depth === 0) return args;
    } else if (token.kind === 'separator' && depth === 1) {
      args.push([]);
      continue;
    }
    args[args.length - 1]!.push(token);
  }
  return args;
}

const isReference = (token: FormulaToken | undefined): token is Reference =>
  token?.kind === 'reference' || token?.kind === 'line';

/** The formula with every SUMIF and AVERAGEIF sum_range written at its range's size. */
export function resizedSumRanges(formula: string): string {
  if (!CALL.test(formula)) return formula;
  const tokens = tokenizeFormula(formula);
  const edits: { readonly from: number; readonly to: number; readonly text: string }[] = [];
  tokens.forEach((token, index) => {
    if (token.kind !== 'function' || !RESIZED.has(token.name)) return;
    if (tokens[index + 1]?.kind !== 'open') return;
    const args = callArguments(tokens, index + 1);
    if (args.length !== 3 || args[0]!.length !== 1 || args[2]!.length !== 1) return;
    const [range, sum] = [args[0]![0], args[2]![0]];
    if (!isReference(range) || !isReference(sum)) return;
    const text = resizedText(range, sum);
    if (text !== undefined) edits.push({ from: sum.from, to: sum.to, text });
  });
  // From the last edit to the first, so earlier offsets stay true (calls may nest).
  let out = formula;
  for (const { from, to, text } of edits.sort((a, b) => b.from - a.from))
    out = `${out.slice(0, from)}${text}${out.slice(to)}`;
  return out;
}
