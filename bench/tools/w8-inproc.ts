// W8 in one process, for profiling: fill 100,000 × 50 (a formula every tenth row), insert a row
// at the top, read, undo; then a 100,000 × 5 table sorted by its first column.
// W8_ROWS=20000 W8_PROFILE="insert row at top" node --import tsx bench/tools/w8-inproc.ts [insert|sort|all]
// W8_ROWS sets the rows (default 100,000); W8_PROFILE names one timed phase whose CPU profile is
// written to /tmp/<phase>.cpuprofile (summarise it with bench/tools/profile-summary.ts).
import { Session } from 'node:inspector';
import { writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { sortRangeOps, Workbook, writeRangeOps, parseRange } from '../../src/core/index.js';

const ROWS = Number(process.env.W8_ROWS ?? 100_000);
const WIDE = 50;
const which = process.argv[2] ?? 'all';

const PROFILE = process.env.W8_PROFILE; // a phase label: its CPU profile goes to /tmp/<label>.cpuprofile
const session = new Session();
session.connect();
function post(method: string, params: object = {}): Promise<unknown> {
  return new Promise((resolve, reject) =>
    session.post(method, params, (error, result) => (error ? reject(error) : resolve(result))),
  );
}

async function time<T>(label: string, fn: () => T): Promise<T> {
  const profiled = PROFILE === label;
  if (profiled) {
    await post('Profiler.enable');
    await post('Profiler.start');
  }
  const start = performance.now();
  const cpu = process.cpuUsage();
  const result = fn();
  // CPU time beside wall time: on a shared machine the wall clock mostly measures the others.
  const used = process.cpuUsage(cpu);
  console.log(
    `${label}: ${(performance.now() - start).toFixed(0)} ms wall, ${((used.user + used.system) / 1000).toFixed(0)} ms CPU`,
  );
  if (profiled) {
    const { profile } = (await post('Profiler.stop')) as { profile: unknown };
    writeFileSync(`/tmp/${label.replaceAll(' ', '-')}.cpuprofile`, JSON.stringify(profile));
  }
  return result;
}

const workbook = Workbook.create();
if (which === 'insert' || which === 'all') {
  await time('fill wide', () => {
    for (let first = 0; first < ROWS; first += 1000) {
      const values = Array.from({ length: 1000 }, (_, offset) => {
        const r = first + offset;
        const cells: (number | string)[] = Array.from({ length: WIDE }, (_, c) => r * WIDE + c);
        if (r % 10 === 0) cells[WIDE - 1] = `=SUM(A${r + 1}:C${r + 1})`;
        return cells;
      });
      workbook.apply(writeRangeOps('Sheet1', { row: first, col: 0 }, values));
    }
  });
  await time('insert row at top', () =>
    workbook.apply([
      {
        type: 'change-structure',
        change: { kind: 'insert', sheet: 'Sheet1', axis: 'row', at: 0, count: 1 },
      },
    ]),
  );
  await time('read', () => workbook.sheet('Sheet1').value(1, 49));
  console.log('AX2', workbook.sheet('Sheet1').input(1, 49), workbook.sheet('Sheet1').value(1, 49));
  await time('undo', () => workbook.undo());
  console.log('AX1', workbook.sheet('Sheet1').input(0, 49), workbook.sheet('Sheet1').value(0, 49));
}
if (which === 'sort' || which === 'all') {
  workbook.apply([{ type: 'add-sheet', name: 'Table' }]);
  await time('fill table', () => {
    for (let first = 0; first < ROWS; first += 1000) {
      const values = Array.from({ length: 1000 }, (_, offset) => {
        const r = first + offset;
        return [(r * 7919) % ROWS, `n${r}`, r % 13, r / 2, `=A${r + 1}*2`];
      });
      workbook.apply(writeRangeOps('Table', { row: first, col: 0 }, values));
    }
  });
  const sheet = workbook.sheet('Table');
  const { ops } = await time('sort ops', () =>
    sortRangeOps(sheet, parseRange(`A1:E${ROWS}`), [{ col: 0, descending: false }], false),
  );
  await time('sort apply', () => workbook.apply(ops));
  console.log('E1', sheet.input(0, 4), sheet.value(0, 4), sheet.value(ROWS - 1, 4));
}
