// The computed values of a chart's data range: read again after every commit, and showing the
// user's own edits at once.
import { useEffect, useState } from 'react';
import type { Session } from '../app/session.js';
import type { Rect } from '../grid/address.js';
import {
  plottedRange,
  readsOf,
  sameGrid,
  withLocalEdits,
  type PlottedValues,
  type ValueGrid,
} from './chart-values.js';

const NOTHING: PlottedValues = { grid: [], rect: { col: 0, row: 0, width: 0, height: 0 } };

/**
 * The values of `dataRange`; the same array until they actually change, so an edit elsewhere
 * redraws nothing. A local edit inside the range shows at once (as the grid shows it), and the
 * read after the commit brings the server's values, formulas included.
 */
export function useChartValues(
  session: Session,
  sheet: string,
  dataRange: string,
  version: number,
): ValueGrid | undefined {
  const [values, setValues] = useState<PlottedValues | undefined>();
  useEffect(() => {
    const range = plottedRange(sheet, dataRange);
    if (range === undefined) return undefined;
    const onEdit = (edited: string, rect: Rect) => {
      if (edited !== range.sheet) return;
      setValues((before) => {
        if (before === undefined) return before;
        const grid = withLocalEdits(before.grid, before.rect, rect, (col, row) =>
          session.store.cell(range.sheet, col, row),
        );
        return grid === before.grid ? before : { grid, rect: before.rect };
      });
    };
    session.localEditListeners.add(onEdit);
    return () => {
      session.localEditListeners.delete(onEdit);
    };
  }, [session, sheet, dataRange]);
  useEffect(() => {
    const range = plottedRange(sheet, dataRange);
    if (range === undefined) {
      setValues(NOTHING);
      return;
    }
    let cancelled = false;
    readsOf(session)
      .read(range, version)
      .then((read) => {
        if (!cancelled) setValues((before) => (sameRead(before, read) ? before : read));
      })
      .catch(() => {
        if (!cancelled) setValues(NOTHING);
      });
    return () => {
      cancelled = true;
    };
  }, [session, sheet, dataRange, version]);
  return values?.grid;
}

function sameRead(before: PlottedValues | undefined, after: PlottedValues): boolean {
  return (
    before !== undefined &&
    sameGrid(before.grid, after.grid) &&
    before.rect.col === after.rect.col &&
    before.rect.row === after.rect.row
  );
}
