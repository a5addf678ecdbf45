// Excel's current region (web/src/grid/current-region.ts): the block around a cell bounded by
// empty rows and columns, read from the server a growing window at a time.
import { describe, expect, it } from 'vitest';
import type { GridResponse } from '../../web/src/api/types.js';
import { currentRegion, regionWithin } from '../../web/src/grid/current-region.js';
import { formatRect, parseRange, tryParseCell, type Rect } from '../../web/src/grid/address.js';

/** A sheet of filled cells by A1 address, read as GET /grid answers (and counted). */
function sheetOf(addresses: readonly string[]) {
  const cells = addresses.map((address) => ({ address, at: tryParseCell(address)! }));
  const reads: string[] = [];
  let last: { col: number; row: number } | undefined;
  for (const { at } of cells)
    last = { col: Math.max(last?.col ?? 0, at.col), row: Math.max(last?.row ?? 0, at.row) };
  const read = (range: string): Promise<GridResponse> => {
    reads.push(range);
    const rect = parseRange(range, 1_048_576, 16_384)!;
    const inside = cells.filter(
      ({ at }) =>
        at.col >= rect.col &&
        at.col < rect.col + rect.width &&
        at.row >= rect.row &&
        at.row < rect.row + rect.height,
    );
    return Promise.resolve({
      sheet: 'Sheet1',
      occupied_bounds:
        last === undefined
          ? null
          : { first: 'A1', last: formatRect({ ...last, width: 1, height: 1 }) },
      cells: inside.map(({ address }) => ({
        cell: address,
        input: 'x',
        value: 'x',
        error: null,
        formula: null,
        version: 1,
        locked: false,
      })),
    });
  };
  return { read, reads };
}

const region = async (addresses: readonly string[], start: string) => {
  const rect = await currentRegion(sheetOf(addresses).read, tryParseCell(start)!);
  return rect === undefined ? undefined : formatRect(rect);
};

/** Cells of a rectangle, A1 addresses. */
function block(range: string): string[] {
  const rect: Rect = parseRange(range, 1_048_576, 16_384)!;
  const out: string[] = [];
  for (let row = rect.row; row < rect.row + rect.height; row += 1)
    for (let col = rect.col; col < rect.col + rect.width; col += 1)
      out.push(formatRect({ col, row, width: 1, height: 1 }));
  return out;
}

describe('the current region', () => {
  it('stops at an empty row: a Total row under a blank row is not part of the table', async () => {
    const sheet = [...block('A1:C6'), 'A8', 'B8'];
    expect(await region(sheet, 'B3')).toBe('A1:C6');
    expect(await region(sheet, 'A8')).toBe('A8:B8');
  });

  it('stops at an empty column, and takes in cells that touch only at a corner', async () => {
    expect(await region([...block('A1:B3'), ...block('D1:E3')], 'A2')).toBe('A1:B3');
    expect(await region([...block('B2:C3'), 'D4'], 'B2')).toBe('B2:D4');
  });

  it('from an empty cell beside the data, takes the data and the cell; a lone empty cell has none', async () => {
    expect(await region(block('A1:B4'), 'C5')).toBe('A1:C5');
    expect(await region(block('A1:B4'), 'E9')).toBeUndefined();
    expect(await region([], 'A1')).toBeUndefined();
    expect(await region(['F6'], 'F6')).toBe('F6');
  });

  it('follows a table taller than the first window read, without reading the whole sheet', async () => {
    const tall = [...block('A1:B500'), 'A5000'];
    const sheet = sheetOf(tall);
    const rect = await currentRegion(sheet.read, { col: 0, row: 250 });
    expect(formatRect(rect!)).toBe('A1:B500');
    // The window grew past row 500 but never read as far as the lone cell in row 5,000.
    const rows = sheet.reads.map((range) => parseRange(range, 1_048_576, 16_384)!);
    expect(Math.max(...rows.map((rect) => rect.row + rect.height))).toBeLessThan(5000);
  });

  it('regionWithin treats cells outside the window as empty', () => {
    const filled = new Set(block('A1:A10'));
    const at = (col: number, row: number) =>
      filled.has(formatRect({ col, row, width: 1, height: 1 }));
    const window = { col: 0, row: 0, width: 3, height: 5 };
    expect(formatRect(regionWithin(at, { col: 0, row: 2 }, window))).toBe('A1:A5');
  });
});
