// W5's in-process save + load of W2's values (100,000 cells by default), repeated, for a CPU
// profile of the path without HTTP or the rest of the benchmark:
//   node --cpu-prof --cpu-prof-dir=/tmp/prof --import tsx bench/tools/w5-save-load.ts [rows] [repeats]
//   node --import tsx bench/tools/profile-summary.ts /tmp/prof/<file>.cpuprofile 40
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { replaceWorkbookOps, Workbook, writeRangeOps } from '../../src/core/index.js';
import { FileWorkbookStore } from '../../src/persistence/index.js';
import { w2Values } from '../workloads/data.js';

const rows = Number(process.argv[2] ?? 1000);
const repeats = Number(process.argv[3] ?? 10);
const source = Workbook.create();
source.apply(writeRangeOps('Sheet1', { row: 0, col: 0 }, w2Values(rows)));
const dir = mkdtempSync(path.join(os.tmpdir(), 'gridbook-w5-'));
const store = new FileWorkbookStore({ dir });
const target = Workbook.create();
try {
  for (let run = 1; run <= repeats; run += 1) {
    let start = performance.now();
    await store.save('default', source.document());
    const save = performance.now() - start;
    start = performance.now();
    const document = await store.load('default');
    // Like /system/load: the live workbook is replaced (its old state kept for undo).
    target.apply(replaceWorkbookOps(document!), { actor: 'User' });
    const load = performance.now() - start;
    process.stdout.write(`run ${run}: save ${save.toFixed(1)} ms, load ${load.toFixed(1)} ms\n`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
