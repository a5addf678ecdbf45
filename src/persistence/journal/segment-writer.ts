// Appends frames to one log segment with group commit: the frames appended in one turn of the
// event loop go to the file in one write, made at once (to the page cache, microseconds), and
// one fdatasync covers them. A group's fdatasync may start while the previous group's is still
// running (at most MAX_SYNCS_IN_FLIGHT), so a write arriving mid-fsync does not wait for it to
// end before its own starts; groups are acknowledged strictly in order, each only once its own
// fdatasync and every earlier one have succeeded.
// Once a write fails the segment refuses everything after it: a later frame must never reach
// the disk after an earlier one was lost. What the refused groups left in the file is cut off, so
// a change its client was told failed does not come back at the next start.
import { ftruncateSync, writeSync } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import type { FileSystem } from '../../files/index.js';

/** fdatasync calls one segment may have running at once. */
const MAX_SYNCS_IN_FLIGHT = 2;

interface Pending {
  readonly frame: Buffer;
  readonly resolve: () => void;
  readonly reject: (error: unknown) => void;
}

/** A group written to the file, waiting for its fdatasync (and every earlier one). */
interface Syncing {
  readonly group: readonly Pending[];
  /** Where in the file the group's frames start. */
  readonly start: number;
  synced: boolean;
}

export class SegmentWriter {
  #handle: FileHandle | undefined;
  /** The file's length once every group handed to writeSync so far is in it. */
  #fileBytes = 0;
  #opening: Promise<void> | undefined;
  #queue: Pending[] = [];
  #scheduled = false;
  readonly #syncing: Syncing[] = [];
  #failure: unknown;
  #closed = false;
  /** Bytes handed to this segment so far (written or queued). */
  bytes = 0;
  /** fdatasync calls made, for tests and measurements of grouping. */
  syncs = 0;

  constructor(
    private readonly files: FileSystem,
    readonly file: string,
    /** Called once the file exists, before its first write is acknowledged (to fsync the directory). */
    private readonly onCreated: () => Promise<void>,
  ) {}

  append(frame: Buffer): Promise<void> {
    if (this.#failure !== undefined) return Promise.reject(this.#failure);
    if (this.#closed) return Promise.reject(new Error(`the log segment ${this.file} is closed`));
    this.bytes += frame.length;
    return new Promise<void>((resolve, reject) => {
      this.#queue.push({ frame, resolve, reject });
      if (!this.#scheduled) {
        // Every append of this synchronous run (a whole batch of commits) joins one group.
        this.#scheduled = true;
        queueMicrotask(() => {
          this.#scheduled = false;
          this.#pump();
        });
      }
    });
  }

  /** Waits for queued frames, then closes the file; later appends are refused. */
  async close(): Promise<void> {
    this.#closed = true;
    while (
      this.#failure === undefined &&
      (this.#queue.length > 0 || this.#syncing.length > 0 || this.#opening !== undefined)
    )
      await new Promise((resolve) => setImmediate(resolve));
    if (this.#handle !== undefined) await this.#handle.close();
  }

  async #open(): Promise<FileHandle> {
    const handle = await this.files.open(this.file, 'a', 0o600);
    // A segment written by an older version may be world-readable; the mode only applies on creation.
    await handle.chmod(0o600);
    await this.onCreated();
    this.#fileBytes = (await handle.stat()).size;
    return handle;
  }

  /** Writes the queued frames as one group and starts its fdatasync, if one may start now. */
  #pump(): void {
    if (this.#failure !== undefined || this.#queue.length === 0) return;
    if (this.#handle === undefined) {
      this.#opening ??= this.#open().then(
        (handle) => {
          this.#handle = handle;
          this.#opening = undefined;
          this.#pump();
        },
        (error: unknown) => this.#fail(error),
      );
      return;
    }
    if (this.#syncing.length >= MAX_SYNCS_IN_FLIGHT) return;
    const group = this.#queue;
    this.#queue = [];
    const syncing: Syncing = { group, start: this.#fileBytes, synced: false };
    this.#syncing.push(syncing);
    try {
      const data =
        group.length === 1 ? group[0]!.frame : Buffer.concat(group.map((pending) => pending.frame));
      this.#fileBytes += data.length;
      for (let offset = 0; offset < data.length;)
        offset += writeSync(this.#handle.fd, data, offset, data.length - offset);
    } catch (error) {
      this.#fail(error);
      return;
    }
    this.files.fdatasync(this.#handle.fd, (error) => {
      if (error !== null) {
        this.#fail(error);
        return;
      }
      this.syncs += 1;
      syncing.synced = true;
      this.#acknowledge();
      this.#pump();
    });
  }

  /** Resolves the groups at the head whose fdatasync succeeded, in order. */
  #acknowledge(): void {
    while (this.#syncing[0]?.synced === true)
      for (const pending of this.#syncing.shift()!.group) pending.resolve();
  }

  #fail(error: unknown): void {
    if (this.#failure !== undefined) return;
    this.#failure = error;
    // Every group from the oldest unacknowledged one on is refused: cut its frames (and a frame a
    // failed write left half written) off the file. Whole frames left there would be replayed at
    // the next start, bringing back changes whose clients were told they failed. Best effort: if
    // the file cannot be cut either, those frames stay, as before.
    const refusedFrom = this.#syncing[0]?.start;
    if (refusedFrom !== undefined && this.#handle !== undefined) {
      try {
        ftruncateSync(this.#handle.fd, refusedFrom);
      } catch {
        // The storage is failing already; the refusal below is what the callers need.
      }
    }
    const waiting = [...this.#syncing.flatMap((syncing) => syncing.group), ...this.#queue];
    this.#syncing.length = 0;
    this.#queue = [];
    this.#opening = undefined;
    for (const pending of waiting) pending.reject(error);
  }
}
