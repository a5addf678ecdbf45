// Would folding the engine writes of many W4 requests into one HyperFormula batch make a durable
// write cheaper? W4's writes (one number into B1..B1000 of a fresh sheet, over and over) are
// made here on a bare HyperFormula with Gridbook's engine settings, one `setCellContents` a write
// or N of them inside one `batch`, in alternating rounds so a busy machine's noise falls on every
// size alike. It prints the median microseconds a write for each batch size: if a batch of 10
// costs less a write than single writes, folding would pay; if more, it cannot.
// Usage: node --import tsx bench/tools/hf-write-batching.ts [rounds, default 5] [writes a round, default 100000]
import { createRawWorkbook } from '../lib/raw-engine.js';

const ROUNDS = Number(process.argv[2] ?? 5);
const WRITES = Number(process.argv[3] ?? 100_000);
const BATCH_SIZES = [1, 2, 5, 10, 15, 20] as const;
const ROWS = 1000;
const COLUMN_B = 1;

const raw = createRawWorkbook();

function microsecondsAWrite(batchSize: number, firstWrite: number): number {
  const start = process.hrtime.bigint();
  for (let i = firstWrite; i < firstWrite + WRITES; i += batchSize) {
    if (batchSize === 1) {
      raw.hf.setCellContents({ sheet: raw.sheet, row: i % ROWS, col: COLUMN_B }, i);
      continue;
    }
    raw.hf.batch(() => {
      for (let j = i; j < i + batchSize; j += 1) {
        raw.hf.setCellContents({ sheet: raw.sheet, row: j % ROWS, col: COLUMN_B }, j);
      }
    });
  }
  return Number(process.hrtime.bigint() - start) / 1000 / WRITES;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

microsecondsAWrite(1, 0); // warm-up: the first round pays for JIT compilation
const samples = new Map<number, number[]>(BATCH_SIZES.map((size) => [size, []]));
let written = WRITES;
for (let round = 0; round < ROUNDS; round += 1) {
  for (const size of BATCH_SIZES) {
    samples.get(size)!.push(microsecondsAWrite(size, written));
    written += WRITES;
  }
}
for (const size of BATCH_SIZES) {
  const values = samples.get(size)!;
  console.log(
    `batch of ${String(size).padStart(2)}: median ${median(values).toFixed(2)} µs a write ` +
      `(rounds ${values.map((value) => value.toFixed(2)).join(', ')})`,
  );
}
