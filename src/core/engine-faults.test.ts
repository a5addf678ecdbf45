// Every op kind against an engine that throws at each of its calls in turn: the commit (or undo,
// or redo) fails, and the workbook is exactly as it was before it (inputs, versions, sheets, the
// active sheet, names, charts, formats, layout, locks, the history and every computed value),
// computes as a workbook freshly built from its document does, and takes the next commit.
import { describe, expect, it } from 'vitest';
import { useWorkbooks, writeCell, writeRows } from '../../test/support/workbook-bed.js';
import {
  createChartOps,
  createHyperFormulaEngine,
  parseCell,
  parseRange,
  setLocksOps,
  sortRangeOps,
  valueToJson,
  Workbook,
  WorkbookError,
  writeRangeOps,
  type FormulaEngine,
  type Op,
} from './index.js';

const { open } = useWorkbooks();

/** The engine calls that change what it holds; the end of a batch (its recalculation) counts too. */
const CHANGING_CALLS = [
  'addSheet',
  'removeSheet',
  'renameSheet',
  'restructure',
  'syncFormulas',
  'setCells',
  'replaceAll',
  'setName',
  'removeName',
  'setRowVisibility',
  'setColumnWidths',
  'setFunctions',
  'setCalculationSettings',
] as const;

type Mode = 'once' | 'until invalidated';

/**
 * HyperFormula, except that once armed its `at`-th changing call throws; in 'until invalidated'
 * mode every changing call after it throws too (as an engine that fails on the same formula
 * again when it is put back), until the workbook sets the engine aside (`invalidate`).
 */
function faultyEngines() {
  let counted = 0;
  let failAt = 0;
  let mode: Mode = 'once';
  let failing = false;
  let fired = false;
  const called: string[] = [];
  const check = (name: string): void => {
    counted += 1;
    called.push(name);
    if (failing || counted === failAt) {
      fired = true;
      failing = mode === 'until invalidated';
      throw new Error(`engine fault in ${name} (call ${counted})`);
    }
  };
  return {
    /** Counts calls from now; the `at`-th throws (0: none does). */
    arm(at: number, how: Mode): void {
      counted = 0;
      failAt = at;
      mode = how;
      failing = false;
      fired = false;
      called.length = 0;
    },
    disarm(): void {
      failAt = 0;
      failing = false;
    },
    get fired(): boolean {
      return fired;
    },
    get calls(): readonly string[] {
      return called;
    },
    create(registry: Parameters<typeof createHyperFormulaEngine>[0]): FormulaEngine {
      const engine = createHyperFormulaEngine(registry);
      const wrapped: Record<string, unknown> = { ...engine };
      for (const name of CHANGING_CALLS) {
        const call = (engine[name] as (...args: unknown[]) => unknown).bind(engine);
        wrapped[name] = (...args: unknown[]) => {
          check(name);
          return call(...args);
        };
      }
      wrapped.batch = <T>(fn: () => T): T =>
        engine.batch(() => {
          const result = fn();
          check('batch end');
          return result;
        });
      wrapped.invalidate = () => {
        failing = false;
        engine.invalidate();
      };
      return wrapped as unknown as FormulaEngine;
    },
  };
}

const GRID_ROWS = 12;
const GRID_COLS = 8;

/** Every computed value a reader may see: a block at the top-left of each sheet and every cell with an input. */
function valuesOf(workbook: Workbook): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const name of workbook.sheetNames) {
    const sheet = workbook.sheet(name);
    const cells = [...sheet.occupiedCells()];
    for (let row = 0; row < GRID_ROWS; row += 1)
      for (let col = 0; col < GRID_COLS; col += 1) cells.push({ row, col });
    for (const { row, col } of cells)
      values[`${name}!${row},${col}`] = valueToJson(sheet.value(row, col));
  }
  return values;
}

/** Everything observable of the workbook, as JSON text. */
function stateOf(workbook: Workbook): unknown {
  return JSON.parse(
    JSON.stringify({
      document: workbook.document(),
      names: workbook.definedNames(),
      sheets: workbook.sheetNames,
      active: workbook.activeSheetName,
      hidden: workbook.sheetNames.map((name) => workbook.sheet(name).hiddenRows()),
      spills: workbook.sheetNames.map((name) => workbook.sheet(name).spills()),
      undo: workbook.undoDepth,
      redo: workbook.redoDepth,
      values: valuesOf(workbook),
    }),
  );
}

/** Its values match those of a workbook built afresh from its document. */
function expectConsistent(workbook: Workbook): void {
  const fresh = open();
  fresh.apply([{ type: 'replace-workbook', document: workbook.document() }]);
  expect(valuesOf(fresh)).toEqual(valuesOf(workbook));
}

/** Sheet1 and Other: values, formulas across sheets, names, charts, formats, layout and a lock. */
function base(workbook: Workbook): void {
  workbook.apply([{ type: 'add-sheet', name: 'Other' }]);
  writeRows(
    workbook,
    'A1',
    [
      ['Name', 'Qty', 'Price', 'Total'],
      ['b', 2, 3, '=B2*C2'],
      ['a', 4, 5, '=B3*C3'],
      ['d', 6, 7, '=B4*C4'],
      ['c', 8, 9, '=B5*C5'],
      [null, null, null, null],
      ['=SUM(B2:B5)', '=SEQUENCE(2)', '=CELL("width",A1)', '=Qtys'],
    ],
    'Sheet1',
  );
  workbook.apply([
    { type: 'set-name', name: 'Total', formula: '=Sheet1!$A$7' },
    { type: 'set-name', name: 'Qtys', sheet: 'Sheet1', formula: '=Sheet1!$B$2:$B$5' },
  ]);
  writeRows(
    workbook,
    'A1',
    [
      ['=Sheet1!A7+1', '=SUBTOTAL(9,Sheet1!B2:B5)'],
      ['=Total*2', null],
    ],
    'Other',
  );
  workbook.apply(createChartOps('Other', 'chart_1', { data_range: 'Sheet1!A1:B5' }).ops);
  workbook.apply(
    createChartOps('Sheet1', 'chart_2', { data_range: 'A1:B5', anchor_cell: 'B3' }).ops,
  );
  workbook.apply([
    { type: 'set-format', sheet: 'Sheet1', range: parseRange('A1:D1'), format: { bold: true } },
    { type: 'set-layout', sheet: 'Sheet1', patch: { columnWidths: [[0, 150]], frozenRows: 1 } },
  ]);
  workbook.apply(setLocksOps('Sheet1', parseRange('E10:E10'), true));
  workbook.apply([{ type: 'activate-sheet', name: 'Other' }]);
}

interface Scenario {
  readonly name: string;
  /** Run after the base, before the failing action. */
  readonly setup?: (workbook: Workbook) => void;
  readonly act: (workbook: Workbook) => unknown;
}

/** An action that commits `ops`; they are kept on it for the refused-later-op check. */
const commit = (...ops: Op[]) =>
  Object.assign((workbook: Workbook) => workbook.apply(ops), { ops });
const undo = (workbook: Workbook) => {
  if (workbook.undo() === undefined) throw new Error('nothing to undo');
};
const redo = (workbook: Workbook) => {
  if (workbook.redo() === undefined) throw new Error('nothing to redo');
};
const change = (
  kind: 'insert' | 'delete',
  axis: 'row' | 'col',
  at: number,
  count = 1,
  sheet = 'Sheet1',
): Op => ({ type: 'change-structure', change: { sheet, kind, axis, at, count } });
const then =
  (...steps: ((workbook: Workbook) => unknown)[]) =>
  (workbook: Workbook) => {
    for (const step of steps) step(workbook);
  };
/** A sheet, Gone, that Sheet1!H1 and a name read, deleted: its references stay, naming no sheet. */
const goneSheet = then(
  commit({ type: 'add-sheet', name: 'Gone' }),
  (workbook) => writeCell(workbook, 'H1', '=Gone!A1+1', 'Sheet1'),
  commit({ type: 'set-name', name: 'FromGone', formula: '=Gone!$A$1' }),
  commit({ type: 'delete-sheet', name: 'Gone' }),
);
const anotherWorkbook = () => {
  const other = Workbook.create({ sheetNames: ['New'] });
  writeRows(other, 'A1', [[1, '=A1*3']], 'New');
  other.apply([{ type: 'set-name', name: 'One', formula: '=New!$A$1' }]);
  const document = other.document();
  other.dispose();
  return document;
};

const scenarios: Scenario[] = [
  { name: 'set-cells', act: commit(...writeRangeOps('Sheet1', parseCell('B2'), [[10, '=B3']])) },
  {
    name: 'clear-cells',
    act: commit({ type: 'clear-cells', sheet: 'Sheet1', range: parseRange('B2:D3') }),
  },
  { name: 'set-locks', act: commit(...setLocksOps('Sheet1', parseRange('A2:A3'), true)) },
  { name: 'add-sheet', act: commit({ type: 'add-sheet', name: 'Added', index: 0 }) },
  { name: 'delete-sheet', act: commit({ type: 'delete-sheet', name: 'Sheet1' }) },
  {
    name: 'restore-sheet (undo of delete-sheet)',
    setup: commit({ type: 'delete-sheet', name: 'Sheet1' }),
    act: undo,
  },
  { name: 'rename-sheet', act: commit({ type: 'rename-sheet', from: 'Sheet1', to: 'Data' }) },
  {
    name: 'rename-sheet undone',
    setup: commit({ type: 'rename-sheet', from: 'Sheet1', to: 'Data' }),
    act: undo,
  },
  {
    name: 'rename-sheet redone',
    setup: then(commit({ type: 'rename-sheet', from: 'Sheet1', to: 'Data' }), undo),
    act: redo,
  },
  {
    name: 'add-sheet undone',
    setup: commit({ type: 'add-sheet', name: 'Added' }),
    act: undo,
  },
  {
    name: 'set-name undone',
    setup: commit({ type: 'set-name', name: 'Half', formula: '=Total/2' }),
    act: undo,
  },
  {
    name: 'rename-sheet taking over a deleted sheet’s references',
    setup: goneSheet,
    act: commit({ type: 'rename-sheet', from: 'Other', to: 'Gone' }),
  },
  {
    name: 'rename-sheet taking over references, undone (keep)',
    setup: then(goneSheet, commit({ type: 'rename-sheet', from: 'Other', to: 'Gone' })),
    act: undo,
  },
  { name: 'activate-sheet', act: commit({ type: 'activate-sheet', name: 'Sheet1' }) },
  { name: 'rename-workbook', act: commit({ type: 'rename-workbook', name: 'Renamed' }) },
  {
    name: 'put-chart',
    act: commit(...createChartOps('Sheet1', 'chart_3', { data_range: 'A1:A3' }).ops),
  },
  { name: 'delete-chart', act: commit({ type: 'delete-chart', sheet: 'Other', id: 'chart_1' }) },
  {
    name: 'set-format',
    act: commit({
      type: 'set-format',
      sheet: 'Sheet1',
      range: parseRange('B2:C3'),
      format: { number_format: '0.00' },
    }),
  },
  {
    name: 'restore-formats (undo of set-format)',
    setup: commit({
      type: 'set-format',
      sheet: 'Sheet1',
      range: parseRange('A1:B2'),
      format: { italic: true },
    }),
    act: undo,
  },
  {
    name: 'set-layout (a filter hiding rows)',
    act: commit({
      type: 'set-layout',
      sheet: 'Sheet1',
      patch: {
        filter: {
          range: parseRange('A1:D5'),
          columns: [{ col: 1, conditions: [{ op: 'gt', value: 3 }] }],
        },
      },
    }),
  },
  {
    name: 'set-layout (a column width CELL reads)',
    act: commit({ type: 'set-layout', sheet: 'Sheet1', patch: { columnWidths: [[0, 40]] } }),
  },
  { name: 'insert rows', act: commit(change('insert', 'row', 2, 2)) },
  { name: 'delete rows', act: commit(change('delete', 'row', 2, 2)) },
  { name: 'insert columns', act: commit(change('insert', 'col', 1)) },
  { name: 'delete columns', act: commit(change('delete', 'col', 1)) },
  {
    name: 'delete rows undone',
    setup: commit(change('delete', 'row', 1, 2)),
    act: undo,
  },
  {
    name: 'delete rows redone',
    setup: then(commit(change('delete', 'row', 1, 2)), undo),
    act: redo,
  },
  {
    name: 'move-cells',
    act: commit({
      type: 'move-cells',
      sheet: 'Sheet1',
      range: parseRange('A2:B5'),
      targetSheet: 'Other',
      target: parseCell('E5'),
    }),
  },
  {
    name: 'move-cells undone',
    setup: commit({
      type: 'move-cells',
      sheet: 'Sheet1',
      range: parseRange('A2:B5'),
      targetSheet: 'Sheet1',
      target: parseCell('F8'),
    }),
    act: undo,
  },
  {
    name: 'sort',
    act: (workbook) =>
      workbook.apply(
        sortRangeOps(
          workbook.sheet('Sheet1'),
          parseRange('A1:D5'),
          [{ col: 0, descending: false }],
          true,
        ).ops,
      ),
  },
  { name: 'set-name (new)', act: commit({ type: 'set-name', name: 'Half', formula: '=Total/2' }) },
  {
    name: 'set-name (redefined, another case)',
    act: commit({ type: 'set-name', name: 'TOTAL', formula: '=Sheet1!$B$2' }),
  },
  { name: 'delete-name', act: commit({ type: 'delete-name', name: 'Total' }) },
  {
    name: 'delete-name (a sheet’s)',
    act: commit({ type: 'delete-name', name: 'Qtys', sheet: 'Sheet1' }),
  },
  {
    name: 'delete-name undone',
    setup: commit({ type: 'delete-name', name: 'Total' }),
    act: undo,
  },
  {
    name: 'replace-workbook',
    act: (workbook) => workbook.apply([{ type: 'replace-workbook', document: anotherWorkbook() }]),
  },
  {
    name: 'replace-workbook prepared ahead (an import)',
    act: (workbook) => {
      const other = Workbook.create({ sheetNames: ['New'] });
      writeRows(other, 'A1', [[1, '=A1*3']], 'New');
      const document = other.document();
      other.dispose();
      const prepared = workbook.prepareReplace(document);
      while (!prepared.step(() => true));
      workbook.apply([{ type: 'replace-workbook', document }]);
    },
  },
  {
    name: 'restore-workbook (undo of replace-workbook)',
    setup: (workbook) =>
      workbook.apply([{ type: 'replace-workbook', document: anotherWorkbook() }]),
    act: undo,
  },
  {
    name: 'refresh-functions (rebuild)',
    act: commit({ type: 'refresh-functions', names: [], rebuild: true }),
  },
  {
    name: 'refresh-functions (calls)',
    act: commit({ type: 'refresh-functions', names: ['SUM', 'SUBTOTAL'], rebuild: false }),
  },
  {
    name: 'several ops in one commit',
    act: commit(
      ...writeRangeOps('Sheet1', parseCell('B2'), [[7]]),
      { type: 'rename-sheet', from: 'Sheet1', to: 'Data' },
      change('insert', 'row', 1, 1, 'Data'),
      { type: 'set-name', name: 'Later', formula: '=Data!$B$3' },
      { type: 'delete-sheet', name: 'Other' },
    ),
  },
];

describe('a commit refused by its last op', () => {
  const refused: Op = { type: 'delete-name', name: 'NoSuchName' };
  const commits = scenarios.flatMap((scenario) =>
    'ops' in scenario.act ? [[scenario.name, scenario, scenario.act.ops as Op[]] as const] : [],
  );
  it.each(commits)('%s, then a refused op, changes nothing', (_, scenario, ops) => {
    const workbook = open();
    base(workbook);
    scenario.setup?.(workbook);
    const before = stateOf(workbook);
    expect(() => workbook.apply([...ops, refused])).toThrow(WorkbookError);
    expect(stateOf(workbook)).toEqual(before);
    expectConsistent(workbook);
  });
});

describe.each(['once', 'until invalidated'] as const)('an engine failing %s', (mode) => {
  it.each(scenarios.map((scenario) => [scenario.name, scenario] as const))(
    '%s, failing at any engine call, changes nothing and the workbook computes on',
    (_, scenario) => {
      const engines = faultyEngines();
      const prepare = (): Workbook => {
        engines.disarm();
        const workbook = open({ createEngine: (registry) => engines.create(registry) });
        base(workbook);
        scenario.setup?.(workbook);
        return workbook;
      };
      // A run without a fault counts the engine calls the action makes.
      const clean = prepare();
      engines.arm(0, mode);
      scenario.act(clean);
      const calls = [...engines.calls];
      expect(calls.length).toBeGreaterThan(0);
      expectConsistent(clean);
      for (let at = 1; at <= calls.length; at += 1) {
        const workbook = prepare();
        const before = stateOf(workbook);
        engines.arm(at, mode);
        let failed = false;
        try {
          scenario.act(workbook);
        } catch {
          failed = true;
        }
        engines.disarm();
        const where = `failing at call ${at} (${calls[at - 1]}) of ${calls.join(', ')}`;
        if (failed) expect(stateOf(workbook), where).toEqual(before);
        expectConsistent(workbook);
        // The next commit goes through and computes everywhere.
        writeCell(workbook, 'A1', 1000 + at, workbook.activeSheetName);
        expectConsistent(workbook);
      }
    },
  );
});
