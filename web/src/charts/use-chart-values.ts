// The computed values of a chart's data range, read again after every commit.
import { useEffect, useState } from 'react';
import type { Session } from '../app/session.js';
import type { CellValue } from '../api/types.js';
import { parseRange, splitSheet } from '../grid/address.js';

export function useChartValues(session: Session, sheet: string, dataRange: string, version: number): CellValue[][] | undefined {
  const [values, setValues] = useState<CellValue[][] | undefined>();
  useEffect(() => {
    const { sheet: named, ref } = splitSheet(dataRange);
    const rect = parseRange(ref, 1_048_576, 16_384);
    if (rect === undefined || rect.width * rect.height > 100_000) {
      setValues([]);
      return;
    }
    const controller = new AbortController();
    session.grid
      .read(named ?? sheet, ref, controller.signal)
      .then((response) => {
        const grid: CellValue[][] = Array.from({ length: rect.height }, () => Array<CellValue>(rect.width).fill(null));
        for (const cell of response.cells) {
          const match = /^([A-Z]+)(\d+)$/.exec(cell.cell)!;
          let col = 0;
          for (const char of match[1]!) col = col * 26 + (char.charCodeAt(0) - 64);
          const row = Number(match[2]) - 1 - rect.row;
          const column = col - 1 - rect.col;
          if (row >= 0 && row < rect.height && column >= 0 && column < rect.width) grid[row]![column] = cell.error ?? cell.value;
        }
        setValues(grid);
      })
      .catch(() => {
        if (!controller.signal.aborted) setValues([]);
      });
    return () => controller.abort();
  }, [session, sheet, dataRange, version]);
  return values;
}
