// The computed values of a chart's data range, read again after every commit.
import { useEffect, useState } from 'react';
import type { Session } from '../app/session.js';
import type { CellValue } from '../api/types.js';
import { parseRange, splitSheet } from '../grid/address.js';

type Grid = readonly (readonly CellValue[])[];

/** Ranges larger than this are not plotted (a chart of them would be unreadable anyway). */
const MAX_PLOTTED_CELLS = 100_000;

// Charts that plot the same range after the same commit share one read (ten charts of one
// table made ten identical requests per edit). The read is /peek's rows of computed values:
// a tenth of the bytes of /grid's per-cell records, and no addresses to decode.
const readsInFlight = new Map<string, Promise<Grid>>();

/** The sheet and reference a chart reads, or undefined when its range is not plottable. */
function plottedRange(sheet: string, dataRange: string): { sheet: string; ref: string } | undefined {
  const { sheet: named, ref } = splitSheet(dataRange);
  const rect = parseRange(ref, 1_048_576, 16_384);
  return rect === undefined || rect.width * rect.height > MAX_PLOTTED_CELLS ? undefined : { sheet: named ?? sheet, ref };
}

function readShared(session: Session, sheet: string, ref: string, version: number): Promise<Grid> {
  const key = `${sheet}\u0000${ref}\u0000${version}`;
  let read = readsInFlight.get(key);
  if (read === undefined) {
    read = session.grid
      .peekValues(sheet, ref)
      .then((response) => response.rows)
      .finally(() => readsInFlight.delete(key));
    readsInFlight.set(key, read);
  }
  return read;
}

/**
 * Start reading a chart's values for data `version` now, so the read is in flight before React
 * renders the chart (its effect runs after the next paint) and the chart joins it.
 */
export function prefetchChartValues(session: Session, sheet: string, dataRange: string, version: number): void {
  const range = plottedRange(sheet, dataRange);
  if (range !== undefined) readShared(session, range.sheet, range.ref, version).catch(() => undefined);
}

function sameGrid(before: Grid | undefined, after: Grid): boolean {
  return before !== undefined && before.length === after.length && before.every((row, index) => row.length === after[index]!.length && row.every((value, column) => value === after[index]![column]));
}

/** The values of `dataRange`; the same array until a commit actually changes them, so an edit elsewhere redraws nothing. */
export function useChartValues(session: Session, sheet: string, dataRange: string, version: number): Grid | undefined {
  const [values, setValues] = useState<Grid | undefined>();
  useEffect(() => {
    const range = plottedRange(sheet, dataRange);
    if (range === undefined) {
      setValues([]);
      return;
    }
    let cancelled = false;
    readShared(session, range.sheet, range.ref, version)
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
