// Black-box tests of POST /agent/apply: statuses (Success, Collision Resolved right and down,
// Partial), charts, duplicates beside the original, locks, all-or-nothing and one undo step, and
// both guardrails with every GridOS case of docs/gridos-compat.md §5.3 (run through HTTP here; the
// same cases are unit-tested in src/core/guardrails).
import { describe, expect, it } from 'vitest';
import { readGrid, readValues } from '../support/index.js';
import { useAgentApp } from './agent-harness.js';

const agent = useAgentApp();

const table = [
  ['Item', 'Cost'],
  ['Rent', 100],
  ['Food', 50],
  ['Total', '=SUM(B2:B3)'],
];

function apply(body: Record<string, unknown>) {
  return agent.running.http.post('/agent/apply', { agent_id: 'general', ...body });
}

describe('[APPLY-STATUS] statuses of docs/contract.md §3 Apply result', () => {
  it('Success when the target is free, with sheet, actual_target and no chart', async () => {
    const response = await apply({ target_cell: 'a1', values: table });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      status: 'Success',
      sheet: 'Sheet1',
      actual_target: 'A1',
      chart: null,
      chart_error: null,
      formats: [],
    });
    const values = await readValues(agent.running.http);
    expect(values['A1']).toBe('Item');
    expect(values['B4']).toBe(150);
  });

  it('[APPLY-COLLISION] Collision Resolved: the same payload twice writes the second copy beside the first, never over it', async () => {
    await apply({ target_cell: 'A1', values: table });
    const second = await apply({ target_cell: 'A1', values: table });
    expect(second.body.status).toBe('Collision Resolved');
    expect(second.body.actual_target).toBe('C1');
    const grid = await readGrid(agent.running.http);
    expect(grid['A1']!.value).toBe('Item');
    expect(grid['A1']!.version).toBe(1);
    expect(grid['C1']!.value).toBe('Item');
    // The copy's total sums its own column.
    expect(grid['D4']!.formula).toBe('=SUM(D2:D3)');
    expect(grid['D4']!.value).toBe(150);
  });

  it('Collision Resolved shifting down when asked', async () => {
    await apply({ target_cell: 'A1', values: table });
    const second = await apply({ target_cell: 'A1', values: table, shift_direction: 'down' });
    expect(second.body).toMatchObject({ status: 'Collision Resolved', actual_target: 'A5' });
    const grid = await readGrid(agent.running.http);
    expect(grid['A5']!.value).toBe('Item');
    expect(grid['B8']!.formula).toBe('=SUM(B6:B7)');
  });

  it('a chart_spec creates a chart in the same apply', async () => {
    const response = await apply({
      target_cell: 'A1',
      values: table.slice(0, 3),
      chart_spec: {
        data_range: 'A1:B3',
        chart_type: 'line',
        title: 'Costs',
        anchor_cell: 'E2',
        orientation: 'columns',
      },
    });
    expect(response.body.status).toBe('Success');
    expect(response.body.chart).toMatchObject({
      data_range: 'A1:B3',
      chart_type: 'line',
      title: 'Costs',
      anchor_cell: 'E2',
      width: 400,
      height: 280,
    });
    const charts = await agent.running.http.get('/system/charts');
    expect(charts.body.charts).toHaveLength(1);
    expect(charts.body.charts[0].id).toBe(response.body.chart.id);
  });

  it('a chart over a moved block charts the moved cells', async () => {
    await apply({ target_cell: 'A1', values: table.slice(0, 3) });
    const response = await apply({
      target_cell: 'A1',
      values: table.slice(0, 3),
      chart_spec: { data_range: 'A1:B3', title: 'Copy' },
    });
    expect(response.body).toMatchObject({ status: 'Collision Resolved', actual_target: 'C1' });
    expect(response.body.chart.data_range).toBe('C1:D3');
  });

  it('a chart-only apply (empty values) creates the chart and reports no target', async () => {
    await agent.running.http.post('/grid/range', { target_cell: 'A1', values: table.slice(0, 3) });
    const response = await apply({
      target_cell: 'A1',
      values: [['']],
      chart_spec: { data_range: 'A1:B3' },
    });
    expect(response.body).toMatchObject({
      status: 'Success',
      actual_target: null,
      chart_error: null,
    });
    expect(response.body.chart.data_range).toBe('A1:B3');
  });

  it('a chart with the title of an existing chart updates it', async () => {
    const first = await apply({
      target_cell: 'A1',
      values: table.slice(0, 3),
      chart_spec: { data_range: 'A1:B3', title: 'Costs' },
    });
    const second = await apply({
      target_cell: 'E1',
      values: [['x']],
      chart_spec: { data_range: 'A1:B2', title: 'costs', chart_type: 'pie' },
    });
    const charts = await agent.running.http.get('/system/charts');
    expect(charts.body.charts).toHaveLength(1);
    expect(second.body.chart.id).toBe(first.body.chart.id);
    expect(charts.body.charts[0]).toMatchObject({ data_range: 'A1:B2', chart_type: 'pie' });
  });

  it('Partial: a chart that cannot be created after a good write, with chart_error; the cells stay', async () => {
    const response = await apply({
      target_cell: 'A1',
      values: table.slice(0, 3),
      chart_spec: { data_range: 'A1:B3', chart_type: 'donut' },
    });
    expect(response.body.status).toBe('Partial');
    expect(response.body.chart).toBeNull();
    expect(response.body.chart_error).toContain('chart_type');
    expect((await readValues(agent.running.http))['A1']).toBe('Item');
    expect((await agent.running.http.get('/system/charts')).body.charts).toEqual([]);
  });
});

describe('[APPLY-PARTIAL] a chart on a sheet that does not exist', () => {
  it('Partial: a chart_spec whose data_range names a missing sheet is skipped with chart_error naming it', async () => {
    const response = await apply({
      target_cell: 'A1',
      values: table.slice(0, 3),
      chart_spec: { data_range: 'Ghost!A1:B3' },
    });
    expect(response.body.status).toBe('Partial');
    expect(response.body.chart_error).toContain('Ghost');
    expect((await readValues(agent.running.http))['A1']).toBe('Item');
    expect((await agent.running.http.get('/system/charts')).body.charts).toEqual([]);
  });
});

describe('[APPLY-ATOMIC] all-or-nothing and one undo step', () => {
  it('POST /workbook/undo reverts the whole apply, chart included', async () => {
    await agent.running.http.post('/grid/cell', { cell: 'Z1', value: 'keep' });
    await apply({ target_cell: 'A1', values: table, chart_spec: { data_range: 'A1:B3' } });
    const undo = await agent.running.http.post('/workbook/undo');
    expect(undo.body.applied).toBe(true);
    expect(await readValues(agent.running.http)).toEqual({ Z1: 'keep' });
    expect((await agent.running.http.get('/system/charts')).body.charts).toEqual([]);
  });

  it('a guardrail failure anywhere writes nothing', async () => {
    const before = await readGrid(agent.running.http);
    const response = await apply({
      target_cell: 'A1',
      values: [
        ['ok', 1],
        ['bad', '=Z99*2'],
      ],
    });
    expect(response.status).toBe(422);
    expect(await readGrid(agent.running.http)).toEqual(before);
  });

  it('the guardrail detail is exactly {cell, formula, empty_refs}, the cell sheet-qualified when it is on another sheet', async () => {
    await agent.running.http.post('/workbook/sheet', { name: 'Data' });
    const response = await apply({ target_cell: 'Data!A1', values: [['=Z9+1']] });
    expect(response.status).toBe(422);
    expect(response.body.detail).toEqual([
      { cell: 'Data!A1', formula: '=Z9+1', empty_refs: ['Z9'] },
    ]);
  });

  it('a formula the engine cannot parse is a 422 naming the cell, the formula and why, and nothing is written', async () => {
    const before = await readGrid(agent.running.http);
    // Only B1 and B2 fail to parse; LET and a sheet the same write creates parse as written.
    const response = await apply({
      target_cell: "'New plan'!A1",
      values: [
        ['Total', '=SUM('],
        ['Safe', '=IFERROR(1+,0)'],
        [2, '=LET(x, A3, x*3)'],
        [3, "='New plan'!A4+SUM(A3:A4)"],
      ],
    });
    expect(response.status).toBe(422);
    expect(response.body.detail).toEqual([
      {
        cell: "'New plan'!B1",
        formula: '=SUM(',
        parse_error: expect.stringContaining('cannot parse'),
      },
      {
        cell: "'New plan'!B2",
        formula: '=IFERROR(1+,0)',
        parse_error: expect.stringContaining('cannot parse'),
      },
    ]);
    expect(await readGrid(agent.running.http)).toEqual(before);
    expect((await agent.running.http.get('/api/workbook')).body.sheets).toEqual(['Sheet1']);
  });

  it('writes on a sheet named by a qualified target, creating it, in one undo step', async () => {
    const response = await apply({ target_cell: 'Summary!B2', values: [['Total', 5]] });
    expect(response.body).toMatchObject({
      status: 'Success',
      sheet: 'Summary',
      actual_target: 'B2',
    });
    expect((await readValues(agent.running.http, { sheet: 'Summary' }))['C2']).toBe(5);
    await agent.running.http.post('/workbook/undo');
    expect((await agent.running.http.get('/api/workbook')).body.sheets).toEqual(['Sheet1']);
  });

  it('intents on several sheets apply together', async () => {
    await agent.running.http.post('/workbook/sheet', { name: 'Data' });
    const response = await apply({
      target_cell: 'A1',
      values: [['ignored']],
      intents: [
        { target_cell: 'A1', values: [['main']] },
        { target_cell: 'Data!B2', values: [[7]] },
      ],
    });
    expect(response.body.status).toBe('Success');
    expect((await readValues(agent.running.http))['A1']).toBe('main');
    expect((await readValues(agent.running.http, { sheet: 'Data' }))['B2']).toBe(7);
  });

  it('null cells are left alone, so a merged block does not clear what lies between its parts', async () => {
    await agent.running.http.post('/grid/cell', { cell: 'B1', value: 'between' });
    const response = await apply({ target_cell: 'A1', values: [['left', null, 'right']] });
    expect(response.body).toMatchObject({ status: 'Success', actual_target: 'A1' });
    expect(await readValues(agent.running.http)).toEqual({
      A1: 'left',
      B1: 'between',
      C1: 'right',
    });
  });
  it('applies sent at once never write over each other: each lands beside the ones before it', async () => {
    const labels = ['a', 'b', 'c', 'd', 'e', 'f'];
    const responses = await Promise.all(
      labels.map((label) => apply({ target_cell: 'A1', values: [[label, 1]] })),
    );
    const targets = responses.map((response) => response.body.actual_target);
    expect(new Set(targets).size).toBe(labels.length);
    const grid = await readGrid(agent.running.http);
    // Every copy is still there, each cell written once.
    expect(labels.map((_, index) => grid[targets[index]]!.value).sort()).toEqual(labels);
    expect(Object.values(grid).every((cell) => cell.version === 1)).toBe(true);
  });
});

describe('[APPLY-LOCK] locked cells are never changed by the agent', () => {
  it('a write over a locked cell moves beside it; the locked cell keeps its value and version', async () => {
    await agent.running.http.post('/grid/cell', { cell: 'B1', value: 'locked value' });
    await agent.running.http.post('/grid/lock', { range: 'B1' });
    const before = (await readGrid(agent.running.http))['B1'];
    const response = await apply({ target_cell: 'A1', values: [[1, 2]] });
    expect(response.body).toMatchObject({ status: 'Collision Resolved', actual_target: 'C1' });
    expect((await readGrid(agent.running.http))['B1']).toEqual(before);
  });

  it('an empty locked cell blocks a write too (down)', async () => {
    await agent.running.http.post('/grid/lock', { range: 'A1:A2' });
    const response = await apply({ target_cell: 'A1', values: [[1]], shift_direction: 'down' });
    expect(response.body.actual_target).toBe('A3');
    const grid = await readGrid(agent.running.http);
    expect(grid['A1']!.input).toBeNull();
    expect(grid['A1']!.locked).toBe(true);
  });
});

describe('[APPLY-VALIDATION] bad requests', () => {
  it('an invalid target_cell is 400 naming the field; a missing agent_id or a bad shift_direction is 422', async () => {
    const badTarget = await apply({ target_cell: 'hello', values: [[1]] });
    expect(badTarget.status).toBe(400);
    expect(badTarget.body.detail).toContain('target_cell');
    const noAgent = await agent.running.http.post('/agent/apply', {
      target_cell: 'A1',
      values: [[1]],
    });
    expect(noAgent.status).toBe(422);
    expect(noAgent.body.detail).toContain('agent_id');
    const badDirection = await apply({ target_cell: 'A1', values: [[1]], shift_direction: 'left' });
    expect(badDirection.status).toBe(422);
    expect(badDirection.body.detail).toContain('shift_direction');
  });

  it('a block that cannot fit before the sheet edge is a 409 naming the edge, not a count of positions tried', async () => {
    const right = await apply({ target_cell: 'XFD1', values: [[1, 2]] });
    expect(right.status).toBe(409);
    expect(right.body.detail).toContain("sheet's last column (XFD)");
    expect(right.body.detail).not.toContain('positions tried');
    await agent.running.http.post('/grid/cell', { cell: 'A1048576', value: 'last row' });
    const down = await apply({
      target_cell: 'A1048575',
      values: [[1], [2]],
      shift_direction: 'down',
    });
    expect(down.status).toBe(409);
    expect(down.body.detail).toContain("sheet's last row (1048576)");
    expect(await readValues(agent.running.http)).toEqual({ A1048576: 'last row' });
  });

  it('an unknown sheet is 404', async () => {
    const response = await apply({ target_cell: 'A1', values: [[1]], sheet: 'Nope' });
    expect(response.status).toBe(404);
  });
});

interface GuardCase {
  readonly name: string;
  readonly seed?: Record<string, Record<string, unknown>>;
  readonly sheets?: readonly string[];
  readonly write: Record<string, unknown>;
  /** Refs expected in empty_refs / bad_refs; undefined means the write must pass. */
  readonly emptyRefs?: readonly string[];
  readonly badRefs?: readonly string[];
  /** The write covers an occupied cell, so it lands beside it (agent writes never overwrite). */
  readonly moves?: boolean;
}

// docs/gridos-compat.md §5.3 (GridOS's 24 guardrail cases) and the four text-reference cases.
// Cross-sheet cases write to Sheet1 and read the other sheet, as the porting note asks.
const GUARD_CASES: readonly GuardCase[] = [
  {
    name: '1 =A1/B1 flags B1',
    seed: { Sheet1: { A1: 100 } },
    write: { C1: '=A1/B1' },
    emptyRefs: ['B1'],
  },
  {
    name: '2 =MINUS(C4, C3) flags C3',
    seed: { Sheet1: { C4: 200 } },
    write: { D4: '=MINUS(C4, C3)' },
    emptyRefs: ['C3'],
  },
  {
    name: '3 =A1+B1+C1 on an empty sheet flags all three',
    write: { D1: '=A1+B1+C1' },
    emptyRefs: ['A1', 'B1', 'C1'],
  },
  {
    name: '4 SUM(A1:A100) with empty bookends passes',
    seed: {
      Sheet1: Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`A${i + 1}`, i + 1])),
    },
    write: { B1: '=SUM(A1:A100)' },
  },
  {
    name: '5 COUNTIF over a range passes',
    seed: { Sheet1: { A1: 'x', A2: 'y' } },
    write: { C1: '=COUNTIF(A1:A50, "x")' },
  },
  {
    name: '6 SUMIFS over ranges passes',
    seed: { Sheet1: { A1: 'a', B1: 10, A2: 'b', B2: 20, A3: 'a', B3: 30 } },
    write: { D1: '=SUMIFS(B1:B100, A1:A100, "a")' },
  },
  {
    name: '7 AVERAGE over a header and numbers passes',
    seed: { Sheet1: { A1: 'Header', A2: 50, A3: 100 } },
    write: { B1: '=AVERAGE(A1:A20)' },
  },
  {
    name: '8 a cross-sheet range passes',
    sheets: ['Source'],
    write: { A1: '=SUM(Source!A1:A100)' },
  },
  {
    name: '9 T9 inside a string is not a ref',
    seed: { Sheet1: { A2: '@9T' } },
    write: { E2: '=IF(OR(A2="@9T", A2="SAL", A2="T9A"), "", A2)' },
  },
  {
    name: '10 USD100 inside a string is not a ref',
    seed: { Sheet1: { A1: 100 } },
    write: { B1: '=IF(A1="USD100", "match", "miss")' },
  },
  {
    name: '11 IF(A1="hello", B5, 0) flags B5',
    write: { D1: '=IF(A1="hello", B5, 0)' },
    emptyRefs: ['A1', 'B5'],
  },
  {
    name: '12 SH1!B$2:C$8 is a sheet, not cell SH1',
    sheets: ['SH1'],
    seed: { SH1: { B2: 'key', C2: 100 }, Sheet1: { B2: 'key' } },
    write: { C2: '=IFERROR(VLOOKUP(B2, SH1!B$2:C$8, 2, FALSE), "-")' },
  },
  {
    name: '13 $A$1+$B$1 with both filled passes',
    seed: { Sheet1: { A1: 10, B1: 20 } },
    write: { C1: '=$A$1+$B$1' },
  },
  {
    name: '14 $A$1/$B$1 flags B1',
    seed: { Sheet1: { A1: 100 } },
    write: { C1: '=$A$1/$B$1' },
    emptyRefs: ['B1'],
  },
  {
    name: '15 IFERROR wrapper with B9 empty passes',
    sheets: ['SH1'],
    write: { C9: '=IFERROR(VLOOKUP(B9, SH1!$B$2:$C$8, 2, FALSE), "-")' },
  },
  {
    name: '16 IFNA wrapper passes',
    write: { C9: '=IFNA(VLOOKUP(B9, A1:Z100, 2, FALSE), "missing")' },
  },
  { name: '17 lowercase iferror passes', write: { D1: '=iferror(B5/C5, 0)' } },
  {
    name: '18 an inner IFERROR does not help',
    write: { C1: '=A1+IFERROR(B1, 0)' },
    emptyRefs: ['A1', 'B1'],
  },
  { name: '19 CONCATENATE wrapper passes', write: { G1: '=CONCATENATE("//[", E1, "]")' } },
  { name: '20 TEXTJOIN wrapper passes', write: { D1: '=TEXTJOIN(", ", TRUE, A1, B1, C1)' } },
  { name: '21 SUMPRODUCT wrapper passes', write: { D1: '=SUMPRODUCT((A2:A100="x")*(B2:B100))' } },
  {
    name: "22 'Data to Import'!C2 read on its own sheet passes",
    sheets: ['Data to Import'],
    seed: { 'Data to Import': { C2: 'abcdef' } },
    write: { A1: "=LEFT('Data to Import'!C2, LEN('Data to Import'!C2) - 3)" },
  },
  {
    name: "23 'Data to Import'!$C$2 + 5 passes",
    sheets: ['Data to Import'],
    seed: { 'Data to Import': { C2: 100 } },
    write: { A1: "='Data to Import'!$C$2 + 5" },
  },
  { name: '24 a ref written by the same write counts as filled', write: { A1: 100, B1: '=A1*2' } },
  {
    name: 'text (a) =A1*2 over "Q1" flags A1',
    seed: { Sheet1: { A1: 'Q1', B1: 100 } },
    write: { C1: '=A1*2' },
    badRefs: ['A1'],
  },
  {
    name: 'text (b) =B1*2 over a number passes',
    seed: { Sheet1: { B1: 100 } },
    write: { C1: '=B1*2' },
  },
  {
    name: 'text (c) IFERROR(A1*2, 0) over a label passes',
    seed: { Sheet1: { A1: 'label' } },
    write: { C1: '=IFERROR(A1*2, 0)' },
  },
  {
    name: 'text (d) a label overwritten with a number by the same write passes',
    seed: { Sheet1: { A1: 'old label' } },
    write: { A1: 100, C1: '=A1*2' },
    moves: true,
  },
];

/** The write as one row-major block anchored at its top-left (null leaves gaps alone). */
function blockOf(write: Record<string, unknown>): { target_cell: string; values: unknown[][] } {
  const cells = Object.entries(write).map(([address, value]) => {
    const match = /^([A-Z]+)(\d+)$/.exec(address)!;
    const col = [...match[1]!].reduce((total, char) => total * 26 + char.charCodeAt(0) - 64, 0) - 1;
    return { row: Number(match[2]) - 1, col, value };
  });
  const top = Math.min(...cells.map((cell) => cell.row));
  const left = Math.min(...cells.map((cell) => cell.col));
  const values: unknown[][] = [];
  for (const cell of cells) {
    const row = (values[cell.row - top] ??= []);
    while (row.length < cell.col - left) row.push(null);
    row[cell.col - left] = cell.value;
  }
  const letters = (col: number): string =>
    col < 26
      ? String.fromCharCode(65 + col)
      : letters(Math.floor(col / 26) - 1) + String.fromCharCode(65 + (col % 26));
  return {
    target_cell: `${letters(left)}${top + 1}`,
    values: Array.from(values, (row) => row ?? []),
  };
}

describe('[GUARD-APPLY] both guardrails at /agent/apply, every GridOS case', () => {
  for (const guardCase of GUARD_CASES) {
    it(guardCase.name, async () => {
      for (const sheet of guardCase.sheets ?? [])
        await agent.running.http.post('/workbook/sheet', { name: sheet });
      for (const [sheet, cells] of Object.entries(guardCase.seed ?? {})) {
        for (const [cell, value] of Object.entries(cells))
          await agent.running.http.post('/grid/cell', { cell, value, sheet });
      }
      const response = await apply({ ...blockOf(guardCase.write), sheet: 'Sheet1' });
      if (guardCase.emptyRefs === undefined && guardCase.badRefs === undefined) {
        expect(response.status, JSON.stringify(response.body)).toBe(200);
        expect(response.body.status).toBe(
          guardCase.moves === true ? 'Collision Resolved' : 'Success',
        );
        return;
      }
      expect(response.status).toBe(422);
      const issues = response.body.detail as {
        cell: string;
        formula: string;
        empty_refs?: string[];
        bad_refs?: string[];
      }[];
      expect(issues.flatMap((issue) => issue.empty_refs ?? [])).toEqual(guardCase.emptyRefs ?? []);
      expect(issues.flatMap((issue) => issue.bad_refs ?? [])).toEqual(guardCase.badRefs ?? []);
      for (const issue of issues) expect(issue.formula.startsWith('=')).toBe(true);
    });
  }
});

describe('[AGENT-LAYOUT] rows a user hid with a filter', () => {
  it('an apply over hidden rows writes every row of its block, hidden or not, and collision sees hidden cells', async () => {
    const http = agent.running.http;
    await http.post('/grid/range', { target_cell: 'A1', values: table });
    await http.post('/grid/filter', {
      range: 'A1:B4',
      columns: [{ column: 'A', values: ['Rent'] }],
    });
    expect((await http.get('/grid/layout')).body.hidden_rows).toEqual([[3, 4]]);
    // A block written over the hidden rows lands on every one of them.
    const written = await apply({ target_cell: 'D2', values: [[1], [2], [3]] });
    expect(written.body).toMatchObject({ status: 'Success', actual_target: 'D2' });
    const values = await readValues(http);
    expect([values['D2'], values['D3'], values['D4']]).toEqual([1, 2, 3]);
    // A hidden row's cells are occupied all the same: a write onto them moves beside them.
    const moved = await apply({ target_cell: 'A3', values: [['x']] });
    expect(moved.body.status).toBe('Collision Resolved');
    expect((await readValues(http))['A3']).toBe('Food');
  });
});

describe('a target_cell naming a sheet', () => {
  it('an unquoted sheet name with a space is a 400 whose detail shows it quoted, and nothing is written', async () => {
    const response = await apply({ target_cell: 'My Sheet!A1', values: table });
    expect(response.status).toBe(400);
    expect(response.body.detail).toMatch(/^target_cell: .*'My Sheet'!A1\.$/);
    expect((await agent.running.http.get('/api/workbook')).body.sheets).toEqual(['Sheet1']);
    expect(await readValues(agent.running.http)).toEqual({});
  });
});
