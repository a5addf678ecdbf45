// The tint on cells another client changed: it waits for the cell's new value to be read, shows
// for FLASH_MS, and lets go of a cell never read (scrolled away).
import { describe, expect, it } from 'vitest';
import { CellFlashes, FLASH_MS } from '../../web/src/app/cell-flashes.js';
import type { Rect } from '../../web/src/grid/address.js';

function flashes() {
  let now = 1_000;
  const timers: { at: number; run: () => void }[] = [];
  const repainted: string[] = [];
  const cells = new CellFlashes({
    repaint: (sheet, rect) => repainted.push(`${sheet}!${rect.col},${rect.row}`),
    now: () => now,
    schedule: (run, ms) => timers.push({ at: now + ms, run }),
  });
  const advance = (ms: number) => {
    now += ms;
    for (const timer of timers.splice(0))
      if (timer.at <= now) timer.run();
      else timers.push(timer);
  };
  return { cells, repainted, advance };
}

const block: Rect = { col: 0, row: 0, width: 26, height: 100 };

describe('CellFlashes', () => {
  it('tints a changed cell only once its block is read, for FLASH_MS, then repaints it plain', () => {
    const { cells, repainted, advance } = flashes();
    cells.expect(new Map([['Sheet1', new Set(['B2'])]]));
    expect(cells.isShown('Sheet1', 'B2')).toBe(false);
    advance(300);
    cells.read('Sheet1', block);
    expect(cells.isShown('Sheet1', 'B2')).toBe(true);
    expect(repainted).toEqual(['Sheet1!1,1']);
    advance(FLASH_MS);
    expect(cells.isShown('Sheet1', 'B2')).toBe(false);
    expect(repainted).toEqual(['Sheet1!1,1', 'Sheet1!1,1']);
  });

  it('a read of another block or sheet leaves it waiting; one never read is let go', () => {
    const { cells, advance } = flashes();
    cells.expect(new Map([['Sheet1', new Set(['AA200'])]]));
    cells.read('Sheet1', block);
    cells.read('Other', { col: 26, row: 100, width: 26, height: 100 });
    expect(cells.isShown('Sheet1', 'AA200')).toBe(false);
    advance(6_000);
    cells.read('Sheet1', { col: 26, row: 100, width: 26, height: 100 });
    expect(cells.isShown('Sheet1', 'AA200')).toBe(false);
  });

  it('a cell changed again while tinted keeps its later end', () => {
    const { cells, advance } = flashes();
    cells.expect(new Map([['Sheet1', new Set(['A1'])]]));
    cells.read('Sheet1', block);
    advance(FLASH_MS - 200);
    cells.expect(new Map([['Sheet1', new Set(['A1'])]]));
    cells.read('Sheet1', block);
    advance(200);
    expect(cells.isShown('Sheet1', 'A1')).toBe(true);
    advance(FLASH_MS);
    expect(cells.isShown('Sheet1', 'A1')).toBe(false);
  });
});
