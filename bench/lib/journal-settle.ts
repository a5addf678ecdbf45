// Waits until a bench server's journal has no compaction under way, so that a timed call does
// not share the machine with the compaction worker. A compaction starts a new log segment and
// removes the older segments (and bases) only once its snapshot is durable, so more than one
// segment, or a temp file of the snapshot being written, means one is still running.
import { readdirSync } from 'node:fs';
import path from 'node:path';

const POLL_MS = 100;

/** Whether any workbook's journal under `dataDir` is being compacted right now. */
export function compactionUnderWay(dataDir: string): boolean {
  const root = path.join(dataDir, 'journal');
  let workbooks: string[];
  try {
    workbooks = readdirSync(root);
  } catch {
    return false; // no journal yet
  }
  return workbooks.some((workbook) => {
    const entries = readdirSync(path.join(root, workbook));
    const logs = entries.filter((entry) => entry.endsWith('.journal')).length;
    return logs > 1 || entries.some((entry) => entry.endsWith('.tmp'));
  });
}

/**
 * Polls until no compaction runs (at most `limitMs`); answers how long it waited and whether
 * one was running when called, so a report can say so.
 */
export async function waitForSettledJournal(
  dataDir: string,
  limitMs = 300_000,
): Promise<{ waitedMs: number; wasCompacting: boolean }> {
  const start = Date.now();
  const wasCompacting = compactionUnderWay(dataDir);
  while (compactionUnderWay(dataDir)) {
    if (Date.now() - start > limitMs)
      throw new Error(`the journal in ${dataDir} was still compacting after ${limitMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  return { waitedMs: Date.now() - start, wasCompacting };
}
