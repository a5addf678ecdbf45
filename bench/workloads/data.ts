// The workloads' data, exactly as bench-workloads.md defines it, with the expected results
// computed here independently of any spreadsheet engine. Rows and columns are 1-based.

export function columnLetters(column: number): string {
  let letters = '';
  for (let rest = column; rest > 0; rest = Math.floor((rest - 1) / 26))
    letters = String.fromCharCode(65 + ((rest - 1) % 26)) + letters;
  return letters;
}

export function a1(row: number, column: number): string {
  return `${columnLetters(column)}${row}`;
}

// ---- W1 ------------------------------------------------------------------------------------

export const W1_ROWS = 10_000;
export const W1_FORMULAS = 500;
export const W1_EXPECTED_TOTAL = 4201191839.7887;

function w1Row(i: number): [number, number, number, number, number] {
  return [i, (37 * i) % 100, (53 * i) % 100, ((71 * i) % 100) + 1, ((89 * i) % 100) + 1];
}

/** Rows 1..10,000 of columns A..E. */
export function w1Values(): number[][] {
  return Array.from({ length: W1_ROWS }, (_, index) => w1Row(index + 1));
}

export interface ExpectedFormula {
  readonly cell: string;
  readonly formula: string;
  readonly expected: number;
}

export function w1Formulas(): ExpectedFormula[] {
  let averageB = 0;
  for (let i = 1; i <= W1_ROWS; i += 1) averageB += w1Row(i)[1];
  averageB /= W1_ROWS;
  const formulas: ExpectedFormula[] = [];
  for (let k = 0; k < W1_FORMULAS; k += 1) {
    const t = k % 6;
    const r = ((37 * k) % 10_000) + 1;
    const x = ((7919 * k) % 10_000) + 1;
    const [, , cR, dR, eR] = w1Row(r);
    const cell = `G${k + 1}`;
    if (t === 0)
      formulas.push({ cell, formula: '=SUM(A1:A10000)', expected: (W1_ROWS * (W1_ROWS + 1)) / 2 });
    else if (t === 1) formulas.push({ cell, formula: '=AVERAGE(B1:B10000)', expected: averageB });
    else if (t === 2) formulas.push({ cell, formula: `=A${r}*2`, expected: r * 2 });
    else if (t === 3)
      formulas.push({ cell, formula: `=VLOOKUP(${x},A1:E10000,3,FALSE)`, expected: w1Row(x)[2] });
    else if (t === 4)
      formulas.push({ cell, formula: `=IF(C${r}>50,1,0)`, expected: cR > 50 ? 1 : 0 });
    else formulas.push({ cell, formula: `=D${r}/E${r}`, expected: dR / eR });
  }
  return formulas;
}

// ---- W2 ------------------------------------------------------------------------------------

export const W2_ROWS = 1000;
export const W2_COLUMNS = 100;
export const W2_FORMULA_COLUMN = 101; // CW
export const W2_FORMULA_COLUMNS = 10;
export const W2_EXPECTED_TOTAL = 5_000_050_000;

/** `rows` × 100 values, (i−1)·100 + j; W5 reuses it at other row counts. */
export function w2Values(rows = W2_ROWS): number[][] {
  return Array.from({ length: rows }, (_, index) =>
    Array.from({ length: W2_COLUMNS }, (_, column) => index * W2_COLUMNS + column + 1),
  );
}

export function w2FormulaText(row: number, k: number): string {
  return `=SUM(${a1(row, 10 * k - 9)}:${a1(row, 10 * k)})`;
}

/** The 1000 × 10 block written at CW1. */
export function w2Formulas(rows = W2_ROWS): string[][] {
  return Array.from({ length: rows }, (_, index) =>
    Array.from({ length: W2_FORMULA_COLUMNS }, (_, k) => w2FormulaText(index + 1, k + 1)),
  );
}

/** SUM of row i's k-th block of ten: 1000(i−1) + 100k − 45. */
export function w2FormulaExpected(row: number, k: number): number {
  return 1000 * (row - 1) + 100 * k - 45;
}

/** Checks the 1000 × 10 computed block (row-major) and returns its total. */
export function checkW2Block(read: (row: number, k: number) => unknown): number {
  let total = 0;
  for (let row = 1; row <= W2_ROWS; row += 1) {
    for (let k = 1; k <= W2_FORMULA_COLUMNS; k += 1) {
      const value = read(row, k);
      const expected = w2FormulaExpected(row, k);
      if (value !== expected)
        throw new Error(
          `W2: ${a1(row, W2_FORMULA_COLUMN + k - 1)} should be ${expected}, got ${JSON.stringify(value)}`,
        );
      total += value;
    }
  }
  if (total !== W2_EXPECTED_TOTAL)
    throw new Error(`W2: the formulas total ${total}, expected ${W2_EXPECTED_TOTAL}`);
  return total;
}

// ---- W3 ------------------------------------------------------------------------------------

export const W3_LENGTH = 10_000;

/** A1 = 1, A(n) = A(n−1)+1: one column of inputs. */
export function w3Chain(length = W3_LENGTH): (number | string)[][] {
  return Array.from({ length }, (_, index) => [index === 0 ? 1 : `=A${index}+1`]);
}

/**
 * The number formats of the "one format per column" variants of W5 and W6: column c gets
 * COLUMN_FORMATS[c % length] (a mix of the kinds people set: decimals, percent, currency, date).
 */
export const COLUMN_FORMATS: readonly string[] = [
  '#,##0.00',
  '0%',
  '"$"#,##0.00',
  'yyyy-mm-dd',
  '0.000',
  '#,##0',
  '0.00%',
  '[Red]#,##0;(#,##0)',
];

/** One set-format op per column, rows 0 … rows-1, each column its own number format. */
export function columnFormatOps(
  columns: number,
  rows: number,
): {
  type: 'set-format';
  sheet: string;
  range: { start: { row: number; col: number }; end: { row: number; col: number } };
  format: { number_format: string };
}[] {
  return Array.from({ length: columns }, (_, col) => ({
    type: 'set-format' as const,
    sheet: 'Sheet1',
    range: { start: { row: 0, col }, end: { row: rows - 1, col } },
    format: { number_format: COLUMN_FORMATS[col % COLUMN_FORMATS.length]! },
  }));
}
