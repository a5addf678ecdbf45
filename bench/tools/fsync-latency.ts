// How long an fdatasync of a small append takes on this disk, the way the journal does it
// (writeSync to an O_APPEND file, then FileHandle.datasync on the thread pool), with 1, 2, 4
// and 8 fdatasyncs running at once. A durable write is answered no sooner than one fdatasync
// after it was written, so with N client connections writes/s cannot pass N ÷ that latency
// (Little's law): the last column is that ceiling for W4's 50 connections.
// Usage: node --import tsx bench/tools/fsync-latency.ts [seconds per case, default 1.5] [dir, default the OS temp dir]
import { mkdtempSync, rmSync, writeSync } from 'node:fs';
import { open } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

const SECONDS = Number(process.argv[2] ?? 1.5);
const DIR = mkdtempSync(path.join(process.argv[3] ?? os.tmpdir(), 'gridbook-fsync-'));
const FRAME = Buffer.alloc(150, 120);
const CONNECTIONS = 50;

function percentile(sorted: readonly number[], share: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))]!;
}

try {
  for (const streams of [1, 2, 4, 8]) {
    const handle = await open(path.join(DIR, `log-${streams}`), 'a');
    const latencies: number[] = [];
    const end = performance.now() + SECONDS * 1000;
    await Promise.all(
      Array.from({ length: streams }, async () => {
        while (performance.now() < end) {
          writeSync(handle.fd, FRAME);
          const start = performance.now();
          await handle.datasync();
          latencies.push(performance.now() - start);
        }
      }),
    );
    await handle.close();
    latencies.sort((a, b) => a - b);
    const mean = latencies.reduce((total, value) => total + value, 0) / latencies.length;
    console.log(
      `${streams} at once: ${Math.round(latencies.length / SECONDS)} fdatasyncs/s, ` +
        `p50 ${percentile(latencies, 0.5).toFixed(2)} ms, p90 ${percentile(latencies, 0.9).toFixed(2)} ms, ` +
        `mean ${mean.toFixed(2)} ms → at most ${Math.round(CONNECTIONS / (mean / 1000)).toLocaleString('en-US')} durable writes/s with ${CONNECTIONS} connections`,
    );
  }
} finally {
  rmSync(DIR, { recursive: true, force: true });
}
