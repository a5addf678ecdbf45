// The undo history's two bounds: depth and the byte budget (oldest steps go first, the newest
// stays, a step larger than the budget leaves nothing under it).
import { describe, expect, it } from 'vitest';
import { History } from './history.js';
import { estimateStepBytes } from './history-size.js';
import type { Op } from './ops/op.js';

/** One undo step writing `text` into A1; every call with the same length costs the same. */
function step(text: string): Op[] {
  return [{ type: 'set-cells', sheet: 'Sheet1', runs: [{ row: 0, col: 0, inputs: [text] }] }];
}

const SMALL = estimateStepBytes(step('x'.repeat(100)));

function undoAll(history: History): string[] {
  const texts: string[] = [];
  for (let entry = history.takeUndo(); entry !== undefined; entry = history.takeUndo()) {
    const op = entry[0]!;
    texts.push(op.type === 'set-cells' ? String(op.runs[0]!.inputs[0]).slice(0, 2) : op.type);
  }
  return texts;
}

const steps = (count: number) =>
  Array.from({ length: count }, (_, index) => step(`${index}`.padEnd(100, '.')));

describe('the byte budget', () => {
  it('drops the oldest steps first and keeps the newest', () => {
    const history = new History(100, 3 * SMALL);
    for (const entry of steps(5)) history.recordCommit(entry);
    expect(history.undoSize).toBe(3);
    expect(history.bytes).toBe(3 * SMALL);
    expect(undoAll(history)).toEqual(['4.', '3.', '2.']);
    expect(history.bytes).toBe(0);
  });

  it('counts the steps of both stacks; over the budget the oldest change goes before a redo', () => {
    const history = new History(100, 3 * SMALL);
    for (const entry of steps(3)) history.recordCommit(entry);
    const top = history.takeUndo()!;
    // The redo of the undone step is bigger than the step was: the oldest change makes room.
    history.recordUndone(step('r'.repeat(150)));
    expect(history.redoSize).toBe(1);
    expect(history.undoSize).toBe(1);
    expect(history.bytes).toBeLessThanOrEqual(3 * SMALL);
    expect(undoAll(history)).toEqual(['1.']);
    expect(top).toEqual(steps(3)[2]);
  });

  it('a step larger than the whole budget is not kept, and nothing under it is', () => {
    const history = new History(100, 3 * SMALL);
    for (const entry of steps(2)) history.recordCommit(entry);
    history.recordCommit(step('x'.repeat(10_000)));
    expect(history.undoSize).toBe(0);
    expect(history.bytes).toBe(0);
    expect(history.takeUndo()).toBeUndefined();
    // Later steps are recorded as usual.
    history.recordCommit(steps(1)[0]!);
    expect(history.undoSize).toBe(1);
  });

  it('a redo step larger than the budget empties the redo stack only', () => {
    const history = new History(100, 3 * SMALL);
    for (const entry of steps(3)) history.recordCommit(entry);
    history.takeUndo();
    history.recordUndone(steps(1)[0]!);
    history.takeUndo();
    history.recordUndone(step('x'.repeat(10_000)));
    expect(history.redoSize).toBe(0);
    expect(undoAll(history)).toEqual(['0.']);
  });

  it('a new commit gives back the bytes of the redo stack it clears', () => {
    const history = new History(100, 10 * SMALL);
    for (const entry of steps(2)) history.recordCommit(entry);
    history.recordUndone(history.takeUndo()!);
    expect(history.bytes).toBe(2 * SMALL);
    history.recordCommit(steps(1)[0]!);
    expect(history.redoSize).toBe(0);
    expect(history.bytes).toBe(2 * SMALL);
  });

  it('an entry put back after a failed replay counts again', () => {
    const history = new History(100, 10 * SMALL);
    history.recordCommit(steps(1)[0]!);
    const entry = history.takeUndo()!;
    expect(history.bytes).toBe(0);
    history.restoreUndo(entry);
    expect(history.bytes).toBe(SMALL);
    expect(history.undoSize).toBe(1);
  });

  it('a budget of 0 keeps nothing (undo off)', () => {
    const history = new History(100, 0);
    history.recordCommit(steps(1)[0]!);
    expect(history.undoSize).toBe(0);
  });

  it('the depth still bounds the steps, and what it drops is no longer counted', () => {
    const history = new History(2, 100 * SMALL);
    for (const entry of steps(5)) history.recordCommit(entry);
    expect(history.undoSize).toBe(2);
    expect(history.bytes).toBe(2 * SMALL);
  });

  it('a full stack that keeps dropping its oldest step (hundreds of commits) undoes the newest steps, newest first, with their origins', () => {
    const history = new History(3, 100 * SMALL);
    const all = steps(300);
    all.forEach((entry, index) => history.recordCommit(entry, `client-${index}`));
    expect(history.undoSize).toBe(3);
    expect(history.bytes).toBe(3 * SMALL);
    expect(history.peekUndoOrigin()).toBe('client-299');
    expect(history.peekUndo()).toBe(all[299]);
    const undone = history.takeUndo()!;
    history.recordUndone(undone, 'client-299');
    expect(history.redoSize).toBe(1);
    expect(undoAll(history)).toEqual(['29', '29']);
    expect(history.peekUndo()).toBeUndefined();
    history.recordCommit(step('new'));
    expect(history.redoSize).toBe(0);
    expect(history.bytes).toBe(estimateStepBytes(step('new')));
  });
});
