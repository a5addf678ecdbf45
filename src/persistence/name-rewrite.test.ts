// Names Gridbook cannot hold, in imported formulas (name-rewrite.ts): each name becomes its range.
import { describe, expect, it } from 'vitest';
import { nameReference, namesByKey, rewriteDefinedNames } from './name-rewrite.js';

const names = namesByKey([
  { name: 'Liste', reference: 'Sheet1!$A$1:$A$3' },
  { name: 'rate', reference: "'My data'!$B$2" },
]);

describe('rewriteDefinedNames', () => {
  it('replaces a name by its range wherever it is an operand, in any letter case', () => {
    expect(rewriteDefinedNames('=SUM(Liste)*RATE+liste', names)).toBe(
      "=SUM(Sheet1!$A$1:$A$3)*'My data'!$B$2+Sheet1!$A$1:$A$3",
    );
  });

  it('leaves text, sheet-qualified cells, functions and longer words alone', () => {
    expect(rewriteDefinedNames('="Liste"&rate(1)&Liste2&Liste!A1&Sheet1!rate', names)).toBe(
      '="Liste"&rate(1)&Liste2&Liste!A1&Sheet1!rate',
    );
    expect(rewriteDefinedNames("='rate'!A1+Liste[x]", names)).toBe("='rate'!A1+Liste[x]");
    const withA = namesByKey([{ name: 'A', reference: 'Sheet1!$A$1' }]);
    expect(rewriteDefinedNames('=IFERROR(#N/A,A)', withA)).toBe('=IFERROR(#N/A,Sheet1!$A$1)');
    expect(rewriteDefinedNames('=SUM(A:A)+A$2+C2:A4', withA)).toBe('=SUM(A:A)+A$2+C2:A4');
  });
});

describe('nameReference', () => {
  it('reads one range on one sheet, quoting the sheet name when it needs quotes', () => {
    expect(nameReference("'My data'!$A$1:$B$4")).toBe("'My data'!$A$1:$B$4");
    expect(nameReference('Sheet1!$C$3')).toBe('Sheet1!$C$3');
  });

  it('refuses constants, formulas and ranges without a sheet', () => {
    expect(nameReference('0.05')).toBeUndefined();
    expect(nameReference('_xlfn.LAMBDA(_xlpm.x,_xlpm.x+1)')).toBeUndefined();
    expect(nameReference('$A$1')).toBeUndefined();
  });
});
