// What an idle gap before a write costs: the same warm single-cell `Workbook.apply`, timed in CPU
// (process.cpuUsage), back to back, after one event-loop turn and after waiting 1 and 2 ms, as a lone write over HTTP
// waits for the client and for its fdatasync. On a shared VM the write after a wait runs with
// cold caches (and possibly on another core), so W4's 1-connection control pays it every time.
// Usage: node --import tsx bench/tools/w4-cold-probe.ts [writes per case=1000]
import { setTimeout as sleep } from 'node:timers/promises';
import { parseCell, Workbook, writeCellOps } from '../../src/core/index.js';

const writes = Number(process.argv[2] ?? 1000);
const book = Workbook.create();
const ops = (n: number) => writeCellOps('Sheet1', parseCell(`B${(n % 1000) + 1}`), n);
for (let n = 0; n < 5000; n += 1) book.apply(ops(n));

/** 0: back to back; 'turn': one setImmediate; a number: that many ms asleep. */
async function idle(gap: number | 'turn'): Promise<void> {
  if (gap === 'turn') await new Promise((resolve) => setImmediate(resolve));
  else if (gap > 0) await sleep(gap);
}

for (const gap of [0, 'turn', 1, 2] as const) {
  let cpu = 0;
  for (let n = 0; n < writes; n += 1) {
    await idle(gap);
    const start = process.cpuUsage();
    book.apply(ops(n));
    const used = process.cpuUsage(start);
    cpu += used.user + used.system;
  }
  console.log(
    `gap ${gap === 'turn' ? 'one event-loop turn' : `${gap} ms`}: ${(cpu / writes).toFixed(1)} µs CPU an apply`,
  );
}
