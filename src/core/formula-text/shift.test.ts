// Copy and fill (shift.ts): relative parts move, anchored parts stay, off-sheet is #REF!.
import { describe, expect, it } from 'vitest';
import { shiftFormula } from './shift.js';

describe('formula reference shifting', () => {
  it('[CLIP-04] moves relative references and keeps $-anchored ones', () => {
    expect(shiftFormula('=A1*2', 1, 0)).toBe('=A2*2');
    expect(shiftFormula('=$A$1', 1, 1)).toBe('=$A$1');
    expect(shiftFormula('=$A1+B$2', 2, 3)).toBe('=$A3+E$2');
    expect(shiftFormula('=SUM(A1:B3)', 0, 1)).toBe('=SUM(B1:C3)');
  });

  it('leaves string literals, function names with digits and non-formulas alone', () => {
    expect(shiftFormula('=IF(A1="B2", LOG10(C3), 0)', 1, 0)).toBe('=IF(A2="B2", LOG10(C4), 0)');
    expect(shiftFormula('A1', 5, 5)).toBe('A1');
  });

  it('moves sheet-qualified references, quoted names included', () => {
    expect(shiftFormula("=Data!A1+'My Sheet'!B2", 1, 0)).toBe("=Data!A2+'My Sheet'!B3");
  });

  it('turns a reference pushed off the sheet into #REF!, its sheet name and range included', () => {
    expect(shiftFormula('=A1+B2', -1, 0)).toBe('=#REF!+B1');
    expect(shiftFormula('=SUM(Data!A1:A5)', -1, 0)).toBe('=SUM(#REF!)');
    expect(shiftFormula('=XFD1', 0, 1)).toBe('=#REF!');
  });

  it('moves whole rows and columns along their own axis only', () => {
    expect(shiftFormula('=SUM(A:B)+SUM(2:3)', 1, 1)).toBe('=SUM(B:C)+SUM(3:4)');
    expect(shiftFormula('=SUM($A:B)+SUM($2:$3)', 5, 5)).toBe('=SUM($A:G)+SUM($2:$3)');
    expect(shiftFormula('=SUM(A:A)', 0, -1)).toBe('=SUM(#REF!)');
  });
});
