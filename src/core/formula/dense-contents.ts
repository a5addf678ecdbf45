// Runs of cells laid out as the dense row arrays HyperFormula builds a whole sheet from.
// Rows and cells in between stay holes (read as empty); row holes share one empty array.
import type { CellRun } from './engine-port.js';

const NO_CELLS: readonly unknown[] = Object.freeze([]);

export function denseContents<T>(
  runs: readonly CellRun[],
  toContent: (input: CellRun['inputs'][number]) => T,
): T[][] {
  const rows: T[][] = [];
  for (const run of runs) {
    const row = (rows[run.row] ??= []);
    for (let offset = 0; offset < run.inputs.length; offset += 1)
      row[run.col + offset] = toContent(run.inputs[offset]!);
  }
  for (let index = 0; index < rows.length; index += 1) rows[index] ??= NO_CELLS as T[];
  return rows;
}
