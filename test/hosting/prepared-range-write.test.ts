// A large range write (GRIDBOOK_MAX_WRITE_CELLS's 100,000 cells) is typed and prepared across
// turns of the event loop before its commit (issue 16), and stays one atomic commit: a write made
// meanwhile is committed before it (the earlier seq) or after it, never inside it; a cell locked
// or a version changed meanwhile refuses all of it; one undo step takes all of it back.
import { describe, expect, it } from 'vitest';
import {
  CellLockedError,
  parseCell,
  parseRange,
  setLocksOps,
  VersionConflictError,
  writeCellOps,
} from '../../src/core/index.js';
import { writeRange } from '../../src/editing/index.js';
import { OssHost, type Commit, type JournaledWorkbook } from '../../src/hosting/index.js';
import { MemoryJournal } from '../support/memory-journal.js';

const meta = { actor: 'User', origin: 'tab-1' };

async function open(): Promise<JournaledWorkbook> {
  const host = await OssHost.open({
    journal: new MemoryJournal(),
    now: () => new Date('2026-11-30T00:00:00Z'),
  });
  return host.handleFor();
}

/** 10 columns × 10,000 rows from C1: the largest write a request may make by default. */
const ROWS = 10_000;
const values = Array.from({ length: ROWS }, (_, row) =>
  Array.from({ length: 10 }, (_, col) => row * 10 + col),
);

const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** Starts the range write; `during(turn)` runs at each turn of the event loop until it is done. */
async function writeWhile(
  handle: JournaledWorkbook,
  during: (turn: number) => void,
  expectedVersions?: Record<string, number>,
): Promise<{ turns: number; outcome: unknown }> {
  let settled = false;
  let outcome: unknown;
  const writing = writeRange(handle, { target: 'C1', values, expectedVersions }, meta).then(
    () => (outcome = 'written'),
    (error: unknown) => (outcome = error),
  );
  void writing.finally(() => (settled = true));
  let turns = 0;
  while (!settled && turns < 10_000) {
    await nextTurn();
    turns += 1;
    if (!settled) during(turns);
  }
  await writing;
  return { turns, outcome };
}

describe('a 100,000-cell range write prepared across turns', () => {
  it('commits a write made meanwhile before it: the range wins that cell, and one undo takes the range back to it', async () => {
    const handle = await open();
    await handle.commit(writeCellOps('Sheet1', parseCell('A1'), 'kept'), meta);
    const seen: Commit[] = [];
    handle.subscribe(handle.seq, (commit) => seen.push(commit));
    let meanwhile: Promise<Commit> | undefined;
    const { turns, outcome } = await writeWhile(handle, (turn) => {
      // Reads in the middle of the write: none of it yet.
      expect(handle.workbook.sheet().input(9_999, 11)).toBeNull();
      if (turn === 1)
        meanwhile = handle.commit(writeCellOps('Sheet1', parseCell('D5'), 'meanwhile'), meta);
    });
    expect(outcome).toBe('written');
    expect(turns).toBeGreaterThan(1);
    const written = await meanwhile!;
    const sheet = handle.workbook.sheet();
    // Before it: the earlier seq, and the range's value over it.
    expect(seen.map((commit) => commit.seq)).toEqual([2, 3]);
    expect(written.seq).toBe(2);
    expect(sheet.input(4, 3)).toBe(41);
    expect(sheet.version(4, 3)).toBe(2);
    expect(sheet.value(9_999, 11)).toBe(99_999);
    expect(sheet.version(9_999, 11)).toBe(1);
    // One commit holding every cell, and its change set naming each of them.
    const range = seen[1]!;
    expect(range.ops).not.toBe('snapshot');
    expect(range.changes.cells).toEqual([{ sheet: 'Sheet1', cells: expect.any(Array) as unknown }]);
    expect(range.changes.cells[0]!.cells).toHaveLength(100_000);
    // One undo step: the range goes, the write made before it comes back.
    await handle.undo(meta);
    expect(sheet.input(4, 3)).toBe('meanwhile');
    expect(sheet.input(9_999, 11)).toBeNull();
    expect(sheet.cellCount).toBe(2);
  });

  it('is refused whole when a cell of it was locked meanwhile: nothing written, no version bumped, no seq taken', async () => {
    const handle = await open();
    const { outcome } = await writeWhile(handle, (turn) => {
      if (turn === 1) void handle.commit(setLocksOps('Sheet1', parseRange('L9000'), true), meta);
    });
    expect(outcome).toBeInstanceOf(CellLockedError);
    const sheet = handle.workbook.sheet();
    expect(handle.seq).toBe(1);
    expect(sheet.cellCount).toBe(0);
    expect(sheet.version(0, 2)).toBe(0);
    expect(sheet.version(9_999, 11)).toBe(0);
    expect(handle.workbook.undoDepth).toBe(1);
  });

  it('is refused whole when a version it expected changed meanwhile', async () => {
    const handle = await open();
    await handle.commit(writeCellOps('Sheet1', parseCell('C1'), 'first'), meta);
    const { outcome } = await writeWhile(
      handle,
      (turn) => {
        if (turn === 1) void handle.commit(writeCellOps('Sheet1', parseCell('C1'), 'second'), meta);
      },
      { C1: 1 },
    );
    expect(outcome).toBeInstanceOf(VersionConflictError);
    const sheet = handle.workbook.sheet();
    expect(handle.seq).toBe(2);
    expect(sheet.input(0, 2)).toBe('second');
    expect(sheet.cellCount).toBe(1);
    expect(sheet.version(9_999, 11)).toBe(0);
  });
});
