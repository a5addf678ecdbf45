import { describe, expect, it } from 'vitest';
import { engineSpelling, spillReferencesAsCalls } from './engine-spelling.js';
import { useWorkbooks, valueAt, writeCell } from '../../../test/support/workbook-bed.js';

const { open } = useWorkbooks();

describe('Excel spellings the engine refuses', () => {
  it('TRUE and FALSE become TRUE() and FALSE() inside braces only, never inside strings or sheet names', () => {
    expect(engineSpelling('={TRUE,1,false}')).toBe('={TRUE(),1,FALSE()}');
    expect(engineSpelling('=IF(TRUE,{1;TRUE},0)')).toBe('=IF(TRUE,{1;TRUE()},0)');
    expect(engineSpelling('={"TRUE",TRUEX,TRUE()}')).toBe('={"TRUE",TRUEX,TRUE()}');
    expect(engineSpelling("='{TRUE}'!A1+{TRUE}")).toBe("='{TRUE}'!A1+{TRUE()}");
    expect(engineSpelling('=A1')).toBe('=A1');
  });

  it('an upper-case exponent is read as a number, but never inside a name, a reference or text', () => {
    expect(engineSpelling('=1E-12+2.5E3+.5E+2')).toBe('=1e-12+2.5e3+.5e+2');
    expect(engineSpelling('=A1E2+Sheet1!B2E3+"1E2"')).toBe('=A1E2+Sheet1!B2E3+"1E2"');
    expect(engineSpelling('=$A$1E2')).toBe('=$A$1E2');
  });

  it('a doubled quote inside text becomes CHAR(34), other text stays as typed', () => {
    expect(engineSpelling('="a""b"')).toBe('=("a"&CHAR(34)&"b")');
    expect(engineSpelling('=LEN("""x""")')).toBe('=LEN((""&CHAR(34)&"x"&CHAR(34)&""))');
    expect(engineSpelling('=""&"plain"')).toBe('=""&"plain"');
    expect(engineSpelling("='It''s'!A1")).toBe("='It''s'!A1");
  });

  it('a repeated percent sign applies each extra one to the operand in parentheses', () => {
    expect(engineSpelling('=1000%%')).toBe('=(1000%)%');
    expect(engineSpelling('=SUM(1,2)%%%')).toBe('=((SUM(1,2)%)%)%');
    expect(engineSpelling('="a%%"&B2%')).toBe('="a%%"&B2%');
    // poi/FormulaEvalTestData_Copy.xlsx EverythingTests!H67: =1000%% is 0.1.
    const book = open();
    writeCell(book, 'A1', '=1000%%');
    writeCell(book, 'A2', '=2%%^2');
    expect([valueAt(book, 'A1'), valueAt(book, 'A2')]).toEqual([0.1, 4e-8]);
  });

  it('a name with a backslash, which no name the engine holds has, is #NAME?', () => {
    // poi/46535.xlsx Others!L12: =IF(HSI\10_1\1460_1\1470_1___val<>"",…) is #NAME? in Excel.
    expect(engineSpelling('=IF(HSI\\10_1___val<>"",HSI\\10_1___val,"")')).toBe(
      '=IF(#NAME?<>"",#NAME?,"")',
    );
    expect(engineSpelling('=\\top+1&"a\\b"&\'x\\y\'!A1')).toBe('=#NAME?+1&"a\\b"&\'x\\y\'!A1');
    const book = open();
    writeCell(book, 'A1', '=ISERROR(HSI\\10_1___val)');
    writeCell(book, 'A2', '=HSI\\10_1___val');
    expect([valueAt(book, 'A1'), valueAt(book, 'A2')]).toEqual([true, '#NAME?']);
  });

  it('values: =1E-12, ="a""b" and LEN of it compute as in Excel', () => {
    const book = open();
    writeCell(book, 'A1', '=1E-12*1E12');
    writeCell(book, 'A2', '="a""b"');
    writeCell(book, 'A3', '=LEN("a""b")');
    expect([valueAt(book, 'A1'), valueAt(book, 'A2'), valueAt(book, 'A3')]).toEqual([1, 'a"b', 3]);
  });

  it('a workbook holding TRUE in an array constant imports whole (the one-pass build used to give up) and computes it', () => {
    const book = open();
    const cell = (row: number, formula: string) => ({
      row,
      col: 0,
      input: { formula },
      version: 1,
      locked: false,
    });
    book.apply([
      {
        type: 'replace-workbook',
        document: {
          name: 'W',
          activeSheet: 'S',
          sheets: [
            {
              name: 'S',
              cells: [
                cell(0, '=INDEX({TRUE,FALSE},1,2)'),
                cell(1, '=SUM({1,2,3})'),
                cell(2, '=COUNTIF({TRUE,1,TRUE},TRUE)'),
              ],
            },
          ],
        },
      },
    ]);
    expect([valueAt(book, 'A1', 'S'), valueAt(book, 'A2', 'S'), valueAt(book, 'A3', 'S')]).toEqual([
      false,
      6,
      2,
    ]);
    expect(book.sheet('S').input(0, 0)).toEqual({ formula: '=INDEX({TRUE,FALSE},1,2)' });
  });

  it('a spill reference becomes the ANCHORARRAY call Excel stores, never an error literal, text or table part', () => {
    expect(engineSpelling('=SUM(C1#)')).toBe('=SUM(ANCHORARRAY(C1))');
    expect(engineSpelling("=COUNTA('My Sheet'!$B$2#)+Data!AA10#")).toBe(
      "=COUNTA(ANCHORARRAY('My Sheet'!$B$2))+ANCHORARRAY(Data!AA10)",
    );
    expect(engineSpelling('=IF(A1,#N/A,"C1#")+IFERROR(1/0,#DIV/0!)')).toBe(
      '=IF(A1,#N/A,"C1#")+IFERROR(1/0,#DIV/0!)',
    );
    expect(engineSpelling('=ROWS(Table1[#Headers])')).toBe('=ROWS(Table1[#Headers])');
    expect(spillReferencesAsCalls('SUM(C1#)&"D2#"')).toBe('SUM(ANCHORARRAY(C1))&"D2#"');
  });

  it('a typed spill reference reads the whole spill and follows it as it grows', () => {
    const book = open();
    writeCell(book, 'A1', 3);
    writeCell(book, 'C1', '=SEQUENCE(A1)');
    writeCell(book, 'D1', '=SUM(C1#)');
    writeCell(book, 'E1', '=ROWS(C1#)');
    expect([valueAt(book, 'D1'), valueAt(book, 'E1')]).toEqual([6, 3]);
    writeCell(book, 'A1', 4);
    expect([valueAt(book, 'D1'), valueAt(book, 'E1')]).toEqual([10, 4]);
  });
});
