// The in-suite version of the crash-safety acceptance (the full 50-run, 100k-cell script is
// kill-during-save.ts): fewer runs and cells, the same checks.
import { describe, expect, it } from 'vitest';
import { runKillDuringSave } from './crash-harness.js';

describe('[PERSIST-10] kill -9 during save', () => {
  it('never leaves an unreadable system_state.gridbook (3 runs, 10,000 cells, one of them killed right after a save opened its temp file)', async () => {
    const results = await runKillDuringSave({
      runs: 3,
      cells: 10_000,
      seed: 20_261_122,
      minKillMs: 20,
      maxKillMs: 800,
      aimMs: 10,
    });
    expect(results).toHaveLength(3);
    expect(results.filter((result) => !result.readable)).toEqual([]);
    expect(results.every((result) => result.cellsInFile >= 10_000)).toBe(true);
  }, 120_000);
});
