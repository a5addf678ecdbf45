import { describe, expect, it } from 'vitest';
import { useWorkbooks } from '../../../test/support/workbook-bed.js';
import { parseRange } from '../address/index.js';
import { ChartNotFoundError } from '../errors.js';
import { clearSheetOps, setLocksOps, writeRangeOps } from './builders.js';
import { createChartOps, deleteChartOps, patchChartOps } from './chart-builders.js';

const { open } = useWorkbooks();

function workbookWithChart() {
  const workbook = open({ sheetNames: ['Data', 'Report'] });
  workbook.apply(
    writeRangeOps('Data', { row: 0, col: 0 }, [
      ['Month', 'Sales'],
      ['Jan', 10],
      ['Feb', 20],
    ]),
  );
  const { ops, chart } = createChartOps('Report', 'chart_1', {
    data_range: 'Data!A1:B3',
    title: 'Sales',
  });
  workbook.apply(ops);
  return { workbook, chart };
}

describe('chart ops', () => {
  it('put-chart adds a chart to its sheet only; undo removes it and redo brings it back', () => {
    const { workbook, chart } = workbookWithChart();
    expect(workbook.sheet('Report').charts()).toEqual([chart]);
    expect(workbook.sheet('Data').charts()).toEqual([]);
    workbook.undo();
    expect(workbook.sheet('Report').charts()).toEqual([]);
    workbook.redo();
    expect(workbook.sheet('Report').charts()).toEqual([chart]);
  });

  it('patching replaces the chart in place; undo restores the previous fields', () => {
    const { workbook, chart } = workbookWithChart();
    workbook.apply(createChartOps('Report', 'chart_2', { data_range: 'A1:A2' }).ops);
    const { ops } = patchChartOps(workbook.sheet('Report'), 'chart_1', {
      chart_type: 'pie',
      width: 500,
    });
    workbook.apply(ops);
    expect(
      workbook
        .sheet('Report')
        .charts()
        .map((c) => [c.id, c.chart_type, c.width]),
    ).toEqual([
      ['chart_1', 'pie', 500],
      ['chart_2', 'bar', 400],
    ]);
    workbook.undo();
    expect(workbook.sheet('Report').charts()[0]).toEqual(chart);
  });

  it('a patch that changes nothing produces no ops (no empty undo step)', () => {
    const { workbook } = workbookWithChart();
    expect(patchChartOps(workbook.sheet('Report'), 'chart_1', { title: 'Sales' }).ops).toEqual([]);
  });

  it('delete-chart never touches cells, and undo puts the chart back at its position', () => {
    const { workbook } = workbookWithChart();
    workbook.apply(createChartOps('Report', 'chart_2', { data_range: 'A1:A2' }).ops);
    const before = workbook.sheet('Data').version(1, 1);
    workbook.apply(deleteChartOps(workbook.sheet('Report'), 'chart_1'));
    expect(
      workbook
        .sheet('Report')
        .charts()
        .map((c) => c.id),
    ).toEqual(['chart_2']);
    expect(workbook.sheet('Data').value(1, 1)).toBe(10);
    expect(workbook.sheet('Data').version(1, 1)).toBe(before);
    workbook.undo();
    expect(
      workbook
        .sheet('Report')
        .charts()
        .map((c) => c.id),
    ).toEqual(['chart_1', 'chart_2']);
  });

  it('a chart is found only on its own sheet', () => {
    const { workbook } = workbookWithChart();
    expect(() => deleteChartOps(workbook.sheet('Data'), 'chart_1')).toThrow(ChartNotFoundError);
    expect(() => workbook.apply([{ type: 'delete-chart', sheet: 'Data', id: 'chart_1' }])).toThrow(
      ChartNotFoundError,
    );
  });

  it('[CHART-3] clearing a sheet keeps its charts and its locked cells', () => {
    const { workbook } = workbookWithChart();
    workbook.apply(createChartOps('Data', 'chart_d', { data_range: 'A1:B3' }).ops);
    workbook.apply(setLocksOps('Data', parseRange('A1'), true));
    workbook.apply(clearSheetOps(workbook.sheet('Data')));
    expect(
      workbook
        .sheet('Data')
        .charts()
        .map((c) => c.id),
    ).toEqual(['chart_d']);
    expect(workbook.sheet('Data').input(0, 0)).toBe('Month');
    expect(workbook.sheet('Data').input(1, 1)).toBeNull();
  });

  it('[CHART-4] renaming a sheet keeps its charts and rewrites ranges that name it; undo restores them', () => {
    const { workbook } = workbookWithChart();
    workbook.apply([{ type: 'rename-sheet', from: 'Report', to: 'Summary' }]);
    expect(
      workbook
        .sheet('Summary')
        .charts()
        .map((c) => c.id),
    ).toEqual(['chart_1']);
    workbook.apply([{ type: 'rename-sheet', from: 'Data', to: 'Q3 data' }]);
    expect(workbook.sheet('Summary').charts()[0]!.data_range).toBe("'Q3 data'!A1:B3");
    workbook.undo();
    expect(workbook.sheet('Summary').charts()[0]!.data_range).toBe('Data!A1:B3');
  });

  it('deleting a sheet takes its charts along and undo restores them', () => {
    const { workbook, chart } = workbookWithChart();
    workbook.apply([{ type: 'delete-sheet', name: 'Report' }]);
    expect(workbook.sheetNames).toEqual(['Data']);
    workbook.undo();
    expect(workbook.sheet('Report').charts()).toEqual([chart]);
  });

  it('an invalid chart inside an op list rejects the whole list', () => {
    const { workbook } = workbookWithChart();
    const bad = {
      type: 'put-chart',
      sheet: 'Report',
      chart: { id: 'x', data_range: 'nope' },
    } as never;
    expect(() =>
      workbook.apply([...writeRangeOps('Data', { row: 9, col: 0 }, [[1]]), bad]),
    ).toThrow(/data_range/);
    expect(workbook.sheet('Data').input(9, 0)).toBeNull();
    expect(workbook.sheet('Report').charts()).toHaveLength(1);
  });
});
