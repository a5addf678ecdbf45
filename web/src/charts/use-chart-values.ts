// The computed values of a chart's data range: read again after every commit, and showing the
// user's own edits at once.
import { useEffect, useState } from 'react';
import type { Session } from '../app/session.js';
import type { Rect } from '../grid/address.js';
import { plottedRange, readsOf, sameGrid, withLocalEdits, type ValueGrid } from './chart-values.js';

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
  const [values, setValues] = useState<ValueGrid | undefined>();
  useEffect(() => {
    const range = plottedRange(sheet, dataRange);
    if (range === undefined) return undefined;
    const onEdit = (edited: string, rect: Rect) => {
      if (edited !== range.sheet) return;
      setValues((before) =>
        before === undefined
          ? before
          : withLocalEdits(before, range, rect, (col, row) =>
              session.store.cell(range.sheet, col, row),
            ),
      );
    };
    session.localEditListeners.add(onEdit);
    return () => {
      session.localEditListeners.delete(onEdit);
    };
  }, [session, sheet, dataRange]);
  useEffect(() => {
    const range = plottedRange(sheet, dataRange);
    if (range === undefined) {
      setValues([]);
      return;
    }
    let cancelled = false;
    readsOf(session)
      .read(range, version)
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
