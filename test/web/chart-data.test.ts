// Chart labels and series from a data range (docs/contract.md §2 Chart orientation).
import { describe, expect, it } from 'vitest';
import { chartData, shownTitle } from '../../web/src/charts/chart-data.js';

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

describe('shownTitle', () => {
  const data = (grid: (string | number | null)[][]) => chartData(grid, 'columns');
  const oneSeries = data([
    ['Month', 'Revenue'],
    ['Jan', 10],
  ]);
  const twoSeries = data([
    ['Month', 'Revenue', 'Cost'],
    ['Jan', 10, 4],
  ]);

  it('a chart’s own title wins', () => {
    expect(shownTitle('Q3', 'bar', oneSeries)).toBe('Q3');
  });

  it('an untitled chart of one named series shows its name, as Excel titles it', () => {
    expect(shownTitle('', 'line', oneSeries)).toBe('Revenue');
  });

  it('a pie, which draws its first series only, shows that series’ name', () => {
    expect(shownTitle('', 'pie', twoSeries)).toBe('Revenue');
  });

  it('several series, or one without a header, show "Chart"', () => {
    expect(shownTitle('', 'bar', twoSeries)).toBe('Chart');
    expect(shownTitle('', 'bar', data([['Jan', 10]]))).toBe('Chart');
  });
});
