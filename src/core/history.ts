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

interface Step {
  readonly ops: readonly Op[];
  readonly bytes: number;
}

export class History {
  readonly #undo: Step[] = [];
  #redo: Step[] = [];
  #bytes = 0;

  constructor(
    private readonly depth: number,
    /** The most the steps of both stacks may hold, estimated; 0 keeps none (undo off). */
    private readonly maxBytes: number = Number.POSITIVE_INFINITY,
  ) {}

  recordCommit(inverse: readonly Op[]): void {
    this.#clearRedo();
    this.#push(this.#undo, inverse);
  }

  /** The entry the next undo would take, left in place. */
  peekUndo(): readonly Op[] | undefined {
    return this.#undo.at(-1)?.ops;
  }

  takeUndo(): readonly Op[] | undefined {
    return this.#take(this.#undo);
  }

  takeRedo(): readonly Op[] | undefined {
    return this.#take(this.#redo);
  }

  /** After an undo ran, what redoes it. */
  recordUndone(redo: readonly Op[]): void {
    this.#push(this.#redo, redo);
  }

  /** After a redo ran, what undoes it again (the redo stack stays). */
  recordRedone(undo: readonly Op[]): void {
    this.#push(this.#undo, undo);
  }

  /** Puts an entry back when replaying it failed, so nothing is lost. */
  restoreUndo(entry: readonly Op[]): void {
    this.#put(this.#undo, entry);
  }

  restoreRedo(entry: readonly Op[]): void {
    this.#put(this.#redo, entry);
  }

  clear(): void {
    this.#undo.length = 0;
    this.#redo = [];
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

  #take(stack: Step[]): readonly Op[] | undefined {
    const step = stack.pop();
    if (step === undefined) return undefined;
    this.#bytes -= step.bytes;
    return step.ops;
  }

  /** Back where it was taken from: within the budget before, so within it again. */
  #put(stack: Step[], entry: readonly Op[]): void {
    const bytes = estimateStepBytes(entry);
    stack.push({ ops: entry, bytes });
    this.#bytes += bytes;
  }

  #clearRedo(): void {
    for (const step of this.#redo) this.#bytes -= step.bytes;
    this.#redo = [];
  }

  #dropOldest(stack: Step[]): void {
    this.#bytes -= stack.shift()!.bytes;
  }

  #push(stack: Step[], entry: readonly Op[]): void {
    if (this.depth === 0 || entry.length === 0) return;
    const bytes = estimateStepBytes(entry);
    if (bytes > this.maxBytes) {
      while (stack.length > 0) this.#dropOldest(stack);
      return;
    }
    stack.push({ ops: entry, bytes });
    this.#bytes += bytes;
    if (stack.length > this.depth) this.#dropOldest(stack);
    while (this.#bytes > this.maxBytes) {
      // The entry just pushed fits alone, so this ends with at least it kept.
      const keep = stack === this.#undo ? 1 : 0;
      this.#dropOldest(this.#undo.length > keep ? this.#undo : this.#redo);
    }
  }
}
