// GROUPBY, PIVOTBY and PERCENTOF (grouping-functions.ts, group-summaries.ts). Expected tables
// follow Microsoft's pages for the three functions (keys sorted ascending, a Total row and
// column, total_depth and sort_order, filter_array, relative_to) and what Excel's cached results
// show where the pages are silent ("Grand Total" beside subtotals, blanks where no data row falls,
// #VALUE! for an empty result, which files store for Excel's #CALC!).
import { describe, expect, it } from 'vitest';
import { useWorkbooks, valueAt, writeCell, writeRows } from '../../../test/support/workbook-bed.js';
import type { WireValue } from '../index.js';
import type { Workbook } from '../workbook.js';

const bed = useWorkbooks();

/** Sales by region and product, a header row first (A1:D8). */
const SALES: readonly (readonly WireValue[])[] = [
  ['Region', 'Product', 'Units', 'Keep'],
  ['West', 'pens', 5, true],
  ['East', 'ink', 10, true],
  ['East', 'pens', 3, false],
  ['West', 'ink', 7, true],
  ['East', 'ink', 2, true],
  ['North', 'pens', 4, true],
  ['East', 'pens', 6, true],
];

function salesBook(): Workbook {
  const book = bed.open();
  writeRows(book, 'A1', SALES);
  return book;
}

function cell(book: Workbook, formula: string): WireValue {
  writeCell(book, 'Z1', formula);
  return valueAt(book, 'Z1');
}

const BLANK = '(blank)';

/** The whole array a formula answers, read cell by cell through INDEX; empty cells as BLANK. */
function table(book: Workbook, formula: string): WireValue[][] {
  const rows = cell(book, `=ROWS(${formula})`) as number;
  const cols = cell(book, `=COLUMNS(${formula})`) as number;
  return Array.from({ length: rows }, (_, r) =>
    Array.from({ length: cols }, (_, c) => {
      const at = `INDEX(${formula},${r + 1},${c + 1})`;
      return cell(book, `=IF(ISBLANK(${at}),"${BLANK}",${at})`);
    }),
  );
}

describe('GROUPBY', () => {
  it('sums each key in ascending order with a Total row, reading the header row as headers', () => {
    expect(table(salesBook(), 'GROUPBY(A1:A8,C1:C8,SUM)')).toEqual([
      ['East', 21],
      ['North', 4],
      ['West', 12],
      ['Total', 37],
    ]);
  });

  it('shows its first cell as the whole formula', () => {
    expect(cell(salesBook(), '=GROUPBY(A1:A8,C1:C8,SUM)')).toBe('East');
  });

  it('shows the blank corner of a PIVOTBY as the whole formula blank, not 0', () => {
    expect(cell(salesBook(), '=PIVOTBY(A2:A8,B2:B8,C2:C8,SUM)')).toBe('');
  });

  it("shows the blank corner blank too when imported as a file's dynamic-array formula", () => {
    expect(cell(salesBook(), '=DYNAMIC.ARRAY(PIVOTBY(A2:A8,B2:B8,C2:C8,SUM))')).toBe('');
  });

  it('shows the field headers with field_headers 3 and none with total_depth 0', () => {
    expect(table(salesBook(), 'GROUPBY(A1:A8,C1:C8,COUNT,3,0)')).toEqual([
      ['Region', 'Units'],
      ['East', 4],
      ['North', 1],
      ['West', 2],
    ]);
  });

  it('puts the total first with a negative total_depth and sorts by a value column', () => {
    expect(table(salesBook(), 'GROUPBY(A2:A8,C2:C8,SUM,0,-1,-2)')).toEqual([
      ['Total', 37],
      ['East', 21],
      ['West', 12],
      ['North', 4],
    ]);
  });

  it('adds subtotals below each outer group with total_depth 2, and a Grand Total', () => {
    expect(table(salesBook(), 'GROUPBY(A2:B8,C2:C8,SUM,0,2)')).toEqual([
      ['East', 'ink', 12],
      ['East', 'pens', 9],
      ['East', BLANK, 21],
      ['North', 'pens', 4],
      ['North', BLANK, 4],
      ['West', 'ink', 7],
      ['West', 'pens', 5],
      ['West', BLANK, 12],
      ['Grand Total', BLANK, 37],
    ]);
  });

  it('sorts a field descending with a negative sort_order', () => {
    expect(table(salesBook(), 'GROUPBY(A2:A8,C2:C8,MAX,0,0,-1)')).toEqual([
      ['West', 7],
      ['North', 4],
      ['East', 10],
    ]);
  });

  it('keeps only the rows filter_array marks TRUE', () => {
    expect(table(salesBook(), 'GROUPBY(A2:A8,C2:C8,SUM,0,1,1,D2:D8)')).toEqual([
      ['East', 18],
      ['North', 4],
      ['West', 12],
      ['Total', 34],
    ]);
  });

  it('calls a LAMBDA with each group’s values', () => {
    expect(table(salesBook(), 'GROUPBY(A2:A8,C2:C8,LAMBDA(x,MAX(x)-MIN(x)),0,0)')).toEqual([
      ['East', 8],
      ['North', 0],
      ['West', 2],
    ]);
  });

  it('gives each group its share of the whole with PERCENTOF', () => {
    const shares = table(salesBook(), 'GROUPBY(A2:A8,C2:C8,PERCENTOF,0)');
    expect(shares.map((row) => row[0])).toEqual(['East', 'North', 'West', 'Total']);
    [21 / 37, 4 / 37, 12 / 37, 1].forEach((share, at) =>
      expect(shares[at]![1]).toBeCloseTo(share, 12),
    );
  });

  it('is #VALUE! when nothing is left to summarise (Excel’s #CALC!)', () => {
    expect(cell(salesBook(), '=GROUPBY(A2:A8,C2:C8,SUM,0,1,1,C2:C8>100)')).toBe('#VALUE!');
  });

  it('is #VALUE! for fields and values of different heights, a sort column past the result and subtotals deeper than the fields', () => {
    const book = salesBook();
    expect(cell(book, '=GROUPBY(A2:A8,C2:C7,SUM)')).toBe('#VALUE!');
    expect(cell(book, '=GROUPBY(A2:A8,C2:C8,SUM,0,1,3)')).toBe('#VALUE!');
    expect(cell(book, '=GROUPBY(A2:A8,C2:C8,SUM,0,2)')).toBe('#VALUE!');
  });

  it('is #VALUE! for several functions at once (HSTACK), which is not supported yet', () => {
    expect(cell(salesBook(), '=GROUPBY(A2:A8,C2:C8,HSTACK(SUM,MAX))')).toBe('#VALUE!');
  });

  it('is #VALUE! for a function given by name that cannot take one array (IF)', () => {
    expect(cell(salesBook(), '=INDEX(GROUPBY(A2:A8,C2:C8,IF,0,0),1,2)')).toBe('#VALUE!');
  });
});

describe('PIVOTBY', () => {
  it('lays row keys down and column keys across with Total row and column, blank where no row falls', () => {
    expect(table(salesBook(), 'PIVOTBY(A2:A8,B2:B8,C2:C8,SUM)')).toEqual([
      [BLANK, 'ink', 'pens', 'Total'],
      ['East', 12, 9, 21],
      ['North', BLANK, 4, 4],
      ['West', 7, 5, 12],
      ['Total', 19, 18, 37],
    ]);
  });

  it('shows the field names above the keys with field_headers 3', () => {
    expect(table(salesBook(), 'PIVOTBY(A1:A8,B1:B8,C1:C8,SUM,3,0,,0)')).toEqual([
      [BLANK, 'Product', BLANK],
      [BLANK, 'ink', 'pens'],
      ['Region', 'Units', 'Units'],
      ['East', 12, 9],
      ['North', BLANK, 4],
      ['West', 7, 5],
    ]);
  });

  it('orders rows and columns by their totals when sorted by the value column', () => {
    expect(table(salesBook(), 'PIVOTBY(A2:A8,B2:B8,C2:C8,SUM,0,-1,-2,1,2)')).toEqual([
      [BLANK, 'pens', 'ink', 'Total'],
      ['Total', 18, 19, 37],
      ['East', 9, 12, 21],
      ['West', 5, 7, 12],
      ['North', 4, BLANK, 4],
    ]);
  });

  it('divides PERCENTOF by the column, row or grand total as relative_to says', () => {
    const at = (relativeTo: number, row: number, col: number): WireValue =>
      cell(
        salesBook(),
        `=INDEX(PIVOTBY(A2:A8,B2:B8,C2:C8,PERCENTOF,0,1,1,1,1,,${relativeTo}),${row},${col})`,
      );
    // East × ink is 12 of ink's 19, of East's 21, of everything's 37.
    expect(at(0, 2, 2)).toBeCloseTo(12 / 19, 12);
    expect(at(1, 2, 2)).toBeCloseTo(12 / 21, 12);
    expect(at(2, 2, 2)).toBeCloseTo(12 / 37, 12);
    expect(at(0, 5, 4)).toBe(1);
  });
});

describe('PERCENTOF', () => {
  it('is the sum of the subset over the sum of the whole', () => {
    expect(cell(bed.open(), '=PERCENTOF({1,2},{1,2,3,4})')).toBeCloseTo(0.3, 12);
  });

  it('ignores text and is #NUM! for an error of any kind in either argument', () => {
    const book = bed.open();
    writeRows(book, 'A1', [['x', 2, 3, '=NA()', '=1/0']]);
    expect(cell(book, '=PERCENTOF(A1:B1,A1:C1)')).toBeCloseTo(0.4, 12);
    expect(cell(book, '=PERCENTOF(B1,B1:D1)')).toBe('#NUM!');
    expect(cell(book, '=PERCENTOF(E1,B1:C1)')).toBe('#NUM!');
  });

  it('is #DIV/0! when the whole sums to 0', () => {
    expect(cell(bed.open(), '=PERCENTOF(1,{1,-1})')).toBe('#DIV/0!');
  });
});
