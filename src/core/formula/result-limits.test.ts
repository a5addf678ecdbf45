import { afterEach, describe, expect, it } from 'vitest';
import { TooLargeError } from '../errors.js';
import { parseCell } from '../address/index.js';
import { replaceWorkbookOps, writeCellOps } from '../ops/index.js';
import { MAX_TEXT_LENGTH } from '../value-typing.js';
import { Workbook } from '../workbook.js';
import { valueToJson } from './sentinels.js';

const opened: Workbook[] = [];
afterEach(() => {
  for (const workbook of opened.splice(0)) workbook.dispose();
});

function book(): Workbook {
  const created = Workbook.create();
  opened.push(created);
  return created;
}

function write(target: Workbook, address: string, value: string): void {
  target.apply(writeCellOps('Sheet1', parseCell(address), value));
}

const valueAt = (target: Workbook, address: string) => {
  const { row, col } = parseCell(address);
  return valueToJson(target.sheet().value(row, col));
};

describe('text is bounded at 32,767 characters, as in Excel', () => {
  it('REPT past the bound is #VALUE! at once, and up to it is the text', () => {
    const workbook = book();
    write(workbook, 'A1', '=REPT("x",300000000)');
    write(workbook, 'A2', `=LEN(REPT("ab",${MAX_TEXT_LENGTH / 2 - 0.5}))`);
    write(workbook, 'A3', '=REPT("ab",3)');
    expect([valueAt(workbook, 'A1'), valueAt(workbook, 'A2'), valueAt(workbook, 'A3')]).toEqual([
      '#VALUE!',
      MAX_TEXT_LENGTH - 1,
      'ababab',
    ]);
  });

  it('a chain of cells that each double the text stops at the first one past the bound', () => {
    const workbook = book();
    write(workbook, 'A1', `=REPT("x",${MAX_TEXT_LENGTH})`);
    for (let row = 2; row <= 40; row += 1) write(workbook, `A${row}`, `=A${row - 1}&A${row - 1}`);
    expect(String(valueAt(workbook, 'A1')).length).toBe(MAX_TEXT_LENGTH);
    expect([valueAt(workbook, 'A2'), valueAt(workbook, 'A40')]).toEqual(['#VALUE!', '#VALUE!']);
    write(workbook, 'C1', '=SUBSTITUTE(A1,"x","yy")');
    write(workbook, 'C2', '=CONCATENATE(A1,"!")');
    expect([valueAt(workbook, 'C1'), valueAt(workbook, 'C2')]).toEqual(['#VALUE!', '#VALUE!']);
  });

  it('bounds formulas evaluated while a whole workbook is built (a load)', () => {
    const source = book();
    write(source, 'A1', `=REPT("x",${MAX_TEXT_LENGTH})`);
    write(source, 'A2', '=A1&A1');
    const loaded = book();
    loaded.apply(replaceWorkbookOps(source.document()));
    expect(valueAt(loaded, 'A2')).toBe('#VALUE!');
  });

  it('refuses a text input longer than the bound, naming the cell, and changes nothing', () => {
    const workbook = book();
    write(workbook, 'A1', 'kept');
    expect(() => write(workbook, 'A1', 'y'.repeat(MAX_TEXT_LENGTH + 1))).toThrow(TooLargeError);
    expect(() => write(workbook, 'A1', 'y'.repeat(MAX_TEXT_LENGTH + 1))).toThrow(
      /Sheet1!A1: text of 32768 characters/,
    );
    expect(valueAt(workbook, 'A1')).toBe('kept');
    write(workbook, 'A2', 'y'.repeat(MAX_TEXT_LENGTH));
    expect(String(valueAt(workbook, 'A2')).length).toBe(MAX_TEXT_LENGTH);
  });
});

describe('arrays are bounded at the cells a formula may cover', () => {
  it('SEQUENCE past the bound is one #VALUE! cell, not a spill; within it, it spills as before', () => {
    const workbook = book();
    write(workbook, 'A1', '=SEQUENCE(1000000)');
    write(workbook, 'B1', '=SEQUENCE(3,2,10)');
    write(workbook, 'D1', '=SUM(SEQUENCE(1000000))');
    write(workbook, 'E1', '=SUM(SEQUENCE(1000))');
    expect([valueAt(workbook, 'A1'), valueAt(workbook, 'A2')]).toEqual(['#VALUE!', null]);
    expect([valueAt(workbook, 'B1'), valueAt(workbook, 'C3')]).toEqual([10, 15]);
    expect([valueAt(workbook, 'D1'), valueAt(workbook, 'E1')]).toEqual(['#VALUE!', 500500]);
  });
});
