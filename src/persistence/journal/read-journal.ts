// Reading a journal directory back: the newest snapshot that loads, then the records of every
// log segment from it on, in seq order. What may legitimately be missing at the end (a record
// cut short by kill -9, records after a gap) was never acknowledged, because a commit is
// acknowledged only once it and every commit before it are durable; such a tail is reported and
// dropped. A damaged record with more data after it was acknowledged data: that is an error.
import path from 'node:path';
import type { CommitRecord, WorkbookDocument } from '../../core/index.js';
import { readFileIfPresent, type FileSystem } from '../../files/index.js';
import { parseWorkbookText, withName } from '../document-import.js';
import { JournalCorruptError } from '../errors.js';
import { baseFileName, listJournal, logFileName } from './journal-files.js';
import { decodeFrames, FRAME_HEADER_BYTES } from './record-framing.js';

export interface JournalContents {
  readonly base?: { readonly seq: number; readonly document: WorkbookDocument } | undefined;
  readonly records: CommitRecord[];
  readonly notes: string[];
  /** The segment the last record came from (or the base's, when none), and its readable length. */
  readonly tail: { readonly segmentSeq: number; readonly validBytes: number };
  /** Log bytes after the base (what compaction would fold in). */
  readonly logBytes: number;
  /** Segments holding nothing that was acknowledged (after a gap or a torn tail). */
  readonly unacknowledged: readonly number[];
}

async function readEntries(files: FileSystem, dir: string): Promise<string[]> {
  try {
    return await files.readdir(dir);
  } catch (error) {
    if ((error as { code?: string }).code === 'ENOENT') return [];
    throw error;
  }
}

/** A snapshot file that is there but does not parse, and why. */
interface UnreadableBase {
  readonly seq: number;
  readonly problem: string;
}

/** The newest snapshot that parses (at or before `upTo`); older ones are the fallback. */
async function newestBase(
  files: FileSystem,
  dir: string,
  bases: readonly number[],
  notes: string[],
  unreadable: UnreadableBase[],
): Promise<JournalContents['base']> {
  for (const seq of [...bases].reverse()) {
    const data = await readFileIfPresent(files, path.join(dir, baseFileName(seq)));
    if (data === undefined) continue;
    try {
      return {
        seq,
        document: withName(parseWorkbookText(data.toString('utf8'), baseFileName(seq))),
      };
    } catch (error) {
      unreadable.push({ seq, problem: (error as Error).message });
      notes.push(
        `the snapshot ${baseFileName(seq)} could not be read (${(error as Error).message}); an older one is used`,
      );
    }
  }
  return undefined;
}

/** True when the bad frame at `offset` ends before the file does: damage with data after it. */
function damagedInTheMiddle(data: Buffer, offset: number): boolean {
  if (data.length - offset < FRAME_HEADER_BYTES) return false;
  const end = offset + FRAME_HEADER_BYTES + data.readUInt32LE(offset);
  return end < data.length;
}

/** Reads the journal, taking records up to `upTo` (compaction reads only what it folds in). */
export async function readJournal(
  files: FileSystem,
  dir: string,
  upTo = Number.POSITIVE_INFINITY,
): Promise<JournalContents> {
  const notes: string[] = [];
  const listing = listJournal(await readEntries(files, dir));
  const unreadable: UnreadableBase[] = [];
  const base = await newestBase(
    files,
    dir,
    listing.bases.filter((seq) => seq <= upTo),
    notes,
    unreadable,
  );
  const baseSeq = base?.seq ?? 0;
  const records: CommitRecord[] = [];
  let tail = { segmentSeq: baseSeq, validBytes: 0 };
  let logBytes = 0;
  let stopped = false;
  const unacknowledged: number[] = [];
  for (const segmentSeq of listing.logs.filter((seq) => seq >= baseSeq)) {
    if (stopped) {
      unacknowledged.push(segmentSeq);
      continue;
    }
    const name = logFileName(segmentSeq);
    const data = (await readFileIfPresent(files, path.join(dir, name))) ?? Buffer.alloc(0);
    const decoded = decodeFrames(data);
    if (decoded.problem !== undefined && damagedInTheMiddle(data, decoded.validBytes)) {
      throw new JournalCorruptError(path.join(dir, name), decoded.validBytes, decoded.problem);
    }
    let last = records.at(-1)?.seq ?? baseSeq;
    const fresh = decoded.records.filter((record) => record.seq > baseSeq && record.seq <= upTo);
    if (segmentSeq > last && !decoded.records.some((record) => record.seq > baseSeq)) {
      // A segment is started after the commit it is named by (a compaction or a snapshot), so
      // one named past the last commit read was started after a commit that never reached the
      // disk, and nothing in it was acknowledged. It must not become the tail: the commit it is
      // named by would be appended to it again, the compaction that commit starts would open a
      // second writer on the same file, and the two would interleave records (docs/decisions/
      // 2026-11-30-segments-named-past-the-last-commit.md).
      notes.push(
        `${name} was started after commit ${segmentSeq}, which never reached the disk; it holds nothing acknowledged and is set aside`,
      );
      stopped = true;
      unacknowledged.push(segmentSeq);
      continue;
    }
    if (fresh.length > 0 && fresh[0]!.seq !== last + 1) {
      notes.push(
        `${name} goes on at commit ${fresh[0]!.seq} after commit ${last}: the commits from there were never acknowledged and are dropped`,
      );
      stopped = true;
      unacknowledged.push(segmentSeq);
      continue;
    }
    for (const record of fresh) {
      if (record.seq !== last + 1)
        throw new JournalCorruptError(
          path.join(dir, name),
          0,
          `commit ${record.seq} follows commit ${last}`,
        );
      records.push(record);
      last = record.seq;
    }
    logBytes += decoded.validBytes;
    tail = { segmentSeq, validBytes: decoded.validBytes };
    if (decoded.problem !== undefined) {
      notes.push(
        `dropped the last ${data.length - decoded.validBytes} bytes of ${name} (${decoded.problem}): a write cut short, never acknowledged`,
      );
      stopped = true;
    }
  }
  // A snapshot is only ever renamed into place whole (writeFileAtomically), so one that is there
  // but does not parse was damaged after it was written: it holds acknowledged commits. An older
  // snapshot and the logs after it stand in for it only when they reach its seq; otherwise (the
  // logs it replaced are deleted) starting from what is left would silently drop everything up
  // to it, and the records after it would be set aside as if never acknowledged.
  const reached = records.at(-1)?.seq ?? baseSeq;
  const lost = unreadable.find((skipped) => skipped.seq > reached);
  if (lost !== undefined)
    throw new JournalCorruptError(
      path.join(dir, baseFileName(lost.seq)),
      0,
      `the snapshot of commit ${lost.seq} cannot be read: ${lost.problem}; the journal left without it ends at commit ${reached}`,
    );
  return { base, records, notes, tail, logBytes, unacknowledged };
}
