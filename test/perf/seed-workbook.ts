// The perf fixture (docs/ui-rules.md MEAS-01): a 100,000 × 50 sheet of numbers and short text with
// about 1 % formulas, as a Gridbook JSON version 2 document (dense `blocks`), loaded through POST
// /system/import in one request instead of 5 M cells of range writes.
import type { RunningApp } from '../support/index.js';

export const PERF_ROWS = 100_000;
export const PERF_COLS = 50;
export const PERF_SHEET = 'Data';

/** Column letters of a zero-based column index (0 → A, 49 → AX). */
export function columnName(col: number): string {
  let name = '';
  for (let index = col + 1; index > 0; index = Math.floor((index - 1) / 26))
    name = String.fromCharCode(65 + ((index - 1) % 26)) + name;
  return name;
}

type Input = number | string | { formula: string };

/**
 * Whether the fixture has a formula at (row, col): about 1 % of the cells, spread over rows and
 * columns.
 */
export function isFixtureFormula(row: number, col: number): boolean {
  return col >= 3 && col % 2 === 1 && (row * 7 + col * 13) % 50 === 0;
}

/**
 * What the fixture holds at a zero-based (row, col), so tests can check the screen against it.
 * Column A is the row number, even columns hold numbers and odd ones short text, except the
 * 1 % of formulas (odd columns) adding the numbers one and three columns to their left.
 */
export function fixtureInput(row: number, col: number): Input {
  if (col === 0) return row + 1;
  if (isFixtureFormula(row, col))
    return { formula: `=${columnName(col - 1)}${row + 1}+${columnName(col - 3)}${row + 1}` };
  if (col % 2 === 1) return `t${(row * 7 + col) % 1000}`;
  return (row * 31 + col * 17) % 10_000;
}

/** The text a mirror cell shows for the fixture's cell at (row, col). */
export function fixtureText(row: number, col: number): string {
  const input = fixtureInput(row, col);
  if (typeof input !== 'object') return String(input);
  return String(Number(fixtureInput(row, col - 1)) + Number(fixtureInput(row, col - 3)));
}

/** The Gridbook JSON v2 document, serialised (≈ 40 MB) without building 5 M objects first. */
export function fixtureDocument(rows = PERF_ROWS, cols = PERF_COLS): string {
  const parts: string[] = [];
  for (let row = 0; row < rows; row += 1) {
    const cells: string[] = [];
    for (let col = 0; col < cols; col += 1) cells.push(JSON.stringify(fixtureInput(row, col)));
    parts.push(`[${cells.join(',')}]`);
  }
  const head = `{"format":"gridbook","version":2,"exported_at":"2026-01-02T03:04:05.000Z","workbook_name":"Perf","active_sheet":"${PERF_SHEET}",`;
  return `${head}"sheets":[{"name":"${PERF_SHEET}","blocks":[{"at":"A1","versions":1,"inputs":[${parts.join(',')}]}],"cells":{}}],"charts":[]}`;
}

/** Replace the server's workbook with the fixture; returns how long the import took. */
export async function seedPerfWorkbook(
  server: RunningApp,
  rows = PERF_ROWS,
  cols = PERF_COLS,
): Promise<number> {
  const started = performance.now();
  const response = await server.http.postRaw('/system/import', fixtureDocument(rows, cols));
  if (response.status !== 200)
    throw new Error(
      `import of the ${rows} × ${cols} fixture failed: HTTP ${response.status} ${response.text.slice(0, 300)}`,
    );
  return performance.now() - started;
}
