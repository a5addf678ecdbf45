// W7 in one process: builds a journal of a 1,000,000-cell workbook (100 range writes of 1000 ×
// 10 numbers, as W7's fill), with or without a compacted base, then times OssHost.open on it
// (recover + replay + the one engine build), phase by phase. Run under --cpu-prof to see where
// a slow restart goes.
// Usage: node --import tsx bench/tools/w7-replay.ts [log|base] [rounds]
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseCell, writeRangeOps } from '../../src/core/index.js';
import { OssHost } from '../../src/hosting/index.js';
import { FileWorkbookStore } from '../../src/persistence/index.js';
import { w6Chunk } from '../workloads/w6-data.js';

const mode = process.argv[2] ?? 'log';
const dir = mkdtempSync(path.join(os.tmpdir(), 'gridbook-w7-replay-'));
const store = () => new FileWorkbookStore({ dir, compactAfterBytes: 0 });

const writer = store();
const host = await OssHost.open({ journal: writer });
const handle = await host.handleFor();
for (let first = 0; first < 100_000; first += 1000)
  await handle.commit(
    writeRangeOps('Sheet1', parseCell(`A${first + 1}`), w6Chunk(first, 1000)),
    {},
  );
if (mode === 'base') await writer.writeSnapshot('default', handle.seq, handle.workbook.document());
await handle.commit(writeRangeOps('Sheet1', parseCell('M1'), [[1]]), {});
await writer.close();

const rounds = Number(process.argv[3] ?? 3);
for (let round = 1; round <= rounds; round += 1) {
  const reader = store();
  const start = performance.now();
  const recovered = await reader.recover('default');
  const read = performance.now();
  const reopened = await OssHost.open({ journal: reader });
  const done = performance.now();
  console.log(
    `${mode} round ${round}: read the journal ${(read - start).toFixed(0)} ms (${recovered.records.length} records, base ${recovered.base === undefined ? 'none' : recovered.base.seq}), recover + replay + build ${(done - read).toFixed(0)} ms; ${(await reopened.handleFor()).workbook.sheet('Sheet1').cellCount} cells`,
  );
  await reader.close();
}
