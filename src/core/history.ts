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
 * The bottom is `start`, not index 0: dropping the oldest step (every commit once the stack is
 * full) moves `start` instead of shifting three arrays; the dropped slots are cut off in bulk.
 */
class Stack {
  #entries: (readonly Op[] | undefined)[] = [];
  #bytes: number[] = [];
  #origins: (string | undefined)[] = [];
  #start = 0;

  get length(): number {
    return this.#entries.length - this.#start;
  }

  push(entry: readonly Op[], bytes: number, origin: string | undefined): void {
    this.#entries.push(entry);
    this.#bytes.push(bytes);
    this.#origins.push(origin);
  }

  /** The top entry, left in place; undefined when empty. */
  peek(): readonly Op[] | undefined {
    return this.length === 0 ? undefined : this.#entries[this.#entries.length - 1];
  }

  /** The top entry's origin; undefined when empty (or recorded without one). */
  peekOrigin(): string | undefined {
    return this.length === 0 ? undefined : this.#origins[this.#origins.length - 1];
  }

  /** The top entry and its bytes, removed; undefined when empty. */
  pop(): { entry: readonly Op[]; bytes: number } | undefined {
    if (this.length === 0) return undefined;
    const entry = this.#entries.pop()!;
    this.#origins.pop();
    const bytes = this.#bytes.pop()!;
    if (this.length === 0) this.clear();
    return { entry, bytes };
  }

  /** Removes the bottom (oldest) entry; returns its bytes. */
  shift(): number {
    const bytes = this.#bytes[this.#start]!;
    // The step's ops are released now, not when the slots are cut off.
    this.#entries[this.#start] = undefined;
    this.#start += 1;
    if (this.length === 0) this.clear();
    else if (this.#start >= 64 && this.#start * 2 >= this.#entries.length) {
      this.#entries = this.#entries.slice(this.#start);
      this.#bytes = this.#bytes.slice(this.#start);
      this.#origins = this.#origins.slice(this.#start);
      this.#start = 0;
    }
    return bytes;
  }

  /** The bytes of every entry, bottom to top. */
  allBytes(): number[] {
    return this.#bytes.slice(this.#start);
  }

  clear(): void {
    this.#entries = [];
    this.#bytes = [];
    this.#origins = [];
    this.#start = 0;
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
    return this.#undo.peek();
  }

  /** The entry the next redo would take, left in place. */
  peekRedo(): readonly Op[] | undefined {
    return this.#redo.peek();
  }

  /** The origin of the entry the next undo would take (undefined: none recorded, or no entry). */
  peekUndoOrigin(): string | undefined {
    return this.#undo.peekOrigin();
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
    for (const bytes of this.#redo.allBytes()) this.#bytes -= bytes;
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
