// The undo of a load or an import keeps the replaced sheets themselves (restore-workbook) and
// must bring back exactly what was there: values, formulas, versions, locks, charts, sheet
// order, the active sheet and the workbook name, through any number of undo/redo rounds.
import { describe, expect, it } from 'vitest';
import { useWorkbooks, valueAt, writeCell, writeRows } from '../../../test/support/workbook-bed.js';
import { parseCell, parseRange } from '../address/index.js';
import { valueToJson } from '../formula/index.js';
import type { Workbook } from '../workbook.js';
import { setLocksOps, writeCellOps } from './builders.js';
import { replaceWorkbookOps } from './chart-builders.js';
import type { Op, WorkbookDocument } from './op.js';

const { open } = useWorkbooks();

/** A workbook with cross-sheet formulas, rewritten cells (versions > 1), locks, a chart, a renamed sheet and a non-first active sheet. */
function rich(): Workbook {
  const book = open({ name: 'Budget', sheetNames: ['Summary', 'Data', 'Notes'] });
  writeRows(
    book,
    'A1',
    [
      [10, 'label', true],
      [20, "'007", null],
      [30.5, '=A1*2', '=SUM(A1:A3)'],
    ],
    'Data',
  );
  writeCell(book, 'A1', 11, 'Data');
  writeCell(book, 'A1', 12, 'Data');
  writeRows(book, 'B2', [['=Data!C3+1', '=Data!B1&"!"']], 'Summary');
  book.apply(setLocksOps('Data', parseRange('B2:C3'), true));
  book.apply([
    {
      type: 'put-chart',
      sheet: 'Data',
      chart: {
        id: 'c1',
        title: 'Totals',
        chart_type: 'line',
        data_range: 'A1:A3',
        anchor_cell: 'E2',
        width: 400,
        height: 280,
        orientation: 'columns',
      },
    },
  ]);
  book.apply([{ type: 'rename-sheet', from: 'Notes', to: 'Memo' }]);
  book.apply([{ type: 'activate-sheet', name: 'Data' }]);
  return book;
}

const IMPORTED: WorkbookDocument = {
  name: 'Imported',
  activeSheet: 'Other',
  sheets: [
    {
      name: 'Other',
      cells: [
        { row: 0, col: 0, input: 5, version: 7, locked: false },
        { row: 0, col: 1, input: { formula: '=A1*3' }, version: 2, locked: true },
      ],
    },
    { name: 'Data', cells: [{ row: 0, col: 0, input: 'imported', version: 1, locked: false }] },
  ],
};

function values(book: Workbook): Record<string, unknown> {
  const found: Record<string, unknown> = {};
  for (const name of book.sheetNames) {
    const sheet = book.sheet(name);
    for (const cell of sheet.occupiedCells())
      found[`${name}!${cell.row},${cell.col}`] = valueToJson(sheet.value(cell.row, cell.col));
  }
  return found;
}

const state = (book: Workbook) => ({
  document: book.document(),
  values: values(book),
  active: book.activeSheetName,
  name: book.name,
});

describe('undo of replace-workbook (restore-workbook)', () => {
  it('restores values, formulas, versions, locks, charts, sheet order, active sheet and name exactly', () => {
    const book = rich();
    const before = state(book);
    expect(before.values['Summary!1,1']).toBe(12 + 20 + 30.5 + 1);
    book.apply(replaceWorkbookOps(IMPORTED));
    const after = state(book);
    expect(after.name).toBe('Imported');

    book.undo();
    expect(state(book)).toEqual(before);
    expect(book.sheet('Data').charts()).toHaveLength(1);
    expect(book.cell('Data', parseCell('B2'))).toMatchObject({
      input: '007',
      value: '007',
      locked: true,
      version: 1,
    });
    expect(book.cell('Data', parseCell('A1'))).toMatchObject({ input: 12, version: 3 });
    book.redo();
    expect(state(book)).toEqual(after);
    book.undo();
    expect(state(book)).toEqual(before);
  });

  it('the inverse is the replaced sheets themselves, and the engine computes with them after undo', () => {
    const book = rich();
    const commit = book.apply(replaceWorkbookOps(IMPORTED));
    expect(commit.inverse.map((op) => op.type)).toEqual(['restore-workbook']);
    book.undo();
    writeCell(book, 'A3', 100, 'Data');
    expect(valueAt(book, 'B2', 'Summary')).toBe(12 + 20 + 100 + 1);
    writeCell(book, 'B1', 'changed', 'Data');
    expect(valueAt(book, 'C2', 'Summary')).toBe('changed!');
  });

  it('changes made after an undo are what the next undo of a later import brings back', () => {
    const book = rich();
    book.apply(replaceWorkbookOps(IMPORTED));
    book.undo();
    writeCell(book, 'C3', 'later', 'Memo');
    book.apply([{ type: 'rename-workbook', name: 'Budget 2' }]);
    const before = state(book);
    book.apply(replaceWorkbookOps(IMPORTED));
    writeCell(book, 'A1', 6, 'Other');
    expect(valueAt(book, 'B1', 'Other')).toBe(18);
    book.undo();
    book.undo();
    expect(state(book)).toEqual(before);
    // Redo twice, undo twice again: the same two states each time.
    book.redo();
    book.redo();
    expect(valueAt(book, 'B1', 'Other')).toBe(18);
    book.undo();
    book.undo();
    expect(state(book)).toEqual(before);
  });

  it('a failed apply with a write before the replace leaves the workbook exactly as it was', () => {
    const book = rich();
    const before = state(book);
    const broken: Op = {
      type: 'set-cells',
      sheet: 'No such sheet',
      runs: [{ row: 0, col: 0, inputs: [1] }],
    };
    expect(() =>
      book.apply([
        ...writeCellOps('Data', parseCell('A1'), 99),
        ...replaceWorkbookOps(IMPORTED),
        broken,
      ]),
    ).toThrow();
    expect(state(book)).toEqual(before);
    writeCell(book, 'A3', 1, 'Data');
    expect(valueAt(book, 'B2', 'Summary')).toBe(12 + 20 + 1 + 1);
  });

  it('an undo of an import refused before it runs (a version moved on) keeps the step and changes nothing', () => {
    const book = rich();
    book.apply(replaceWorkbookOps(IMPORTED));
    const after = state(book);
    const depth = book.undoDepth;
    // An undo refused before it runs (a version the caller expected has moved on).
    expect(() =>
      book.undo('User', { expectedVersions: { sheet: 'Other', versions: { A1: 1 } } }),
    ).toThrow();
    expect(book.undoDepth).toBe(depth);
    expect(state(book)).toEqual(after);
  });
});
