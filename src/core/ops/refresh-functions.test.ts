import { describe, expect, it } from 'vitest';
import { FormulaError, SENTINELS, type CustomFunction } from '../index.js';
import { useWorkbooks, valueAt, writeCell } from '../../../test/support/workbook-bed.js';

const { open } = useWorkbooks();

/** A function whose answer arrives later, as a plugin's does: #BUSY! until `answers` has it. */
function lateFunction(name: string, answers: Map<number, number | FormulaError>): CustomFunction {
  return {
    name,
    minArgs: 1,
    maxArgs: 1,
    description: 'answers later',
    evaluate: ([argument]) => answers.get(Number(argument)) ?? new FormulaError(SENTINELS.busy),
  };
}

describe('refresh-functions', () => {
  it('a pending result shows #BUSY! in the cell and in what reads it, and arrived results recompute both in one commit that is no undo step', () => {
    const answers = new Map<number, number | FormulaError>();
    const book = open({ functionSource: () => [lateFunction('SLOW', answers)] });
    writeCell(book, 'A1', '=SLOW(2)');
    writeCell(book, 'A2', '=A1+1');
    writeCell(book, 'A3', '=SUM(1, SLOW(3))');
    expect([valueAt(book, 'A1'), valueAt(book, 'A2'), valueAt(book, 'A3')]).toEqual([
      '#BUSY!',
      '#BUSY!',
      '#BUSY!',
    ]);
    const undoSteps = book.undoDepth;
    answers.set(2, 4).set(3, 10);
    const commit = book.apply([{ type: 'refresh-functions', names: ['slow'], rebuild: false }]);
    expect([valueAt(book, 'A1'), valueAt(book, 'A2'), valueAt(book, 'A3')]).toEqual([4, 5, 11]);
    expect(commit.changes.cells[0]!.cells.map((cell) => [cell.row, cell.col, cell.value])).toEqual(
      expect.arrayContaining([
        [0, 0, 4],
        [1, 0, 5],
        [2, 0, 11],
      ]),
    );
    expect(book.undoDepth).toBe(undoSteps);
    expect(book.sheet().version(0, 0)).toBe(1);
  });

  it('only formulas calling the named functions are re-entered', () => {
    const answers = new Map<number, number | FormulaError>([[1, 1]]);
    const book = open({ functionSource: () => [lateFunction('SLOW', answers)] });
    writeCell(book, 'A1', '=SLOW(1)');
    writeCell(book, 'B1', '=SLOWER(1)');
    writeCell(book, 'C1', '="SLOW(1)"');
    answers.set(1, 7);
    const commit = book.apply([{ type: 'refresh-functions', names: ['SLOW'], rebuild: false }]);
    expect(valueAt(book, 'A1')).toBe(7);
    expect(commit.changes.cells.flatMap((sheet) => sheet.cells).map((cell) => cell.col)).toEqual([
      0,
    ]);
  });

  it('a rebuild takes the function set as it is now: a new function computes, a removed one is #NAME?', () => {
    let functions: CustomFunction[] = [];
    const book = open({ functionSource: () => functions });
    writeCell(book, 'A1', '=TWICE(21)');
    expect(valueAt(book, 'A1')).toBe('#NAME?');
    functions = [
      {
        name: 'TWICE',
        minArgs: 1,
        maxArgs: 1,
        description: 'doubles',
        evaluate: ([value]) => Number(value) * 2,
      },
    ];
    const added = book.apply([{ type: 'refresh-functions', names: ['TWICE'], rebuild: true }]);
    expect(valueAt(book, 'A1')).toBe(42);
    expect(added.changes.workbookReplaced).toBe(true);
    expect(book.functionNames()).toContain('TWICE');
    functions = [];
    book.apply([{ type: 'refresh-functions', names: ['TWICE'], rebuild: true }]);
    expect(valueAt(book, 'A1')).toBe('#NAME?');
  });

  it('#TIMEOUT! keeps its name through the engine, message and all', () => {
    const answers = new Map<number, number | FormulaError>([
      [1, new FormulaError(SENTINELS.timeout, 'SLOW took longer than 2000 ms')],
    ]);
    const book = open({ functionSource: () => [lateFunction('SLOW', answers)] });
    writeCell(book, 'A1', '=SLOW(1)');
    writeCell(book, 'A2', '=A1*2');
    expect(valueAt(book, 'A2')).toBe('#TIMEOUT!');
    const value = book.sheet().value(0, 0);
    expect(value).toEqual(new FormulaError(SENTINELS.timeout, 'SLOW took longer than 2000 ms'));
  });
});
