// Lookups and criteria over whole columns (MATCH, VLOOKUP, XLOOKUP, COUNTIF, SUMIF, …) on a tall
// sparse sheet, in one process through the core Workbook: each formula evaluated as /eval
// evaluates a typed formula (an Excel 365 formula) and as a cell holds a file's formula (written
// as is), the median of a few runs.
//   node --import tsx bench/tools/whole-column-lookups.ts [tall|held|all] [runs]
// tall: one value in each of A, B, C of row 1,048,576 and nothing else; held: 1,000 rows held
// (A: 0–9, B: the row, C: text). WHOLE_COLUMN_ONLY=COUNTIF limits the formulas to those whose
// text contains it (for a CPU profile: node --cpu-prof --cpu-prof-dir=/tmp/prof …).
import { Workbook, writeRangeOps, type WireValue } from '../../src/core/index.js';
import { evaluateFormulas } from '../../src/engine-api/index.js';

const which = process.argv[2] ?? 'all';
const RUNS = Number(process.argv[3] ?? 3);
const ONLY = process.env.WHOLE_COLUMN_ONLY;

const FORMULAS = [
  '=MATCH(7,Data!A:A,0)',
  '=MATCH(7,Data!A:A,1)',
  '=MATCH("",Data!A:A,0)',
  '=XMATCH(7,Data!A:A)',
  '=VLOOKUP(7,Data!A:C,2,FALSE)',
  '=VLOOKUP(7,Data!A:C,2,TRUE)',
  '=XLOOKUP(7,Data!A:A,Data!B:B)',
  '=LOOKUP(7,Data!A:A,Data!B:B)',
  '=INDEX(Data!B:B,MATCH(7,Data!A:A,0))',
  '=COUNTIF(Data!A:C,7)',
  '=COUNTIF(Data!A:A,"")',
  '=COUNTIF(Data!A:A,"<>5")',
  '=SUMIF(Data!A:A,7,Data!B:B)',
  '=SUMIF(Data!A:A,"",Data!B:B)',
  '=AVERAGEIF(Data!A:A,7,Data!B:B)',
  '=COUNTIFS(Data!A:A,7,Data!B:B,">0")',
  '=SUMIFS(Data!B:B,Data!A:A,7,Data!C:C,"<>")',
  '=MAXIFS(Data!B:B,Data!A:A,7)',
  '=COUNTBLANK(Data!A:C)',
  '=SUMPRODUCT(--ISBLANK(Data!A:A))',
  '=SUM(Data!A:C)',
].filter((formula) => ONLY === undefined || formula.includes(ONLY));

function tallSheet(book: Workbook): void {
  book.apply(writeRangeOps('Data', { row: 1_048_575, col: 0 }, [[7, 3, 'x']]));
}

function heldRows(book: Workbook): void {
  const rows: WireValue[][] = Array.from({ length: 1000 }, (_, row) => [
    row % 10,
    row + 1,
    `t${row}`,
  ]);
  book.apply(writeRangeOps('Data', { row: 0, col: 0 }, rows));
}

const median = (samples: number[]): number =>
  [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)]!;

/**
 * CPU milliseconds of one call (on a shared machine the wall clock mostly measures the others),
 * the median of RUNS, and the last answer.
 */
function timed(run: () => unknown): { ms: number; answer: unknown } {
  const samples: number[] = [];
  let answer: unknown;
  for (let index = 0; index < RUNS; index += 1) {
    const start = process.cpuUsage();
    answer = run();
    const used = process.cpuUsage(start);
    samples.push((used.user + used.system) / 1000);
  }
  return { ms: median(samples), answer };
}

function measure(label: string, fill: (book: Workbook) => void): void {
  const book = Workbook.create();
  book.apply([{ type: 'add-sheet', name: 'Data' }]);
  fill(book);
  console.log(`\n${label} (CPU ms, median of ${RUNS})`);
  console.log('formula'.padEnd(46) + 'eval'.padStart(9) + 'cell'.padStart(9) + '  answer');
  let row = 0;
  for (const formula of FORMULAS) {
    const typed = timed(() => evaluateFormulas(book, 'Sheet1', [{ cell: 'A1', formula }]));
    const result = typed.answer as { results: { result: unknown; error: unknown }[] };
    // A new cell each run: clearing a formula cell is not what is measured here.
    const held = timed(() =>
      book.apply([
        {
          type: 'set-cells',
          sheet: 'Sheet1',
          runs: [{ row: (row += 1), col: 0, inputs: [{ formula }] }],
        },
      ]),
    );
    const { result: value, error } = result.results[0]!;
    console.log(
      formula.padEnd(46) +
        typed.ms.toFixed(1).padStart(9) +
        held.ms.toFixed(1).padStart(9) +
        `  ${JSON.stringify(error ?? value)}`,
    );
  }
  book.dispose();
}

if (which === 'tall' || which === 'all') measure('tall: one value in row 1,048,576', tallSheet);
if (which === 'held' || which === 'all') measure('held: 1,000 rows held', heldRows);
