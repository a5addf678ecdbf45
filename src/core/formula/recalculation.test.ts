import { describe, expect, it } from 'vitest';
import { useWorkbooks, valueAt, writeCell, writeRows } from '../../../test/support/workbook-bed.js';
import { parseCell } from '../address/index.js';
import { clearSheetOps, writeCellOps, writeRangeOps } from '../ops/index.js';

const { open } = useWorkbooks();

describe('recalculation across sheets', () => {
  it('[CALC-1] =Sheet2!A1*2 in Sheet1 follows every change of Sheet2!A1', () => {
    const target = open({ sheetNames: ['Sheet1', 'Sheet2'] });
    writeCell(target, 'A1', 5, 'Sheet2');
    writeCell(target, 'A1', '=Sheet2!A1*2', 'Sheet1');
    expect(valueAt(target, 'A1', 'Sheet1')).toBe(10);
    writeCell(target, 'A1', 21, 'Sheet2');
    expect(valueAt(target, 'A1', 'Sheet1')).toBe(42);
    writeCell(target, 'A1', '', 'Sheet2');
    expect(valueAt(target, 'A1', 'Sheet1')).toBe(0);
  });

  it('[CALC-1] clearing the other sheet recomputes the formulas that read it', () => {
    const target = open({ sheetNames: ['Sheet1', 'Data'] });
    writeRows(target, 'A1', [[1], [2], [3]], 'Data');
    writeCell(target, 'B1', '=SUM(Data!A1:A3)', 'Sheet1');
    expect(valueAt(target, 'B1', 'Sheet1')).toBe(6);
    target.apply(clearSheetOps(target.sheet('Data')));
    expect(valueAt(target, 'B1', 'Sheet1')).toBe(0);
  });

  it('[CALC-1] a chain through three sheets recomputes end to end, and undo recomputes back', () => {
    const target = open({ sheetNames: ['Inputs', 'Model', 'Report'] });
    writeCell(target, 'A1', 100, 'Inputs');
    writeCell(target, 'A1', '=Inputs!A1*1.1', 'Model');
    writeCell(target, 'A1', '=ROUND(Model!A1,2)&" total"', 'Report');
    expect(valueAt(target, 'A1', 'Report')).toBe('110 total');
    writeCell(target, 'A1', 200, 'Inputs');
    expect(valueAt(target, 'A1', 'Report')).toBe('220 total');
    target.undo();
    expect(valueAt(target, 'A1', 'Report')).toBe('110 total');
  });

  it('[CALC-2] sheet names in references are case-insensitive', () => {
    const target = open({ sheetNames: ['Sheet1', 'Data'] });
    writeCell(target, 'B2', 7, 'Data');
    writeCell(target, 'A1', '=data!b2+DATA!B2', 'Sheet1');
    expect(valueAt(target, 'A1', 'Sheet1')).toBe(14);
    writeCell(target, 'B2', 8, 'Data');
    expect(valueAt(target, 'A1', 'Sheet1')).toBe(16);
  });

  it('[CALC-1] a reference to a sheet added later starts computing once the sheet exists', () => {
    const target = open({ sheetNames: ['Sheet1'] });
    writeCell(target, 'A1', '=Later!A1+1', 'Sheet1');
    expect(valueAt(target, 'A1', 'Sheet1')).toBe('#REF!');
    target.apply([{ type: 'add-sheet', name: 'Later' }]);
    writeCell(target, 'A1', 4, 'Later');
    expect(valueAt(target, 'A1', 'Sheet1')).toBe(5);
  });

  it('[CALC-1] one op list writing inputs and formulas on two sheets computes with the final inputs', () => {
    const target = open({ sheetNames: ['Sheet1', 'Sheet2'] });
    target.apply([
      ...writeCellOps('Sheet1', parseCell('A1'), '=Sheet2!A1+Sheet2!A2'),
      ...writeRangeOps('Sheet2', parseCell('A1'), [[3], [4]]),
    ]);
    expect(valueAt(target, 'A1', 'Sheet1')).toBe(7);
  });
});
