// Names Gridbook cannot hold, in imported formulas (name-rewrite.ts): each name becomes its range.
import { describe, expect, it } from 'vitest';
import {
  nameReference,
  namesByKey,
  qualifiedKey,
  rewriteDefinedNames,
  rewriteQualifiedNames,
} from './name-rewrite.js';

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

describe('rewriteQualifiedNames', () => {
  // poi/56737.xlsx Uses!D2: =Defines!NR_To_A1, a name scoped to the sheet Defines ("Test A1");
  // sheetjs/defined_names_simple.xlsx Sheet1!B2: =SHEETjs - Sheet1!SHEETjs.
  const qualified = new Map([
    [qualifiedKey('Defines', 'NR_To_A1'), 'Defines!$A$1'],
    [qualifiedKey('My data', 'Rate'), "'My data'!$B$2"],
  ]);

  it('replaces a sheet-qualified use of a sheet’s own name by its range, in any letter case', () => {
    expect(rewriteQualifiedNames('=Defines!NR_To_A1&defines!nr_to_a1', qualified)).toBe(
      '=Defines!$A$1&Defines!$A$1',
    );
    expect(rewriteQualifiedNames("=SUM('My data'!rate)*2", qualified)).toBe(
      "=SUM('My data'!$B$2)*2",
    );
  });

  it('leaves cells, other sheets, functions, text and linked workbooks alone', () => {
    const kept =
      '=Defines!A1+Other!NR_To_A1+Defines!NR_To_A1(1)&"Defines!NR_To_A1"&[1]Defines!NR_To_A1';
    expect(rewriteQualifiedNames(kept, qualified)).toBe(kept);
  });
});
