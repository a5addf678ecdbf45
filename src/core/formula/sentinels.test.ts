import { describe, expect, it } from 'vitest';
import { useWorkbooks, writeCell, writeRows } from '../../../test/support/workbook-bed.js';
import { parseCell } from '../address/index.js';
import type { Workbook, WorkbookOptions } from '../workbook.js';
import { FunctionRegistry } from './function-registry.js';
import {
  FormulaError,
  isFormulaError,
  SENTINELS,
  valueToJson,
  type CellValue,
} from './sentinels.js';

const { open } = useWorkbooks();

/** A workbook whose A1:B2 holds 1, 'x' / 2, 'y'. */
function book(options: WorkbookOptions = {}): Workbook {
  const created = open(options);
  writeRows(created, 'A1', [
    [1, 'x'],
    [2, 'y'],
  ]);
  return created;
}

/** The raw computed value: tests here read the engine explanation an error carries. */
function valueAt(target: Workbook, address: string): CellValue {
  const { row, col } = parseCell(address);
  return target.sheet().value(row, col);
}

describe('error sentinels of failing formulas', () => {
  it.each([
    ['=1/0', '#DIV/0!'],
    ['=SUM(', '#PARSE_ERROR!'],
    ['=1+', '#PARSE_ERROR!'],
    ['=Missing!A1', '#REF!'],
    ['=NOSUCHFUNCTION(1)', '#NAME?'],
    ['="a"+1', '#VALUE!'],
    ['=NA()', '#N/A'],
    ['=VLOOKUP(99,A1:B2,2,FALSE)', '#N/A'],
    ['=SQRT(-1)', '#NUM!'],
  ])('[SENT-1] a cell holding %s shows %s, and /eval gives the same', (formula, sentinel) => {
    const target = book();
    writeCell(target, 'D1', formula);
    expect(valueToJson(valueAt(target, 'D1'))).toBe(sentinel);
    expect(valueToJson(target.evaluate(undefined, formula))).toBe(sentinel);
  });

  it('[SENT-1] a two-cell loop is #CIRCULAR! in both cells, and so is a cell that refers to itself', () => {
    const target = book();
    writeRows(target, 'D1', [['=E1+1', '=D1+1'], ['=D2+1']]);
    expect(
      [valueAt(target, 'D1'), valueAt(target, 'E1'), valueAt(target, 'D2')].map(valueToJson),
    ).toEqual(['#CIRCULAR!', '#CIRCULAR!', '#CIRCULAR!']);
  });

  it('[SENT-1] breaking the loop makes both cells compute again', () => {
    const target = book();
    writeRows(target, 'D1', [['=E1+1', '=D1+1']]);
    writeCell(target, 'E1', 5);
    expect(valueToJson(valueAt(target, 'D1'))).toBe(6);
  });

  it('[SENT-1] an error flows into the formulas that use it', () => {
    const target = book();
    writeRows(target, 'D1', [['=1/0', '=D1*2', '=IFERROR(D1,"caught")']]);
    expect([valueAt(target, 'E1'), valueAt(target, 'F1')].map(valueToJson)).toEqual([
      '#DIV/0!',
      'caught',
    ]);
  });

  it('[SENT-1] the error value keeps the engine explanation next to its sentinel', () => {
    const value = book().evaluate(undefined, '=NOSUCHFUNCTION(1)');
    expect(isFormulaError(value)).toBe(true);
    expect((value as FormulaError).message).toMatch(/NOSUCHFUNCTION/);
  });

  it('valueToJson turns an error into its sentinel string and leaves other values alone', () => {
    expect(valueToJson(new FormulaError(SENTINELS.circular))).toBe('#CIRCULAR!');
    expect([valueToJson(1), valueToJson('a'), valueToJson(true), valueToJson(null)]).toEqual([
      1,
      'a',
      true,
      null,
    ]);
  });
});

describe('custom functions never break the engine', () => {
  const registry = () =>
    new FunctionRegistry([
      {
        name: 'BOOM',
        minArgs: 0,
        maxArgs: 0,
        description: 'always throws',
        evaluate: () => {
          throw new Error('kaboom');
        },
      },
      {
        name: 'INFINITE',
        minArgs: 0,
        maxArgs: 0,
        description: 'returns Infinity',
        evaluate: () => Number.POSITIVE_INFINITY,
      },
      {
        name: 'MISSING',
        minArgs: 0,
        maxArgs: 0,
        description: 'returns #N/A',
        evaluate: () => new FormulaError(SENTINELS.notAvailable, 'none'),
      },
    ]);

  it('[SENT-1] a function that throws gives #VALUE! carrying its message, and its neighbours compute', () => {
    const target = book({ functions: registry() });
    writeRows(target, 'D1', [['=BOOM()', '=A1+A2']]);
    const value = valueAt(target, 'D1');
    expect(valueToJson(value)).toBe('#VALUE!');
    expect((value as FormulaError).message).toContain('kaboom');
    expect(valueToJson(valueAt(target, 'E1'))).toBe(3);
  });

  it('[SENT-1] a non-finite result is #NUM! and a returned sentinel keeps its kind', () => {
    const target = book({ functions: registry() });
    expect(valueToJson(target.evaluate(undefined, '=INFINITE()'))).toBe('#NUM!');
    expect(valueToJson(target.evaluate(undefined, '=MISSING()'))).toBe('#N/A');
    expect(valueToJson(target.evaluate(undefined, '=IFNA(MISSING(),"fallback")'))).toBe('fallback');
  });

  it('[FUNC-1] functions are registered per workbook: another workbook does not see them', () => {
    const withExtras = book({ functions: registry() });
    const plain = book();
    expect(withExtras.functionNames()).toContain('BOOM');
    expect(plain.functionNames()).not.toContain('BOOM');
    expect(valueToJson(plain.evaluate(undefined, '=BOOM()'))).toBe('#NAME?');
  });
});
