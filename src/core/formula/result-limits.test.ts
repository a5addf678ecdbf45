import { describe, expect, it } from 'vitest';
import { useWorkbooks, valueAt, writeCell } from '../../../test/support/workbook-bed.js';
import { TooLargeError } from '../errors.js';
import { replaceWorkbookOps } from '../ops/index.js';
import { MAX_TEXT_LENGTH } from '../value-typing.js';

const { open } = useWorkbooks();
describe('text is bounded at 32,767 characters, as in Excel', () => {
  it('REPT past the bound is #VALUE! at once, and up to it is the text', () => {
    const workbook = open();
    writeCell(workbook, 'A1', '=REPT("x",300000000)');
    writeCell(workbook, 'A2', `=LEN(REPT("ab",${MAX_TEXT_LENGTH / 2 - 0.5}))`);
    writeCell(workbook, 'A3', '=REPT("ab",3)');
    expect([valueAt(workbook, 'A1'), valueAt(workbook, 'A2'), valueAt(workbook, 'A3')]).toEqual([
      '#VALUE!',
      MAX_TEXT_LENGTH - 1,
      'ababab',
    ]);
  });

  it('a chain of cells that each double the text stops at the first one past the bound', () => {
    const workbook = open();
    writeCell(workbook, 'A1', `=REPT("x",${MAX_TEXT_LENGTH})`);
    for (let row = 2; row <= 40; row += 1)
      writeCell(workbook, `A${row}`, `=A${row - 1}&A${row - 1}`);
    expect(String(valueAt(workbook, 'A1')).length).toBe(MAX_TEXT_LENGTH);
    expect([valueAt(workbook, 'A2'), valueAt(workbook, 'A40')]).toEqual(['#VALUE!', '#VALUE!']);
    writeCell(workbook, 'C1', '=SUBSTITUTE(A1,"x","yy")');
    writeCell(workbook, 'C2', '=CONCATENATE(A1,"!")');
    expect([valueAt(workbook, 'C1'), valueAt(workbook, 'C2')]).toEqual(['#VALUE!', '#VALUE!']);
  });

  it('bounds formulas evaluated while a whole workbook is built (a load)', () => {
    const source = open();
    writeCell(source, 'A1', `=REPT("x",${MAX_TEXT_LENGTH})`);
    writeCell(source, 'A2', '=A1&A1');
    const loaded = open();
    loaded.apply(replaceWorkbookOps(source.document()));
    expect(valueAt(loaded, 'A2')).toBe('#VALUE!');
  });

  it('refuses a text input longer than the bound, naming the cell, and changes nothing', () => {
    const workbook = open();
    writeCell(workbook, 'A1', 'kept');
    expect(() => writeCell(workbook, 'A1', 'y'.repeat(MAX_TEXT_LENGTH + 1))).toThrow(TooLargeError);
    expect(() => writeCell(workbook, 'A1', 'y'.repeat(MAX_TEXT_LENGTH + 1))).toThrow(
      /Sheet1!A1: text of 32768 characters/,
    );
    expect(valueAt(workbook, 'A1')).toBe('kept');
    writeCell(workbook, 'A2', 'y'.repeat(MAX_TEXT_LENGTH));
    expect(String(valueAt(workbook, 'A2')).length).toBe(MAX_TEXT_LENGTH);
  });
});

describe('arrays are bounded at the cells a formula may cover', () => {
  it('SEQUENCE past the bound is one #VALUE! cell, not a spill; within it, it spills as before', () => {
    const workbook = open();
    writeCell(workbook, 'A1', '=SEQUENCE(1000000)');
    writeCell(workbook, 'B1', '=SEQUENCE(3,2,10)');
    writeCell(workbook, 'D1', '=SUM(SEQUENCE(1000000))');
    writeCell(workbook, 'E1', '=SUM(SEQUENCE(1000))');
    expect([valueAt(workbook, 'A1'), valueAt(workbook, 'A2')]).toEqual(['#VALUE!', null]);
    expect([valueAt(workbook, 'B1'), valueAt(workbook, 'C3')]).toEqual([10, 15]);
    expect([valueAt(workbook, 'D1'), valueAt(workbook, 'E1')]).toEqual(['#VALUE!', 500500]);
  });
});

describe('SEQUENCE with rows left out', () => {
  // ironcalc MATH_AND_TRIGONOMETRY--SEQUENCE.xlsx C23 =SEQUENCE(,12,,2.5) is 1 (one row).
  it('makes one row, as its other arguments default to 1', () => {
    const workbook = open();
    writeCell(workbook, 'A1', '=SEQUENCE(,4,,2.5)');
    writeCell(workbook, 'A3', '=SUM(SEQUENCE(,3))');
    expect([valueAt(workbook, 'A1'), valueAt(workbook, 'D1'), valueAt(workbook, 'A2')]).toEqual([
      1,
      8.5,
      null,
    ]);
    expect(valueAt(workbook, 'A3')).toBe(6);
  });
});
