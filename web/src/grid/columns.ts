// Column widths of the active sheet as Glide takes them: the server's widths (issue 20,
// docs/ui-rules.md LAY-01) over the default.
import { columnToLetters } from './address.js';
import { DEFAULT_COLUMN_WIDTH, GRID_COLUMNS } from './grid-theme.js';
import type { GridColumn } from '@glideapps/glide-data-grid';

export function widthsFrom(stored: ReadonlyMap<number, number> | undefined): number[] {
  const widths = Array<number>(GRID_COLUMNS).fill(DEFAULT_COLUMN_WIDTH);
  for (const [col, width] of stored ?? []) if (col >= 0 && col < GRID_COLUMNS) widths[col] = width;
  return widths;
}

export function glideColumns(widths: readonly number[]): GridColumn[] {
  return widths.map((width, col) => ({ id: String(col), title: columnToLetters(col), width }));
}
