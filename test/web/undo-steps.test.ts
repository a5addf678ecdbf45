// The page's undo steps: merged actions lose their version check, and after the page's own
// undo the remaining steps expect the cells' new versions (docs/ui-rules.md UNDO-04).
import { describe, expect, it } from 'vitest';
import {
  mergeSteps,
  refreshVersions,
  StepMemory,
  type UndoStep,
} from '../../web/src/app/undo-steps.js';
import type { GridResponse } from '../../web/src/api/types.js';

/** A server whose cells have the given versions; cells not listed are empty (not returned). */
function serverWith(versions: Record<string, number>) {
  const reads: string[] = [];
  const read = async (sheet: string, range: string): Promise<GridResponse> => {
    reads.push(`${sheet}!${range}`);
    const version = versions[`${sheet}!${range}`];
    const cells =
      version === undefined
        ? []
        : [
            {
              cell: range,
              input: 'x',
              value: 'x',
              error: null,
              formula: null,
              version,
              locked: false,
            },
          ];
    return { sheet, occupied_bounds: null, cells };
  };
  return { reads, read };
}

describe('undo steps', () => {
  it('a merged action adds up its commits and drops the version check', () => {
    const merged = mergeSteps([
      { sheet: 'Sheet1', commits: 1, versions: { A1: 3 } },
      { sheet: 'Sheet2', commits: 2 },
    ]);
    expect(merged).toEqual({ sheet: 'Sheet2', commits: 3 });
  });

  it('refreshes the versions the stacked steps expect, and drops the check of a cell now empty', async () => {
    const server = serverWith({ 'Sheet1!A1': 7, 'Sheet2!B2': 4 });
    const stack: UndoStep[] = [
      { sheet: 'Sheet1', commits: 1, versions: { A1: 2 } },
      { sheet: 'Sheet1', commits: 3 },
      { sheet: 'Sheet2', commits: 1, versions: { B2: 1 } },
      { sheet: 'Sheet1', commits: 1, versions: { C3: 5 } },
    ];
    await refreshVersions(server, stack);
    expect(stack).toEqual([
      { sheet: 'Sheet1', commits: 1, versions: { A1: 7 } },
      { sheet: 'Sheet1', commits: 3 },
      { sheet: 'Sheet2', commits: 1, versions: { B2: 4 } },
      { sheet: 'Sheet1', commits: 1, versions: {} },
    ]);
    expect(server.reads.sort()).toEqual(['Sheet1!A1', 'Sheet1!C3', 'Sheet2!B2']);
  });

  it('reads only the ten most recent checked steps; older ones lose their check', async () => {
    const versions: Record<string, number> = {};
    const stack: UndoStep[] = [];
    for (let row = 1; row <= 12; row += 1) {
      versions[`Sheet1!A${row}`] = 100 + row;
      stack.push({ sheet: 'Sheet1', commits: 1, versions: { [`A${row}`]: row } });
    }
    const server = serverWith(versions);
    await refreshVersions(server, stack);
    expect(server.reads).toHaveLength(10);
    expect(stack[0]).toEqual({ sheet: 'Sheet1', commits: 1 });
    expect(stack[1]).toEqual({ sheet: 'Sheet1', commits: 1 });
    expect(stack[2]).toEqual({ sheet: 'Sheet1', commits: 1, versions: { A3: 103 } });
    expect(stack[11]).toEqual({ sheet: 'Sheet1', commits: 1, versions: { A12: 112 } });
  });

  it('does not read a step whose sheet is not in the workbook now (renamed further up the stack)', async () => {
    const server = serverWith({ 'Sheet1!A1': 7 });
    const stack: UndoStep[] = [
      { sheet: 'Sheet2', commits: 1, versions: { B2: 3 } },
      { sheet: 'Sheet1', commits: 1, versions: { A1: 2 } },
    ];
    await refreshVersions(server, stack, ['Sheet1', 'Data']);
    expect(server.reads).toEqual(['Sheet1!A1']);
    expect(stack).toEqual([
      { sheet: 'Sheet2', commits: 1, versions: { B2: 3 } },
      { sheet: 'Sheet1', commits: 1, versions: { A1: 7 } },
    ]);
  });

  it('leaves a step alone when the stack changed while the versions were read', async () => {
    const server = serverWith({ 'Sheet1!A1': 9 });
    const stack: UndoStep[] = [{ sheet: 'Sheet1', commits: 1, versions: { A1: 2 } }];
    const refreshing = refreshVersions(server, stack);
    stack.pop();
    await refreshing;
    expect(stack).toEqual([]);
  });
});

describe('undo steps kept across a reload', () => {
  function memoryStorage() {
    const items = new Map<string, string>();
    return {
      items,
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => void items.set(key, value),
    };
  }

  it('[FIRST-HOUR] gives back the stacks saved under the same page address', () => {
    const storage = memoryStorage();
    const undo: UndoStep[] = [
      { sheet: 'Sheet1', commits: 2 },
      { sheet: 'Sheet1', commits: 1, versions: { A1: 3 } },
    ];
    new StepMemory('page-a', storage).save({ undo, redo: [{ sheet: 'Data', commits: 3 }] });
    expect(new StepMemory('page-a', storage).load()).toEqual({
      undo,
      redo: [{ sheet: 'Data', commits: 3 }],
    });
    expect(new StepMemory('page-b', storage).load()).toEqual({ undo: [], redo: [] });
  });

  it('ignores what it cannot read, and a storage that refuses', () => {
    const storage = memoryStorage();
    storage.items.set('bad-json', '{');
    storage.items.set('bad-step', JSON.stringify({ undo: [{ sheet: 'S', commits: 0 }] }));
    expect(new StepMemory('bad-json', storage).load()).toEqual({ undo: [], redo: [] });
    expect(new StepMemory('bad-step', storage).load()).toEqual({ undo: [], redo: [] });
    const refusing = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    const memory = new StepMemory('any', refusing);
    expect(() => memory.save({ undo: [{ sheet: 'S', commits: 1 }], redo: [] })).not.toThrow();
    expect(memory.load()).toEqual({ undo: [], redo: [] });
  });
});
