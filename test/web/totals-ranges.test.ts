// The status bar's totals: a selection of any size is summed in ranges each formula may take.
import { describe, expect, it } from 'vitest';
import {
  MAX_FORMULA_RANGE_CELLS,
  MAX_WHOLE_LINE_CELLS,
} from '../../src/core/formula-text/index.js';
import { MAX_TOTALS_RANGES, totalsRanges } from '../../web/src/status/totals-ranges.js';

const ALL_ROWS = 1_048_576;
const wholeColumns = (col: number, width: number) => ({ col, row: 0, width, height: ALL_ROWS });

describe('the status bar totals ranges', () => {
  it('a selection within the range limit is summed as it is', () => {
    expect(totalsRanges({ col: 0, row: 0, width: 3, height: 10 }, null)).toEqual(['A1:C10']);
  });

  it('a whole-column selection is cut to the occupied rows, as one range when it fits', () => {
    expect(totalsRanges(wholeColumns(0, 2), { lastRow: 99, lastCol: 5 })).toEqual(['A1:B100']);
  });

  it('an empty sheet or a selection past its occupied cells has nothing to sum', () => {
    expect(totalsRanges(wholeColumns(0, 2), null)).toEqual([]);
    expect(totalsRanges(wholeColumns(10, 2), { lastRow: 500_000, lastCol: 3 })).toEqual([]);
  });

  it('whole columns of a very tall sheet are grouped so no formula passes the whole-line limit', () => {
    // Ten columns down to row 500,000: 5,000,000 addresses in one formula would be #REF!.
    const ranges = totalsRanges(wholeColumns(0, 26), { lastRow: 499_999, lastCol: 9 });
    expect(ranges).toEqual(['A:H', 'I:J']);
    for (const range of ranges ?? []) {
      const [first, last] = range.split(':').map((letters) => letters.charCodeAt(0) - 64);
      expect(((last ?? 0) - (first ?? 0) + 1) * 500_000).toBeLessThanOrEqual(MAX_WHOLE_LINE_CELLS);
    }
  });

  it('a large block below the first row is summed in bands within the range limit', () => {
    const ranges = totalsRanges(
      { col: 0, row: 1, width: 10, height: ALL_ROWS - 1 },
      { lastRow: 59_999, lastCol: 9 },
    );
    expect(ranges).toEqual(['A2:J25001', 'A25002:J50001', 'A50002:J60000']);
    expect(25_000 * 10).toBeLessThanOrEqual(MAX_FORMULA_RANGE_CELLS);
  });

  it('a selection that would take more ranges than one request holds has no totals', () => {
    const ranges = totalsRanges(
      { col: 0, row: 1, width: 16_384, height: ALL_ROWS - 1 },
      { lastRow: ALL_ROWS - 1, lastCol: 16_383 },
    );
    expect(ranges).toBeUndefined();
    expect(MAX_TOTALS_RANGES).toBeLessThan(500 / 3);
  });
});
