// The SpreadsheetBench comparison rule (bench/spreadsheetbench/score.ts) on workbooks built in
// memory with exceljs: the value transform, the range syntax and the sheet rules.
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import {
  cellsOf,
  parseAnswerPosition,
  parseCells,
} from '../../bench/spreadsheetbench/answer-position.js';
import {
  cachedValue,
  compareWorkbooks,
  pythonFloat,
  roundHalfEven,
  transformValue,
  valuesMatch,
} from '../../bench/spreadsheetbench/score.js';

type Rows = Record<string, ExcelJS.CellValue>;

/** A workbook whose sheets hold the given cells (address → value), in the given order. */
function workbookOf(sheets: Record<string, Rows>): ExcelJS.Workbook {
  const workbook = new ExcelJS.Workbook();
  for (const [name, cells] of Object.entries(sheets)) {
    const sheet = workbook.addWorksheet(name);
    for (const [address, value] of Object.entries(cells)) sheet.getCell(address).value = value;
  }
  return workbook;
}

/** Excel's serial → the Date exceljs reads from a date-formatted cell. */
function excelDate(serial: number): Date {
  return new Date(Date.UTC(1899, 11, 30) + serial * 86_400_000);
}

describe('the value transform', () => {
  it('rounds numbers to 2 decimals, exact ties to even as Python does', () => {
    expect(valuesMatch(1.004, 1)).toBe(true);
    expect(valuesMatch(3.14159, 3.14)).toBe(true);
    expect(valuesMatch(1.006, 1)).toBe(false);
    expect(valuesMatch(100, 100.01)).toBe(false);
    expect(roundHalfEven(0.125, 2)).toBe(0.12);
    expect(roundHalfEven(0.375, 2)).toBe(0.38);
    expect(roundHalfEven(-0.125, 2)).toBe(-0.12);
    expect(roundHalfEven(1.005, 2)).toBe(1); // 1.005 is 1.00499999… as a double
    expect(roundHalfEven(2.5, 0)).toBe(2);
    expect(roundHalfEven(3.5, 0)).toBe(4);
    expect(roundHalfEven(45306.6, 0)).toBe(45307);
  });

  it('reads a string that Python parses as a float as that number', () => {
    expect(valuesMatch('3.14159', 3.14)).toBe(true);
    expect(valuesMatch(' 42 ', 42)).toBe(true);
    expect(valuesMatch('1e3', 1000)).toBe(true);
    expect(valuesMatch('-.5', -0.5)).toBe(true);
    expect(valuesMatch('1,000', 1000)).toBe(false);
    expect(valuesMatch('12%', 0.12)).toBe(false);
    expect(pythonFloat('1_000')).toBe(1000);
    expect(pythonFloat('abc')).toBeUndefined();
    expect(pythonFloat('')).toBeUndefined();
  });

  it('treats an empty string and an empty cell alike, and nothing else as empty', () => {
    expect(valuesMatch('', null)).toBe(true);
    expect(valuesMatch(null, '')).toBe(true);
    expect(valuesMatch(null, null)).toBe(true);
    expect(valuesMatch(null, 0)).toBe(false);
    expect(valuesMatch('', 0)).toBe(false);
    expect(valuesMatch(' ', null)).toBe(false);
  });

  it('needs the same type after the transform (a boolean counts as a number, as in Python)', () => {
    expect(valuesMatch('abc', 'abc')).toBe(true);
    expect(valuesMatch('abc', 'ABC')).toBe(false);
    expect(valuesMatch('TRUE', true)).toBe(false);
    expect(valuesMatch('abc', 5)).toBe(false);
    expect(valuesMatch(true, true)).toBe(true);
    expect(valuesMatch(true, 1)).toBe(true);
    expect(valuesMatch(false, true)).toBe(false);
  });

  it('turns a date into its serial rounded to whole days and a time of day into HH:MM', () => {
    expect(transformValue(excelDate(45306))).toBe(45306);
    expect(valuesMatch(excelDate(45306.25), 45306)).toBe(true);
    expect(valuesMatch(excelDate(45306), 45306.4)).toBe(false); // 45306.4 stays to 2 decimals
    expect(transformValue(excelDate(0.5))).toBe('12:00');
    expect(transformValue(excelDate(0.75 + 30 / 86_400))).toBe('18:00');
    expect(valuesMatch(excelDate(0.5), '12:00')).toBe(true);
    expect(valuesMatch(excelDate(0.5), 0.5)).toBe(false);
  });

  it('reads the cached result of formulas, rich text, hyperlinks and errors', () => {
    expect(cachedValue({ formula: 'SUM(A1:A3)', result: 6 })).toBe(6);
    expect(cachedValue({ sharedFormula: 'B1', result: 'x' } as ExcelJS.CellValue)).toBe('x');
    expect(cachedValue({ formula: 'A1' } as ExcelJS.CellValue)).toBeNull();
    expect(cachedValue({ richText: [{ text: 'ab' }, { text: 'c' }] })).toBe('abc');
    expect(cachedValue({ text: 'site', hyperlink: 'https://example.com' })).toBe('site');
    expect(cachedValue({ error: '#DIV/0!' } as ExcelJS.CellErrorValue)).toBe('#DIV/0!');
    expect(cachedValue(undefined)).toBeNull();
  });
});

describe('answer positions', () => {
  it('splits ranges on commas outside quotes and strips the quotes of sheet names', () => {
    expect(parseAnswerPosition("'Sheet, 1'!A1:B2, C3,Sheet2!D4")).toEqual([
      { sheet: 'Sheet, 1', cells: 'A1:B2' },
      { sheet: undefined, cells: 'C3' },
      { sheet: 'Sheet2', cells: 'D4' },
    ]);
  });

  it('reads ranges the way the reference does', () => {
    expect(parseCells('B2:A1')).toEqual({ firstRow: 1, lastRow: 2, firstCol: 1, lastCol: 2 });
    expect(parseCells('$C$3')).toEqual({ firstRow: 3, lastRow: 3, firstCol: 3, lastCol: 3 });
    expect(parseCells('BD2:308')).toEqual({
      firstRow: 2,
      lastRow: 308,
      firstCol: 56,
      lastCol: 56,
    });
    expect(parseCells('A:C')).toEqual({ firstRow: 1, lastRow: null, firstCol: 1, lastCol: 3 });
    expect(parseCells('2:3')).toEqual({ firstRow: 2, lastRow: 3, firstCol: 1, lastCol: 1 });
    expect([...cellsOf(parseCells('A:B'), { rows: 2, cols: 5 })]).toHaveLength(4);
    expect(() => parseCells('A')).toThrow();
    expect(() => parseCells('A1:B2:C3')).toThrow();
  });
});

describe('compareWorkbooks', () => {
  const answer = workbookOf({
    Data: { A1: 1, A2: 2, B1: { formula: 'A1+A2', result: 3 }, B2: 'ok' },
    'My Sheet': { C5: 10.5, C6: '' },
  });

  it('passes when every cell of every range matches', () => {
    const output = workbookOf({
      Data: { A1: 1, A2: 2, B1: 3.001, B2: 'ok' },
      'My Sheet': { C5: '10.50' },
    });
    expect(compareWorkbooks(answer, output, "B1:B2, 'My Sheet'!C5:C6")).toEqual({
      passed: true,
      mismatch: null,
    });
  });

  it('names the first cell that differs', () => {
    const output = workbookOf({ Data: { B1: 4, B2: 'ok' }, 'My Sheet': {} });
    const verdict = compareWorkbooks(answer, output, 'B1:B2');
    expect(verdict.passed).toBe(false);
    expect(verdict.mismatch).toBe('Data!B1: expected 3, got 4');
  });

  it('reads a sheet-qualified range on that sheet', () => {
    const output = workbookOf({ Data: {}, 'My Sheet': { C5: 11 } });
    const verdict = compareWorkbooks(answer, output, "'My Sheet'!C5");
    expect(verdict.mismatch).toBe("'My Sheet'!C5: expected 10.5, got 11");
  });

  it('fails a case whose output lacks the sheet', () => {
    const output = workbookOf({ Data: { B1: 3, B2: 'ok' } });
    expect(compareWorkbooks(answer, output, "'My Sheet'!C5")).toEqual({
      passed: false,
      mismatch: 'the output has no sheet "My Sheet"',
    });
  });

  it("takes the answer workbook's first sheet for a range without one", () => {
    // The output's first sheet is another one: the sheet is found by the answer's first name.
    const output = workbookOf({ Other: { B1: 99 }, Data: { B1: 3, B2: 'ok' } });
    expect(compareWorkbooks(answer, output, 'B1:B2').passed).toBe(true);
    const renamed = workbookOf({ Sheet1: { B1: 3, B2: 'ok' } });
    expect(compareWorkbooks(answer, renamed, 'B1:B2').mismatch).toBe(
      'the output has no sheet "Data"',
    );
  });

  it('compares open ranges over the used area of both sheets', () => {
    const output = workbookOf({ Data: { A1: 1, A2: 2, A3: 7 } });
    expect(compareWorkbooks(answer, output, 'A:A').mismatch).toBe('Data!A3: expected empty, got 7');
  });

  it('reads the cells of a merged range other than its first as empty, as openpyxl does', () => {
    const merged = workbookOf({ Data: { A1: 'title' } });
    merged.getWorksheet('Data')!.mergeCells('A1:B1');
    const output = workbookOf({ Data: { A1: 'title' } });
    expect(compareWorkbooks(merged, output, 'A1:B1').passed).toBe(true);
  });

  it('fails an answer position it cannot read, with the reason', () => {
    const verdict = compareWorkbooks(answer, answer, 'B1:B2:B3');
    expect(verdict.passed).toBe(false);
    expect(verdict.mismatch).toContain('answer_position "B1:B2:B3"');
  });
});
