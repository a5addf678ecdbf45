// MID and REPLACE truncate start_num and num_chars each on its own, as Excel does (poi
// FormulaEvalTestData_Copy.xlsx EverythingTests D1136).
import { describe, expect, it } from 'vitest';
import { formulaValue, useWorkbooks } from '../../../test/support/workbook-bed.js';

const bed = useWorkbooks();

describe('MID and REPLACE with fractional positions', () => {
  it.each([
    ['=REPLACE("ABCDEFG", 2.3, 3.9, "xx")', 'AxxEFG'],
    ['=REPLACEB("ABCDEFG", 2.3, 3.9, "xx")', 'AxxEFG'],
    ['=REPLACE("ABCDEFG", 2, 3, "xx")', 'AxxEFG'],
    ['=MID("ABCDEFG", 2.3, 3.9)', 'BCD'],
    ['=MIDB("ABCDEFG", 2.9, 1.5)', 'B'],
    ['=MID("ABCDEFG", 0.5, 2)', '#VALUE!'],
  ])('%s is %j', (formula, expected) => {
    expect(formulaValue(bed, formula)).toBe(expected);
  });
});
