// Work done a slice of time per turn of the event loop, so that a large workbook's file work (a
// save's or a journal snapshot's text: 1,048,576 cells took ~1 s in one call; the cells an import
// decoded in the worker, unpacked) leaves other requests answered in between (issue 16). The
// work must read values nothing changes meanwhile (a WorkbookDocument is a copy of the workbook,
// or the document an import installs).
import { setImmediate as nextTurn } from 'node:timers/promises';
import { SLICE_MS } from '../core/index.js';

/** Runs `steps` to its end, pausing for the event loop whenever `sliceMs` has been used. */
export async function finishInSlices<T>(
  steps: Iterator<unknown, T, undefined>,
  sliceMs: number = SLICE_MS,
): Promise<T> {
  let until = performance.now() + sliceMs;
  for (;;) {
    const next = steps.next();
    if (next.done === true) return next.value;
    if (performance.now() >= until) {
      await nextTurn();
      until = performance.now() + sliceMs;
    }
  }
}

function* joined(pieces: Iterable<string>): Generator<void, string, undefined> {
  const parts: string[] = [];
  for (const piece of pieces) {
    if (piece !== '') parts.push(piece);
    yield;
  }
  return parts.join('');
}

/** Joins `pieces` a slice of time per turn of the event loop. */
export function textInSlices(
  pieces: Iterable<string>,
  sliceMs: number = SLICE_MS,
): Promise<string> {
  return finishInSlices(joined(pieces), sliceMs);
}
