// A new chart is placed beside the data, never over it.
import { describe, expect, it } from 'vitest';
import { anchorBesideData } from '../../web/src/charts/charts-controller.js';

describe('[FIRST-HOUR] where a new chart goes', () => {
  it('level with the data, one empty column right of everything on the sheet', () => {
    // A1:B5 selected, the sheet filled to column H: the chart starts at J1.
    expect(anchorBesideData({ col: 0, row: 0, width: 2, height: 5 }, { lastCol: 7 })).toBe('J1');
    // C3:D9 selected on a sheet whose data ends at D: F3.
    expect(anchorBesideData({ col: 2, row: 2, width: 2, height: 7 }, { lastCol: 3 })).toBe('F3');
  });

  it('beside the selection when the sheet bounds are not known yet, and never past the last column', () => {
    expect(anchorBesideData({ col: 0, row: 0, width: 3, height: 3 }, undefined)).toBe('E1');
    expect(anchorBesideData({ col: 0, row: 0, width: 1, height: 1 }, { lastCol: 16_383 })).toBe(
      'XFD1',
    );
  });
});
