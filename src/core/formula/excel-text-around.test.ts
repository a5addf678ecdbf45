// TEXTBEFORE and TEXTAFTER (excel-text-functions.ts): expected values are Excel's cached results in
// ironcalc/TEXT--TEXTBEFORE_TEXTAFTER.xlsx (Sheet1, cells named).
import { describe, expect, it } from 'vitest';
import { formulaValue, useWorkbooks } from '../../../test/support/workbook-bed.js';

const bed = useWorkbooks();
const TEXT = '123 the 456 the 891';

describe('TEXTBEFORE and TEXTAFTER', () => {
  it('round instance_num down (G16, G17, I17)', () => {
    expect(formulaValue(bed, '=TEXTAFTER(A1,"the",-1.2)', [[TEXT]])).toBe(' 456 the 891');
    expect(formulaValue(bed, '=TEXTAFTER(A1,"the",-1.6)', [[TEXT]])).toBe(' 456 the 891');
    expect(formulaValue(bed, '=TEXTBEFORE(A1,"the",-1.2)', [[TEXT]])).toBe('123 ');
    expect(formulaValue(bed, '=TEXTAFTER(A1,"the",1.9)', [[TEXT]])).toBe(' 456 the 891');
  });
  it('answer if_not_found when the delimiter is missing, "" for an empty cell (G25)', () => {
    expect(formulaValue(bed, '=TEXTAFTER(A1,"x",1,0,0,"none")', [[TEXT]])).toBe('none');
    expect(formulaValue(bed, '=TEXTAFTER(A1,"r",1,0,0,B1)', [[true, null]])).toBe('');
    expect(formulaValue(bed, '=TEXTAFTER(A1,"r")', [[true]])).toBe('#N/A');
  });
  it("pass over if_not_found's error when the delimiter is found (G5, I5)", () => {
    expect(formulaValue(bed, '=TEXTAFTER(A1,"THE",2,1,0,1/0)', [[TEXT]])).toBe(' 891');
    expect(formulaValue(bed, '=TEXTBEFORE(A1,"THE",2,1,0,B1)', [[TEXT, '=1/0']])).toBe(
      '123 the 456 ',
    );
    expect(formulaValue(bed, '=TEXTAFTER(A1,"THE",2,0,0,1/0)', [[TEXT]])).toBe('#DIV/0!');
  });
  // formulas/test.xlsx TEXT!W44, W45 (H44 empty), Y44 (instance_num TRUE).
  it('read instance_num from an empty cell as 0 (#VALUE!) but default a left-out one to 1', () => {
    const text = '1,2,3,4,5,6,7,8';
    expect(formulaValue(bed, '=TEXTAFTER(A1,{"3","4"},B1,TRUE)', [[text, null]])).toBe('#VALUE!');
    expect(formulaValue(bed, '=TEXTBEFORE(A1,{"3","4"},B1)', [[text, null]])).toBe('#VALUE!');
    expect(formulaValue(bed, '=TEXTBEFORE(A1,{"3","4"},,0)', [[text]])).toBe('1,2,');
    expect(formulaValue(bed, '=TEXTAFTER(A1,{"3","4"},TRUE)', [[text]])).toBe(',4,5,6,7,8');
  });
  it('take match_end as 0 or 1 only (G39, G40)', () => {
    expect(formulaValue(bed, '=TEXTAFTER(A1,"Hello",-1,1,2,"x")', [[TEXT]])).toBe('#VALUE!');
    expect(formulaValue(bed, '=TEXTBEFORE(A1,"Hello",-1,1,-12,"x")', [[TEXT]])).toBe('#VALUE!');
    expect(formulaValue(bed, '=TEXTAFTER(A1,"Hello",1,1,TRUE,"x")', [[TEXT]])).toBe('');
  });
  it('are #VALUE! for a delimiter longer than the text once instance_num is written (G19, K19)', () => {
    expect(formulaValue(bed, '=TEXTAFTER("del","deli",1)')).toBe('#VALUE!');
    expect(formulaValue(bed, '=TEXTBEFORE("hi","Hello Good Morning",1,1,0,"@")')).toBe('#VALUE!');
    expect(formulaValue(bed, '=TEXTAFTER("del","deli")')).toBe('#N/A');
  });
});
