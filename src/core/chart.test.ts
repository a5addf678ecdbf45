import { describe, expect, it } from 'vitest';
import {
  CHART_DEFAULTS,
  canonicalDataRange,
  patchChart,
  renameChartSheet,
  validateChart,
} from './chart.js';
import { InvalidChartError } from './errors.js';

describe('validateChart', () => {
  it('[CHART-1] fills every default of the contract: title "", bar, F2, 400×280, columns', () => {
    expect(validateChart({ id: 'c1', data_range: 'A1:B5' })).toEqual({
      id: 'c1',
      title: '',
      chart_type: 'bar',
      data_range: 'A1:B5',
      anchor_cell: 'F2',
      width: 400,
      height: 280,
      orientation: 'columns',
    });
    expect(CHART_DEFAULTS.width).toBe(400);
  });

  it('treats null like a missing field (the default applies)', () => {
    expect(validateChart({ id: 'c1', data_range: 'A1:B2', title: null, width: null }).width).toBe(
      400,
    );
  });

  it('uppercases and orders ranges and anchors, keeping a sheet prefix quoted when needed', () => {
    const chart = validateChart({
      id: 'c',
      data_range: "'q3 data'!b5:a1",
      anchor_cell: 'h10',
      chart_type: ' LINE ',
    });
    expect(chart.data_range).toBe("'q3 data'!A1:B5");
    expect(chart.anchor_cell).toBe('H10');
    expect(chart.chart_type).toBe('line');
    expect(canonicalDataRange('Data!$A$1:$C$3')).toBe('Data!A1:C3');
  });

  it('keeps whole columns or rows whole, as Excel charts do', () => {
    expect(canonicalDataRange('$a:b')).toBe('A:B');
    expect(canonicalDataRange("'q3 data'!$3:$2")).toBe("'q3 data'!2:3");
  });

  it.each([
    [{ chart_type: 'scatter' }, 'chart_type'],
    [{ orientation: 'diagonal' }, 'orientation'],
    [{ data_range: 'A1:B' }, 'data_range'],
    [{ data_range: '' }, 'data_range'],
    [{ data_range: undefined }, 'data_range'],
    [{ anchor_cell: 'A1:B2' }, 'anchor_cell'],
    [{ anchor_cell: 'A0' }, 'anchor_cell'],
    [{ width: 0 }, 'width'],
    [{ width: -5 }, 'width'],
    [{ height: 1.5 }, 'height'],
    [{ height: '280' }, 'height'],
    [{ title: 7 }, 'title'],
  ])('[CHART-2] rejects %j naming the field %s', (change, field) => {
    const draft = { id: 'c', data_range: 'A1:B2', ...change };
    expect(() => validateChart(draft)).toThrow(InvalidChartError);
    expect(() => validateChart(draft)).toThrow(new RegExp(`^${field}:`));
  });
});

describe('patchChart', () => {
  const chart = validateChart({ id: 'c', data_range: 'A1:B2', title: 'Sales' });

  it('changes only the sent fields and keeps the id', () => {
    const patched = patchChart(chart, { title: 'Revenue', width: 640, height: null });
    expect(patched).toEqual({ ...chart, title: 'Revenue', width: 640 });
  });

  it('validates the merged chart', () => {
    expect(() => patchChart(chart, { chart_type: 'donut' })).toThrow(InvalidChartError);
  });
});

describe('renameChartSheet', () => {
  it('rewrites a range that names the renamed sheet (case-insensitive), leaves others alone', () => {
    const chart = validateChart({ id: 'c', data_range: 'data!A1:B2' });
    expect(renameChartSheet(chart, 'Data', 'Q3 inputs').data_range).toBe("'Q3 inputs'!A1:B2");
    expect(renameChartSheet(chart, 'Other', 'X')).toBe(chart);
    const local = validateChart({ id: 'd', data_range: 'A1:B2' });
    expect(renameChartSheet(local, 'Sheet1', 'X')).toBe(local);
  });
});
