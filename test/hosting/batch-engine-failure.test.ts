// An engine failure inside a batch of cell writes (issue 12, deliverable 4, with W4's batching):
// the batch is rolled back and every commit applied alone, so the writes that apply are still
// acknowledged each with its own gap-free seq, record and change set, the one the engine refuses
// is never journaled, numbered or acknowledged, and the engine is left consistent (a restart
// from the journal computes the same values).
import { describe, expect, it } from 'vitest';
import {
  createHyperFormulaEngine,
  EngineFailureError,
  parseCell,
  writeCellOps,
  type FormulaEngine,
} from '../../src/core/index.js';
import { OssHost, type Commit, type JournaledWorkbook } from '../../src/hosting/index.js';
import { MemoryJournal } from '../support/memory-journal.js';

const meta = { actor: 'User', origin: 'tab-1' };
const POISON = 'poison';

/** HyperFormula, except that writing the text "poison" overflows as a pathological formula once did. */
function poisonedEngine(registry: Parameters<typeof createHyperFormulaEngine>[0]): FormulaEngine {
  const engine = createHyperFormulaEngine(registry);
  return {
    ...engine,
    setCells: (sheet, runs) => {
      if (runs.some((run) => run.inputs.includes(POISON)))
        throw new RangeError('Maximum call stack size exceeded');
      engine.setCells(sheet, runs);
    },
  };
}

async function open(journal: MemoryJournal, createEngine = poisonedEngine) {
  const host = await OssHost.open({
    journal,
    now: () => new Date('2026-11-29T21:00:00Z'),
    workbookOptions: { createEngine },
  });
  return host.handleFor();
}

function valuesOf(handle: JournaledWorkbook, cells: readonly string[]): unknown[] {
  const sheet = handle.workbook.sheet('Sheet1');
  return cells.map((cell) => {
    const { row, col } = parseCell(cell);
    return sheet.value(row, col);
  });
}

describe('an engine failure in a batch of cell writes', () => {
  it('refuses only the failing write; the others are acknowledged, numbered without a gap and journaled', async () => {
    const journal = new MemoryJournal();
    const handle = await open(journal);
    await handle.commit(writeCellOps('Sheet1', parseCell('C1'), '=SUM(A1:A5)'), meta);
    const seen: Commit[] = [];
    handle.subscribe(1, (commit) => seen.push(commit));
    // Five writes made in one turn, as five connections' requests arrive: one batch.
    const values = [1, 2, POISON, 4, 5];
    const outcomes = await Promise.allSettled(
      values.map((value, index) =>
        handle.commit(writeCellOps('Sheet1', parseCell(`A${index + 1}`), value), meta),
      ),
    );
    expect(outcomes.map((outcome) => outcome.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
    ]);
    expect((outcomes[2] as PromiseRejectedResult).reason).toBeInstanceOf(EngineFailureError);
    const commits = outcomes.flatMap((outcome) =>
      outcome.status === 'fulfilled' ? [outcome.value] : [],
    );
    expect(commits.map((commit) => commit.seq)).toEqual([2, 3, 4, 5]);
    expect(seen.map((commit) => commit.seq)).toEqual([2, 3, 4, 5]);
    // After the failure each commit was applied alone, so each reports its own cell and the SUM
    // as that commit left it: a subscriber applying them in order ends at the engine's state.
    const changed = commits.map((commit) =>
      commit.changes.cells
        .flatMap((sheet) =>
          sheet.cells.map((cell) => `${cell.row},${cell.col}=${String(cell.value)}`),
        )
        .sort(),
    );
    expect(changed).toEqual([
      ['0,0=1', '0,2=1'],
      ['0,2=3', '1,0=2'],
      ['0,2=7', '3,0=4'],
      ['0,2=12', '4,0=5'],
    ]);
    // The refused write left nothing: no value, no version, no undo step, no record.
    expect(valuesOf(handle, ['A1', 'A2', 'A3', 'A4', 'A5', 'C1'])).toEqual([1, 2, null, 4, 5, 12]);
    expect(handle.workbook.cell(undefined, parseCell('A3')).version).toBe(0);
    expect(handle.workbook.undoDepth).toBe(5);
    const records = (await journal.recover('default')).records;
    expect(records.map((record) => record.seq)).toEqual([1, 2, 3, 4, 5]);
    expect(JSON.stringify(records)).not.toContain(POISON);
    // The engine is consistent: a later write recalculates from the state the batch left, and a
    // restart from the journal (with a plain engine) computes the same values.
    await handle.commit(writeCellOps('Sheet1', parseCell('A3'), 3), meta);
    expect(valuesOf(handle, ['C1'])).toEqual([15]);
    const restarted = await open(journal, createHyperFormulaEngine);
    expect(valuesOf(restarted, ['A1', 'A2', 'A3', 'A4', 'A5', 'C1'])).toEqual(
      valuesOf(handle, ['A1', 'A2', 'A3', 'A4', 'A5', 'C1']),
    );
    expect(restarted.seq).toBe(6);
  });
});
