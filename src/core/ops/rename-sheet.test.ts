// A sheet rename inside a workbook: the formula text that names the sheet follows it.
import { describe, expect, it } from 'vitest';
import { inputAt, useWorkbooks, valueAt, writeCell } from '../../../test/support/workbook-bed.js';
import type { Workbook } from '../workbook.js';

describe('renaming a sheet in a workbook', () => {
  const { open } = useWorkbooks();

  function bookWithReference(dataName: string, reference: string): Workbook {
    const book = open({ sheetNames: ['Sheet1', dataName] });
    writeCell(book, 'A1', 21, dataName);
    writeCell(book, 'A1', `=${reference}!A1*2`, 'Sheet1');
    return book;
  }

  const formulaOf = (book: Workbook) => inputAt(book, 'A1', 'Sheet1');
  const valueOf = (book: Workbook) => valueAt(book, 'A1', 'Sheet1');

  it.each([
    ['Data', 'Data', 'Inputs', '=Inputs!A1*2'],
    ['Data', 'Data', 'My Inputs', "='My Inputs'!A1*2"],
    ['Data', 'Data', "Bob's data", "='Bob''s data'!A1*2"],
    ["Bob's data", "'Bob''s data'", 'Q3 plan', "='Q3 plan'!A1*2"],
    ["Bob's data", "'Bob''s data'", "Ann's 'x' data", "='Ann''s ''x'' data'!A1*2"],
    ['My Data', "'My Data'", 'Other Data', "='Other Data'!A1*2"],
  ])(
    '[SHEET-3] %j referenced as %s renamed to %j: the formula text follows and still computes',
    (dataName, reference, to, expected) => {
      const book = bookWithReference(dataName, reference);
      expect(valueOf(book)).toBe(42);
      book.apply([{ type: 'rename-sheet', from: dataName, to }]);
      expect(formulaOf(book)).toEqual({ formula: expected });
      expect(valueOf(book)).toBe(42);
      writeCell(book, 'A1', 50, to);
      expect(valueOf(book)).toBe(100);
    },
  );

  it.each([['a.b'], ['TRUE'], ['2024'], ['x-y'], ['Data!'], ['My "quoted"'], ['R2D2']])(
    '[SHEET-3] after a rename to %j the rewritten formula text computes the same when written afresh',
    (to) => {
      const book = bookWithReference('Data', 'Data');
      book.apply([{ type: 'rename-sheet', from: 'Data', to }]);
      const rewritten = formulaOf(book) as { formula: string };
      writeCell(book, 'B1', rewritten.formula, 'Sheet1');
      expect(valueAt(book, 'B1', 'Sheet1')).toBe(42);
    },
  );

  it('[SHEET-3] two renames in a row (through a name with an apostrophe) keep the formula text in step', () => {
    const book = bookWithReference('Data', 'Data');
    book.apply([{ type: 'rename-sheet', from: 'Data', to: "Bob's data" }]);
    book.apply([{ type: 'rename-sheet', from: "Bob's data", to: 'Final' }]);
    expect(formulaOf(book)).toEqual({ formula: '=Final!A1*2' });
    expect(valueOf(book)).toBe(42);
  });

  it('[CALC-2] a reference written in another case still follows a rename', () => {
    const book = bookWithReference('Data', 'DATA');
    book.apply([{ type: 'rename-sheet', from: 'data', to: 'Inputs' }]);
    expect(formulaOf(book)).toEqual({ formula: '=Inputs!A1*2' });
    expect(valueOf(book)).toBe(42);
  });

  it('[SHEET-3] renaming to a different case of the same name is allowed', () => {
    const book = bookWithReference('Data', 'Data');
    book.apply([{ type: 'rename-sheet', from: 'Data', to: 'DATA' }]);
    expect(book.sheetNames).toEqual(['Sheet1', 'DATA']);
    expect(valueOf(book)).toBe(42);
  });
});
