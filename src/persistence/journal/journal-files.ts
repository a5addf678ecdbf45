// The journal's files in `<data dir>/journal/<workbook id>/`: snapshots `base-<seq>.gridbook`
// (the state after commit <seq>, in the save file's format) and log segments
// `log-<seq>.journal` (the records after base <seq>, in order). Names carry the seq, zero-padded
// so that a directory listing sorts them.
import path from 'node:path';

const BASE = /^base-(\d{12})\.gridbook$/;
const LOG = /^log-(\d{12})\.journal$/;

export function journalDirectory(dataDir: string, workbookId: string): string {
  return path.join(dataDir, 'journal', workbookId.replace(/[^A-Za-z0-9_-]/g, '_'));
}

function padded(seq: number): string {
  return String(seq).padStart(12, '0');
}

export function baseFileName(seq: number): string {
  return `base-${padded(seq)}.gridbook`;
}

export function logFileName(seq: number): string {
  return `log-${padded(seq)}.journal`;
}

export interface JournalListing {
  /** Seqs of the snapshots, ascending. */
  readonly bases: number[];
  /** Seqs the log segments start after, ascending. */
  readonly logs: number[];
}

export function listJournal(entries: readonly string[]): JournalListing {
  const seqsOf = (pattern: RegExp): number[] =>
    entries
      .map((entry) => pattern.exec(entry)?.[1])
      .filter((seq): seq is string => seq !== undefined)
      .map(Number)
      .sort((a, b) => a - b);
  return { bases: seqsOf(BASE), logs: seqsOf(LOG) };
}
