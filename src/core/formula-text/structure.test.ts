// References after rows or columns are inserted or deleted, case by case as Excel rewrites
// them. Each row: the formula, the sheet it is on, the change, the formula afterwards.
import { describe, expect, it } from 'vitest';
import { movedIndex, rewriteForStructureChange, type StructureChange } from './structure.js';

const insertRows = (at: number, count = 1): StructureChange => ({
  kind: 'insert',
  sheet: 'Sheet1',
  axis: 'row',
  at: at - 1,
  count,
});
const deleteRows = (at: number, count = 1): StructureChange => ({
  kind: 'delete',
  sheet: 'Sheet1',
  axis: 'row',
  at: at - 1,
  count,
});
const insertCols = (at: number, count = 1): StructureChange => ({
  kind: 'insert',
  sheet: 'Sheet1',
  axis: 'col',
  at,
  count,
});
const deleteCols = (at: number, count = 1): StructureChange => ({
  kind: 'delete',
  sheet: 'Sheet1',
  axis: 'col',
  at,
  count,
});

type Case = readonly [formula: string, on: string, change: StructureChange, expected: string];

const ROW_INSERTS: readonly Case[] = [
  ['=A1', 'Sheet1', insertRows(5), '=A1'],
  ['=A4', 'Sheet1', insertRows(5), '=A4'],
  ['=A5', 'Sheet1', insertRows(5), '=A6'],
  ['=A10*2', 'Sheet1', insertRows(5), '=A11*2'],
  ['=$A$10', 'Sheet1', insertRows(5), '=$A$11'],
  ['=A$10+$B10', 'Sheet1', insertRows(5), '=A$11+$B11'],
  ['=SUM(A1:A4)', 'Sheet1', insertRows(5), '=SUM(A1:A4)'],
  ['=SUM(A1:A5)', 'Sheet1', insertRows(5), '=SUM(A1:A6)'],
  ['=SUM(A5:A9)', 'Sheet1', insertRows(5), '=SUM(A6:A10)'],
  ['=SUM(A2:B10)', 'Sheet1', insertRows(5), '=SUM(A2:B11)'],
  ['=SUM($A$2:$A$10)', 'Sheet1', insertRows(5), '=SUM($A$2:$A$11)'],
  ['=SUM(A:A)', 'Sheet1', insertRows(5), '=SUM(A:A)'],
  ['=SUM(1:4)', 'Sheet1', insertRows(5), '=SUM(1:4)'],
  ['=SUM(4:5)', 'Sheet1', insertRows(5), '=SUM(4:6)'],
  ['=SUM(5:5)', 'Sheet1', insertRows(5), '=SUM(6:6)'],
  ['=SUM($3:$7)', 'Sheet1', insertRows(5), '=SUM($3:$8)'],
  ['=Other!A10', 'Sheet1', insertRows(5), '=Other!A10'],
  ['=Sheet1!A10', 'Other', insertRows(5), '=Sheet1!A11'],
  ["='Sheet1'!A10+sheet1!B10", 'Other', insertRows(5), "='Sheet1'!A11+sheet1!B11"],
  ['=A10', 'Other', insertRows(5), '=A10'],
  ['="A10"&A10', 'Sheet1', insertRows(5), '="A10"&A11'],
  ['=B2*C7', 'Sheet1', insertRows(2, 3), '=B5*C10'],
  ['=A1048576', 'Sheet1', insertRows(1), '=#REF!'],
  ['=SUM(A2:A1048576)', 'Sheet1', insertRows(5), '=SUM(A2:A1048576)'],
  ['=SUM(B9:B3)', 'Sheet1', insertRows(5), '=SUM(B10:B3)'],
];

const COLUMN_INSERTS: readonly Case[] = [
  ['=B1', 'Sheet1', insertCols(2, 2), '=B1'],
  ['=C1', 'Sheet1', insertCols(2, 2), '=E1'],
  ['=$D$3', 'Sheet1', insertCols(2, 2), '=$F$3'],
  ['=SUM(A1:C1)', 'Sheet1', insertCols(2, 2), '=SUM(A1:E1)'],
  ['=SUM(B:B)', 'Sheet1', insertCols(2, 2), '=SUM(B:B)'],
  ['=SUM(C:D)', 'Sheet1', insertCols(2, 2), '=SUM(E:F)'],
  ['=SUM(B:C)', 'Sheet1', insertCols(2, 2), '=SUM(B:E)'],
  ['=SUM(1:1)', 'Sheet1', insertCols(2, 2), '=SUM(1:1)'],
  ['=SUM(B2:B9)', 'Sheet1', insertCols(2, 2), '=SUM(B2:B9)'],
  ['=XFD1', 'Sheet1', insertCols(0), '=#REF!'],
];

const ROW_DELETES: readonly Case[] = [
  ['=A2', 'Sheet1', deleteRows(3, 2), '=A2'],
  ['=A3', 'Sheet1', deleteRows(3, 2), '=#REF!'],
  ['=A4', 'Sheet1', deleteRows(3, 2), '=#REF!'],
  ['=A5', 'Sheet1', deleteRows(3, 2), '=A3'],
  ['=$A$10', 'Sheet1', deleteRows(3, 2), '=$A$8'],
  ['=SUM(A1:A10)', 'Sheet1', deleteRows(3, 2), '=SUM(A1:A8)'],
  ['=SUM(A3:A4)', 'Sheet1', deleteRows(3, 2), '=SUM(#REF!)'],
  ['=SUM(A1:A3)', 'Sheet1', deleteRows(3, 2), '=SUM(A1:A2)'],
  ['=SUM(A4:A9)', 'Sheet1', deleteRows(3, 2), '=SUM(A3:A7)'],
  ['=SUM(A5:A9)', 'Sheet1', deleteRows(3, 2), '=SUM(A3:A7)'],
  ['=SUM(3:4)', 'Sheet1', deleteRows(3, 2), '=SUM(#REF!)'],
  ['=SUM(2:6)', 'Sheet1', deleteRows(3, 2), '=SUM(2:4)'],
  ['=SUM(C:C)', 'Sheet1', deleteRows(3, 2), '=SUM(C:C)'],
  ['=Sheet1!A3*2', 'Other', deleteRows(3, 2), '=#REF!*2'],
  ["='Sheet1'!A7", 'Other', deleteRows(3, 2), "='Sheet1'!A5"],
  ['=A3+A5', 'Sheet1', deleteRows(3, 2), '=#REF!+A3'],
  ['=IF(A10>0,"A3",A1)', 'Sheet1', deleteRows(3, 2), '=IF(A8>0,"A3",A1)'],
];

const COLUMN_DELETES: readonly Case[] = [
  ['=A1+B1+C1', 'Sheet1', deleteCols(1), '=A1+#REF!+B1'],
  ['=SUM(A1:C1)', 'Sheet1', deleteCols(1), '=SUM(A1:B1)'],
  ['=SUM(B:B)', 'Sheet1', deleteCols(1), '=SUM(#REF!)'],
  ['=SUM(A:C)', 'Sheet1', deleteCols(1), '=SUM(A:B)'],
  ['=SUM($C:$D)', 'Sheet1', deleteCols(1), '=SUM($B:$C)'],
  ['=SUM(2:2)', 'Sheet1', deleteCols(1), '=SUM(2:2)'],
  ['=VLOOKUP(A1,A1:D9,3,FALSE)', 'Sheet1', deleteCols(1), '=VLOOKUP(A1,A1:C9,3,FALSE)'],
];

describe('references after rows or columns are inserted or deleted', () => {
  it.each([
    ...ROW_INSERTS.map((row) => ['row insert', ...row] as const),
    ...COLUMN_INSERTS.map((row) => ['column insert', ...row] as const),
    ...ROW_DELETES.map((row) => ['row delete', ...row] as const),
    ...COLUMN_DELETES.map((row) => ['column delete', ...row] as const),
  ])('%s: %s on %s becomes %s', (_kind, formula, on, change, expected) => {
    expect(rewriteForStructureChange(formula, on, change)).toBe(expected);
  });

  it('holds at least the forty cases the rewrite is specified by', () => {
    const total =
      ROW_INSERTS.length + COLUMN_INSERTS.length + ROW_DELETES.length + COLUMN_DELETES.length;
    expect(total).toBeGreaterThanOrEqual(40);
  });

  it('returns the very same text when nothing it references moves', () => {
    const formula = '=sum(a1:a3) + "A9"';
    expect(rewriteForStructureChange(formula, 'Sheet1', insertRows(5))).toBe(formula);
  });
});

describe('where a row is after a change', () => {
  it('moves rows at and below an insert, and loses deleted rows', () => {
    expect(movedIndex(3, insertRows(5))).toBe(3);
    expect(movedIndex(4, insertRows(5))).toBe(5);
    expect(movedIndex(2, deleteRows(3, 2))).toBeUndefined();
    expect(movedIndex(4, deleteRows(3, 2))).toBe(2);
  });
});
