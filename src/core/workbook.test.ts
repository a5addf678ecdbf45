import { describe, expect, it } from 'vitest';
import { useWorkbooks, writeCell, writeRows } from '../../test/support/workbook-bed.js';
import { parseCell, parseRange } from './address/index.js';
import {
  CellLockedError,
  DuplicateSheetError,
  SheetNotFoundError,
  VersionConflictError,
} from './errors.js';
import { valueToJson } from './formula/index.js';
import { setLocksOps, writeCellOps, writeRangeOps } from './ops/index.js';
import type { Op } from './ops/index.js';
import type { Commit, Workbook } from './workbook.js';

const { open } = useWorkbooks();

/** The cell's snapshot (input, version, lock) with its value as JSON. */
function cell(target: Workbook, address: string, sheet?: string) {
  const snapshot = target.cell(sheet, parseCell(address));
  return { ...snapshot, value: valueToJson(snapshot.value) };
}

describe('versions', () => {
  it('[VER-1] an untouched cell is version 0; each commit that touches it adds one, same value included', () => {
    const book = open();
    expect(cell(book, 'A1').version).toBe(0);
    writeCell(book, 'A1', 5);
    expect(cell(book, 'A1')).toMatchObject({ input: 5, value: 5, version: 1 });
    writeCell(book, 'A1', 5);
    expect(cell(book, 'A1').version).toBe(2);
  });

  it('[VER-1] [VER-2] clearing bumps the version and a rewrite keeps counting, never reusing a version', () => {
    const book = open();
    writeCell(book, 'A1', 'x');
    writeCell(book, 'A1', '');
    expect(cell(book, 'A1')).toMatchObject({ input: null, value: null, version: 2 });
    writeCell(book, 'A1', 'y');
    expect(cell(book, 'A1').version).toBe(3);
  });

  it('[VER-1] a range write bumps every target cell once, clears included, and nothing else', () => {
    const book = open();
    writeCell(book, 'C1', 'keep');
    writeRows(book, 'A1', [[1, null], [2]]);
    expect([cell(book, 'A1').version, cell(book, 'B1').version, cell(book, 'A2').version]).toEqual([
      1, 1, 1,
    ]);
    expect(cell(book, 'B2').version).toBe(0);
    expect(cell(book, 'C1').version).toBe(1);
  });

  it('[VER-1] a formula cell keeps its version when only its inputs change (it was not committed)', () => {
    const book = open();
    writeCell(book, 'A1', 1);
    writeCell(book, 'B1', '=A1*2');
    writeCell(book, 'A1', 4);
    expect(cell(book, 'B1')).toMatchObject({ value: 8, version: 1 });
  });
});

describe('locks', () => {
  it('[LOCK-2] a locked target rejects the write: input, value and version stay as they were', () => {
    const book = open();
    writeCell(book, 'A1', 'before');
    book.apply(setLocksOps('Sheet1', parseRange('A1'), true));
    expect(() => writeCell(book, 'A1', 'after')).toThrow(CellLockedError);
    expect(cell(book, 'A1')).toMatchObject({
      input: 'before',
      value: 'before',
      version: 1,
      locked: true,
    });
  });

  it('[LOCK-2] one locked target anywhere rejects the whole op list: earlier ops write nothing', () => {
    const book = open();
    book.apply(setLocksOps('Sheet1', parseRange('C3'), true));
    const ops: Op[] = [
      ...writeCellOps('Sheet1', parseCell('A1'), 1),
      ...writeRangeOps('Sheet1', parseCell('B3'), [[1, 2, 3]]),
    ];
    expect(() => book.apply(ops)).toThrow(CellLockedError);
    expect(cell(book, 'A1')).toMatchObject({ input: null, version: 0 });
    expect(cell(book, 'B3')).toMatchObject({ input: null, version: 0 });
    expect(book.undoDepth).toBe(1);
  });

  it('[LOCK-2] the lock error names the sheet and the first locked cell', () => {
    const book = open();
    book.apply(setLocksOps('Sheet1', parseRange('B2:B3'), true));
    expect(() =>
      book.apply(
        writeRangeOps('Sheet1', parseCell('A2'), [
          [1, 2],
          [3, 4],
        ]),
      ),
    ).toThrow(/B2 on sheet "Sheet1" is locked/);
  });

  it('[LOCK-1] locking keeps the value and the version; unlocking makes the cell writable again', () => {
    const book = open();
    writeCell(book, 'A1', 7);
    book.apply(setLocksOps('Sheet1', parseRange('A1:B2'), true));
    expect(cell(book, 'A1')).toMatchObject({ input: 7, version: 1, locked: true });
    expect(cell(book, 'B2').locked).toBe(true);
    book.apply(setLocksOps('Sheet1', parseRange('A1:B2'), false));
    writeCell(book, 'A1', 8);
    expect(cell(book, 'A1')).toMatchObject({ input: 8, version: 2, locked: false });
  });

  it('[LOCK-2] locks on one sheet do not affect the same address on another sheet', () => {
    const book = open({ sheetNames: ['Sheet1', 'Sheet2'] });
    book.apply(setLocksOps('Sheet1', parseRange('A1'), true));
    writeCell(book, 'A1', 'fine', 'Sheet2');
    expect(cell(book, 'A1', 'Sheet2').input).toBe('fine');
  });
});

describe('atomic apply', () => {
  function seeded(): Workbook {
    const book = open({ sheetNames: ['Sheet1', 'Sheet2'] });
    writeCell(book, 'A1', 1);
    writeCell(book, 'A1', 2);
    writeCell(book, 'B1', '=A1*10');
    return book;
  }

  it.each<[string, Op, new (...args: never[]) => Error]>([
    ['a missing sheet', { type: 'rename-sheet', from: 'Missing', to: 'X' }, SheetNotFoundError],
    ['a duplicate sheet name', { type: 'add-sheet', name: 'sheet2' }, DuplicateSheetError],
  ])(
    '[ATOM-1] a failing op (%s) after earlier ones reverts them exactly',
    (_label, failing, errorClass) => {
      const book = seeded();
      const before = book.document();
      const ops: Op[] = [
        ...writeCellOps('Sheet1', parseCell('A1'), 99),
        ...writeRangeOps('Sheet1', parseCell('C1'), [['new', 'cells']]),
        { type: 'add-sheet', name: 'Added' },
        { type: 'rename-workbook', name: 'Renamed' },
        failing,
      ];
      expect(() => book.apply(ops)).toThrow(errorClass);
      expect(book.document()).toEqual(before);
      expect(cell(book, 'B1').value).toBe(20);
      expect(book.undoDepth).toBe(3);
    },
  );

  it('[ATOM-1] an op the engine refuses halfway (a cell past the last row) leaves no trace, its own half included', () => {
    const book = seeded();
    const before = book.document();
    const ops: Op[] = [
      ...writeCellOps('Sheet1', parseCell('A1'), 50),
      {
        type: 'set-cells',
        sheet: 'Sheet1',
        runs: [
          { row: 5, col: 0, inputs: ['fine'] },
          { row: 1_048_576, col: 0, inputs: ['past the end'] },
        ],
      },
    ];
    expect(() => book.apply(ops)).toThrow();
    expect(book.document()).toEqual(before);
    expect(book.sheet().cellCount).toBe(2);
    expect(cell(book, 'B1').value).toBe(20);
  });

  it('[ATOM-1] a failed apply announces nothing and leaves the redo stack alone', () => {
    const book = seeded();
    book.undo();
    const commits: Commit[] = [];
    book.onCommit((commit) => commits.push(commit));
    expect(() =>
      book.apply([
        ...writeCellOps('Sheet1', parseCell('A1'), 5),
        { type: 'delete-sheet', name: 'Nope' },
      ]),
    ).toThrow(SheetNotFoundError);
    expect(commits).toEqual([]);
    expect(book.redoDepth).toBe(1);
  });

  it('[ATOM-1] a successful apply announces one commit with its ops and inverse', () => {
    const book = seeded();
    const commits: Commit[] = [];
    book.onCommit((commit) => commits.push(commit));
    const ops = writeCellOps('Sheet1', parseCell('A1'), 3);
    book.apply(ops, { actor: 'tester' });
    expect(commits).toHaveLength(1);
    expect(commits[0]).toMatchObject({ kind: 'change', ops, actor: 'tester' });
    expect(commits[0]!.inverse).toEqual([
      { type: 'set-cells', sheet: 'Sheet1', runs: [{ row: 0, col: 0, inputs: [2] }] },
    ]);
  });
});

describe('expected versions', () => {
  it('[CELL-3] a mismatch throws a conflict naming the cell, expected and actual; nothing is written', () => {
    const book = open();
    writeCell(book, 'A1', 'v1');
    writeCell(book, 'A1', 'v2');
    const attempt = (): Commit =>
      book.apply(writeCellOps('Sheet1', parseCell('A1'), 'mine'), {
        expectedVersions: { sheet: 'Sheet1', versions: { a1: 1 } },
      });
    expect(attempt).toThrow(VersionConflictError);
    try {
      attempt();
    } catch (error) {
      expect(error).toMatchObject({ cell: 'A1', expected: 1, actual: 2 });
    }
    expect(cell(book, 'A1')).toMatchObject({ input: 'v2', version: 2 });
  });

  it('[CELL-3] matching versions let the write through; an absent cell is version 0', () => {
    const book = open();
    book.apply(writeCellOps('Sheet1', parseCell('B2'), 'first'), {
      expectedVersions: { sheet: 'Sheet1', versions: { B2: 0 } },
    });
    book.apply(writeCellOps('Sheet1', parseCell('B2'), 'second'), {
      expectedVersions: { sheet: 'Sheet1', versions: { B2: 1 } },
    });
    expect(cell(book, 'B2')).toMatchObject({ input: 'second', version: 2 });
  });

  it('[LOCK-2] the lock check comes before the version check', () => {
    const book = open();
    book.apply(setLocksOps('Sheet1', parseRange('A1'), true));
    const attempt = (): Commit =>
      book.apply(writeCellOps('Sheet1', parseCell('A1'), 1), {
        expectedVersions: { sheet: 'Sheet1', versions: { A1: 9 } },
      });
    expect(attempt).toThrow(CellLockedError);
  });
});

describe('sheet views', () => {
  it('a view asked for after the workbook was replaced reads the new sheet of that name', () => {
    const book = open();
    writeCell(book, 'A1', 1);
    writeCell(book, 'A2', '=A1*10');
    expect(book.sheet('Sheet1').value(1, 0)).toBe(10);
    const other = open();
    writeCell(other, 'A1', 4);
    book.apply([{ type: 'replace-workbook', document: other.document() }]);
    const view = book.sheet('Sheet1');
    expect(view.input(0, 0)).toBe(4);
    expect(view.input(1, 0)).toBeNull();
    expect(view.value(1, 0)).toBeNull();
  });

  it('a view reads the sheet as it is now, not as it was when the view was first asked for', () => {
    const book = open();
    const early = book.sheet('Sheet1');
    writeCell(book, 'B2', 7);
    expect(early.input(1, 1)).toBe(7);
    expect(book.sheet('sheet1').version(1, 1)).toBe(1);
  });
});
