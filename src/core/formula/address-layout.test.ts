import { describe, expect, it } from 'vitest';
import { useWorkbooks, writeCell, writeRows } from '../../../test/support/workbook-bed.js';
import { parseCell } from '../address/index.js';
import type { Workbook } from '../workbook.js';
import { addressMappingPolicy, boundariesOf, DenseWidthBounds } from './address-layout.js';
import { createHyperFormulaEngine } from './hyperformula-engine.js';
import { FunctionRegistry } from './function-registry.js';

const { open } = useWorkbooks();

describe('the address layout of each sheet', () => {
  it('is dense for an empty sheet and a mostly filled one, sparse for a few cells in a big box', () => {
    const dense = addressMappingPolicy!.call(1);
    expect(addressMappingPolicy!.call(0)).toBe(dense);
    expect(addressMappingPolicy!.call(0.2)).toBe(dense);
    expect(addressMappingPolicy!.call(1 / (5000 * 16384))).not.toBe(dense);
  });

  it('a dense sheet is outgrown past 128 columns, or twice the width it was built with', () => {
    const bounds = new DenseWidthBounds();
    bounds.added(1);
    expect([bounds.outgrown(1, 128), bounds.outgrown(1, 129)]).toEqual([false, true]);
    bounds.rebuilt([
      {
        handle: 2,
        boundaries: boundariesOf([
          { row: 0, col: 0, inputs: Array.from({ length: 300 }, () => 1) },
        ]),
      },
      {
        handle: 3,
        boundaries: boundariesOf([
          { row: 0, col: 0, inputs: [1] },
          { row: 4999, col: 16383, inputs: [1] },
        ]),
      },
    ]);
    expect([
      bounds.outgrown(1, 129),
      bounds.outgrown(2, 600),
      bounds.outgrown(2, 601),
      bounds.outgrown(3, 16384),
    ]).toEqual([false, false, true, false]);
  });

  it('writing far to the right of a dense sheet lays it out sparse in place, with no rebuild, every value and dependency right', () => {
    const { workbook, rebuilds } = countingRebuilds();
    writeRows(workbook, 'A1', [[1, 2, '=A1+B1']]);
    writeCell(workbook, 'XFD1', '=C1*10');
    writeCell(workbook, 'XFD1048576', '=XFD1+1');
    writeRows(
      workbook,
      'A2',
      Array.from({ length: 1000 }, (_, index) => [index]),
    );
    writeCell(workbook, 'A1', 5);
    expect(rebuilds()).toBe(0);
    const sheet = workbook.sheet();
    expect([
      sheet.value(0, 2),
      sheet.value(0, 16383),
      sheet.value(1048575, 16383),
      sheet.value(1000, 0),
    ]).toEqual([7, 70, 71, 999]);
    workbook.undo();
    expect([sheet.value(0, 2), sheet.value(0, 16383), sheet.value(1048575, 16383)]).toEqual([
      3, 30, 31,
    ]);
  });

  it('a new sheet written at XFD5000 and deleted goes without a rebuild: formulas naming it show #REF!, undo brings it back', () => {
    const { workbook, rebuilds } = countingRebuilds();
    workbook.apply([{ type: 'add-sheet', name: 'Far' }]);
    writeCell(workbook, 'XFD5000', 4, 'Far');
    writeCell(workbook, 'A1', '=Far!XFD5000*2');
    workbook.apply([{ type: 'delete-sheet', name: 'Far' }]);
    expect(workbook.sheetNames).toEqual(['Sheet1']);
    expect(workbook.cell('Sheet1', parseCell('A1')).value).toMatchObject({ sentinel: '#REF!' });
    workbook.undo();
    expect(workbook.cell('Far', parseCell('XFD5000')).value).toBe(4);
    expect(workbook.cell('Sheet1', parseCell('A1')).value).toBe(8);
    writeCell(workbook, 'XFD5000', 5, 'Far');
    expect(workbook.cell('Sheet1', parseCell('A1')).value).toBe(10);
    expect(rebuilds()).toBe(0);
  });
});

/** A workbook whose engine counts its rebuilds (replaceAll). */
function countingRebuilds(): { workbook: Workbook; rebuilds: () => number } {
  let engines = 0;
  const workbook = open({
    createEngine: (registry: FunctionRegistry) => {
      const engine = createHyperFormulaEngine(registry);
      const replaceAll = engine.replaceAll.bind(engine);
      engine.replaceAll = (...args) => {
        engines += 1;
        return replaceAll(...args);
      };
      return engine;
    },
  });
  return { workbook, rebuilds: () => engines };
}
