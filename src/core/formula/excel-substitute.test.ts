// SUBSTITUTE (excel-text-functions.ts) in HyperFormula's place: expected values are Excel's cached
// results in the conformance corpus (ironcalc/TEXT--SUBSTITUTE.xlsx, poi/FormulaEvalTestData_Copy.xlsx).
import { describe, expect, it } from 'vitest';
import { formulaValue, useWorkbooks } from '../../../test/support/workbook-bed.js';

const bed = useWorkbooks();

describe('SUBSTITUTE', () => {
  const row = [['My old, very old fears', null, 'new', 1]];
  it('changes nothing for an empty old_text (SUBSTITUTE.xlsx E9, F9, E10)', () => {
    expect(formulaValue(bed, '=SUBSTITUTE(A1,B1,C1,D1)', row)).toBe('My old, very old fears');
    expect(formulaValue(bed, '=SUBSTITUTE(A1,B1,C1)', row)).toBe('My old, very old fears');
    expect(formulaValue(bed, '=SUBSTITUTE("testblankmatch","","!",1)')).toBe('testblankmatch');
  });
  it('truncates instance_num (FormulaEvalTestData F1312) and needs it at least 1', () => {
    expect(formulaValue(bed, '=SUBSTITUTE("teststr","t","T",1.9)')).toBe('Teststr');
    expect(formulaValue(bed, '=SUBSTITUTE("teststr","t","T",0)')).toBe('#VALUE!');
  });
  it('replaces every instance, or only the one asked for, with new_text as written', () => {
    expect(formulaValue(bed, '=SUBSTITUTE(A1,"old","new",2)', row)).toBe('My old, very new fears');
    expect(formulaValue(bed, '=SUBSTITUTE(A1,"old","$&")', row)).toBe('My $&, very $& fears');
    expect(formulaValue(bed, '=SUBSTITUTE(A1,"old","x",3)', row)).toBe('My old, very old fears');
    expect(formulaValue(bed, '=SUBSTITUTE(123123,2,9)')).toBe('193193');
  });
});
