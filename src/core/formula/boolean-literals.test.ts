import { describe, expect, it } from 'vitest';
import { useWorkbooks } from '../../../test/support/workbook-bed.js';
import { writeRangeOps } from '../ops/index.js';

const { open } = useWorkbooks();

describe('TRUE and FALSE as literals, as Excel reads them', () => {
  it('VLOOKUP with a bare FALSE does an exact match', () => {
    const workbook = open();
    workbook.apply(
      writeRangeOps('Sheet1', { row: 0, col: 0 }, [
        [1, 'one'],
        [2, 'two'],
        [3, 'three'],
      ]),
    );
    expect(workbook.evaluate(undefined, '=VLOOKUP(2,A1:B3,2,FALSE)')).toBe('two');
    expect(workbook.evaluate(undefined, '=IF(TRUE,"yes","no")')).toBe('yes');
  });

  it('a cell holding =FALSE computes the boolean, and TRUE() still works', () => {
    const workbook = open();
    workbook.apply(
      writeRangeOps('Sheet1', { row: 0, col: 0 }, [['=FALSE', '=TRUE()', '=NOT(FALSE)']]),
    );
    const sheet = workbook.sheet();
    expect([sheet.value(0, 0), sheet.value(0, 1), sheet.value(0, 2)]).toEqual([false, true, true]);
  });
});
