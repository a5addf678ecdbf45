// LINEST, LOGEST, TREND and GROWTH: Microsoft's documented examples ("MS example"), and where the
// pages are silent (collinear variables, statistics without a constant, size errors) the values
// Excel cached in the conformance corpus (pycel/stats.xlsx, sheet Stats, cells named in the test).
import { describe, expect, it } from 'vitest';
import { useWorkbooks, valueAt, writeCell, writeRows } from '../../../test/support/workbook-bed.js';
import type { WireValue } from '../index.js';

const bed = useWorkbooks();

/** The Stats sheet's data: J3:N7 of pycel/stats.xlsx, here A1:E5. */
const STATS_ROWS: WireValue[][] = [
  [1, 2.1, 3.1, 4.1, 5.1],
  [-2, -4, -7, -9, -11],
  [1, 3, 6, 9, 12],
  [1, 1, 1, 1, 1],
  [0, 0, 0, 0, 0],
];

/** The values the formula in H1 spills over `width` × `height` cells. */
function spill(formula: string, width: number, height: number, rows = STATS_ROWS): WireValue[][] {
  const book = bed.open();
  writeRows(book, 'A1', rows);
  writeCell(book, 'H1', formula);
  return Array.from({ length: height }, (_, row) =>
    Array.from({ length: width }, (_, col) =>
      valueAt(book, `${String.fromCharCode(72 + col)}${row + 1}`),
    ),
  );
}

function expectClose(actual: WireValue[][], expected: WireValue[][], digits = 9): void {
  expect(actual.length).toBe(expected.length);
  actual.forEach((row, r) =>
    row.forEach((value, c) => {
      const want = expected[r]![c]!;
      if (typeof want === 'number') expect(value).toBeCloseTo(want, digits);
      else expect(value).toBe(want);
    }),
  );
}

describe('LINEST', () => {
  it('MS example: slope and intercept of a line, spilled in one row', () => {
    const rows = [
      [1, 0],
      [9, 4],
      [5, 2],
      [7, 3],
    ];
    expectClose(spill('=LINEST(A1:A4,B1:B4)', 2, 1, rows), [[2, 1]]);
  });

  it('fits a row of ys against a row of xs (Stats!G3)', () => {
    expectClose(spill('=LINEST(A1:E1,A2:E2)', 2, 1), [[-0.44097744360902269, 0.16954887218045034]]);
  });

  it('answers 0 for a variable that is constant, the intercept being the mean (Stats!G5, G20)', () => {
    expectClose(spill('=LINEST(A3:E3,A4:E4)', 2, 1), [[0, 6.2]]);
    expectClose(spill('=LINEST(A5:E5,A4:E4)', 2, 1), [[0, 0]]);
  });

  it('fits two variables, listed last first; without a constant the intercept is 0 (Stats!P10, P13)', () => {
    expectClose(spill('=LINEST(A1:E1,A2:E3,TRUE,FALSE)', 3, 1), [
      [0.14374999999999988, -0.26696428571428582, 0.42678571428571443],
    ]);
    expectClose(spill('=LINEST(A1:E1,A2:E3,FALSE,FALSE)', 3, 1), [
      [-0.044351851851851712, -0.50564814814814796, 0],
    ]);
  });

  it('adds four rows of statistics, an empty const counting as TRUE (Stats!Q16:R20)', () => {
    expectClose(spill('=LINEST(A1:E1,A2:E2,,TRUE)', 2, 5), [
      [-0.44097744360902269, 0.16954887218045034],
      [0.01981575107847483, 0.14588484603131655],
      [0.99397874971826183, 0.14453277936432571],
      [495.2353929214176, 3],
      [10.345330827067666, 0.062669172932330569],
    ]);
  });

  it('without a constant: no standard error for b, sums of squares about 0 (Stats!D39:E43)', () => {
    const rows = [
      [1, 2],
      [2, 3],
      [3, 4],
    ];
    expectClose(spill('=LINEST(A1:A3,B1:B3,FALSE,TRUE)', 2, 5, rows), [
      [0.68965517241379315, 0],
      [0.059725889916168139, '#N/A'],
      [0.98522167487684731, 0.32163376045133824],
      [133.33333333333354, 2],
      [13.793103448275863, 0.20689655172413762],
    ]);
  });

  it('an exact fit has F #NUM! (Stats!D45:E49)', () => {
    const rows = [
      [1, 2],
      [2, 3],
      [3, 4],
    ];
    expectClose(spill('=LINEST(A1:A3,B1:B3,TRUE,TRUE)', 2, 5, rows), [
      [1, -1],
      [0, 0],
      [1, 0],
      ['#NUM!', 1],
      [2, 0],
    ]);
  });

  it('fits powers of x given as array arithmetic, a polynomial', () => {
    const rows = [1, 2, 3, 4, 5].map((x) => [x, 3 + 2 * x - 0.5 * x * x]);
    expectClose(spill('=LINEST(B1:B5,A1:A5^{1,2})', 3, 1, rows), [[-0.5, 2, 3]]);
  });

  it('answers the first row when stats comes from a cell, its area being fixed when parsed', () => {
    const rows = STATS_ROWS.map((row) => [...row]);
    rows[0]!.push(true);
    expectClose(spill('=LINEST(A1:E1,A2:E2,TRUE,F1)', 2, 2, rows), [
      [-0.44097744360902269, 0.16954887218045034],
      [null, null],
    ]);
  });

  it('is one #REF! when known_xs does not match known_ys, even beside taken cells (Stats!P7:R7)', () => {
    const taken = STATS_ROWS.map((row) => [...row, null, null, null, 'taken']);
    expect(spill('=LINEST(A1:E2,A3:E5)', 1, 1, taken)[0]![0]).toBe('#REF!');
    expect(spill('=LINEST(A1:E1,B2:E2)', 1, 1, taken)[0]![0]).toBe('#REF!');
    const text = [['a', 1, 2]];
    expect(spill('=LINEST(A1:C1,A1:B1)', 1, 1, text)[0]![0]).toBe('#REF!');
  });

  it('is #VALUE! when a known value is text', () => {
    const rows = [
      [1, 1],
      ['x', 2],
      [3, 3],
    ];
    expect(spill('=LINEST(A1:A3,B1:B3)', 1, 1, rows)[0]![0]).toBe('#VALUE!');
  });

  it('is #VALUE!, not the error, when a range or a flag holds an error (STATISTICAL!AB58, Z58)', () => {
    const rows = [
      [4, 0.1, 0.2, '=1/0', '=NA()'],
      [1, 2, 3, 4, 5],
    ];
    expect(spill('=LINEST(A1:D1,A2:D2)', 1, 1, rows)[0]![0]).toBe('#VALUE!');
    expect(spill('=LINEST(A1:C1,A2:C2,E1,0)', 1, 1, rows)[0]![0]).toBe('#VALUE!');
    expect(spill('=TREND({2;3;4},{1;2;3},D1:E1)', 1, 1, rows)[0]![0]).toBe('#VALUE!');
  });
});

describe('TREND', () => {
  it('keeps the shape of new_xs (Stats!E3:F3) and fits a constant x at the mean (Stats!E5)', () => {
    expectClose(spill('=TREND(A1:E1,A2:E2,{2.5,3.5})', 2, 1), [
      [-0.93289473684210633, -1.3738721804511291],
    ]);
    expectClose(spill('=TREND(A3:E3,A4:E4,{2.5,3.5})', 2, 1), [[6.2, 6.2]]);
  });

  it('is #REF! when new_xs has fewer variables than known_xs (Stats!P6)', () => {
    expect(spill('=TREND(A1:E1,A2:E3,2.5)', 1, 1)[0]![0]).toBe('#REF!');
  });
});

describe('LOGEST and GROWTH', () => {
  const months = [33100, 47300, 69000, 102000, 150000, 220000].map((units, i) => [11 + i, units]);

  it('MS example: LOGEST gives m and b of y = b·m^x', () => {
    expectClose(spill('=LOGEST(B1:B6,A1:A6)', 2, 1, months), [[1.463275628, 495.3047702]], 6);
  });

  it('MS example: GROWTH extends the curve to new x', () => {
    const values = spill('=GROWTH(B1:B6,A1:A6,{17;18})', 1, 2, months);
    expect(values[0]![0]).toBeCloseTo(320196.7184, 3);
    expect(values[1]![0]).toBeCloseTo(468536.0544, 3);
  });

  it('is #NUM! when a known y is not positive', () => {
    const rows = [
      [1, 1],
      [2, 0],
    ];
    expect(spill('=LOGEST(B1:B2,A1:A2)', 1, 1, rows)[0]![0]).toBe('#NUM!');
  });
});
