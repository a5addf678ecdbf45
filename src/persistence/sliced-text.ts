// Text built from pieces a slice of time per turn of the event loop, so that writing a large
// workbook (a save, a journal snapshot: 1,048,576 cells took ~1 s in one call) leaves other
// requests answered in between (issue 16). The pieces must come from a value nothing changes
// meanwhile (a WorkbookDocument is a copy of the workbook, or the document an import installed).
import { setImmediate as nextTurn } from 'node:timers/promises';

/** Work per turn of the event loop while text is built in slices. */
export const TEXT_SLICE_MS = 10;

/** Joins `pieces`, pausing for the event loop whenever a slice of `sliceMs` has been used. */
export async function textInSlices(
  pieces: Iterable<string>,
  sliceMs: number = TEXT_SLICE_MS,
): Promise<string> {
  const parts: string[] = [];
  let until = performance.now() + sliceMs;
  for (const piece of pieces) {
    if (piece !== '') parts.push(piece);
    if (performance.now() >= until) {
      await nextTurn();
      until = performance.now() + sliceMs;
    }
  }
  return parts.join('');
}
