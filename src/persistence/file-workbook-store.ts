// The OSS WorkbookStore: the named checkpoint is one JSON file per workbook in the data directory,
// replaced atomically (the default workbook's is `system_state.gridbook`, docs/design.md §4; saves
// of one workbook are queued so an older state can never overwrite a newer one), and the journal is
// the file journal in `<data dir>/journal/` (journal/file-journal.ts).
import path from 'node:path';
import { WorkbookError, type CommitRecord, type WorkbookDocument } from '../core/index.js';
import {
  nodeFileSystem,
  readFileIfPresent,
  removeStaleTempFiles,
  writeFileAtomically,
  type FileSystem,
} from '../files/index.js';
import { parseWorkbookText, withName } from './document-import.js';
import type { DecodedWorkbook } from './gridos-import.js';
import { CorruptSaveFileError, InvalidDocumentError } from './errors.js';
import { saveFileTextHere, type DocumentEncoder } from './save-file-text.js';
import { DEFAULT_COMPACT_AFTER_BYTES, FileJournal } from './journal/file-journal.js';
import {
  DEFAULT_WORKBOOK_ID,
  type EncodedDocument,
  type RecoveredCommits,
  type WorkbookStore,
} from './workbook-store.js';

export const SAVE_FILE_NAME = 'system_state.gridbook';

export interface FileWorkbookStoreOptions {
  readonly dir: string;
  readonly files?: FileSystem;
  readonly now?: () => Date;
  /** Distinguishes this process's temp files; default: the process id. */
  readonly processTag?: string;
  /**
   * Journal bytes after the last snapshot that start a background compaction (default 64 MiB; 0
   * never).
   */
  readonly compactAfterBytes?: number;
  /** Told of what the journal could not do in the background (a failed compaction). */
  readonly report?: (problem: string, error: unknown) => void;
  /**
   * Reads a checkpoint's bytes into a workbook; default: on the calling thread. The server
   * passes its worker's (XlsxWorkerPool.decodeJson): a 1,048,576-cell checkpoint is seconds of
   * JSON.parse and checks that would otherwise hold the event loop (issue 16).
   */
  readonly decode?: (data: Uint8Array, field: string) => Promise<DecodedWorkbook>;
  /**
   * Writes the text of a document saved or snapshotted; default: on the calling thread, a slice
   * per turn of the event loop. The server passes saveFileTextIn(its worker).
   */
  readonly encode?: DocumentEncoder;
}

const decodeHere = (data: Uint8Array, field: string): Promise<DecodedWorkbook> =>
  Promise.resolve().then(() => parseWorkbookText(Buffer.from(data).toString('utf8'), field));

export class FileWorkbookStore implements WorkbookStore {
  readonly #dir: string;
  readonly #files: FileSystem;
  readonly #now: () => Date;
  readonly #processTag: string;
  readonly #queues = new Map<string, Promise<void>>();
  readonly #journal: FileJournal;
  readonly #decode: (data: Uint8Array, field: string) => Promise<DecodedWorkbook>;
  readonly #encode: DocumentEncoder;
  #saves = 0;

  constructor(options: FileWorkbookStoreOptions) {
    this.#dir = options.dir;
    this.#files = options.files ?? nodeFileSystem;
    this.#now = options.now ?? (() => new Date());
    this.#processTag = options.processTag ?? String(process.pid);
    this.#decode = options.decode ?? decodeHere;
    this.#encode = options.encode ?? saveFileTextHere;
    this.#journal = new FileJournal({
      dataDir: this.#dir,
      files: this.#files,
      now: this.#now,
      compactAfterBytes: options.compactAfterBytes ?? DEFAULT_COMPACT_AFTER_BYTES,
      encode: this.#encode,
      ...(options.report === undefined ? {} : { report: options.report }),
    });
  }

  async recover(workbookId: string): Promise<RecoveredCommits> {
    const { base, records, notes } = await this.#journal.recover(workbookId);
    return { base, records, notes };
  }

  append(workbookId: string, record: CommitRecord): Promise<void> {
    return this.#journal.append(workbookId, record);
  }

  writeSnapshot(workbookId: string, seq: number, document: WorkbookDocument): Promise<void> {
    return this.#journal.writeSnapshot(workbookId, seq, document);
  }

  /** Waits for queued journal writes and closes its files. */
  close(): Promise<void> {
    return this.#journal.close();
  }

  /** `default` → system_state.gridbook; other ids keep only characters safe in a file name. */
  fileFor(workbookId: string): string {
    const base =
      workbookId === DEFAULT_WORKBOOK_ID
        ? SAVE_FILE_NAME
        : `${workbookId.replace(/[^A-Za-z0-9_-]/g, '_')}.gridbook`;
    return path.join(this.#dir, base);
  }

  save(workbookId: string, document: WorkbookDocument | EncodedDocument): Promise<void> {
    // The document is a copy of the workbook at the call, so the file holds that state however
    // long the encode (a slice per turn of the event loop, issue 16) and the queue take. The
    // dense layout (version 2): a tenth of the size of one object per cell, and faster to read.
    const text =
      'encoded' in document
        ? Promise.resolve(document.encoded)
        : this.#encode(document, this.#now());
    text.catch(() => undefined);
    const target = this.fileFor(workbookId);
    const previous = this.#queues.get(target) ?? Promise.resolve();
    const next = previous.catch(() => undefined).then(async () => this.#write(target, await text));
    this.#queues.set(target, next);
    void next
      .finally(() => {
        if (this.#queues.get(target) === next) this.#queues.delete(target);
      })
      .catch(() => undefined);
    return next;
  }

  async load(workbookId: string): Promise<WorkbookDocument | undefined> {
    const file = this.fileFor(workbookId);
    const data = await readFileIfPresent(this.#files, file);
    if (data === undefined) return undefined;
    try {
      return withName(await this.#decode(data, path.basename(file)));
    } catch (error) {
      // Whatever makes the file unreadable (bad JSON, a failed check of core or ours) is reported
      // alike.
      if (error instanceof InvalidDocumentError || error instanceof WorkbookError) {
        throw new CorruptSaveFileError(path.basename(file), error.message);
      }
      throw error;
    }
  }

  async #write(target: string, text: string | Uint8Array): Promise<void> {
    await this.#files.mkdir(this.#dir, { recursive: true, mode: 0o700 });
    // Nothing of ours is in flight for this target here (saves are queued), so any temp file is a
    // leftover.
    await removeStaleTempFiles(this.#files, target);
    this.#saves += 1;
    await writeFileAtomically(this.#files, target, text, `${this.#processTag}-${this.#saves}`);
  }
}
