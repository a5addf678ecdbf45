import { HyperFormula } from 'hyperformula';
import { describe, expect, it } from 'vitest';
import { sortOnlyComputedNodes } from './initial-sort.js';

interface Graph {
  getTopSortedWithSccSubgraphFrom(nodes: unknown[], ...rest: unknown[]): unknown;
}

function build(rows: (string | number)[][]): HyperFormula {
  return HyperFormula.buildFromSheets({ S: rows }, { licenseKey: 'gpl-v3' });
}

describe('the first sort of a built engine', () => {
  it('computes chains written before what they read, ranges over formulas and cycles as a full sort does', () => {
    sortOnlyComputedNodes();
    const hf = build([
      ['=B1+1', '=C1*2', 5, '=SUM(A1:C1)'],
      ['=A1+A3', 10, '=D2', '=C2'],
      [7, '=SUM(A1:A2)', '=MAX(B1:B3)', 'text'],
    ]);
    const value = (col: number, row: number) => hf.getCellValue({ sheet: 0, col, row });
    expect(value(0, 0)).toBe(11); // A1 = B1 + 1, B1 = C1 * 2
    expect(value(3, 0)).toBe(26); // SUM over two formulas and a value
    expect(value(0, 1)).toBe(18); // A2 = A1 + A3
    expect(value(1, 2)).toBe(29); // SUM(A1:A2)
    expect(value(2, 2)).toBe(29); // MAX over a column of formulas
    expect(String((value(2, 1) as { type?: string }).type)).toBe('CYCLE'); // C2 = D2, D2 = C2
    hf.destroy();
  });

  it('starts from the formulas and ranges only, not from every value', () => {
    sortOnlyComputedNodes();
    const rows: (string | number)[][] = Array.from({ length: 1000 }, (_, row) => [row, row * 2]);
    rows[0]!.push('=SUM(A1:A1000)', '=C1+1');
    const probe = HyperFormula.buildEmpty({ licenseKey: 'gpl-v3' });
    const prototype = Object.getPrototypeOf((probe as unknown as { graph: Graph }).graph) as Graph;
    probe.destroy();
    const sort = prototype.getTopSortedWithSccSubgraphFrom;
    const seeds: number[] = [];
    prototype.getTopSortedWithSccSubgraphFrom = function (this: Graph, nodes, ...rest) {
      seeds.push(nodes.length);
      return sort.call(this, nodes, ...rest);
    };
    try {
      const hf = build(rows);
      expect(hf.getCellValue({ sheet: 0, col: 3, row: 0 })).toBe(499_501);
      hf.destroy();
    } finally {
      prototype.getTopSortedWithSccSubgraphFrom = sort;
    }
    expect(seeds[0]).toBeLessThanOrEqual(3); // two formulas and one range, of 2,002 nodes
  });
});
