// Where W6's memory goes: fills 100,000 × 10 numbers (W6's data, 100 writes of 1000 rows) in a
// fresh process per variant and prints RSS and V8 heap after a forced GC, so HyperFormula's
// share and Gridbook's own can be told apart, and HyperFormula's memory settings compared.
//   node --import tsx bench/tools/w6-heap.ts            # every variant, one process each
//   node --expose-gc --import tsx bench/tools/w6-heap.ts <variant>
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { AlwaysSparse, HyperFormula, type ConfigParams } from 'hyperformula';
import { nameBooleanLiterals, RAW_CONFIG } from '../lib/raw-engine.js';
import { w6Chunk, W6_COLUMNS, w6Expected } from '../workloads/w6-data.js';
import { inProcessFiller, type Filler } from '../workloads/w6-fillers.js';

const ROWS = 100_000;
const ROWS_PER_WRITE = 1000;
const MIB = 2 ** 20;

function rawFiller(extra: Partial<ConfigParams>): Filler {
  const hf = HyperFormula.buildEmpty({ ...RAW_CONFIG, ...extra });
  nameBooleanLiterals(hf);
  const sheet = hf.getSheetId(hf.addSheet('Sheet1'))!;
  return {
    write: (row, values) => hf.setCellContents({ sheet, row, col: 0 }, values),
    read: (row, col) => hf.getCellValue({ sheet, row, col }),
  };
}

/** The shape of Gridbook's per-sheet maps alone (cell key → value), for comparison. */
function mapsOnly(count: number): Filler {
  const maps = Array.from({ length: count }, () => new Map<number, number>());
  return {
    write: (row, values) =>
      values.forEach((cells, offset) =>
        cells.forEach((value, col) =>
          maps.forEach((map) => map.set((row + offset) * 16_384 + col, value)),
        ),
      ),
    read: (row, col) => maps[0]!.get(row * 16_384 + col),
  };
}

const VARIANTS: Record<string, () => Filler | Promise<Filler>> = {
  'raw HF, HyperFormula default undoLimit 20': () => rawFiller({ undoLimit: 20 }),
  'raw HF, undoLimit 0 (Gridbook engine setting)': () => rawFiller({ undoLimit: 0 }),
  'raw HF, undoLimit 0, AlwaysSparse address mapping': () =>
    rawFiller({ undoLimit: 0, chooseAddressMappingPolicy: new AlwaysSparse() }),
  // useColumnIndex: 393 MiB of heap and 20× the fill time in one run; run it by name if wanted.
  'Gridbook in-process': inProcessFiller,
  'one Map<number, number> of 1M entries': () => mapsOnly(1),
  'two Map<number, number> of 1M entries': () => mapsOnly(2),
};

function collect(): ReturnType<typeof process.memoryUsage> {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (gc === undefined) throw new Error('run the measuring process with node --expose-gc');
  gc();
  gc();
  return process.memoryUsage();
}

async function measure(variant: string): Promise<void> {
  const filler = await VARIANTS[variant]!();
  const before = collect();
  const start = performance.now();
  for (let row = 0; row < ROWS; row += ROWS_PER_WRITE)
    filler.write(row, w6Chunk(row, ROWS_PER_WRITE));
  const fillMs = performance.now() - start;
  if (filler.read(ROWS - 1, W6_COLUMNS - 1) !== w6Expected(ROWS - 1, W6_COLUMNS - 1))
    throw new Error(`${variant}: wrong last cell`);
  const after = collect();
  const figures = {
    variant,
    rssMiB: after.rss / MIB,
    heapMiB: after.heapUsed / MIB,
    heapTotalMiB: after.heapTotal / MIB,
    externalMiB: after.external / MIB,
    heapGrowthMiB: (after.heapUsed - before.heapUsed) / MIB,
    rssGrowthMiB: (after.rss - before.rss) / MIB,
    fillMs,
  };
  process.stdout.write(`${JSON.stringify(figures)}\n`);
}

const variant = process.argv[2];
if (variant !== undefined) {
  await measure(variant);
} else {
  const self = fileURLToPath(import.meta.url);
  process.stdout.write(
    'variant                                                rss MiB  heap MiB  heap growth  rss growth  heap total  external  fill ms\n',
  );
  for (const name of Object.keys(VARIANTS)) {
    const line = execFileSync(process.execPath, ['--expose-gc', '--import', 'tsx', self, name], {
      encoding: 'utf8',
    })
      .trim()
      .split('\n')
      .pop()!;
    const f = JSON.parse(line) as {
      rssMiB: number;
      heapMiB: number;
      heapGrowthMiB: number;
      rssGrowthMiB: number;
      heapTotalMiB: number;
      externalMiB: number;
      fillMs: number;
    };
    process.stdout.write(
      `${name.padEnd(54)} ${f.rssMiB.toFixed(0).padStart(7)} ${f.heapMiB.toFixed(0).padStart(9)} ${f.heapGrowthMiB.toFixed(0).padStart(12)} ${f.rssGrowthMiB.toFixed(0).padStart(11)} ${f.heapTotalMiB.toFixed(0).padStart(11)} ${f.externalMiB.toFixed(0).padStart(9)} ${f.fillMs.toFixed(0).padStart(8)}\n`,
    );
  }
}
