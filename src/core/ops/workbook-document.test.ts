import { describe, expect, it } from 'vitest';
import { useWorkbooks } from '../../../test/support/workbook-bed.js';
import { parseRange } from '../address/index.js';
import { MAX_CELL_VERSION } from '../cell-versions.js';
import { InvalidChartError, InvalidNameError, InvalidOperationError } from '../errors.js';
import type { Workbook } from '../workbook.js';
import { setLocksOps, writeRangeOps } from './builders.js';
import { createChartOps, replaceWorkbookOps } from './chart-builders.js';
import type { SnapshotCell, WorkbookDocument } from './op.js';
import type { CellSink } from './workbook-document.js';

const { open } = useWorkbooks();

const DOCUMENT: WorkbookDocument = {
  name: 'Imported',
  activeSheet: 'Model',
  sheets: [
    {
      name: 'Inputs',
      cells: [
        { row: 0, col: 0, input: 21, version: 7, locked: true },
        { row: 0, col: 1, input: null, version: 3, locked: false },
      ],
    },
    {
      name: 'Model',
      cells: [{ row: 0, col: 0, input: { formula: '=Inputs!A1*2' }, version: 2, locked: false }],
      charts: [
        {
          id: 'c1',
          title: 'T',
          chart_type: 'line',
          data_range: 'Inputs!A1:A2',
          anchor_cell: 'D2',
          width: 400,
          height: 280,
          orientation: 'rows',
        },
      ],
    },
  ],
};

function seeded(): Workbook {
  const workbook = open({ name: 'Before', sheetNames: ['Sheet1', 'Other'] });
  workbook.apply(writeRangeOps('Sheet1', { row: 0, col: 0 }, [[1, 2, '=A1+B1']]));
  workbook.apply(setLocksOps('Sheet1', parseRange('A1'), true));
  workbook.apply(createChartOps('Other', 'old', { data_range: 'Sheet1!A1:C1' }).ops);
  return workbook;
}

describe('replace-workbook', () => {
  it('installs name, sheet order, active sheet, inputs, exact versions, locks and charts, and recomputes formulas', () => {
    const workbook = seeded();
    workbook.apply(replaceWorkbookOps(DOCUMENT));
    expect(workbook.name).toBe('Imported');
    expect(workbook.sheetNames).toEqual(['Inputs', 'Model']);
    expect(workbook.activeSheetName).toBe('Model');
    const inputs = workbook.sheet('Inputs');
    expect([inputs.input(0, 0), inputs.version(0, 0), inputs.isLocked(0, 0)]).toEqual([
      21,
      7,
      true,
    ]);
    expect(inputs.version(0, 1)).toBe(3);
    expect(workbook.sheet('Model').value(0, 0)).toBe(42);
    expect(workbook.sheet('Model').charts()[0]!.orientation).toBe('rows');
  });

  it('reads back as the document it installed (a lossless round trip)', () => {
    const workbook = seeded();
    workbook.apply(replaceWorkbookOps(DOCUMENT));
    expect(workbook.document()).toEqual({
      ...DOCUMENT,
      sheets: [{ ...DOCUMENT.sheets[0], charts: [] }, DOCUMENT.sheets[1]],
    });
  });

  it('reads back cells without versions or locks row-major, wherever their pages are', () => {
    // A full dense page (64 rows × 4 columns), a sparse cell beside it and the far corner: the
    // snapshot of a sheet with neither versions nor locks walks its pages instead of its keys.
    const cells = [];
    for (let row = 0; row < 70; row += 1)
      for (let col = 0; col < 6; col += 1)
        if (col < 4 || row === 3)
          cells.push({ row, col, input: row * 10 + col, version: 0, locked: false });
    cells.push({ row: 1_048_575, col: 16_383, input: 'far', version: 0, locked: false });
    const document: WorkbookDocument = {
      name: 'Plain',
      activeSheet: 'S',
      sheets: [{ name: 'S', cells, charts: [] }],
    };
    const workbook = seeded();
    workbook.apply(replaceWorkbookOps(document));
    expect(workbook.document().sheets[0]!.cells).toEqual(cells);
  });

  it('is one undo step that restores the previous workbook exactly, versions included', () => {
    const workbook = seeded();
    const before = workbook.document();
    workbook.apply(replaceWorkbookOps(DOCUMENT));
    workbook.undo();
    expect(workbook.document()).toEqual(before);
    expect(workbook.sheet('Sheet1').value(0, 2)).toBe(3);
    workbook.redo();
    expect(workbook.name).toBe('Imported');
  });

  it('announces the replacement to listeners like any other change', () => {
    const workbook = seeded();
    const seen: string[] = [];
    workbook.onCommit((commit) => seen.push(...commit.ops.map((op) => op.type)));
    workbook.apply(replaceWorkbookOps(DOCUMENT));
    expect(seen).toEqual(['replace-workbook']);
  });

  it.each([
    [{ ...DOCUMENT, name: '  ' }, InvalidNameError],
    [{ ...DOCUMENT, sheets: [] }, InvalidOperationError],
    [{ ...DOCUMENT, activeSheet: 'Missing' }, InvalidOperationError],
    [
      { ...DOCUMENT, sheets: [DOCUMENT.sheets[0]!, { ...DOCUMENT.sheets[0]!, name: 'INPUTS' }] },
      InvalidOperationError,
    ],
    [
      { ...DOCUMENT, sheets: [{ name: 'Bad/Name', cells: [] }], activeSheet: 'Bad/Name' },
      InvalidNameError,
    ],
    [
      {
        ...DOCUMENT,
        sheets: [{ name: 'S', cells: [{ row: -1, col: 0, input: 1, version: 1, locked: false }] }],
        activeSheet: 'S',
      },
      InvalidOperationError,
    ],
    [
      {
        ...DOCUMENT,
        sheets: [
          {
            name: 'S',
            cells: [{ row: 0, col: 0, input: { formula: 'A1' }, version: 1, locked: false }],
          },
        ],
        activeSheet: 'S',
      },
      InvalidOperationError,
    ],
    [
      {
        ...DOCUMENT,
        sheets: [
          { name: 'S', cells: [{ row: 0, col: 0, input: Number.NaN, version: 1, locked: false }] },
        ],
        activeSheet: 'S',
      },
      InvalidOperationError,
    ],
    [
      {
        ...DOCUMENT,
        sheets: [{ name: 'S', cells: [{ row: 0, col: 0, input: 1, version: 1.5, locked: false }] }],
        activeSheet: 'S',
      },
      InvalidOperationError,
    ],
    [
      {
        ...DOCUMENT,
        sheets: [
          {
            name: 'S',
            cells: [],
            charts: [{ ...DOCUMENT.sheets[1]!.charts![0]!, chart_type: 'radar' }],
          },
        ],
        activeSheet: 'S',
      },
      InvalidChartError,
    ],
  ] as const)(
    'rejects an invalid document before changing anything (%#)',
    (document, errorClass) => {
      const workbook = seeded();
      const before = workbook.document();
      expect(() => workbook.apply(replaceWorkbookOps(document as WorkbookDocument))).toThrow(
        errorClass,
      );
      expect(workbook.document()).toEqual(before);
      expect(workbook.undoDepth).toBe(3);
    },
  );
});

describe('cell versions a document may bring', () => {
  const withVersion = (version: number): WorkbookDocument => ({
    name: 'V',
    activeSheet: 'S',
    sheets: [{ name: 'S', cells: [{ row: 0, col: 0, input: 1, version, locked: false }] }],
  });

  it('refuses a version past MAX_CELL_VERSION, where adding one would no longer change it', () => {
    const workbook = seeded();
    for (const version of [1e300, 2 ** 53, MAX_CELL_VERSION + 1])
      expect(() => workbook.apply(replaceWorkbookOps(withVersion(version)))).toThrow(
        /version: expected a whole number from 0 to 4503599627370496/,
      );
    expect(workbook.name).toBe('Before');
  });

  it('takes MAX_CELL_VERSION itself, and the next write still gives the cell a new version', () => {
    const workbook = seeded();
    workbook.apply(replaceWorkbookOps(withVersion(MAX_CELL_VERSION)));
    workbook.apply(writeRangeOps('S', { row: 0, col: 0 }, [[2]]));
    expect(workbook.sheet('S').version(0, 0)).toBe(MAX_CELL_VERSION + 1);
  });
});

describe('documentSteps (a document copied a band of rows at a time)', () => {
  /** `count` cells at `place(index)`, written in a scrambled order (7919 is prime to the counts). */
  function scattered(
    count: number,
    place: (index: number) => { row: number; col: number },
    withVersions: boolean,
  ): Workbook {
    const workbook = open({ sheetNames: ['S'] });
    const cells = Array.from({ length: count }, (_, step) => {
      const index = (step * 7919) % count;
      return { ...place(index), input: index, version: 0, locked: false };
    });
    workbook.apply(
      replaceWorkbookOps({ name: 'Scattered', activeSheet: 'S', sheets: [{ name: 'S', cells }] }),
    );
    if (withVersions) {
      workbook.apply(writeRangeOps('S', { row: 250, col: 3 }, [[1, 2, 3]]));
      workbook.apply(setLocksOps('S', parseRange('AZ5:AZ70'), true));
    }
    return workbook;
  }

  /** A sink making a SnapshotCell of each cell, as document() does. */
  function cellObjects(): CellSink<SnapshotCell[]> {
    const cells: SnapshotCell[] = [];
    return {
      begin: () => undefined,
      cell: (row, col, input, version, locked) => cells.push({ row, col, input, version, locked }),
      end: () => cells,
    };
  }

  function drained(steps: Generator<void, WorkbookDocument, undefined>): {
    document: WorkbookDocument;
    yields: number;
  } {
    let yields = 0;
    for (;;) {
      const next = steps.next();
      if (next.done === true) return { document: next.value, yields };
      yields += 1;
    }
  }

  /** What documentStepsInto hands a sink: the count it announces, then each cell as a tuple. */
  function handedToSink(workbook: Workbook): { counts: number[]; cells: unknown[][] } {
    const counts: number[] = [];
    const cells: unknown[][] = [];
    const steps = workbook.documentStepsInto(() => ({
      begin: (count) => counts.push(count),
      cell: (...cell) => cells.push(cell),
      end: () => cells.length,
    }));
    let next = steps.next();
    while (next.done !== true) next = steps.next();
    expect(next.value.sheets.map((sheet) => sheet.cells)).toEqual([cells.length]);
    return { counts, cells };
  }

  // Dense: every cell of 300 rows × 8 columns (the pages are walked band by band); sparse: one
  // cell every 50 rows of a column (the keys are sorted, then walked).
  const dense = (index: number) => ({ row: index % 300, col: Math.floor(index / 300) });
  const sparse = (index: number) => ({ row: index * 50, col: 2 });
  it.each([
    ['dense, inputs only', 2_400, dense, false, 5],
    ['dense, versions and locks', 2_400, dense, true, 5],
    ['sparse, inputs only', 9_000, sparse, false, 2],
    ['sparse, versions and locks', 9_000, sparse, true, 5],
  ] as const)(
    '%s: yields as it goes and ends with the cells row-major, as document() has them',
    (_label, count, place, withVersions, leastYields) => {
      const workbook = scattered(count, place, withVersions);
      const { document, yields } = drained(workbook.documentStepsInto(cellObjects));
      expect(yields).toBeGreaterThanOrEqual(leastYields);
      expect(document).toEqual(workbook.document());
      expect(handedToSink(workbook)).toEqual({
        counts: [document.sheets[0]!.cells.length],
        cells: document.sheets[0]!.cells.map(({ row, col, input, version, locked }) => [
          row,
          col,
          input,
          version,
          locked,
        ]),
      });
      const cells = document.sheets[0]!.cells;
      const keys = cells.map((cell) => cell.row * 16_384 + cell.col);
      expect(keys).toEqual([...keys].sort((a, b) => a - b));
      expect(new Set(keys).size).toBe(keys.length);
      expect(cells.length).toBe(
        count + (withVersions ? 3 + 66 : 0) - (withVersions && place === dense ? 3 : 0),
      );
      if (withVersions) {
        expect(cells.filter((cell) => cell.locked).map((cell) => cell.row)).toEqual(
          Array.from({ length: 66 }, (_, index) => index + 4),
        );
        expect(cells.find((cell) => cell.row === 250 && cell.col === 4)).toMatchObject({
          input: 2,
          version: 1,
        });
      }
    },
  );
});
