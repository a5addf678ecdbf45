import { HyperFormula } from 'hyperformula';
import { describe, expect, it } from 'vitest';
import { listArrayFormulasFromMapping } from './array-nodes.js';

interface Graph {
  getNodes(): unknown[];
}

describe('array formulas under inserted and deleted rows and columns', () => {
  it('are rewritten as before: references follow their cells, results stay, removed arrays are left alone', () => {
    listArrayFormulasFromMapping();
    const hf = HyperFormula.buildFromSheets(
      {
        S: [
          ['=TRANSPOSE(A5:A7)', null, null, '=TRANSPOSE(A5:A6)'],
          [null],
          [null],
          [null],
          [1],
          [2],
          [3],
        ],
        T: [['=TRANSPOSE(S!A5:A7)']],
      },
      { licenseKey: 'gpl-v3' },
    );
    // An array overwritten by a value is gone from the graph; the insert must not touch it.
    hf.setCellContents({ sheet: 0, row: 0, col: 3 }, [[9]]);
    hf.addRows(0, [1, 2]);
    hf.addColumns(0, [0, 1]);
    expect(hf.getCellFormula({ sheet: 0, row: 0, col: 1 })).toBe('=TRANSPOSE(B7:B9)');
    expect(hf.getCellFormula({ sheet: 1, row: 0, col: 0 })).toBe('=TRANSPOSE(S!B7:B9)');
    expect(
      hf.getRangeValues({ start: { sheet: 0, row: 0, col: 1 }, end: { sheet: 0, row: 0, col: 3 } }),
    ).toEqual([[1, 2, 3]]);
    expect(hf.getCellValue({ sheet: 0, row: 0, col: 4 })).toBe(9);
    hf.removeRows(0, [1, 1]);
    expect(hf.getCellFormula({ sheet: 1, row: 0, col: 0 })).toBe('=TRANSPOSE(S!B6:B8)');
    expect(
      hf.getRangeValues({ start: { sheet: 1, row: 0, col: 0 }, end: { sheet: 1, row: 0, col: 2 } }),
    ).toEqual([[1, 2, 3]]);
    hf.destroy();
  });

  it('are found without walking every node of the graph', () => {
    listArrayFormulasFromMapping();
    const rows = Array.from({ length: 2000 }, (_, row) => [row, row * 2]);
    const hf = HyperFormula.buildFromSheets(
      { S: [['=TRANSPOSE(A2:A4)'], ...rows] },
      { licenseKey: 'gpl-v3' },
    );
    const prototype = Object.getPrototypeOf((hf as unknown as { graph: Graph }).graph) as Graph;
    const getNodes = prototype.getNodes;
    let walks = 0;
    prototype.getNodes = function (this: Graph) {
      walks += 1;
      return getNodes.call(this);
    };
    try {
      hf.addRows(0, [1, 1]);
    } finally {
      prototype.getNodes = getNodes;
    }
    expect(walks).toBe(0);
    expect(hf.getCellFormula({ sheet: 0, row: 0, col: 0 })).toBe('=TRANSPOSE(A3:A5)');
    hf.destroy();
  });
});
