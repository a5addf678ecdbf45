import { describe, expect, it } from 'vitest';
import { useWorkbooks, valueAt, writeCell } from '../../../test/support/workbook-bed.js';

const { open } = useWorkbooks();

describe('number precision (15 significant digits, as Excel)', () => {
  it('results keep 15 significant digits and float noise is gone, while comparisons treat 0.1+0.2 as 0.3', () => {
    const book = open();
    const formulas = {
      A1: '=1/3',
      A2: '=PMT(0.005,360,-200000)',
      A3: '=0.1+0.2',
      A4: '=0.1+0.2=0.3',
      A5: '=IF(0.1*3=0.3,1,0)',
      A6: '=2^60',
    };
    for (const [cell, formula] of Object.entries(formulas)) writeCell(book, cell, formula);
    expect(Object.keys(formulas).map((cell) => valueAt(book, cell))).toEqual([
      0.333333333333333,
      1199.10105030551,
      0.3,
      true,
      1,
      2 ** 60,
    ]);
  });
});

describe('a formula whose result is an empty cell', () => {
  it('shows 0, as in Excel, in reads and in the change a commit reports; an empty string stays empty text', () => {
    const book = open();
    writeCell(book, 'A1', '=Z99');
    writeCell(book, 'A2', '=IFERROR(Z99,"err")');
    writeCell(book, 'A3', '=""');
    expect([valueAt(book, 'A1'), valueAt(book, 'A2'), valueAt(book, 'A3')]).toEqual([0, 0, '']);
    writeCell(book, 'Z99', 5);
    const cleared = writeCell(book, 'Z99', null);
    const reported = cleared.changes.cells.flatMap((sheet) => sheet.cells);
    expect(reported.find((cell) => cell.row === 0 && cell.col === 0)?.value).toBe(0);
  });
});
