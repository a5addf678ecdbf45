// Server-side undo/redo: each entry is the op list that undoes one commit. Bounded depth;
// a new commit clears the redo stack.
import type { Op } from './ops/op.js';

export class History {
  readonly #undo: (readonly Op[])[] = [];
  #redo: (readonly Op[])[] = [];

  constructor(private readonly depth: number) {}

  recordCommit(inverse: readonly Op[]): void {
    this.#push(this.#undo, inverse);
    this.#redo = [];
  }

  /** The entry the next undo would take, left in place. */
  peekUndo(): readonly Op[] | undefined {
    return this.#undo.at(-1);
  }

  takeUndo(): readonly Op[] | undefined {
    return this.#undo.pop();
  }

  takeRedo(): readonly Op[] | undefined {
    return this.#redo.pop();
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
    this.#undo.push(entry);
  }

  restoreRedo(entry: readonly Op[]): void {
    this.#redo.push(entry);
  }

  clear(): void {
    this.#undo.length = 0;
    this.#redo = [];
  }

  get undoSize(): number {
    return this.#undo.length;
  }

  get redoSize(): number {
    return this.#redo.length;
  }

  #push(stack: (readonly Op[])[], entry: readonly Op[]): void {
    if (this.depth === 0 || entry.length === 0) return;
    stack.push(entry);
    if (stack.length > this.depth) stack.shift();
  }
}
