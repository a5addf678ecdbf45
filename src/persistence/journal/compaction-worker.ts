// The compaction worker thread: folds a journal's log, up to one seq, into a new snapshot. It
// replays the records onto the newest base in a workbook of its own (core's replayRecords, the
// path a restart takes) and writes the result as base-<seq> atomically. It runs off the main
// thread because building a 1,000,000-cell document alone takes about a second.
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { replaceWorkbookOps, replayRecords, Workbook } from '../../core/index.js';
import { nodeFileSystem, writeFileAtomically } from '../../files/index.js';
import { encodeGridbook } from '../gridbook-json.js';
import { baseFileName } from './journal-files.js';
import { readJournal } from './read-journal.js';

export interface CompactionJob {
  readonly dir: string;
  readonly upTo: number;
  readonly exportedAt: string;
}

async function compact(job: CompactionJob): Promise<void> {
  const contents = await readJournal(nodeFileSystem, job.dir, job.upTo);
  const last = contents.records.at(-1)?.seq ?? contents.base?.seq ?? 0;
  if (last !== job.upTo)
    throw new Error(`the journal holds commits up to ${last}, not ${job.upTo}`);
  // No undo history: nothing will be undone in this workbook, and it would double the memory.
  const workbook = Workbook.create({ undoDepth: 0, undoMaxBytes: 0 });
  try {
    workbook.rebuildingEngineAfter(() => {
      if (contents.base !== undefined) workbook.apply(replaceWorkbookOps(contents.base.document));
      replayRecords(workbook, contents.records, contents.base?.seq ?? 0);
    });
    const text = JSON.stringify(
      encodeGridbook(workbook.document(), { exportedAt: new Date(job.exportedAt), dense: true }),
    );
    await writeFileAtomically(
      nodeFileSystem,
      path.join(job.dir, baseFileName(job.upTo)),
      text,
      `compaction-${job.upTo}`,
    );
  } finally {
    workbook.dispose();
  }
}

compact(workerData as CompactionJob).then(
  () => parentPort?.postMessage({ ok: true }),
  (error: unknown) =>
    parentPort?.postMessage({
      ok: false,
      message: error instanceof Error ? error.message : String(error),
    }),
);
