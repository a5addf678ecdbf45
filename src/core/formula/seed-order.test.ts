// The recalculation's seeds reach HyperFormula's walk highest id first (seed-order.ts), and the
// order changes no result: chains, ranges and cycles recompute as before.
import { HyperFormula } from 'hyperformula';
import { describe, expect, it } from 'vitest';
import { highestIdFirst, walkSeedsFromLowestId } from './seed-order.js';

describe('recalculation seeds', () => {
  it('are handed over highest id first, nodes without an id last', () => {
    const nodes = [{ idInGraph: 3 }, {}, { idInGraph: 10 }, { idInGraph: 0 }, { idInGraph: 7 }];
    expect(highestIdFirst(nodes)).toEqual([
      { idInGraph: 10 },
      { idInGraph: 7 },
      { idInGraph: 3 },
      { idInGraph: 0 },
      {},
    ]);
    expect(nodes[0]).toEqual({ idInGraph: 3 }); // the caller's list is left as it was
  });

  it('change no result of a recalculation through chains, ranges and a cycle', () => {
    walkSeedsFromLowestId();
    const hf = HyperFormula.buildFromArray(
      [
        [1, '=A1*2', '=B1+A2', '=SUM(A1:A3)'],
        [2, '=C1-1', '=D2', '=C2'],
        [3, '=MAX(B1:B2)', '=A3+B3', 'x'],
      ],
      { licenseKey: 'gpl-v3' },
    );
    try {
      hf.setCellContents({ sheet: 0, row: 0, col: 0 }, [[10], [20], [30]]);
      const value = (row: number, col: number) => hf.getCellValue({ sheet: 0, row, col });
      expect(value(0, 1)).toBe(20); // B1 = A1 * 2
      expect(value(0, 2)).toBe(40); // C1 = B1 + A2
      expect(value(1, 1)).toBe(39); // B2 = C1 - 1
      expect(value(2, 1)).toBe(39); // B3 = MAX(B1:B2)
      expect(value(2, 2)).toBe(69); // C3 = A3 + B3
      expect(value(0, 3)).toBe(60); // D1 = SUM(A1:A3)
      expect(String((value(1, 2) as { type?: string }).type)).toBe('CYCLE'); // C2 = D2 = C2
    } finally {
      hf.destroy();
    }
  });
});
