// The texts of a chart's hidden data table (docs/ui-rules.md CHART-02): a new table is written as one
// HTML string; an edit patches the cells whose text changed (ChartDataTable).
import type { ChartData } from './chart-data.js';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
const escapeHtml = (text: string): string => text.replace(/[&<>"]/g, (char) => ESCAPES[char]!);

/** The texts of row `index`: its label, then each series' value. */
export const cellTexts = (data: ChartData, index: number): string[] => [
  data.labels[index]!,
  ...data.series.map((series) => String(series.values[index] ?? '')),
];

/** The rows of a new table: one per label, a cell per series; every text escaped (labels are cell text). */
export function chartRowsHtml(data: ChartData): string {
  const rows: string[] = [];
  data.labels.forEach((label, index) => {
    const cells = data.series
      .map((series) => `<td>${escapeHtml(String(series.values[index] ?? ''))}</td>`)
      .join('');
    rows.push(`<tr><th scope="row">${escapeHtml(label)}</th>${cells}</tr>`);
  });
  return rows.join('');
}
