// Server-side undo/redo: each entry is the op list that undoes one commit. Bounded twice: by
// depth (steps per stack) and by bytes (the estimated size of every step on both stacks, see
// history-size.ts). A new commit clears the redo stack.
//
// Over the byte budget the oldest steps go first: the bottom of the undo stack (the oldest
// change), then the bottom of the redo stack (the redo farthest away); the step just recorded
// always stays. A step larger than the whole budget is not kept, and neither is anything under
// it on its stack: undoing past a step that cannot be undone would replay older steps against
// a state they were not recorded on. So an import bigger than the budget leaves nothing to undo.
import { estimateStepBytes } from './history-size.js';
import type { Op } from './ops/op.js';

/**
 * One stack: entries, their estimated bytes and their origins side by side (no object per step
 * on the write path). An origin is an opaque id of the client that made the step, or undefined.
 */
class Stack {
  readonly entries: (readonly Op[])[] = [];
  readonly bytes: number[] = [];
  readonly origins: (string | undefined)[] = [];

  get length(): number {
    return this.entries.length;
  }

  push(entry: readonly Op[], bytes: number, origin: string | undefined): void {
    this.entries.push(entry);
    this.bytes.push(bytes);
    this.origins.push(origin);
  }

  /** The top entry and its bytes, removed; undefined when empty. */
  pop(): { entry: readonly Op[]; bytes: number } | undefined {
    const entry = this.entries.pop();
    if (entry === undefined) return undefined;
    this.origins.pop();
    return { entry, bytes: this.bytes.pop()! };
  }

  /** Removes the bottom (oldest) entry; returns its bytes. */
  shift(): number {
    this.entries.shift();
    this.origins.shift();
    return this.bytes.shift()!;
  }

  clear(): void {
    this.entries.length = 0;
    this.bytes.length = 0;
    this.origins.length = 0;
  }
}

export class History {
  readonly #undo = new Stack();
  readonly #redo = new Stack();
  #bytes = 0;

  constructor(
    private readonly depth: number,
    /** The most the steps of both stacks may hold, estimated; 0 keeps none (undo off). */
    private readonly maxBytes: number = Number.POSITIVE_INFINITY,
  ) {}

  /** `origin`: the client that made the change, so an undo can be limited to its own steps. */
  recordCommit(inverse: readonly Op[], origin?: string): void {
    this.#clearRedo();
    this.#push(this.#undo, inverse, origin);
  }

  /** The entry the next undo would take, left in place. */
  peekUndo(): readonly Op[] | undefined {
    return this.#undo.entries.at(-1);
  }

  /** The origin of the entry the next undo would take (undefined: none recorded, or no entry). */
  peekUndoOrigin(): string | undefined {
    return this.#undo.origins.at(-1);
  }

  takeUndo(): readonly Op[] | undefined {
    return this.#take(this.#undo);
  }

  takeRedo(): readonly Op[] | undefined {
    return this.#take(this.#redo);
  }

  /** After an undo ran, what redoes it (`origin`: who undid). */
  recordUndone(redo: readonly Op[], origin?: string): void {
    this.#push(this.#redo, redo, origin);
  }

  /** After a redo ran, what undoes it again (the redo stack stays). */
  recordRedone(undo: readonly Op[], origin?: string): void {
    this.#push(this.#undo, undo, origin);
  }

  /** Puts an entry back (with the origin it had) when replaying it failed, so nothing is lost. */
  restoreUndo(entry: readonly Op[], origin?: string): void {
    this.#put(this.#undo, entry, origin);
  }

  restoreRedo(entry: readonly Op[], origin?: string): void {
    this.#put(this.#redo, entry, origin);
  }

  clear(): void {
    this.#undo.clear();
    this.#redo.clear();
    this.#bytes = 0;
  }

  get undoSize(): number {
    return this.#undo.length;
  }

  get redoSize(): number {
    return this.#redo.length;
  }

  /** The estimated bytes the steps of both stacks hold. */
  get bytes(): number {
    return this.#bytes;
  }

  #take(stack: Stack): readonly Op[] | undefined {
    const taken = stack.pop();
    if (taken === undefined) return undefined;
    this.#bytes -= taken.bytes;
    return taken.entry;
  }

  /** Back where it was taken from: within the budget before, so within it again. */
  #put(stack: Stack, entry: readonly Op[], origin: string | undefined): void {
    const bytes = estimateStepBytes(entry);
    stack.push(entry, bytes, origin);
    this.#bytes += bytes;
  }

  #clearRedo(): void {
    if (this.#redo.length === 0) return;
    for (const bytes of this.#redo.bytes) this.#bytes -= bytes;
    this.#redo.clear();
  }

  #dropOldest(stack: Stack): void {
    this.#bytes -= stack.shift();
  }

  #push(stack: Stack, entry: readonly Op[], origin: string | undefined): void {
    if (this.depth === 0 || entry.length === 0) return;
    const bytes = estimateStepBytes(entry);
    if (bytes > this.maxBytes) {
      while (stack.length > 0) this.#dropOldest(stack);
      return;
    }
    stack.push(entry, bytes, origin);
    this.#bytes += bytes;
    if (stack.length > this.depth) this.#dropOldest(stack);
    while (this.#bytes > this.maxBytes) {
      // The entry just pushed fits alone, so this ends with at least it kept.
      const keep = stack === this.#undo ? 1 : 0;
      this.#dropOldest(this.#undo.length > keep ? this.#undo : this.#redo);
    }
  }
}
