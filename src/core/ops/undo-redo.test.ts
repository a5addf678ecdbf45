import { describe, expect, it } from 'vitest';
import {
  inputAt,
  useWorkbooks,
  valueAt,
  writeCell,
  writeRows,
} from '../../../test/support/workbook-bed.js';
import { parseCell, parseRange } from '../address/index.js';
import type { Workbook, WorkbookOptions } from '../workbook.js';
import { UndoStepConflictError } from '../errors.js';
import {
  clearSheetOps,
  setLocksOps,
  unlockAllOps,
  writeCellOps,
  writeRangeOps,
} from './builders.js';
import { estimateStepBytes } from '../history-size.js';
import type { Op, WorkbookDocument } from './op.js';

const { open } = useWorkbooks();

function seeded(options: WorkbookOptions = {}): Workbook {
  const book = open({ sheetNames: ['Sheet1', 'Data', 'Notes'], ...options });
  writeRows(
    book,
    'A1',
    [
      [10, 'label'],
      [20, true],
    ],
    'Data',
  );
  writeRows(book, 'A1', [['=Data!A1+Data!A2', '=SUM(Data!A1:A2)', 'plain']], 'Sheet1');
  book.apply(setLocksOps('Data', parseRange('B2'), true));
  return book;
}

/** The document without versions: what the cells hold, which are locked, names and order. */
function content(document: WorkbookDocument) {
  return {
    ...document,
    sheets: document.sheets.map((sheet) => ({
      ...sheet,
      cells: sheet.cells
        .filter((cell) => cell.input !== null || cell.locked)
        .map(({ version: _version, ...rest }) => rest),
    })),
  };
}

function versionsOf(document: WorkbookDocument): Map<string, number> {
  const versions = new Map<string, number>();
  for (const sheet of document.sheets)
    for (const cell of sheet.cells)
      versions.set(`${sheet.name}!${cell.row},${cell.col}`, cell.version);
  return versions;
}

const ROUND_TRIPS: [string, (book: Workbook) => Op[]][] = [
  [
    'set-cells (a range over filled and empty cells)',
    () =>
      writeRangeOps('Sheet1', parseCell('B1'), [
        ['x', null, 5],
        [null, '=1+1'],
      ]),
  ],
  ['set-cells (a single clear)', () => writeCellOps('Data', parseCell('A1'), '')],
  ['set-locks (lock)', () => setLocksOps('Sheet1', parseRange('A1:C2'), true)],
  [
    'set-locks (unlock all)',
    (book) => unlockAllOps(book.sheetNames.map((name) => book.sheet(name))),
  ],
  ['clear sheet', (book) => clearSheetOps(book.sheet('Data'))],
  ['add-sheet', () => [{ type: 'add-sheet', name: 'Extra' }]],
  ['add-sheet at an index', () => [{ type: 'add-sheet', name: 'First', index: 0 }]],
  ['delete-sheet', () => [{ type: 'delete-sheet', name: 'Data' }]],
  ['rename-sheet', () => [{ type: 'rename-sheet', from: 'Data', to: 'Inputs 2024' }]],
  ['rename-workbook', () => [{ type: 'rename-workbook', name: 'Budget' }]],
  [
    'several ops in one list',
    () => [
      { type: 'add-sheet', name: 'Scratch' },
      ...writeCellOps('Scratch', parseCell('A1'), '=Sheet1!A1'),
      { type: 'rename-sheet', from: 'Notes', to: 'Memo' },
      ...writeCellOps('Sheet1', parseCell('D4'), 1),
    ],
  ],
];

describe('every op round-trips through undo and redo', () => {
  it.each(ROUND_TRIPS)(
    '[UNDO-1] %s: undo restores the state before, redo the state after',
    (_label, build) => {
      const book = seeded();
      const before = book.document();
      book.apply(build(book));
      const after = book.document();
      expect(content(after)).not.toEqual(content(before));

      expect(book.undo()).toBeDefined();
      expect(content(book.document())).toEqual(content(before));
      expect([valueAt(book, 'A1', 'Sheet1'), valueAt(book, 'B1', 'Sheet1')]).toEqual([30, 30]);

      expect(book.redo()).toBeDefined();
      expect(content(book.document())).toEqual(content(after));
    },
  );

  it.each(ROUND_TRIPS)(
    '[UNDO-3] %s: versions never go back across undo and redo',
    (_label, build) => {
      const book = seeded();
      const seen = [versionsOf(book.document())];
      book.apply(build(book));
      seen.push(versionsOf(book.document()));
      book.undo();
      seen.push(versionsOf(book.document()));
      book.redo();
      seen.push(versionsOf(book.document()));
      for (let step = 1; step < seen.length; step += 1) {
        for (const [key, version] of seen[step - 1]!) {
          const next = seen[step]!.get(key);
          if (next !== undefined) expect(next, key).toBeGreaterThanOrEqual(version);
        }
      }
    },
  );
});

describe('undo of cell writes', () => {
  it('[UNDO-2] undo of a range write restores the exact previous inputs, including empty cells', () => {
    const book = seeded();
    book.apply(
      writeRangeOps('Sheet1', parseCell('A1'), [
        ['a', 'b', 'c', 'd'],
        [1, 2],
      ]),
    );
    book.undo();
    const sheet = book.sheet('Sheet1');
    expect([sheet.input(0, 0), sheet.input(0, 1), sheet.input(0, 2), sheet.input(0, 3)]).toEqual([
      { formula: '=Data!A1+Data!A2' },
      { formula: '=SUM(Data!A1:A2)' },
      'plain',
      null,
    ]);
    expect([sheet.input(1, 0), sheet.input(1, 1)]).toEqual([null, null]);
    expect(sheet.occupiedBounds()).toEqual(parseRange('A1:C1'));
  });

  it('[UNDO-3] undo and redo each bump the versions of the cells they write', () => {
    const book = seeded();
    writeCell(book, 'C1', 'edited', 'Sheet1');
    expect(book.cell('Sheet1', parseCell('C1')).version).toBe(2);
    book.undo();
    expect(book.cell('Sheet1', parseCell('C1'))).toMatchObject({ input: 'plain', version: 3 });
    book.redo();
    expect(book.cell('Sheet1', parseCell('C1'))).toMatchObject({ input: 'edited', version: 4 });
  });
});

describe('undo of a sheet deletion', () => {
  it('[UNDO-5] restores cells, exact versions, locks, position and the active sheet', () => {
    const book = seeded();
    writeCell(book, 'A1', 11, 'Data');
    book.apply([{ type: 'activate-sheet', name: 'Data' }]);
    const before = book.document();
    book.apply([{ type: 'delete-sheet', name: 'Data' }]);
    expect(book.sheetNames).toEqual(['Sheet1', 'Notes']);
    expect(book.activeSheetName).toBe('Notes');
    book.undo();
    expect(book.document()).toEqual(before);
    expect(book.activeSheetName).toBe('Data');
    expect(book.cell('Data', parseCell('B2')).locked).toBe(true);
  });

  it('[UNDO-5] formulas in other sheets show #REF! while it is gone and compute again after undo', () => {
    const book = seeded();
    book.apply([{ type: 'delete-sheet', name: 'Data' }]);
    expect(valueAt(book, 'A1', 'Sheet1')).toBe('#REF!');
    book.undo();
    expect([valueAt(book, 'A1', 'Sheet1'), valueAt(book, 'B1', 'Sheet1')]).toEqual([30, 30]);
    writeCell(book, 'A1', 100, 'Data');
    expect(valueAt(book, 'A1', 'Sheet1')).toBe(120);
  });
});

describe('the history', () => {
  it('[UNDO-1] activating a sheet is a view change and is not undone', () => {
    const book = seeded();
    const depth = book.undoDepth;
    book.apply([{ type: 'activate-sheet', name: 'Notes' }]);
    expect(book.undoDepth).toBe(depth);
    book.undo();
    expect(book.activeSheetName).toBe('Notes');
  });

  it('[UNDO-4] a new change clears the redo stack', () => {
    const book = seeded();
    writeCell(book, 'Z1', 1, 'Sheet1');
    book.undo();
    expect(book.redoDepth).toBe(1);
    writeCell(book, 'Z2', 2, 'Sheet1');
    expect(book.redoDepth).toBe(0);
    expect(book.redo()).toBeUndefined();
  });

  it('[UNDO-4] the undo depth is bounded: only the newest steps are kept', () => {
    const book = seeded({ undoDepth: 2 });
    for (const n of [1, 2, 3, 4]) writeCell(book, 'A1', n, 'Notes');
    expect(book.undoDepth).toBe(2);
    book.undo();
    book.undo();
    expect(book.undo()).toBeUndefined();
    expect(inputAt(book, 'A1', 'Notes')).toBe(2);
  });

  it('[UNDO-4] an undo depth of 0 turns undo off', () => {
    const book = seeded({ undoDepth: 0 });
    writeCell(book, 'A1', 1, 'Notes');
    expect(book.undo()).toBeUndefined();
    expect(inputAt(book, 'A1', 'Notes')).toBe(1);
  });

  it('[UNDO-4] over the byte budget the oldest steps go and the newest stay', () => {
    const write = (text: string): Op[] => [
      { type: 'set-cells', sheet: 'Notes', runs: [{ row: 0, col: 0, inputs: [text] }] },
    ];
    const texts = ['1', '2', '3', '4', '5'].map((digit) => digit.repeat(1000));
    // Each write's undo holds the 1,000 characters it overwrote (the first's holds an empty cell).
    const book = seeded({ undoMaxBytes: 3 * estimateStepBytes(write(texts[0]!)) });
    for (const text of texts) writeCell(book, 'A1', text, 'Notes');
    expect(book.undoDepth).toBe(3);
    while (book.undo() !== undefined);
    expect(inputAt(book, 'A1', 'Notes')).toBe(texts[1]);
  });

  it('[UNDO-4] an import that replaces more than the byte budget holds stays and leaves nothing to undo', () => {
    const book = seeded({ undoMaxBytes: 100_000 });
    // One run of 5,000 numbers into empty cells: a small step (its undo holds no inputs) …
    book.apply(
      writeRangeOps('Notes', parseCell('A1'), [Array.from({ length: 5000 }, (_, index) => index)]),
    );
    expect(book.undoDepth).toBe(4);
    // … but the import's undo copy of the replaced workbook holds all of them.
    const cells = [{ row: 0, col: 0, input: 1, version: 1, locked: false }];
    book.apply([
      {
        type: 'replace-workbook',
        document: { name: 'Imported', activeSheet: 'Small', sheets: [{ name: 'Small', cells }] },
      },
    ]);
    expect(book.undoDepth).toBe(0);
    expect(book.historyBytes).toBe(0);
    expect(book.undo()).toBeUndefined();
    expect(book.sheetNames).toEqual(['Small']);
    expect(book.name).toBe('Imported');
  });

  it('[UNDO-1] undo and redo announce commits of their kind', () => {
    const book = seeded();
    const kinds: string[] = [];
    book.onCommit((commit) => kinds.push(commit.kind));
    writeCell(book, 'A1', 1, 'Notes');
    book.undo('someone');
    book.redo('someone');
    expect(kinds).toEqual(['change', 'undo', 'redo']);
  });
});

describe("undo limited to the caller's own steps (origin)", () => {
  it('[UNDO-04] an undo naming its origin takes back a step that origin made', () => {
    const book = seeded();
    book.apply(writeCellOps('Notes', parseCell('A1'), 'mine'), { origin: 'tab-1' });
    expect(book.undo('User', { expectedOrigin: 'tab-1' })).toBeDefined();
    expect(valueAt(book, 'A1', 'Notes')).toBeNull();
  });

  it('[UNDO-04] it refuses, undoing nothing, when the step on top was made by another origin or by none', () => {
    const book = seeded();
    book.apply(writeCellOps('Notes', parseCell('A1'), 'mine'), { origin: 'tab-1' });
    book.apply(writeCellOps('Notes', parseCell('B1'), 'theirs'), { origin: 'tab-2' });
    expect(() => book.undo('User', { expectedOrigin: 'tab-1' })).toThrow(UndoStepConflictError);
    writeCell(book, 'C1', 'a script', 'Notes');
    expect(() => book.undo('User', { expectedOrigin: 'tab-1' })).toThrow(/another client or tool/);
    expect(book.undoDepth).toBe(6);
    expect([
      valueAt(book, 'A1', 'Notes'),
      valueAt(book, 'B1', 'Notes'),
      valueAt(book, 'C1', 'Notes'),
    ]).toEqual(['mine', 'theirs', 'a script']);
  });

  it('[UNDO-04] an undo without a guard still takes back whatever is on top', () => {
    const book = seeded();
    book.apply(writeCellOps('Notes', parseCell('A1'), 'theirs'), { origin: 'tab-2' });
    expect(book.undo('User')).toBeDefined();
    expect(valueAt(book, 'A1', 'Notes')).toBeNull();
  });

  it("[UNDO-04] a redo puts the step back as the redoing origin's", () => {
    const book = seeded();
    book.apply(writeCellOps('Notes', parseCell('A1'), 'mine'), { origin: 'tab-1' });
    book.undo('User', { expectedOrigin: 'tab-1' }, 'tab-1');
    book.redo('User', 'tab-2');
    expect(() => book.undo('User', { expectedOrigin: 'tab-1' })).toThrow(UndoStepConflictError);
    expect(book.undo('User', { expectedOrigin: 'tab-2' })).toBeDefined();
  });

  it('[UNDO-04] steps dropped over the depth take their origins with them', () => {
    const book = open({ undoDepth: 2 });
    book.apply(writeCellOps('Sheet1', parseCell('A1'), 1), { origin: 'old' });
    book.apply(writeCellOps('Sheet1', parseCell('A2'), 2), { origin: 'tab-1' });
    book.apply(writeCellOps('Sheet1', parseCell('A3'), 3), { origin: 'tab-1' });
    expect(book.undo('User', { expectedOrigin: 'tab-1' })).toBeDefined();
    expect(book.undo('User', { expectedOrigin: 'tab-1' })).toBeDefined();
    expect(book.undo('User', { expectedOrigin: 'tab-1' })).toBeUndefined();
  });
});

describe('the undo of a write into empty cells', () => {
  it('is one clear-cells of the written rectangle, which empties it; redo writes the values back', () => {
    const book = open();
    writeRows(book, 'B2', [
      [1, 2, 3],
      [4, 5, 6],
    ]);
    const undone = book.undo()!;
    expect(undone.ops).toEqual([
      { type: 'clear-cells', sheet: 'Sheet1', range: parseRange('B2:D3') },
    ]);
    for (const a1 of ['B2', 'D2', 'B3', 'D3']) expect(inputAt(book, a1)).toBeNull();
    // Cleared like any undone write: the versions count the undo too.
    expect(book.sheet().version(1, 1)).toBe(2);
    book.redo();
    expect([inputAt(book, 'B2'), inputAt(book, 'D3')]).toEqual([1, 6]);
    book.undo();
    expect(inputAt(book, 'C3')).toBeNull();
  });

  it('costs the history the same few bytes however many rows were written', () => {
    const book = open();
    const rows = (count: number): number[][] =>
      Array.from({ length: count }, (_, row) => [row, row + 1, row + 2]);
    writeRows(book, 'A1', rows(10));
    const small = book.historyBytes;
    writeRows(book, 'A100', rows(1000));
    expect(book.historyBytes - small).toBe(small);
  });

  it('stays cell by cell when a written cell held something, or the runs are not one rectangle', () => {
    const book = open();
    writeCell(book, 'C3', 'kept');
    writeRows(book, 'B2', [
      [1, 2],
      [3, 4],
    ]);
    expect(book.undo()!.ops[0]).toMatchObject({ type: 'set-cells' });
    expect(inputAt(book, 'C3')).toBe('kept');
    book.apply([
      {
        type: 'set-cells',
        sheet: 'Sheet1',
        runs: [
          { row: 10, col: 0, inputs: [1, 2] },
          { row: 12, col: 0, inputs: [3, 4] },
        ],
      },
    ]);
    expect(book.undo()!.ops[0]).toMatchObject({ type: 'set-cells' });
  });

  it('can be guarded by the written cells versions; a rectangle wider than them conflicts', () => {
    const book = open();
    writeRows(book, 'A1', [[1, 2]]);
    expect(() =>
      book.undo(undefined, { expectedVersions: { sheet: 'Sheet1', versions: { A1: 1 } } }),
    ).toThrow(UndoStepConflictError);
    book.undo(undefined, { expectedVersions: { sheet: 'Sheet1', versions: { A1: 1, B1: 1 } } });
    expect([inputAt(book, 'A1'), inputAt(book, 'B1')]).toEqual([null, null]);
  });
});
