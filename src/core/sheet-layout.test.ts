import { describe, expect, it } from 'vitest';
import type { CellValue } from './formula/index.js';
import {
  checkFilter,
  EMPTY_LAYOUT,
  hiddenRowsOf,
  inversePatch,
  movedLayout,
  patchLayout,
  rowVisibilityOf,
  type SheetFilter,
} from './sheet-layout.js';
import { layoutFromJson, layoutToJson } from './sheet-layout-json.js';

const column = (values: CellValue[]) => (row: number) => values[row] ?? null;

function hidden(filter: unknown, values: CellValue[]): number[] {
  const at = column(values);
  return hiddenRowsOf(checkFilter(filter), (row) => at(row));
}

const range = (lastRow: number) => ({ start: { row: 0, col: 0 }, end: { row: lastRow, col: 0 } });

describe('filter criteria', () => {
  it('a value list matches the shown text ignoring case, blanks as ""', () => {
    const values: CellValue[] = ['Head', 'north', 'South', null, 12, true];
    expect(
      hidden({ range: range(5), columns: [{ col: 0, values: ['NORTH', '', '12'] }] }, values),
    ).toEqual([2, 5]);
    expect(hidden({ range: range(5), columns: [{ col: 0, values: ['TRUE'] }] }, values)).toEqual([
      1, 2, 3, 4,
    ]);
  });

  it('number conditions compare numbers; text never equals a number', () => {
    const values: CellValue[] = ['Head', 5, 50, '50', null];
    const gt = { range: range(4), columns: [{ col: 0, conditions: [{ op: 'gt', value: 10 }] }] };
    // Text sorts after numbers, as in Excel, so "50" passes > 10; a blank never does.
    expect(hidden(gt, values)).toEqual([1, 4]);
    const eq = { range: range(4), columns: [{ col: 0, conditions: [{ op: 'eq', value: 50 }] }] };
    expect(hidden(eq, values)).toEqual([1, 3, 4]);
  });

  it('text conditions and two conditions joined by and / or', () => {
    const values: CellValue[] = ['Head', 'apple pie', 'Banana', 'cherry', null];
    const and = {
      range: range(4),
      columns: [
        {
          col: 0,
          conditions: [
            { op: 'contains', value: 'A' },
            { op: 'not_contains', value: 'pie' },
          ],
        },
      ],
    };
    expect(hidden(and, values)).toEqual([1, 3, 4]);
    const or = {
      range: range(4),
      columns: [
        {
          col: 0,
          join: 'or',
          conditions: [{ op: 'begins_with', value: 'ch' }, { op: 'blank' }],
        },
      ],
    };
    expect(hidden(or, values)).toEqual([1, 2]);
  });

  it('refuses a column outside the range, an unknown operator and a text condition on a number', () => {
    expect(() => checkFilter({ range: range(3), columns: [{ col: 2, values: [] }] })).toThrow(
      /filter.columns\[0\]/,
    );
    expect(() =>
      checkFilter({ range: range(3), columns: [{ col: 0, conditions: [{ op: 'near' }] }] }),
    ).toThrow(/conditions\[0\]\.op/);
    expect(() =>
      checkFilter({
        range: range(3),
        columns: [{ col: 0, conditions: [{ op: 'contains', value: 3 }] }],
      }),
    ).toThrow(/conditions\[0\]\.value/);
  });
});

describe('patches and their inverse', () => {
  it('the inverse patch puts back exactly the fields the patch changed', () => {
    const before = patchLayout(EMPTY_LAYOUT, { frozenRows: 2, columnWidths: [[1, 150]] });
    const patch = {
      columnWidths: [
        [1, null],
        [3, 90],
      ] as [number, number | null][],
    };
    const after = patchLayout(before, patch);
    expect(after.columnWidths).toEqual([[3, 90]]);
    expect(patchLayout(after, inversePatch(before, patch))).toEqual(before);
  });
});

describe('a sheet’s own default column width', () => {
  it('is set, undone back to none, and kept by the layout JSON only when present', () => {
    const patch = { defaultColumnWidth: 80 };
    const after = patchLayout(EMPTY_LAYOUT, patch);
    expect(after.defaultColumnWidth).toBe(80);
    expect(patchLayout(after, inversePatch(EMPTY_LAYOUT, patch))).toEqual(EMPTY_LAYOUT);
    expect(layoutToJson(after).default_column_width).toBe(80);
    expect(layoutFromJson(layoutToJson(after), 'layout')).toEqual(after);
    expect('default_column_width' in layoutToJson(EMPTY_LAYOUT)).toBe(false);
    expect(() => patchLayout(EMPTY_LAYOUT, { defaultColumnWidth: -1 })).toThrow(
      /defaultColumnWidth/,
    );
  });
});

describe('rows and columns inserted or deleted', () => {
  const filter: SheetFilter = {
    range: { start: { row: 1, col: 1 }, end: { row: 9, col: 3 } },
    columns: [{ col: 2, values: ['x'] }],
  };
  const layout = patchLayout(EMPTY_LAYOUT, {
    frozenRows: 3,
    frozenColumns: 2,
    rowHeights: [[5, 40]],
    columnWidths: [[2, 120]],
    filter,
  });

  it('rows inserted above move heights and the filter down; inside the frozen rows they grow', () => {
    const moved = movedLayout(layout, { sheet: 'S', axis: 'row', kind: 'insert', at: 0, count: 2 });
    expect(moved).toMatchObject({ frozenRows: 5, rowHeights: [[7, 40]] });
    expect(moved.filter!.range).toEqual({ start: { row: 3, col: 1 }, end: { row: 11, col: 3 } });
  });

  it('a deleted column takes its width and criteria; the filter range shrinks', () => {
    const moved = movedLayout(layout, { sheet: 'S', axis: 'col', kind: 'delete', at: 2, count: 1 });
    expect(moved).toMatchObject({ frozenColumns: 2, columnWidths: [] });
    expect(moved.filter).toEqual({
      range: { start: { row: 1, col: 1 }, end: { row: 9, col: 2 } },
      columns: [],
    });
  });

  it('deleting the header row removes the filter; deleting frozen rows unfreezes them', () => {
    const moved = movedLayout(layout, { sheet: 'S', axis: 'row', kind: 'delete', at: 1, count: 1 });
    expect(moved).toMatchObject({ frozenRows: 2, filter: null });
  });
});

describe('rows hidden by hand and by a filter without criteria', () => {
  it('a patch replaces them sorted and once each; its inverse puts the previous list back', () => {
    const patch = { hiddenRows: [7, 2, 7], filteredRows: [4] };
    const layout = patchLayout(EMPTY_LAYOUT, patch);
    expect(layout).toMatchObject({ hiddenRows: [2, 7], filteredRows: [4] });
    expect(patchLayout(layout, inversePatch(EMPTY_LAYOUT, patch))).toEqual(EMPTY_LAYOUT);
    expect(() => patchLayout(EMPTY_LAYOUT, { hiddenRows: [-1] })).toThrow(/hiddenRows\[0\]/);
  });

  it('move with inserted rows and go with deleted ones', () => {
    const layout = patchLayout(EMPTY_LAYOUT, { hiddenRows: [2, 5], filteredRows: [8] });
    const inserted = movedLayout(layout, {
      sheet: 'S',
      axis: 'row',
      kind: 'insert',
      at: 3,
      count: 2,
    });
    expect(inserted).toMatchObject({ hiddenRows: [2, 7], filteredRows: [10] });
    const deleted = movedLayout(layout, {
      sheet: 'S',
      axis: 'row',
      kind: 'delete',
      at: 2,
      count: 1,
    });
    expect(deleted).toMatchObject({ hiddenRows: [4], filteredRows: [7] });
  });

  it('SUBTOTAL leaves out by hand only those, by filter the filter’s rows and the filtered ones', () => {
    const layout = patchLayout(EMPTY_LAYOUT, {
      hiddenRows: [1],
      filteredRows: [9],
      filter: { range: range(3), columns: [{ col: 0, conditions: [{ op: 'gt', value: 2 }] }] },
    });
    const values = column(['Head', 1, 5, 2]);
    expect(rowVisibilityOf(layout, (row) => values(row))).toEqual({
      byHand: [1],
      byFilter: [1, 3, 9],
    });
  });
});

describe('hidden rows as files spell them', () => {
  it('are [first, last] spans of row numbers from 1, absent when none, and read back the same', () => {
    const layout = patchLayout(EMPTY_LAYOUT, { hiddenRows: [2, 3, 4, 9], filteredRows: [6] });
    const json = layoutToJson(layout);
    expect(json).toMatchObject({
      hidden_rows: [
        [3, 5],
        [10, 10],
      ],
      filtered_rows: [[7, 7]],
    });
    expect(layoutFromJson(json, 'layout')).toEqual(layout);
    expect(layoutToJson(EMPTY_LAYOUT)).not.toHaveProperty('hidden_rows');
    expect(() => layoutFromJson({ hidden_rows: [[5, 3]] }, 'layout')).toThrow(/hidden_rows\[0\]/);
  });
});
