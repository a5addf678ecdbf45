// Appends frames to one log segment with group commit: frames that arrive while a write and
// its fsync are in flight wait and then go to disk together, one write and one fdatasync for
// the whole group, so 50 concurrent writers cost about one fsync per round trip, not 50.
// Once a write fails the segment refuses everything after it: a later frame must never reach
// the disk after an earlier one was lost.
import type { FileHandle } from 'node:fs/promises';
import type { FileSystem } from '../../files/index.js';

interface Pending {
  readonly frame: Buffer;
  readonly resolve: () => void;
  readonly reject: (error: unknown) => void;
}

export class SegmentWriter {
  #handle: Promise<FileHandle> | undefined;
  #queue: Pending[] = [];
  #writing = false;
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
      if (!this.#writing) void this.#drain();
    });
  }

  /** Waits for queued frames, then closes the file; later appends are refused. */
  async close(): Promise<void> {
    this.#closed = true;
    while (this.#writing) await new Promise((resolve) => setImmediate(resolve));
    if (this.#handle !== undefined) await (await this.#handle).close();
  }

  async #open(): Promise<FileHandle> {
    const handle = await this.files.open(this.file, 'a', 0o600);
    // A segment written by an older version may be world-readable; the mode only applies on creation.
    await handle.chmod(0o600);
    await this.onCreated();
    return handle;
  }

  async #drain(): Promise<void> {
    this.#writing = true;
    try {
      while (this.#queue.length > 0) {
        const group = this.#queue;
        this.#queue = [];
        try {
          this.#handle ??= this.#open();
          const handle = await this.#handle;
          await handle.write(
            group.length === 1
              ? group[0]!.frame
              : Buffer.concat(group.map((pending) => pending.frame)),
          );
          await handle.datasync();
          this.syncs += 1;
        } catch (error) {
          this.#fail(error, group);
          return;
        }
        for (const pending of group) pending.resolve();
      }
    } finally {
      this.#writing = false;
    }
  }

  #fail(error: unknown, group: readonly Pending[]): void {
    this.#failure = error;
    for (const pending of [...group, ...this.#queue]) pending.reject(error);
    this.#queue = [];
  }
}
