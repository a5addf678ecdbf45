// W6's measuring process for the raw and in-process variants: a fresh Node process (with
// --expose-gc) that fills one grid and reports its RSS before filling, at peak and after a
// forced GC as one JSON line on stdout. Usage: w6-memory-child.ts <raw|inProcess> <rows> <rowsPerWrite> [formats]
// (formats: one number format per column, set before the fill; the in-process variant only)
import { w6Chunk, W6_COLUMNS, w6Expected } from './w6-data.js';
import { inProcessFiller, type Filler } from './w6-fillers.js';

async function rawFiller(): Promise<Filler> {
  const { createRawWorkbook } = await import('../lib/raw-engine.js');
  const raw = createRawWorkbook();
  return {
    write: (row, values) => raw.hf.setCellContents({ sheet: raw.sheet, row, col: 0 }, values),
    read: (row, col) => raw.hf.getCellValue({ sheet: raw.sheet, row, col }),
  };
}

function collect(): void {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (gc === undefined) throw new Error('w6-memory-child needs node --expose-gc');
  gc();
  gc();
}

async function main(): Promise<void> {
  const [variant, rowsText, perWriteText, formats] = process.argv.slice(2);
  const rows = Number(rowsText);
  const perWrite = Number(perWriteText);
  if ((variant !== 'raw' && variant !== 'inProcess') || !(rows > 0) || !(perWrite > 0)) {
    throw new Error('usage: w6-memory-child.ts <raw|inProcess> <rows> <rowsPerWrite>');
  }
  const filler =
    variant === 'raw' ? await rawFiller() : await inProcessFiller(formats === 'formats' ? rows : 0);
  collect();
  const before = process.memoryUsage().rss;
  const start = performance.now();
  for (let row = 0; row < rows; row += perWrite)
    filler.write(row, w6Chunk(row, Math.min(perWrite, rows - row)));
  const fillMs = performance.now() - start;
  for (const [row, col] of [
    [rows - 1, W6_COLUMNS - 1],
    [Math.floor(rows / 2), 3],
  ] as const) {
    if (filler.read(row, col) !== w6Expected(row, col))
      throw new Error(`W6: cell (${row}, ${col}) reads ${JSON.stringify(filler.read(row, col))}`);
  }
  const peak = process.resourceUsage().maxRSS * 1024;
  collect();
  const after = process.memoryUsage();
  process.stdout.write(
    `${JSON.stringify({ before, peak, afterGc: after.rss, heapAfterGc: after.heapUsed, fillMs })}\n`,
  );
}

await main();
