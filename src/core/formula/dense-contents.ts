// Runs of cells laid out as the dense row arrays HyperFormula builds a whole sheet from.
// Rows and cells in between stay holes (read as empty); row holes share one empty array.
import type { CellRun } from './engine-port.js';

const NO_CELLS: readonly unknown[] = Object.freeze([]);

export function denseContents<T>(
  runs: readonly CellRun[],
  toContent: (input: CellRun['inputs'][number]) => T,
): T[][] {
  let lastRow = -1;
  for (const run of runs) if (run.row > lastRow) lastRow = run.row;
  // Sized and filled up front: growing an empty array by assigning its far end (one cell at
  // row 1,048,576) turns it into a dictionary, and filling a million holes in that took ~0.3 s.
  const rows = new Array<T[]>(lastRow + 1).fill(NO_CELLS as T[]);
  for (const run of runs) {
    let row = rows[run.row]!;
    if (row === NO_CELLS) rows[run.row] = row = [];
    for (let offset = 0; offset < run.inputs.length; offset += 1)
      row[run.col + offset] = toContent(run.inputs[offset]!);
  }
  return rows;
}
