import { describe, expect, it } from 'vitest';
import {
  holdCell,
  useWorkbooks,
  valueAt,
  writeCell,
  writeRows,
} from '../../../test/support/workbook-bed.js';
import { formatRange } from '../address/index.js';
import { spillRange } from '../spills.js';
import { dynamicArrayFormula, legacyArrayFormula } from '../legacy-array.js';
import type { Commit } from '../workbook.js';
import { Workbook } from '../workbook.js';

const { open } = useWorkbooks();

const spillRanges = (book: Workbook): string[] =>
  book
    .sheet()
    .spills()
    .map((area) => formatRange(spillRange(area)));

const column = (book: Workbook, col: string, rows: number): unknown[] =>
  Array.from({ length: rows }, (_, index) => valueAt(book, `${col}${index + 1}`));

/** The commit's changed cells of Sheet1 as "A1=value". */
function changed(commit: Commit): string[] {
  return commit.changes.cells
    .flatMap((sheet) => sheet.cells)
    .map(
      ({ row, col, value }) =>
        `${formatRange({ start: { row, col }, end: { row, col } })}=${JSON.stringify(value)}`,
    )
    .sort();
}

describe('formulas whose spill size the data decides', () => {
  it('=SEQUENCE(A1) spills A1 cells and follows A1 up and down; the change set lists the cells it covers and leaves', () => {
    const book = open();
    writeCell(book, 'A1', 3);
    const entered = writeCell(book, 'C1', '=SEQUENCE(A1)');
    expect(spillRanges(book)).toEqual(['C1:C3']);
    expect(changed(entered)).toEqual(['C1=1', 'C2=2', 'C3=3']);
    const grown = writeCell(book, 'A1', 5);
    expect(column(book, 'C', 6)).toEqual([1, 2, 3, 4, 5, null]);
    expect(changed(grown)).toEqual(['A1=5', 'C1=1', 'C2=2', 'C3=3', 'C4=4', 'C5=5']);
    const shrunk = writeCell(book, 'A1', 2);
    expect(spillRanges(book)).toEqual(['C1:C2']);
    expect(column(book, 'C', 6)).toEqual([1, 2, null, null, null, null]);
    expect(changed(shrunk)).toEqual(['A1=2', 'C1=1', 'C2=2', 'C3=null', 'C4=null', 'C5=null']);
    writeCell(book, 'A1', 1);
    expect(spillRanges(book)).toEqual([]);
    expect(valueAt(book, 'C1')).toBe(1);
  });

  it('answers #SPILL! when the new area is occupied and spills once it is cleared', () => {
    const book = open();
    writeRows(book, 'A1', [[2]]);
    writeCell(book, 'C1', '=SEQUENCE(A1)');
    writeCell(book, 'C4', 'in the way');
    writeCell(book, 'A1', 4);
    expect(valueAt(book, 'C1')).toBe('#SPILL!');
    expect(valueAt(book, 'C2')).toBeNull();
    expect(spillRanges(book)).toEqual([]);
    writeCell(book, 'C4', '');
    expect(column(book, 'C', 4)).toEqual([1, 2, 3, 4]);
    // A smaller size fits beside the blocking cell again.
    writeCell(book, 'C4', 'in the way');
    expect(valueAt(book, 'C1')).toBe('#SPILL!');
    writeCell(book, 'A1', 3);
    expect(column(book, 'C', 4)).toEqual([1, 2, 3, 'in the way']);
  });

  it('undo and redo bring back the spill of each step', () => {
    const book = open();
    writeCell(book, 'A1', 2);
    writeCell(book, 'B1', '=SEQUENCE(1,A1)');
    writeCell(book, 'A1', 4);
    expect(spillRanges(book)).toEqual(['B1:E1']);
    book.undo();
    expect(spillRanges(book)).toEqual(['B1:C1']);
    expect(valueAt(book, 'D1')).toBeNull();
    book.redo();
    expect(spillRanges(book)).toEqual(['B1:E1']);
    expect(valueAt(book, 'E1')).toBe(4);
    book.undo();
    book.undo();
    expect(spillRanges(book)).toEqual([]);
    expect(valueAt(book, 'B1')).toBeNull();
  });

  it('a workbook rebuilt from its document spills the same, blocked formulas included', () => {
    const book = open();
    writeRows(book, 'A1', [[3, 'x,y'], [2]]);
    writeCell(book, 'D1', '=SEQUENCE(A1)');
    writeCell(book, 'E1', '=TEXTSPLIT(B1,",")');
    writeCell(book, 'H1', '=SEQUENCE(A2,A2)');
    writeCell(book, 'I2', 'blocks H1');
    const copy = open();
    copy.apply([{ type: 'replace-workbook', document: book.document() }]);
    expect(spillRanges(copy)).toEqual(spillRanges(book));
    expect(spillRanges(copy)).toEqual(['D1:D3', 'E1:F1']);
    for (const a1 of ['D3', 'E1', 'F1', 'H1', 'H2'])
      expect(valueAt(copy, a1)).toEqual(valueAt(book, a1));
    expect(valueAt(copy, 'H1')).toBe('#SPILL!');
    // …and it keeps following its data.
    writeCell(copy, 'A1', 1);
    expect(spillRanges(copy)).toEqual(['E1:F1']);
  });

  it('a journal replay, which builds the engine once at its end, spills the same', () => {
    const book = open();
    book.rebuildingEngineAfter(() => {
      writeRows(book, 'A1', [[4]]);
      writeCell(book, 'C1', '=SEQUENCE(A1)');
    });
    expect(spillRanges(book)).toEqual(['C1:C4']);
    expect(valueAt(book, 'C4')).toBe(4);
  });

  it('TAKE, DROP, CHOOSEROWS and EXPAND spill by counts read from cells', () => {
    const book = open();
    writeRows(book, 'A1', [[10, 2], [20, 3], [30], [40]]);
    writeCell(book, 'D1', '=TAKE(A1:A4,B1)');
    writeCell(book, 'E1', '=DROP(A1:A4,B1)');
    writeCell(book, 'F1', '=CHOOSEROWS(A1:A4,B2,B1)');
    writeCell(book, 'G1', '=EXPAND(A1:A2,B2,B1,0)');
    expect(column(book, 'D', 3)).toEqual([10, 20, null]);
    expect(column(book, 'E', 3)).toEqual([30, 40, null]);
    expect(column(book, 'F', 3)).toEqual([30, 20, null]);
    expect(spillRanges(book)).toEqual(['D1:D2', 'E1:E2', 'F1:F2', 'G1:H3']);
    writeCell(book, 'B1', 3);
    expect(column(book, 'D', 4)).toEqual([10, 20, 30, null]);
    expect(column(book, 'E', 2)).toEqual([40, null]);
    expect(spillRanges(book)).toEqual(['D1:D3', 'F1:F2', 'G1:I3']);
  });

  it('MAKEARRAY and TEXTSPLIT spill to sizes read from cells', () => {
    const book = open();
    writeRows(book, 'A1', [[2, 'a,b,c']]);
    writeCell(book, 'D1', '=MAKEARRAY(A1,2,LAMBDA(r,c,r*10+c))');
    writeCell(book, 'D5', '=TEXTSPLIT(B1,",")');
    expect(spillRanges(book)).toEqual(['D1:E2', 'D5:F5']);
    expect(valueAt(book, 'E2')).toBe(22);
    writeCell(book, 'B1', 'a,b');
    writeCell(book, 'A1', 3);
    expect(spillRanges(book)).toEqual(['D1:E3', 'D5:E5']);
    expect(valueAt(book, 'F5')).toBeNull();
  });

  it('GROUPBY and PIVOTBY as the whole formula spill their summaries and follow the data', () => {
    const book = open();
    writeRows(book, 'A1', [
      ['East', 'x', 1],
      ['West', 'y', 2],
      ['East', 'y', 3],
    ]);
    writeCell(book, 'E1', '=GROUPBY(A1:A3,C1:C3,SUM)');
    expect(spillRanges(book)).toEqual(['E1:F3']);
    expect(['E1', 'F1', 'E2', 'F2', 'E3', 'F3'].map((a1) => valueAt(book, a1))).toEqual([
      'East',
      4,
      'West',
      2,
      'Total',
      6,
    ]);
    writeCell(book, 'A2', 'East');
    expect(spillRanges(book)).toEqual(['E1:F2']);
    writeCell(book, 'H1', '=PIVOTBY(A1:A3,B1:B3,C1:C3,SUM)');
    // Row keys down, column keys across, totals last; the corner above the row keys is blank.
    expect(spillRanges(book)).toEqual(['E1:F2', 'H1:K3']);
    expect(['H1', 'I1', 'J1', 'K1', 'H2', 'I2', 'J2'].map((a1) => valueAt(book, a1))).toEqual([
      '',
      'x',
      'y',
      'Total',
      'East',
      1,
      5,
    ]);
  });

  it('two spills whose sizes feed each other stop after a few rounds instead of looping', () => {
    const book = open();
    writeCell(book, 'A1', '=SEQUENCE(COUNT(B2:B6)+2)');
    // Each one's spill is counted by the other: once both spill, the engine sees a cycle.
    writeCell(book, 'B1', '=SEQUENCE(COUNT(A2:A6)+2)');
    const shown = [valueAt(book, 'A1'), valueAt(book, 'B1')];
    expect(shown.every((value) => typeof value === 'number' || value === '#CIRCULAR!')).toBe(true);
    // The workbook still takes changes, and a formula that no longer feeds the other settles.
    writeCell(book, 'B1', '=SEQUENCE(2)');
    expect(spillRanges(book)).toEqual(['A1:A3', 'B1:B2']);
  });

  it('keeps following its data after rows are inserted above it', () => {
    const book = open();
    writeCell(book, 'A1', 2);
    writeCell(book, 'C2', '=SEQUENCE(A1)');
    book.apply([
      {
        type: 'change-structure',
        change: { kind: 'insert', axis: 'row', at: 0, count: 1, sheet: 'Sheet1' },
      },
    ]);
    expect(spillRanges(book)).toEqual(['C3:C4']);
    writeCell(book, 'A2', 3);
    expect(spillRanges(book)).toEqual(['C3:C5']);
  });
  it('UNIQUE spills exactly its result, leaves the rest of its array free and follows the data', () => {
    const book = open();
    writeRows(book, 'A1', [[1, 2, 2, 1]]);
    writeCell(book, 'A3', '=UNIQUE(A1:D1,1)');
    // Inside the array's width but past the result's: Excel spills two cells, so C3 is free.
    writeCell(book, 'C3', 'beside');
    expect(['A3', 'B3', 'C3'].map((a1) => valueAt(book, a1))).toEqual([1, 2, 'beside']);
    expect(spillRanges(book)).toEqual(['A3:B3']);
    writeRows(book, 'A1', [[1, 2, 3, 4]]);
    expect(valueAt(book, 'A3')).toBe('#SPILL!');
    writeCell(book, 'C3', '');
    expect(spillRanges(book)).toEqual(['A3:D3']);
    writeRows(book, 'A1', [[5, 5, 5, 5]]);
    expect(spillRanges(book)).toEqual([]);
    expect(valueAt(book, 'A3')).toBe(5);
    // It grows from one cell though its first value stays the same.
    writeRows(book, 'A1', [[5, 6, 5, 6]]);
    expect(spillRanges(book)).toEqual(['A3:B3']);
    expect(valueAt(book, 'B3')).toBe(6);
  });

  it('a file’s dynamic-array formula (DYNAMIC.ARRAY, as imported) spills its result’s size too', () => {
    const book = open();
    writeRows(book, 'A1', [[1, 2, 2, 1]]);
    writeCell(book, 'A3', '=DYNAMIC.ARRAY(UNIQUE(A1:D1,1))');
    writeCell(book, 'C3', '=DYNAMIC.ARRAY(SEQUENCE(1,A1))');
    expect(spillRanges(book)).toEqual(['A3:B3']);
    expect(['A3', 'B3', 'C3'].map((a1) => valueAt(book, a1))).toEqual([1, 2, 1]);
  });

  it('FILTER spills exactly the rows it keeps; a cell below them is free', () => {
    const book = open();
    writeRows(book, 'A1', [
      ['a', true],
      ['b', false],
      ['c', true],
      ['d', false],
    ]);
    writeCell(book, 'D1', '=FILTER(A1:A4,B1:B4)');
    writeCell(book, 'D3', 'below');
    expect(column(book, 'D', 4)).toEqual(['a', 'c', 'below', null]);
    expect(spillRanges(book)).toEqual(['D1:D2']);
    writeCell(book, 'B2', true);
    expect(valueAt(book, 'D1')).toBe('#SPILL!');
    writeCell(book, 'D3', '');
    expect(column(book, 'D', 4)).toEqual(['a', 'b', 'c', null]);
  });

  it('UNIQUE and FILTER nested in another function still pass on their whole array', () => {
    const book = open();
    writeRows(book, 'A1', [[3], [1], [3], [2]]);
    writeCell(book, 'C1', '=SORT(UNIQUE(A1:A4))');
    writeCell(book, 'D1', '=SUM(UNIQUE(A1:A4))');
    writeCell(book, 'E1', '=ROWS(FILTER(A1:A4,A1:A4>1))');
    expect(column(book, 'C', 3)).toEqual([1, 2, 3]);
    expect(valueAt(book, 'D1')).toBe(6);
    expect(valueAt(book, 'E1')).toBe(3);
  });
});

/** A formula as it arrives typed or imported as a dynamic-array formula: =DYNAMIC.ARRAY(…). */
const dynamic = dynamicArrayFormula;

describe('formulas holding a data-sized call (array mode) spill their whole result', () => {
  it('=SEQUENCE(A1)*2 spills A1 cells, grows and shrinks with A1, and undo brings back each size', () => {
    const book = open();
    writeCell(book, 'A1', 3);
    writeCell(book, 'C1', dynamic('=SEQUENCE(A1)*2'));
    expect(column(book, 'C', 4)).toEqual([2, 4, 6, null]);
    expect(spillRanges(book)).toEqual(['C1:C3']);
    const grown = writeCell(book, 'A1', 5);
    expect(column(book, 'C', 6)).toEqual([2, 4, 6, 8, 10, null]);
    expect(changed(grown)).toEqual(['A1=5', 'C1=2', 'C2=4', 'C3=6', 'C4=8', 'C5=10']);
    writeCell(book, 'A1', 2);
    expect(column(book, 'C', 6)).toEqual([2, 4, null, null, null, null]);
    book.undo();
    expect(spillRanges(book)).toEqual(['C1:C5']);
    expect(valueAt(book, 'C5')).toBe(10);
    book.undo();
    expect(spillRanges(book)).toEqual(['C1:C3']);
    book.redo();
    expect(spillRanges(book)).toEqual(['C1:C5']);
  });

  it('=SEQUENCE(A1)+B1 follows both its count and the value added', () => {
    const book = open();
    writeRows(book, 'A1', [[2, 10]]);
    writeCell(book, 'D1', dynamic('=SEQUENCE(A1)+B1'));
    expect(column(book, 'D', 3)).toEqual([11, 12, null]);
    writeCell(book, 'B1', 20);
    expect(column(book, 'D', 3)).toEqual([21, 22, null]);
    writeCell(book, 'A1', 3);
    expect(column(book, 'D', 4)).toEqual([21, 22, 23, null]);
  });

  it('LET and IF pass the spill of the call inside; the other branch is one cell', () => {
    const book = open();
    writeCell(book, 'A1', 3);
    writeCell(book, 'C1', dynamic('=LET(n,A1,SEQUENCE(n))'));
    writeCell(book, 'D1', dynamic('=IF(A1>0,SEQUENCE(A1),0)'));
    expect(spillRanges(book)).toEqual(['C1:C3', 'D1:D3']);
    writeCell(book, 'A1', 4);
    expect(spillRanges(book)).toEqual(['C1:C4', 'D1:D4']);
    expect(valueAt(book, 'D4')).toBe(4);
    writeCell(book, 'A1', -1);
    expect(valueAt(book, 'D1')).toBe(0);
    expect(valueAt(book, 'D2')).toBeNull();
    expect(spillRanges(book).includes('D1:D4')).toBe(false);
  });

  it('a LET typed without the wrapper spills too, as the whole-call formulas do', () => {
    const book = open();
    writeCell(book, 'A1', 2);
    writeCell(book, 'C1', '=LET(n,A1,SEQUENCE(n)*10)');
    expect(column(book, 'C', 3)).toEqual([10, 20, null]);
  });

  it('SORT(UNIQUE(…)) spills exactly the distinct values, and a cell past them is free', () => {
    const book = open();
    writeRows(book, 'A1', [[3], [1], [3], [2], [1], [2]]);
    writeCell(book, 'C1', dynamic('=SORT(UNIQUE(A1:A6))'));
    writeCell(book, 'C5', 'below');
    expect(column(book, 'C', 5)).toEqual([1, 2, 3, null, 'below']);
    expect(spillRanges(book)).toEqual(['C1:C3']);
    writeCell(book, 'A6', 9);
    expect(column(book, 'C', 5)).toEqual([1, 2, 3, 9, 'below']);
    writeCell(book, 'A5', 8);
    expect(valueAt(book, 'C1')).toBe('#SPILL!');
    writeCell(book, 'C5', '');
    expect(column(book, 'C', 6)).toEqual([1, 2, 3, 8, 9, null]);
    // A cell inside the input's size but past the result is free from the start.
    writeCell(book, 'E6', 'past the result');
    writeCell(book, 'E1', dynamic('=SORT(UNIQUE(A1:A4))'));
    expect(column(book, 'E', 6)).toEqual([1, 2, 3, null, null, 'past the result']);
  });

  it('answers #SPILL! when the grown area is occupied and spills once it is free', () => {
    const book = open();
    writeCell(book, 'A1', 2);
    writeCell(book, 'C1', dynamic('=SEQUENCE(A1)*2'));
    writeCell(book, 'C4', 'in the way');
    writeCell(book, 'A1', 4);
    expect(valueAt(book, 'C1')).toBe('#SPILL!');
    expect(valueAt(book, 'C2')).toBeNull();
    writeCell(book, 'C4', '');
    expect(column(book, 'C', 4)).toEqual([2, 4, 6, 8]);
  });

  it('a formula whose whole result is one value stays one cell', () => {
    const book = open();
    writeCell(book, 'A1', 4);
    writeCell(book, 'C1', dynamic('=SUM(SEQUENCE(A1))'));
    writeCell(book, 'D1', '=SUM(SEQUENCE(A1))');
    writeCell(book, 'E1', dynamic('=INDEX(SEQUENCE(A1)*3,2)'));
    expect(['C1', 'D1', 'E1', 'C2', 'E2'].map((a1) => valueAt(book, a1))).toEqual([
      10,
      10,
      6,
      null,
      null,
    ]);
    expect(spillRanges(book)).toEqual([]);
  });

  it('a workbook rebuilt from its document spills the same', () => {
    const book = open();
    writeRows(book, 'A1', [[3, 5]]);
    writeCell(book, 'D1', dynamic('=SEQUENCE(A1)*B1'));
    writeCell(book, 'E1', dynamic('=LET(n,A1,SEQUENCE(1,n))'));
    const copy = open();
    copy.apply([{ type: 'replace-workbook', document: book.document() }]);
    expect(spillRanges(copy)).toEqual(spillRanges(book));
    expect(spillRanges(copy)).toEqual(['D1:D3', 'E1:G1']);
    expect(valueAt(copy, 'D3')).toBe(15);
  });

  it('a legacy array formula keeps the range its file gave it', () => {
    const book = open();
    writeCell(book, 'A1', 5);
    writeCell(book, 'C1', legacyArrayFormula('=SEQUENCE(A1)*2', 2, 1));
    expect(column(book, 'C', 3)).toEqual([2, 4, null]);
    expect(spillRanges(book)).toEqual(['C1:C2']);
  });
});

describe('typed formulas whose reference or array is sized when they run spill it', () => {
  function numbers(): Workbook {
    const book = open();
    writeRows(book, 'A1', [
      [1, 10],
      [2, 20],
      [3, 30],
    ]);
    return book;
  }

  it('a spill reference in arithmetic (=D1#*2) spills as D1 does, and follows it', () => {
    const book = numbers();
    writeCell(book, 'D1', '=SEQUENCE(A3)');
    writeCell(book, 'E1', '=D1#*2');
    expect(column(book, 'E', 4)).toEqual([2, 4, 6, null]);
    writeCell(book, 'A3', 2);
    expect(column(book, 'E', 4)).toEqual([2, 4, null, null]);
  });

  it('INDEX of a whole column spills it; INDEX of one cell stays one cell', () => {
    const book = numbers();
    writeCell(book, 'F1', '=INDEX(A1:B3,0,2)');
    writeCell(book, 'H1', '=INDEX(A1:B3,2,2)');
    expect(column(book, 'F', 4)).toEqual([10, 20, 30, null]);
    expect(column(book, 'H', 2)).toEqual([20, null]);
    expect(spillRanges(book)).toEqual(['F1:F3']);
  });

  it('OFFSET and INDIRECT with computed sizes spill the reference and follow its size', () => {
    const book = numbers();
    writeCell(book, 'G1', '=OFFSET(A1,0,0,A3,1)');
    writeCell(book, 'J1', '=INDIRECT("B1:B"&A3)');
    expect(column(book, 'G', 4)).toEqual([1, 2, 3, null]);
    expect(column(book, 'J', 4)).toEqual([10, 20, 30, null]);
    writeCell(book, 'A3', 2);
    expect(column(book, 'G', 4)).toEqual([1, 2, null, null]);
    expect(column(book, 'J', 4)).toEqual([10, 20, null, null]);
  });

  it("a file's formula without dynamic-array metadata keeps one value, as before dynamic arrays", () => {
    const book = numbers();
    holdCell(book, 'F1', '=INDEX(A1:B3,0,2)');
    expect(column(book, 'F', 3)).toEqual([10, null, null]);
    expect(spillRanges(book)).toEqual([]);
  });
});
