// Chart labels and series from a data range (docs/contract.md §2 Chart orientation).
import { describe, expect, it } from 'vitest';
import { chartData } from '../../web/src/charts/chart-data.js';

describe('chartData', () => {
  const grid = [
    ['Month', 'Revenue', 'Cost'],
    ['Jan', 10, 4],
    ['Feb', 20, 5],
  ];

  it('[CHART-ORIENT] columns: first column labels, other columns series named by the header row', () => {
    expect(chartData(grid, 'columns')).toEqual({
      labels: ['Jan', 'Feb'],
      series: [
        { name: 'Revenue', values: [10, 20] },
        { name: 'Cost', values: [4, 5] },
      ],
    });
  });

  it('[CHART-ORIENT] rows: first row labels, other rows series', () => {
    const data = chartData(
      [
        ['Q', 'Q1', 'Q2'],
        ['North', 1, 2],
        ['South', 3, 4],
      ],
      'rows',
    );
    expect(data.labels).toEqual(['Q1', 'Q2']);
    expect(data.series).toEqual([
      { name: 'North', values: [1, 2] },
      { name: 'South', values: [3, 4] },
    ]);
  });

  it('without a header row every row is data; text and blanks are gaps', () => {
    const data = chartData(
      [
        ['a', 1],
        ['b', 'x'],
        ['c', null],
      ],
      'columns',
    );
    expect(data.labels).toEqual(['a', 'b', 'c']);
    expect(data.series).toEqual([{ name: 'Series 1', values: [1, null, null] }]);
  });

  it('a single column of numbers is one series labelled by position', () => {
    expect(chartData([[5], [6]], 'columns')).toEqual({
      labels: ['1', '2'],
      series: [{ name: 'Series 1', values: [5, 6] }],
    });
  });
});
