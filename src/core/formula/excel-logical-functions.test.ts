// AND, OR and XOR (excel-logical-functions.ts): the text TRUE or FALSE counts when written in the
// formula, never when a referenced cell holds it. Expected values are Excel's cached results in
// the conformance corpus, named by file, sheet and cell.
import { describe, expect, it } from 'vitest';
import {
  formulaValue,
  useWorkbooks,
  valueAt,
  writeCell,
} from '../../../test/support/workbook-bed.js';

const bed = useWorkbooks();

describe('AND, OR and XOR with text', () => {
  it('skip the text "TRUE" or "FALSE" of a referenced cell (#VALUE! with nothing else)', () => {
    const book = bed.open();
    writeCell(book, 'A7', '="TRUE"');
    writeCell(book, 'A8', '="FALSE"');
    writeCell(book, 'C1', '=OR(A7)'); // ironcalc/LOGICAL--AND_OR_XOR.xlsx C101
    writeCell(book, 'C2', '=AND(A8:B8)'); // E104
    writeCell(book, 'C3', '=XOR(A7, TRUE)');
    expect(valueAt(book, 'C1')).toBe('#VALUE!');
    expect(valueAt(book, 'C2')).toBe('#VALUE!');
    expect(valueAt(book, 'C3')).toBe(true);
  });

  it('read the text TRUE or FALSE written in the formula, and skip other text', () => {
    const book = bed.open();
    writeCell(book, 'C1', '=OR("TRUE")');
    writeCell(book, 'C2', '=AND(TRUE,"0")'); // formulas/test.xlsx LOGICAL AT3
    writeCell(book, 'C3', '=AND("", FALSE)'); // ironcalc/LOGICAL--AND_OR_XOR.xlsx E53
    expect(valueAt(book, 'C1')).toBe(true);
    expect(valueAt(book, 'C2')).toBe(true);
    expect(valueAt(book, 'C3')).toBe(false);
  });
});

describe('IFS reads its conditions in order', () => {
  const row = [-1, null, '="0"', true, '=1/0', '=NA()', 0];
  it('answers the value of the first TRUE condition; later conditions cannot spoil it', () => {
    expect(formulaValue(bed, '=IFS(D1,1,E1,2)', [row])).toBe(1); // ironcalc/LOGICAL--IFS.xlsx H10
    expect(formulaValue(bed, '=IFS(A1,B1,C1,D1)', [row])).toBe(0); // formulas/test.xlsx LOGICAL V11
  });
  it('answers a condition’s error, or #VALUE! for text, only when it is reached', () => {
    expect(formulaValue(bed, '=IFS(G1,1,E1,2,D1,3)', [row])).toBe('#DIV/0!');
    expect(formulaValue(bed, '=IFS(C1,D1)', [row])).toBe('#VALUE!'); // formulas/test.xlsx X11
    expect(formulaValue(bed, '=IFS(D1,E1,F1,1)', [row])).toBe('#DIV/0!'); // Y11: the value's error
    expect(formulaValue(bed, '=IFS("true",1)')).toBe(1);
  });
  it('is #N/A when no condition is TRUE (an empty cell is FALSE)', () => {
    expect(formulaValue(bed, '=IFS(G1,1,B1,2)', [row])).toBe('#N/A');
  });
  it('applies cell by cell in an array formula', () => {
    const book = bed.open();
    writeCell(book, 'A1', '=LEGACY.ARRAY(IFS({TRUE,FALSE},"a",TRUE,"b"),1,2)');
    expect([valueAt(book, 'A1'), valueAt(book, 'B1')]).toEqual(['a', 'b']);
  });
  it('applies cell by cell over a range as a condition, as dynamic-array Excel does', () => {
    // pycel/logical.xlsx Logical!O26:O36: IFS(A26:C26,1,B26,2) shows the first cell's answer.
    const cells = [
      ['=1/0', 1, 26],
      [true, 1, 33],
      [false, 1, 34],
    ];
    expect(formulaValue(bed, '=IFS(A1:C1,1,B1,2)', cells)).toBe('#DIV/0!');
    expect(formulaValue(bed, '=IFS(A2:C2,1,B2,2)', cells)).toBe(1);
    expect(formulaValue(bed, '=IFS(A3:C3,1,B3,2)', cells)).toBe(2);
    expect(formulaValue(bed, '=SUM(IFS(A2:C2,1,TRUE,2))', cells)).toBe(3);
  });
});

describe('SWITCH', () => {
  it('answers an error met among the values it compares (pycel/logical.xlsx Switch D3, G3)', () => {
    expect(formulaValue(bed, '=SWITCH(3,A1,A1)', [['=1/0']])).toBe('#DIV/0!');
    expect(formulaValue(bed, '=SWITCH(3,A1,3)', [['=SQRT(-1)']])).toBe('#NUM!');
    expect(formulaValue(bed, '=SWITCH(3,3,"hit",A1,4)', [['=1/0']])).toBe('hit');
  });
  it('reads an empty cell as 0: it matches 0, not "" nor FALSE (Switch C32, C36–C40)', () => {
    expect(formulaValue(bed, '=SWITCH(A1,B1,"m")', [[false, null]])).toBe('#N/A');
    expect(formulaValue(bed, '=SWITCH(A1,B1,"m")', [[0, null]])).toBe('m');
    expect(formulaValue(bed, '=SWITCH(B1,A1,"m")', [[0, null]])).toBe('m');
    expect(formulaValue(bed, '=SWITCH(B1,"","m")', [[0, null]])).toBe('#N/A');
  });
  it('compares text in any case and keeps its default', () => {
    expect(formulaValue(bed, '=SWITCH("upper","Upper","m")')).toBe('m');
    expect(formulaValue(bed, '=SWITCH(2,1,"a","d")')).toBe('d');
    expect(formulaValue(bed, '=SWITCH("1",1,"a")')).toBe('#N/A');
  });
});
