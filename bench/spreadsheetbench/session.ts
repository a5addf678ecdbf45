// One fresh Gridbook workbook, composed the way src/main.ts composes the server's (the file
// store and journal in a data directory, OssHost restoring from it), in a temporary directory
// that is removed afterwards. Every test case gets its own, so nothing leaks between them.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { OssHost, type JournaledWorkbook } from '../../src/hosting/index.js';
import { FileWorkbookStore } from '../../src/persistence/index.js';

export type ReportProblem = (problem: string, error: unknown) => void;

/** Runs `work` on a new workbook handle; the store is closed and the directory removed after. */
export async function withFreshWorkbook<T>(
  report: ReportProblem,
  work: (handle: JournaledWorkbook) => Promise<T>,
): Promise<T> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'gridbook-spreadsheetbench-'));
  const store = new FileWorkbookStore({ dir: dataDir, report });
  try {
    const host = await OssHost.open({ journal: store, report });
    const handle = await host.handleFor();
    try {
      return await work(handle);
    } finally {
      // A commit still on its way to the journal would write into a directory being removed.
      await handle.settled();
    }
  } finally {
    await store.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
