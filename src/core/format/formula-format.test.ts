import { describe, expect, it } from 'vitest';
import { formulaNumberFormat, type NumberFormatLookup } from './formula-format.js';

/** Formats by A1 address on the formula's own sheet, and on Rates. */
function lookup(
  own: Record<string, string>,
  rates: Record<string, string> = {},
): NumberFormatLookup {
  const key = (row: number, col: number) => `${String.fromCharCode(65 + col)}${row + 1}`;
  return {
    any: Object.keys(own).length + Object.keys(rates).length > 0,
    at: (sheet, row, col) =>
      sheet === undefined
        ? own[key(row, col)]
        : sheet === 'Rates'
          ? rates[key(row, col)]
          : undefined,
  };
}

describe('formulaNumberFormat', () => {
  const money = lookup({ B2: '$#,##0.00', B3: '$#,##0.00', C2: '0%', D1: '@' });

  it('lends the format of the first formatted cell read, through arithmetic and unit-keeping functions', () => {
    expect(formulaNumberFormat('=SUM(B2:B3)', money)).toBe('$#,##0.00');
    expect(formulaNumberFormat('=B2*C2', money)).toBe('$#,##0.00');
    expect(formulaNumberFormat('=C2*2', money)).toBe('0%');
    expect(formulaNumberFormat('=ROUND(AVERAGE(A1,B2),0)', money)).toBe('$#,##0.00');
    expect(formulaNumberFormat('=IF(A1>0,B3,0)', money)).toBe('$#,##0.00');
  });

  it('lends nothing through a function of another unit, from a text format, or from unformatted cells', () => {
    expect(formulaNumberFormat('=COUNT(B2:B3)', money)).toBeUndefined();
    expect(formulaNumberFormat('=SUM(B2:B3)/COUNT(B2:B3)', money)).toBeUndefined();
    expect(formulaNumberFormat('=LEN(B2)', money)).toBeUndefined();
    expect(formulaNumberFormat('=D1', money)).toBeUndefined();
    expect(formulaNumberFormat('=A1+A2', money)).toBeUndefined();
    expect(formulaNumberFormat('="B2"&1', money)).toBeUndefined();
  });

  it('reads other sheets and whole columns', () => {
    const formats = lookup({ E1: '#,##0' }, { A1: '0.00%' });
    expect(formulaNumberFormat('=Rates!A1*100', formats)).toBe('0.00%');
    expect(formulaNumberFormat("='Rates'!A1", formats)).toBe('0.00%');
    expect(formulaNumberFormat('=SUM(E:E)', formats)).toBe('#,##0');
  });

  it('gives date functions a date, even where no cell has a format', () => {
    const none = lookup({});
    expect(formulaNumberFormat('=TODAY()+7', none)).toBe('m/d/yyyy');
    expect(formulaNumberFormat('=NOW()', none)).toBe('m/d/yyyy h:mm');
    expect(formulaNumberFormat('=EDATE(A1,1)', money)).toBe('m/d/yyyy');
    expect(formulaNumberFormat('=YEAR(TODAY())', none)).toBeUndefined();
    expect(formulaNumberFormat('=1+1', none)).toBeUndefined();
  });
});
