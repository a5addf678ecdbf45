import { describe, expect, it } from 'vitest';
import {
  inputAt,
  useWorkbooks,
  valueAt,
  writeCell,
  writeRows,
} from '../../../test/support/workbook-bed.js';
import type { Workbook } from '../workbook.js';
import {
  formulaLimitError,
  MAX_FORMULA_DEPTH,
  MAX_FORMULA_LENGTH,
  MAX_FORMULA_NESTING,
  MAX_FORMULA_RANGE_CELLS,
} from './formula-limits.js';
import { valueToJson } from './sentinels.js';

const { open } = useWorkbooks();

/** A workbook whose A1:A3 holds 1, 2, 3. */
function book(): Workbook {
  const created = open();
  writeRows(created, 'A1', [[1], [2], [3]]);
  return created;
}

const nested = (depth: number) => `=${'('.repeat(depth)}1${')'.repeat(depth)}`;

describe('which formulas are over the limits', () => {
  it.each([
    ['=SUM(A1:A3)'],
    ['=SUM(A:A)'],
    ['=SUM(A:XFD)'],
    ['=SUM(A1:A250000)'],
    ['=SUM(1:15)'],
    ['="A1:XFD1048576"'],
    ["='A1:Z99999'!A1"],
    [nested(MAX_FORMULA_NESTING)],
    ['=OFFSET(A1,0,0,100,100)'],
  ])('[CALC-3] %s is fine', (formula) => {
    expect(formulaLimitError(formula)).toBeUndefined();
  });

  it.each([
    ['=SUM(A1:XFD1048576)', '#REF!'],
    ['=SUM($A$1:$A$250001)', '#REF!'],
    ['=SUM(Data!A1:J30000)', '#REF!'],
    ['=SUM(A1:A200000)+SUM(B1:B200000)', '#REF!'],
    ['=SUM(1:1048576)', '#REF!'],
    ['=SUM(OFFSET(A1,0,0,1048576,16384))', '#REF!'],
    [nested(MAX_FORMULA_NESTING + 1), '#PARSE_ERROR!'],
    [`=${'1+'.repeat(MAX_FORMULA_LENGTH / 2)}1`, '#PARSE_ERROR!'],
  ])('[CALC-3] %s is refused as %s', (formula, sentinel) => {
    expect(formulaLimitError(formula)?.sentinel).toBe(sentinel);
  });

  it('[CALC-3] the explanation says what the limit is and how to stay within it', () => {
    expect(formulaLimitError('=SUM(A1:XFD1048576)')?.message).toContain(
      `${MAX_FORMULA_RANGE_CELLS}`,
    );
    expect(formulaLimitError('=SUM(A1:XFD1048576)')?.message).toContain('A:A');
    expect(formulaLimitError(nested(100))?.message).toContain('100 levels');
  });
});

describe('formulas over the limits become error values instead of crashing the engine', () => {
  it('[CALC-3] a cell range covering the whole sheet is #REF! at once, in a cell and in a dry run', () => {
    const target = book();
    const started = performance.now();
    writeCell(target, 'B1', '=SUM(A1:XFD1048576)');
    expect(valueAt(target, 'B1')).toBe('#REF!');
    expect(valueToJson(target.evaluate(undefined, '=SUM(A1:XFD1048576)'))).toBe('#REF!');
    expect(valueToJson(target.evaluate(undefined, '=SUM(OFFSET(A1,0,0,1048576,16384))'))).toBe(
      '#REF!',
    );
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it('[CALC-3] whole-column ranges stay allowed and compute', () => {
    const target = book();
    writeCell(target, 'B1', '=SUM(A:A)');
    expect(valueAt(target, 'B1')).toBe(6);
  });

  it.each([
    ['nested 5,000 parentheses deep', nested(5_000)],
    ['100,000 terms long', `=${Array(100_000).fill('1').join('+')}`],
    ['a chain of 4,000 unary minus signs', `=${'-'.repeat(4_000)}1`],
  ])(
    '[CALC-3] a formula %s is #PARSE_ERROR! and the rest of the write still lands',
    (_label, formula) => {
      const target = book();
      writeRows(target, 'B1', [['=A1*10', formula, '=A3*10']]);
      expect([valueAt(target, 'B1'), valueAt(target, 'C1'), valueAt(target, 'D1')]).toEqual([
        10,
        '#PARSE_ERROR!',
        30,
      ]);
      expect(inputAt(target, 'C1')).toEqual({ formula });
      expect(valueToJson(target.evaluate(undefined, formula))).toBe('#PARSE_ERROR!');
    },
  );

  it('[CALC-3] the engine keeps working after such a formula: later edits recompute and undo restores', () => {
    const target = book();
    writeCell(target, 'B1', '=A1+A2');
    writeCell(target, 'C1', `=${'-'.repeat(4_000)}1`);
    writeCell(target, 'A1', 10);
    expect(valueAt(target, 'B1')).toBe(12);
    target.undo();
    target.undo();
    expect([valueAt(target, 'B1'), valueAt(target, 'C1')]).toEqual([3, null]);
  });

  const chain = (operator: string, terms: number, term = '1'): string =>
    `=${Array(terms).fill(term).join(operator)}`;

  it.each([
    ['+', '1'],
    ['-', '1'],
    ['*', '1'],
    ['/', '1'],
    ['^', '1'],
    ['&', '"a"'],
    ['=', '1'],
    ['<>', '1'],
    ['+', 'A1'],
  ])(
    '[ISSUE-12] a chain of "%s" (%s) 8,000 characters long, within Excel\'s limit, is #PARSE_ERROR!, and the workbook keeps computing',
    (operator, term) => {
      const target = book();
      const formula = chain(operator, Math.floor(8_000 / (term.length + operator.length)), term);
      expect(formula.length).toBeLessThanOrEqual(8_192);
      writeRows(target, 'B1', [['=A1*10', formula]]);
      expect(valueAt(target, 'C1')).toBe('#PARSE_ERROR!');
      expect(valueToJson(target.evaluate(undefined, formula))).toBe('#PARSE_ERROR!');
      writeCell(target, 'A1', 7);
      expect(valueAt(target, 'B1')).toBe(70);
      expect(target.document().sheets[0]!.cells.find((cell) => cell.col === 2)?.input).toEqual({
        formula,
      });
    },
  );

  it('[ISSUE-12] chains up to the depth limit compute their value', () => {
    const target = book();
    writeCell(target, 'B1', chain('+', MAX_FORMULA_DEPTH + 1));
    writeCell(target, 'B2', `=SUM(${Array(2_000).fill('1').join(',')})`);
    writeCell(target, 'B3', `=SUM(${Array(1_000).fill('1+1').join(',')})`);
    expect([valueAt(target, 'B1'), valueAt(target, 'B2'), valueAt(target, 'B3')]).toEqual([
      MAX_FORMULA_DEPTH + 1,
      2_000,
      2_000,
    ]);
  });

  it('[ISSUE-12] the depth counts chains inside parentheses and arguments, not operators spread over arguments', () => {
    expect(formulaLimitError(`=SUM(${Array(3_000).fill('1').join(',')})`)).toBeUndefined();
    expect(formulaLimitError(`=(${chain('+', 600).slice(1)})*2`)?.sentinel).toBe('#PARSE_ERROR!');
    expect(formulaLimitError(`=IF(A1>0,${chain('&', 700, 'A1').slice(1)},0)`)?.sentinel).toBe(
      '#PARSE_ERROR!',
    );
    expect(formulaLimitError(`="${'+'.repeat(2_000)}"`)).toBeUndefined();
  });
});
