// Tab, Tab, Enter returns to the column where the Tabs began, as in Excel.
import { describe, expect, it } from 'vitest';
import { TabRun } from '../../web/src/grid/tab-run.js';

describe('[FIRST-HOUR] Tab, Tab, Enter', () => {
  it('Enter after Tabs from B3 goes to B4, however many Tabs', () => {
    const run = new TabRun();
    run.tab({ col: 1, row: 2 }, { col: 2, row: 2 });
    run.tab({ col: 2, row: 2 }, { col: 3, row: 2 });
    expect(run.enter({ col: 3, row: 2 }, 1)).toEqual({ col: 1, row: 3 });
    // The run is over: the next Enter goes straight down.
    expect(run.enter({ col: 1, row: 3 }, 1)).toEqual({ col: 1, row: 4 });
  });

  it('a cursor moved by anything else since the last Tab goes straight down', () => {
    const run = new TabRun();
    run.tab({ col: 0, row: 0 }, { col: 1, row: 0 });
    expect(run.enter({ col: 5, row: 7 }, 1)).toEqual({ col: 5, row: 8 });
    run.tab({ col: 0, row: 0 }, { col: 1, row: 0 });
    expect(run.enter({ col: 1, row: 0 }, -1)).toEqual({ col: 0, row: -1 });
  });
});
