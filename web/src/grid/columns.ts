// Column widths per workbook and sheet, kept in localStorage until the API stores them
// (docs/ui-rules.md LAY-01).
import { columnToLetters } from './address.js';
import { DEFAULT_COLUMN_WIDTH, GRID_COLUMNS } from './grid-theme.js';
import type { GridColumn } from '@glideapps/glide-data-grid';

const key = (workbook: string, sheet: string): string => `gridbook:widths:${workbook}:${sheet}`;

export function loadWidths(workbook: string, sheet: string): number[] {
  const widths = Array<number>(GRID_COLUMNS).fill(DEFAULT_COLUMN_WIDTH);
  try {
    const saved = JSON.parse(localStorage.getItem(key(workbook, sheet)) ?? '{}') as Record<
      string,
      number
    >;
    for (const [col, width] of Object.entries(saved)) {
      const index = Number(col);
      if (
        Number.isInteger(index) &&
        index >= 0 &&
        index < GRID_COLUMNS &&
        typeof width === 'number' &&
        width > 0
      )
        widths[index] = width;
    }
  } catch {
    // Unreadable saved widths are ignored: defaults are shown.
  }
  return widths;
}

export function saveWidths(workbook: string, sheet: string, widths: readonly number[]): void {
  const changed: Record<string, number> = {};
  widths.forEach((width, col) => {
    if (width !== DEFAULT_COLUMN_WIDTH) changed[col] = width;
  });
  try {
    localStorage.setItem(key(workbook, sheet), JSON.stringify(changed));
  } catch {
    // Storage full or disabled: widths last until reload.
  }
}

export function glideColumns(widths: readonly number[]): GridColumn[] {
  return widths.map((width, col) => ({ id: String(col), title: columnToLetters(col), width }));
}
