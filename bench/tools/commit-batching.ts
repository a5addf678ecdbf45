// What sharing a recalculation saves on the commit path, without HTTP: single-cell writes
// through the durable handle (a FileWorkbookStore in a temp directory, fsync included), once
// one at a time (each waits for the last: every batch holds one write) and once in waves of
// 50 made at once (as 50 connections' requests arrive in one turn). Prints the process's CPU
// time per write (user + system, so the wait for fsync does not count) for each, and the ratio;
// then the core alone: Workbook.apply one by one against Workbook.applyBatch of 50.
// Usage: node --import tsx bench/tools/commit-batching.ts [writes=5000] [rounds=3]
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseCell, Workbook, writeCellOps } from '../../src/core/index.js';
import { OssHost } from '../../src/hosting/index.js';
import { FileWorkbookStore } from '../../src/persistence/index.js';

const writes = Number(process.argv[2] ?? 5000);
const rounds = Number(process.argv[3] ?? 3);
const WAVE = 50;

const dir = mkdtempSync(path.join(os.tmpdir(), 'gridbook-commit-batching-'));
const store = new FileWorkbookStore({ dir });
const handle = await (await OssHost.open({ journal: store })).handleFor();
let i = 0;
const write = () => {
  i += 1;
  return handle.commit(writeCellOps('Sheet1', parseCell(`B${(i % 1000) + 1}`), i), {
    actor: 'User',
  });
};

function cpuUs(): number {
  const usage = process.cpuUsage();
  return usage.user + usage.system;
}

async function oneAtATime(): Promise<number> {
  const start = cpuUs();
  for (let n = 0; n < writes; n += 1) await write();
  return (cpuUs() - start) / writes;
}

async function inWaves(): Promise<number> {
  const start = cpuUs();
  for (let n = 0; n < writes; n += WAVE)
    await Promise.all(Array.from({ length: WAVE }, () => write()));
  return (cpuUs() - start) / writes;
}

await oneAtATime();
await inWaves();
const ratios: number[] = [];
for (let round = 1; round <= rounds; round += 1) {
  const single = await oneAtATime();
  const waves = await inWaves();
  ratios.push(waves / single);
  console.log(
    `round ${round}: one at a time ${single.toFixed(1)} µs CPU a write, in waves of ${WAVE} ${waves.toFixed(1)} µs (${(waves / single).toFixed(2)}×)`,
  );
}
ratios.sort((a, b) => a - b);
console.log(
  `median: waves cost ${ratios[ratios.length >> 1]!.toFixed(2)}× the CPU a write of one at a time`,
);
await store.close();

const book = Workbook.create();
const ops = (n: number) => writeCellOps('Sheet1', parseCell(`B${(n % 1000) + 1}`), n);
for (let round = 1; round <= rounds; round += 1) {
  let start = cpuUs();
  for (let n = 0; n < writes; n += 1) book.apply(ops(n));
  const applied = (cpuUs() - start) / writes;
  start = cpuUs();
  for (let n = 0; n < writes; n += WAVE)
    book.applyBatch(Array.from({ length: WAVE }, (_, k) => ({ ops: ops(n + k), meta: {} })));
  const batched = (cpuUs() - start) / writes;
  console.log(
    `core round ${round}: apply ${applied.toFixed(1)} µs a write, applyBatch of ${WAVE} ${batched.toFixed(1)} µs (${(batched / applied).toFixed(2)}×)`,
  );
}
