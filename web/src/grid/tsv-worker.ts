// Parses pasted clipboard text off the page's main thread: a 500,000-cell paste takes over
// 100 ms to parse, long enough to freeze the page (docs/ui-rules.md PERF-09). The rows go back in
// batches, so copying them into the page is many short tasks rather than one long one.
import { parseTsv } from './tsv.js';

/** One message from the worker: some rows, in order; `done` on the last. */
export interface ParsedBatch {
  readonly rows: string[][];
  readonly done: boolean;
}

const BATCH_CELLS = 10_000;

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<string>) => void) | null;
  postMessage(batch: ParsedBatch): void;
};

scope.onmessage = (event) => {
  const rows = parseTsv(event.data);
  const width = rows.reduce((widest, row) => Math.max(widest, row.length), 1);
  const rowsPerBatch = Math.max(1, Math.floor(BATCH_CELLS / width));
  for (let start = 0; ; start += rowsPerBatch) {
    const done = start + rowsPerBatch >= rows.length;
    scope.postMessage({ rows: rows.slice(start, start + rowsPerBatch), done });
    if (done) return;
  }
};
