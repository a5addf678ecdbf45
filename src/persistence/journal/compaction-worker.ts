// The compaction worker thread: folds a journal's log, up to one seq, into a new snapshot. It
// replays the records onto the newest base in a workbook of its own (core's replayRecords, the
// path a restart takes) and encodes the result in the dense layout. It runs off the main thread
// because building a 1,000,000-cell document alone takes about a second. Two sources: a journal
// directory (the file journal: one worker per compaction, which writes base-<seq> atomically
// itself), or the stored texts of a base and its records (a database store, which reads and
// writes its own rows: a worker started with `serve` takes such jobs one message at a time and
// answers each snapshot's text).
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import {
  replaceWorkbookOps,
  replayRecords,
  Workbook,
  type CommitRecord,
  type WorkbookDocument,
} from '../../core/index.js';
import { nodeFileSystem, writeFileAtomically } from '../../files/index.js';
import { runInBackground } from '../background-thread.js';
import { parseWorkbookText, withName } from '../document-import.js';
import { gridbookText } from '../gridbook-json.js';
import { baseFileName } from './journal-files.js';
import { readJournal } from './read-journal.js';

export interface DirectoryCompactionJob {
  readonly kind: 'directory';
  readonly dir: string;
  readonly upTo: number;
  readonly exportedAt: string;
}

export interface TextCompactionJob {
  readonly kind: 'text';
  /** The base as stored (Gridbook JSON); absent: an empty workbook at seq 0. */
  readonly base?: { readonly seq: number; readonly text: string } | undefined;
  /** Every record after the base up to `upTo`, each as its JSON text. */
  readonly records: readonly string[];
  readonly upTo: number;
  readonly exportedAt: string;
}

export type CompactionJob = DirectoryCompactionJob | TextCompactionJob;

interface Folding {
  readonly base?: { readonly seq: number; readonly document: WorkbookDocument } | undefined;
  readonly records: readonly CommitRecord[];
}

/** The dense Gridbook text of `records` replayed onto `base`, which must end at `upTo`. */
function fold(contents: Folding, upTo: number, exportedAt: string): string {
  const last = contents.records.at(-1)?.seq ?? contents.base?.seq ?? 0;
  if (last !== upTo) throw new Error(`the journal holds commits up to ${last}, not ${upTo}`);
  // No undo history: nothing will be undone in this workbook, and it would double the memory.
  const workbook = Workbook.create({ undoDepth: 0, undoMaxBytes: 0 });
  try {
    workbook.rebuildingEngineAfter(() => {
      if (contents.base !== undefined) workbook.apply(replaceWorkbookOps(contents.base.document));
      replayRecords(workbook, contents.records, contents.base?.seq ?? 0);
    });
    return gridbookText(workbook.document(), { exportedAt: new Date(exportedAt), dense: true });
  } finally {
    workbook.dispose();
  }
}

async function compact(job: CompactionJob): Promise<string | undefined> {
  if (job.kind === 'text') {
    const base =
      job.base === undefined
        ? undefined
        : {
            seq: job.base.seq,
            document: withName(parseWorkbookText(job.base.text, `snapshot ${job.base.seq}`)),
          };
    const records = job.records.map((text) => JSON.parse(text) as CommitRecord);
    return fold({ base, records }, job.upTo, job.exportedAt);
  }
  const contents = await readJournal(nodeFileSystem, job.dir, job.upTo);
  const text = fold(contents, job.upTo, job.exportedAt);
  await writeFileAtomically(
    nodeFileSystem,
    path.join(job.dir, baseFileName(job.upTo)),
    text,
    `compaction-${job.upTo}`,
  );
  return undefined;
}

const reason = (error: unknown): string => (error instanceof Error ? error.message : String(error));

runInBackground();
if ((workerData as { kind: string }).kind === 'serve') {
  // A database store's folder: one job per message, answered by its id, until terminated.
  parentPort?.on('message', (message: { id: number; job: CompactionJob }) => {
    compact(message.job).then(
      (text) => parentPort?.postMessage({ id: message.id, ok: true, text }),
      (error: unknown) =>
        parentPort?.postMessage({ id: message.id, ok: false, message: reason(error) }),
    );
  });
} else {
  compact(workerData as CompactionJob).then(
    (text) => parentPort?.postMessage({ ok: true, text }),
    (error: unknown) => parentPort?.postMessage({ ok: false, message: reason(error) }),
  );
}
