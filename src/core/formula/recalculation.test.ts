import { afterEach, describe, expect, it } from 'vitest';
import { parseCell } from '../address/index.js';
import { clearSheetOps, writeCellOps, writeRangeOps } from '../ops/index.js';
import type { WireValue } from '../value-typing.js';
import { Workbook } from '../workbook.js';
import { valueToJson } from './sentinels.js';

const opened: Workbook[] = [];
afterEach(() => {
  for (const workbook of opened.splice(0)) workbook.dispose();
});

function book(sheetNames: string[]): Workbook {
  const created = Workbook.create({ sheetNames });
  opened.push(created);
  return created;
}

const write = (target: Workbook, sheet: string, address: string, value: WireValue) =>
  target.apply(writeCellOps(sheet, parseCell(address), value));

function valueOf(target: Workbook, sheet: string, address: string) {
  const { row, col } = parseCell(address);
  return valueToJson(target.sheet(sheet).value(row, col));
}

describe('recalculation across sheets', () => {
  it('[CALC-1] =Sheet2!A1*2 in Sheet1 follows every change of Sheet2!A1', () => {
    const target = book(['Sheet1', 'Sheet2']);
    write(target, 'Sheet2', 'A1', 5);
    write(target, 'Sheet1', 'A1', '=Sheet2!A1*2');
    expect(valueOf(target, 'Sheet1', 'A1')).toBe(10);
    write(target, 'Sheet2', 'A1', 21);
    expect(valueOf(target, 'Sheet1', 'A1')).toBe(42);
    write(target, 'Sheet2', 'A1', '');
    expect(valueOf(target, 'Sheet1', 'A1')).toBe(0);
  });

  it('[CALC-1] clearing the other sheet recomputes the formulas that read it', () => {
    const target = book(['Sheet1', 'Data']);
    target.apply(writeRangeOps('Data', parseCell('A1'), [[1], [2], [3]]));
    write(target, 'Sheet1', 'B1', '=SUM(Data!A1:A3)');
    expect(valueOf(target, 'Sheet1', 'B1')).toBe(6);
    target.apply(clearSheetOps(target.sheet('Data')));
    expect(valueOf(target, 'Sheet1', 'B1')).toBe(0);
  });

  it('[CALC-1] a chain through three sheets recomputes end to end, and undo recomputes back', () => {
    const target = book(['Inputs', 'Model', 'Report']);
    write(target, 'Inputs', 'A1', 100);
    write(target, 'Model', 'A1', '=Inputs!A1*1.1');
    write(target, 'Report', 'A1', '=ROUND(Model!A1,2)&" total"');
    expect(valueOf(target, 'Report', 'A1')).toBe('110 total');
    write(target, 'Inputs', 'A1', 200);
    expect(valueOf(target, 'Report', 'A1')).toBe('220 total');
    target.undo();
    expect(valueOf(target, 'Report', 'A1')).toBe('110 total');
  });

  it('[CALC-2] sheet names in references are case-insensitive', () => {
    const target = book(['Sheet1', 'Data']);
    write(target, 'Data', 'B2', 7);
    write(target, 'Sheet1', 'A1', '=data!b2+DATA!B2');
    expect(valueOf(target, 'Sheet1', 'A1')).toBe(14);
    write(target, 'Data', 'B2', 8);
    expect(valueOf(target, 'Sheet1', 'A1')).toBe(16);
  });

  it('[CALC-1] a reference to a sheet added later starts computing once the sheet exists', () => {
    const target = book(['Sheet1']);
    write(target, 'Sheet1', 'A1', '=Later!A1+1');
    expect(valueOf(target, 'Sheet1', 'A1')).toBe('#REF!');
    target.apply([{ type: 'add-sheet', name: 'Later' }]);
    write(target, 'Later', 'A1', 4);
    expect(valueOf(target, 'Sheet1', 'A1')).toBe(5);
  });

  it('[CALC-1] one op list writing inputs and formulas on two sheets computes with the final inputs', () => {
    const target = book(['Sheet1', 'Sheet2']);
    target.apply([
      ...writeCellOps('Sheet1', parseCell('A1'), '=Sheet2!A1+Sheet2!A2'),
      ...writeRangeOps('Sheet2', parseCell('A1'), [[3], [4]]),
    ]);
    expect(valueOf(target, 'Sheet1', 'A1')).toBe(7);
  });
});
