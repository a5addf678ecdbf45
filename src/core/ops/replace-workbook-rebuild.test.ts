// replace-workbook rebuilds the formula engine in one pass: what follows in the same apply,
// undo, and sheets whose names look like numbers must all still compute.
import { describe, expect, it } from 'vitest';
import { useWorkbooks } from '../../../test/support/workbook-bed.js';
import { writeRangeOps } from './builders.js';
import { replaceWorkbookOps } from './chart-builders.js';
import type { Op, WorkbookDocument } from './op.js';

const { open } = useWorkbooks();

const DOCUMENT: WorkbookDocument = {
  name: 'Rebuilt',
  activeSheet: '2024',
  sheets: [
    {
      name: '2024',
      cells: [
        { row: 0, col: 0, input: 1, version: 1, locked: false },
        { row: 0, col: 1, input: { formula: '=A1*2' }, version: 1, locked: false },
      ],
    },
    {
      name: 'Summary',
      cells: [
        {
          row: 4,
          col: 3,
          input: { formula: "='2024'!B1+IF(FALSE,100,0)" },
          version: 1,
          locked: false,
        },
      ],
    },
  ],
};

describe('replace-workbook rebuilds the engine', () => {
  it('a write after the replace in the same apply is computed against the new sheets', () => {
    const workbook = open();
    const write: Op = { type: 'set-cells', sheet: '2024', runs: [{ row: 0, col: 0, inputs: [5] }] };
    workbook.apply([...replaceWorkbookOps(DOCUMENT), write]);
    expect(workbook.sheet('2024').value(0, 1)).toBe(10);
    expect(workbook.sheet('Summary').value(4, 3)).toBe(10);
  });

  it('undo brings the previous workbook back computing, and later writes reach the rebuilt engine', () => {
    const workbook = open();
    workbook.apply(writeRangeOps('Sheet1', { row: 0, col: 0 }, [[3, '=A1+1']]));
    workbook.apply(replaceWorkbookOps(DOCUMENT));
    workbook.apply(writeRangeOps('2024', { row: 0, col: 0 }, [[7]]));
    expect(workbook.sheet('Summary').value(4, 3)).toBe(14);
    workbook.undo();
    workbook.undo();
    expect(workbook.sheetNames).toEqual(['Sheet1']);
    expect(workbook.sheet('Sheet1').value(0, 1)).toBe(4);
    workbook.apply(writeRangeOps('Sheet1', { row: 0, col: 0 }, [[10]]));
    expect(workbook.sheet('Sheet1').value(0, 1)).toBe(11);
  });

  it('a failed later op in the same apply leaves the previous workbook in place', () => {
    const workbook = open();
    workbook.apply(writeRangeOps('Sheet1', { row: 0, col: 0 }, [[3, '=A1+1']]));
    const broken: Op = {
      type: 'set-cells',
      sheet: 'No such sheet',
      runs: [{ row: 0, col: 0, inputs: [1] }],
    };
    expect(() => workbook.apply([...replaceWorkbookOps(DOCUMENT), broken])).toThrow();
    expect(workbook.sheetNames).toEqual(['Sheet1']);
    expect(workbook.sheet('Sheet1').value(0, 1)).toBe(4);
  });
});

describe('replace-workbook checks the document before anything changes', () => {
  it.each([
    [
      'in order',
      [
        { row: 0, col: 0 },
        { row: 0, col: 0 },
      ],
    ],
    [
      'out of order',
      [
        { row: 2, col: 0 },
        { row: 0, col: 1 },
        { row: 2, col: 0 },
      ],
    ],
  ])('a cell given twice (%s) is refused naming it, and the workbook stays', (_label, places) => {
    const workbook = open();
    workbook.apply(writeRangeOps('Sheet1', { row: 0, col: 0 }, [[3]]));
    const document: WorkbookDocument = {
      name: 'Twice',
      activeSheet: 'S',
      sheets: [
        {
          name: 'S',
          cells: places.map((place) => ({ ...place, input: 1, version: 1, locked: false })),
        },
      ],
    };
    expect(() => workbook.apply(replaceWorkbookOps(document))).toThrow(
      /sheets\[0\]\.cells\.A3: the cell appears twice|sheets\[0\]\.cells\.A1: the cell appears twice/,
    );
    expect(workbook.sheet('Sheet1').value(0, 0)).toBe(3);
  });
});
