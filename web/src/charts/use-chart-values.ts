// The computed values of a chart's data range, read again after every commit.
import { useEffect, useState } from 'react';
import type { Session } from '../app/session.js';
import type { CellValue, GridResponse } from '../api/types.js';
import { parseRange, splitSheet } from '../grid/address.js';

// Charts that plot the same range after the same commit share one read and one decoded grid
// (ten charts of one table made ten identical requests, and decoded ten copies, per edit).
const readsInFlight = new Map<string, Promise<CellValue[][]>>();

interface Rect {
  readonly col: number;
  readonly row: number;
  readonly width: number;
  readonly height: number;
}

function decode(response: GridResponse, rect: Rect): CellValue[][] {
  const grid: CellValue[][] = Array.from({ length: rect.height }, () => Array<CellValue>(rect.width).fill(null));
  for (const cell of response.cells) {
    const match = /^([A-Z]+)(\d+)$/.exec(cell.cell)!;
    let col = 0;
    for (const char of match[1]!) col = col * 26 + (char.charCodeAt(0) - 64);
    const row = Number(match[2]) - 1 - rect.row;
    const column = col - 1 - rect.col;
    if (row >= 0 && row < rect.height && column >= 0 && column < rect.width) grid[row]![column] = cell.error ?? cell.value;
  }
  return grid;
}

function readShared(session: Session, sheet: string, ref: string, rect: Rect, version: number): Promise<CellValue[][]> {
  const key = `${sheet}\u0000${ref}\u0000${version}`;
  let read = readsInFlight.get(key);
  if (read === undefined) {
    read = session.grid
      .read(sheet, ref)
      .then((response) => decode(response, rect))
      .finally(() => readsInFlight.delete(key));
    readsInFlight.set(key, read);
  }
  return read;
}

function sameGrid(before: readonly (readonly CellValue[])[] | undefined, after: readonly (readonly CellValue[])[]): boolean {
  return before !== undefined && before.length === after.length && before.every((row, index) => row.length === after[index]!.length && row.every((value, column) => value === after[index]![column]));
}

/** The values of `dataRange`; the same array until a commit actually changes them, so an edit elsewhere redraws nothing. */
export function useChartValues(session: Session, sheet: string, dataRange: string, version: number): CellValue[][] | undefined {
  const [values, setValues] = useState<CellValue[][] | undefined>();
  useEffect(() => {
    const { sheet: named, ref } = splitSheet(dataRange);
    const rect = parseRange(ref, 1_048_576, 16_384);
    if (rect === undefined || rect.width * rect.height > 100_000) {
      setValues([]);
      return;
    }
    let cancelled = false;
    readShared(session, named ?? sheet, ref, rect, version)
      .then((grid) => {
        if (!cancelled) setValues((before) => (sameGrid(before, grid) ? before : grid));
      })
      .catch(() => {
        if (!cancelled) setValues([]);
      });
    return () => {
      cancelled = true;
    };
  }, [session, sheet, dataRange, version]);
  return values;
}
