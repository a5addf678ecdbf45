import { describe, expect, it } from 'vitest';
import { useWorkbooks, writeCell, writeRows } from '../../../test/support/workbook-bed.js';
import { CHART_DEFAULTS } from '../chart.js';
import { createHyperFormulaEngine, FunctionRegistry } from '../formula/index.js';
import type { StructureChange } from '../formula-text/index.js';
import type { Workbook } from '../workbook.js';
import type { Op } from './op.js';

const { open } = useWorkbooks();

const change = (kind: 'insert' | 'delete', axis: 'row' | 'col', at: number, count = 1): Op => ({
  type: 'change-structure',
  change: { kind, axis, at, count, sheet: 'Data' } satisfies StructureChange,
});

/** A workbook whose formulas reach Data in every shape the rewriter knows. */
function budget(): Workbook {
  const workbook = open({ sheetNames: ['Data', 'Summary'] });
  writeRows(workbook, 'A1', [
    [1, 2, 3, '=A1+B1', '=SUM(A1:C1)'],
    [4, 5, 6, '=$A$2*2', '=SUM(A$1:A2)'],
    [7, 8, 9, '=SUM(A:A)', '=SUM(1:2)'],
    [10, 11, 12, '=A4&"x"', '=Summary!A1+C4'],
    ['t', true, 13, '=SUM(A1:C4)', '=IFERROR(A5,0)'],
  ]);
  writeRows(
    workbook,
    'A1',
    [['=Data!A1*10', '=SUM(Data!B2:B4)', '=Data!E5', '=COUNT(Data!C:C)']],
    'Summary',
  );
  writeCell(workbook, 'G1', 'cleared', 'Data');
  writeCell(workbook, 'G1', null, 'Data');
  workbook.apply([
    { type: 'set-locks', sheet: 'Data', cells: [{ row: 0, col: 0 }], locked: true },
    {
      type: 'put-chart',
      sheet: 'Summary',
      chart: { ...CHART_DEFAULTS, id: 'c1', data_range: 'Data!A1:B4', anchor_cell: 'F2' },
    },
  ]);
  return workbook;
}

/** Every value of both sheets, as computed now. */
function values(workbook: Workbook): unknown[][][] {
  return workbook.sheetNames.map((name) => {
    const sheet = workbook.sheet(name);
    return Array.from({ length: 8 }, (_, row) =>
      Array.from({ length: 8 }, (_, col) => sheet.value(row, col)),
    );
  });
}

/** The same document loaded into a fresh workbook: what the stored text computes on its own. */
function valuesOfReload(workbook: Workbook): unknown[][][] {
  const fresh = open();
  fresh.apply([{ type: 'replace-workbook', document: workbook.document() }]);
  return values(fresh);
}

const CHANGES: Op[] = [
  change('insert', 'row', 0),
  change('insert', 'row', 2, 2),
  change('insert', 'row', 4),
  change('insert', 'row', 40),
  change('delete', 'row', 1),
  change('delete', 'row', 2, 2),
  change('delete', 'row', 4),
  change('insert', 'col', 0),
  change('insert', 'col', 2, 3),
  change('delete', 'col', 1),
  change('delete', 'col', 2, 2),
  change('delete', 'col', 4),
];

describe('rows and columns inserted and deleted in place', () => {
  it.each(CHANGES.map((op) => [JSON.stringify((op as { change: unknown }).change), op]))(
    '%s computes what the stored formulas compute when loaded afresh',
    (_, op) => {
      const workbook = budget();
      workbook.apply([op as Op]);
      expect(values(workbook)).toEqual(valuesOfReload(workbook));
    },
  );

  it.each(CHANGES.map((op) => [JSON.stringify((op as { change: unknown }).change), op]))(
    '%s undone gives back every cell, version, lock and chart; redone, the same change again',
    (_, op) => {
      const workbook = budget();
      const before = workbook.document();
      const valuesBefore = values(workbook);
      workbook.apply([op as Op]);
      const after = workbook.document();
      const valuesAfter = values(workbook);
      workbook.undo();
      expect(workbook.document()).toEqual(before);
      expect(values(workbook)).toEqual(valuesBefore);
      workbook.redo();
      const redone = workbook.document();
      // Redo puts the same cells and text back; rewritten formulas count one more change each.
      expect(
        redone.sheets.map((sheet) =>
          sheet.cells.map((cell) => [cell.row, cell.col, cell.input, cell.locked]),
        ),
      ).toEqual(
        after.sheets.map((sheet) =>
          sheet.cells.map((cell) => [cell.row, cell.col, cell.input, cell.locked]),
        ),
      );
      expect(redone.sheets.map((sheet) => sheet.charts)).toEqual(
        after.sheets.map((sheet) => sheet.charts),
      );
      expect(values(workbook)).toEqual(valuesAfter);
    },
  );

  it('references past the filled cells follow too, where the engine alone would leave them', () => {
    const workbook = budget();
    writeCell(workbook, 'H1', '=SUM(Data!A1:A100)', 'Summary');
    // Data's cells end at row 5: the engine skips a band past them, the stored text does not.
    workbook.apply([change('insert', 'row', 49)]);
    expect(workbook.sheet('Summary').input(0, 7)).toEqual({ formula: '=SUM(Data!A1:A101)' });
    writeCell(workbook, 'A101', 1000, 'Data');
    expect(workbook.sheet('Summary').value(0, 7)).toBe(1022);
  });

  it('the engine takes the stored formula text wherever its own reference update differs', () => {
    const engine = createHyperFormulaEngine(new FunctionRegistry());
    try {
      const sheet = engine.addSheet('Data');
      engine.setCells(sheet, [{ row: 0, col: 0, inputs: [1, 2, { formula: '=A1*10' }] }]);
      expect(engine.syncFormulas(sheet, [{ row: 0, col: 2, formula: '=A1*10' }])).toBe(0);
      expect(engine.syncFormulas(sheet, [{ row: 0, col: 2, formula: '=B1*10' }])).toBe(1);
      engine.batch(() => undefined);
      expect(engine.value(sheet, 0, 2)).toBe(20);
    } finally {
      engine.destroy();
    }
  });

  it('a change, its undo and its redo replay from their JSON ops (as the journal keeps them) to the same workbook', () => {
    const workbook = budget();
    const fresh = open({ sheetNames: ['Data', 'Summary'] });
    fresh.apply([{ type: 'replace-workbook', document: workbook.document() }]);
    const recorded: string[] = [];
    workbook.onCommit((commit) => recorded.push(JSON.stringify(commit.ops)));
    workbook.apply([change('delete', 'row', 1, 2)]);
    workbook.apply([change('insert', 'col', 1)]);
    workbook.undo();
    workbook.undo();
    workbook.redo();
    for (const ops of recorded) fresh.apply(JSON.parse(ops) as Op[]);
    expect(fresh.document()).toEqual(workbook.document());
    expect(values(fresh)).toEqual(values(workbook));
  });

  it('frozen panes, row heights and formats move with the rows; undo puts them back, redo moves them again, and the JSON ops replay it', () => {
    const workbook = budget();
    const bold = { bold: true };
    workbook.apply([
      {
        type: 'set-layout',
        sheet: 'Data',
        patch: { frozenRows: 2, rowHeights: [[3, 40]] },
      },
      {
        type: 'set-format',
        sheet: 'Data',
        range: { start: { row: 3, col: 0 }, end: { row: 4, col: 1 } },
        format: bold,
      },
    ]);
    const fresh = open({ sheetNames: ['Data', 'Summary'] });
    fresh.apply([{ type: 'replace-workbook', document: workbook.document() }]);
    const recorded: string[] = [];
    workbook.onCommit((commit) => recorded.push(JSON.stringify(commit.ops)));
    const before = workbook.document();
    workbook.apply([change('insert', 'row', 0, 2)]);
    const data = workbook.sheet('Data');
    expect(data.layout().frozenRows).toBe(4);
    expect(data.layout().rowHeights).toEqual([[5, 40]]);
    expect(data.format(5, 0)).toEqual(bold);
    expect(data.format(3, 0)).toBeUndefined();
    workbook.undo();
    expect(workbook.document()).toEqual(before);
    workbook.redo();
    expect(workbook.sheet('Data').layout().rowHeights).toEqual([[5, 40]]);
    expect(workbook.sheet('Data').format(6, 1)).toEqual(bold);
    for (const ops of recorded) fresh.apply(JSON.parse(ops) as Op[]);
    expect(fresh.document()).toEqual(workbook.document());
  });

  it('the undo step holds the deleted band and the rewritten formulas, not a copy of the sheet', () => {
    const workbook = open({ sheetNames: ['Data'] });
    writeRows(
      workbook,
      'A1',
      Array.from({ length: 2_000 }, (_, row) => [row, row * 2, row * 3, `=A${row + 1}`]),
    );
    workbook.clearHistory();
    workbook.apply([change('insert', 'row', 1_990)]);
    // 10 rewritten formulas below the insert; the 8,000 cells themselves are not in the step.
    expect(workbook.historyBytes).toBeLessThan(4_000);
    workbook.undo();
    expect(workbook.sheet('Data').input(1_990, 3)).toEqual({ formula: '=A1991' });
  });

  it('a band across a sparse sheet too large for the engine to move in place rebuilds it instead, every value right', () => {
    let builds = 0;
    const workbook = open({
      sheetNames: ['Data'],
      createEngine: (registry: FunctionRegistry) => {
        const engine = createHyperFormulaEngine(registry);
        const replaceAll = engine.replaceAll.bind(engine);
        engine.replaceAll = (sheets) => {
          builds += 1;
          return replaceAll(sheets);
        };
        return engine;
      },
    });
    writeCell(workbook, 'A1', 5);
    writeCell(workbook, 'XFD1048575', '=A1*2');
    writeCell(workbook, 'B1', '=XFD1048575+1');
    const rebuildsBefore = builds;
    workbook.apply([change('delete', 'row', 1, 1_000_000)]);
    expect(builds).toBe(rebuildsBefore + 1);
    expect(workbook.sheet('Data').input(48_574, 16_383)).toEqual({ formula: '=A1*2' });
    expect(workbook.sheet('Data').value(0, 1)).toBe(11);
    expect(workbook.sheet('Data').input(0, 1)).toEqual({ formula: '=XFD48575+1' });
  });
});
