// LET, LAMBDA and the functions that call one (lambda-functions.ts, lambda-spelling.ts). Expected
// values are the examples of Microsoft's support pages for each function ("MS example") and
// Excel's documented rules: shadowing, nested LET, a LAMBDA given the wrong number of arguments
// (#VALUE!), results that spill.
import { HyperFormula } from 'hyperformula';
import { describe, expect, it } from 'vitest';
import {
  inputAt,
  useWorkbooks,
  valueAt,
  writeCell,
  writeRows,
} from '../../../test/support/workbook-bed.js';
import { inputToText, type WireValue } from '../index.js';
import type { Workbook } from '../workbook.js';
import { lambdaPlugin } from './lambda-functions.js';
import { lambdaSpelling } from './lambda-spelling.js';

const bed = useWorkbooks();

function bookWith(rows?: readonly (readonly WireValue[])[]): Workbook {
  const book = bed.open();
  if (rows !== undefined) writeRows(book, 'A1', rows);
  return book;
}

/** The value of `formula` typed into a free cell (Z1). */
function result(book: Workbook, formula: string, at = 'Z1'): WireValue {
  writeCell(book, at, formula);
  return valueAt(book, at);
}

const calc = (formula: string): WireValue => result(bookWith(), formula);

describe('LET', () => {
  it('names values for the calculation (MS example: LET(x, 1, x + 1) is 2)', () => {
    expect(calc('=LET(x, 1, x + 1)')).toBe(2);
    expect(calc('=LET(x,5,y,x*2,x+y)')).toBe(15);
  });
  it('reads cells through a name and keeps a range as a range', () => {
    const book = bookWith([[1], [2], [3]]);
    expect(result(book, '=LET(r, A1:A3, SUM(r) * ROWS(r))')).toBe(18);
    expect(result(book, '=LET(r, A2, ROW(r))')).toBe(2);
  });
  it('lets an inner LET shadow an outer name, only inside itself', () => {
    expect(calc('=LET(x, 1, LET(x, x + 10, x * 2) + x)')).toBe(23);
  });
  it('lets a value refer to the outer meaning of the name it redefines', () => {
    expect(calc('=LET(x, 2, x, x * 3, x)')).toBe(6);
  });
  it('accepts names HyperFormula reads as references elsewhere (r, c) and any case', () => {
    expect(calc('=LET(r, 3, c, 4, R * c)')).toBe(12);
  });
  it('evaluates a chain of names once each, however long', () => {
    const chain = Array.from({ length: 40 }, (_, i) => `v${i + 1}x, v${i}x + v${i}x`).join(', ');
    expect(calc(`=LET(v0x, 1, ${chain}, v40x)`)).toBe(2 ** 40);
  });
  it('evaluates each value once: a volatile value is the same at every use', () => {
    expect(calc('=LET(x, RAND(), x - x)')).toBe(0);
  });
  it('answers #VALUE! when a name bound to a value is called like a function', () => {
    expect(calc('=LET(x, 1, x(2))')).toBe('#VALUE!');
  });
  it('answers #VALUE! without a calculation (an even number of arguments)', () => {
    expect(calc('=LET(x, 1)')).toBe('#VALUE!');
  });
  it('spills an array calculation', () => {
    const book = bookWith([[1], [2], [3]]);
    writeCell(book, 'C1', '=LET(r, A1:A3, r * 10)');
    expect([valueAt(book, 'C1'), valueAt(book, 'C2'), valueAt(book, 'C3')]).toEqual([10, 20, 30]);
  });
  it('spills a range it names, as Excel does', () => {
    const book = bookWith([[1], [2], [3]]);
    writeCell(book, 'C1', '=LET(r, A1:A3, r)');
    expect([valueAt(book, 'C1'), valueAt(book, 'C2'), valueAt(book, 'C3')]).toEqual([1, 2, 3]);
  });
  it('leaves a text that looks like a name alone', () => {
    expect(calc('=LET(x, "x", x & "x")')).toBe('xx');
  });
});

describe('LAMBDA', () => {
  it('is called with arguments written after it (MS example: =LAMBDA(x, x+1)(1) is 2)', () => {
    expect(calc('=LAMBDA(x, x+1)(1)')).toBe(2);
    expect(calc('=LAMBDA(x, y, SQRT(x*x+y*y))(3, 4)')).toBe(5);
  });
  it('takes no parameters when it has only a calculation', () => {
    const book = bookWith([[2, 3]]);
    expect(result(book, '=LAMBDA(A1*B1)()')).toBe(6);
  });
  it('answers #VALUE! when given too many or too few arguments', () => {
    expect(calc('=LAMBDA(x, x+1)(1, 2)')).toBe('#VALUE!');
    expect(calc('=LAMBDA(x, y, x+y)(1)')).toBe('#VALUE!');
  });
  it('answers #VALUE! when not called (Excel: #CALC!)', () => {
    expect(calc('=LAMBDA(x, x+1)')).toBe('#VALUE!');
    expect(calc('=LET(f, LAMBDA(x, x+1), f)')).toBe('#VALUE!');
  });
  it('is called through a LET name (MS example shape)', () => {
    const book = bookWith([[6, 7]]);
    expect(result(book, '=LET(area, LAMBDA(x, y, x*y), area(A1, B1))')).toBe(42);
  });
  it('spills what it returns, sized from its body', () => {
    const book = bookWith();
    writeCell(book, 'A1', '=LET(f, LAMBDA(x, x * {1,2,3}), f(2))');
    expect([valueAt(book, 'A1'), valueAt(book, 'B1'), valueAt(book, 'C1')]).toEqual([2, 4, 6]);
  });
  it('captures the LET names around it, its own parameters shadowing them', () => {
    expect(calc('=LET(k, 10, x, 1, f, LAMBDA(x, x + k), f(5) + x)')).toBe(16);
  });
  it('takes an optional parameter in brackets, which ISOMITTED sees', () => {
    expect(calc('=LAMBDA(a, [b], IF(ISOMITTED(b), a/2, a*b))(12)')).toBe(6);
    expect(calc('=LAMBDA(a, [b], IF(ISOMITTED(b), a/2, a*b))(6, 6)')).toBe(36);
    expect(calc('=LAMBDA(x, y, IF(ISOMITTED(y), "none", x+y))(1,)')).toBe('none');
  });
  it('reads the spelling Excel stores in files (_xlpm. names)', () => {
    expect(calc('=LAMBDA(_xlpm.x, _xlpm.x+1)(5)')).toBe(6);
  });
});

describe('MAP, REDUCE, SCAN, BYROW, BYCOL, MAKEARRAY', () => {
  it('MAP applies the LAMBDA to each value and spills (MS example: squares)', () => {
    const book = bookWith([
      [1, 2],
      [3, 4],
    ]);
    writeCell(book, 'D1', '=MAP(A1:B2, LAMBDA(a, a^2))');
    expect([
      valueAt(book, 'D1'),
      valueAt(book, 'E1'),
      valueAt(book, 'D2'),
      valueAt(book, 'E2'),
    ]).toEqual([1, 4, 9, 16]);
  });
  it('MAP takes one parameter per array', () => {
    const book = bookWith([
      [1, 2],
      [10, 20],
    ]);
    writeCell(book, 'D1', '=MAP(A1:B1, A2:B2, LAMBDA(x, y, x*y))');
    expect([valueAt(book, 'D1'), valueAt(book, 'E1')]).toEqual([10, 40]);
  });
  it('MAP answers #VALUE! when the LAMBDA takes another number of parameters', () => {
    expect(calc('=MAP({1,2}, LAMBDA(a, b, a+b))')).toBe('#VALUE!');
  });
  it('REDUCE accumulates (MS example: sum of squares)', () => {
    const book = bookWith([[1, 2, 3]]);
    expect(result(book, '=REDUCE(0, A1:C1, LAMBDA(a, b, a + b^2))')).toBe(14);
    expect(result(book, '=REDUCE(, A1:C1, LAMBDA(a, b, a + b))')).toBe(6);
  });
  it('SCAN spills every intermediate value (MS example: running text)', () => {
    const book = bookWith([['a', 'b', 'c']]);
    writeCell(book, 'A3', '=SCAN("", A1:C1, LAMBDA(t, v, t & v))');
    expect([valueAt(book, 'A3'), valueAt(book, 'B3'), valueAt(book, 'C3')]).toEqual([
      'a',
      'ab',
      'abc',
    ]);
  });
  it('BYROW and BYCOL give one value per row and per column', () => {
    const book = bookWith([
      [1, 2, 3],
      [4, 5, 6],
    ]);
    writeCell(book, 'E1', '=BYROW(A1:C2, LAMBDA(r, MAX(r)))');
    writeCell(book, 'A4', '=BYCOL(A1:C2, LAMBDA(c, SUM(c)))');
    expect([valueAt(book, 'E1'), valueAt(book, 'E2')]).toEqual([3, 6]);
    expect([valueAt(book, 'A4'), valueAt(book, 'B4'), valueAt(book, 'C4')]).toEqual([5, 7, 9]);
  });
  it('BYROW takes a function name in place of a LAMBDA', () => {
    const book = bookWith([
      [1, 2],
      [3, 4],
    ]);
    writeCell(book, 'E1', '=BYROW(A1:B2, SUM)');
    expect([valueAt(book, 'E1'), valueAt(book, 'E2')]).toEqual([3, 7]);
  });
  it('MAKEARRAY builds rows × columns from LAMBDA(row, column) (MS example: products)', () => {
    const book = bookWith();
    writeCell(book, 'A1', '=MAKEARRAY(3, 3, LAMBDA(r, c, r*c))');
    expect([
      valueAt(book, 'A1'),
      valueAt(book, 'B2'),
      valueAt(book, 'C3'),
      valueAt(book, 'C2'),
    ]).toEqual([1, 4, 9, 6]);
  });
  it('MAKEARRAY answers #VALUE! for a size below 1 or past what a formula may cover', () => {
    expect(calc('=MAKEARRAY(0, 2, LAMBDA(r, c, r))')).toBe('#VALUE!');
    expect(calc('=MAKEARRAY(1000, 1000, LAMBDA(r, c, r))')).toBe('#VALUE!');
  });
  it('passes an error inside the array to the LAMBDA, which may handle it', () => {
    expect(calc('=REDUCE(0, {1,2}, LAMBDA(a, b, a + IFERROR(1/(b-2), 0)))')).toBe(-1);
  });
  it('answers #SPILL! when its cells are taken, and spills once they are cleared', () => {
    const book = bookWith([[1], [2]]);
    writeCell(book, 'C2', 'taken');
    writeCell(book, 'C1', '=MAP(A1:A2, LAMBDA(x, x*3))');
    expect(valueAt(book, 'C1')).toBe('#SPILL!');
    writeCell(book, 'C2', null);
    expect([valueAt(book, 'C1'), valueAt(book, 'C2')]).toEqual([3, 6]);
  });
  it('keeps reading the same cells after a row is inserted above them, names untouched', () => {
    const book = bookWith([[1], [2]]);
    writeCell(book, 'C1', '=LET(r, A1:A2, SUM(MAP(r, LAMBDA(x, x + B1))))');
    writeCell(book, 'B1', 10);
    expect(valueAt(book, 'C1')).toBe(23);
    book.apply([
      {
        type: 'change-structure',
        change: { kind: 'insert', axis: 'row', at: 0, count: 1, sheet: 'Sheet1' },
      },
    ]);
    expect(inputToText(inputAt(book, 'C2')!)).toBe(
      '=LET(r, A2:A3, SUM(MAP(r, LAMBDA(x, x + B2))))',
    );
    expect(valueAt(book, 'C2')).toBe(23);
  });
  it('recalculates when a cell the LAMBDA body reads changes', () => {
    const book = bookWith([[1, 5]]);
    writeCell(book, 'Z1', '=MAP(A1, LAMBDA(x, x + B1))');
    expect(valueAt(book, 'Z1')).toBe(6);
    writeCell(book, 'B1', 10);
    expect(valueAt(book, 'Z1')).toBe(11);
  });
});

describe('the catalogue', () => {
  it('lists LET, LAMBDA and its helpers with signatures, and not the engine’s internal names', () => {
    const byName = new Map(
      bookWith()
        .functionCatalogue()
        .map((fn) => [fn.name, fn]),
    );
    expect(byName.get('LET')?.signature).toBe('LET(name1, value1, calculation_or_name2, …)');
    expect(byName.get('MAP')?.signature).toBe('MAP(array1, lambda_or_array2, …)');
    expect(byName.get('REDUCE')?.signature).toBe('REDUCE([initial_value], array, lambda)');
    for (const name of ['LAMBDA', 'SCAN', 'BYROW', 'BYCOL', 'MAKEARRAY', 'ISOMITTED'])
      expect(byName.get(name)?.description).not.toBe('');
    expect(byName.has('LAMBDA.CALL')).toBe(false);
    expect(byName.has('LAMBDA.SIZED')).toBe(false);
  });
});

describe('a defined name that holds a LAMBDA', () => {
  // Names reach the engine as HyperFormula named expressions (the names work); this drives the
  // plugin through one directly, with the spelling a cell calling the name gets. The formulas are
  // entered once the names exist: a spill's size is fixed when its formula is parsed, and
  // HyperFormula's build adds names after it has parsed the sheets.
  function engineWith(names: Record<string, string>, cells: unknown[][]): HyperFormula {
    const expressions = Object.entries(names).map(([name, formula]) => ({
      name,
      expression: lambdaSpelling(formula),
    }));
    const lambdaNames = new Set(Object.keys(names).map((name) => name.toLowerCase()));
    const spelled = cells.map((row) =>
      row.map((cell) => (typeof cell === 'string' ? lambdaSpelling(cell, lambdaNames) : cell)),
    );
    const hf = HyperFormula.buildFromArray(
      [],
      {
        licenseKey: 'gpl-v3',
        functionPlugins: [...HyperFormula.getAllFunctionPlugins(), lambdaPlugin()],
      },
      expressions,
    );
    hf.setCellContents({ sheet: 0, row: 0, col: 0 }, spelled as never);
    return hf;
  }

  it('is called like a function, reads the names and cells it refers to, and spills', () => {
    const hf = engineWith(
      {
        year: '=Sheet1!$A$1',
        row_of: '=LAMBDA(k, {1,2,3} * k + year)',
        twice: '=LAMBDA(x, x * 2)',
      },
      [[100, '=row_of(2)', null, null, '=twice(21)', '=MAP({1;2}, twice)']],
    );
    const at = (col: number, row = 0): unknown => hf.getCellValue({ sheet: 0, row, col });
    expect([at(1), at(2), at(3)]).toEqual([102, 104, 106]);
    expect(at(4)).toBe(42);
    expect([at(5), at(5, 1)]).toEqual([2, 4]);
    hf.setCellContents({ sheet: 0, row: 0, col: 0 }, [[0]]);
    expect(at(1)).toBe(2);
    hf.destroy();
  });
});

describe('a workbook name that holds a LAMBDA, called from cells', () => {
  const setName = (name: string, formula: string) => ({ type: 'set-name', name, formula }) as const;

  it('is called like a function, with or without arguments, and its array result spills', () => {
    // Excel's LAMBDA page: a name defined as =LAMBDA(…) is called as =name(arguments); the
    // calendar templates of the corpus (ironcalc/templates--yearly_calendar.xlsx, B6) spill one.
    const book = bookWith([[100]]);
    book.apply([
      setName('row_of', '=LAMBDA(k, SEQUENCE(1, 3) * k + Sheet1!$A$1)'),
      setName('answer', '=LAMBDA(42)'),
    ]);
    writeCell(book, 'B2', '=row_of(2)');
    writeCell(book, 'B3', '=answer()');
    expect([valueAt(book, 'B2'), valueAt(book, 'C2'), valueAt(book, 'D2')]).toEqual([
      102, 104, 106,
    ]);
    expect(valueAt(book, 'B3')).toBe(42);
    writeCell(book, 'A1', 0);
    expect(valueAt(book, 'D2')).toBe(6);
  });

  it('is read by formulas written before it was defined, and answers #NAME? once removed', () => {
    const book = bookWith();
    writeCell(book, 'A1', '=twice(21)');
    expect(valueAt(book, 'A1')).toBe('#NAME?');
    book.apply([setName('twice', '=LAMBDA(x, x * 2)')]);
    expect(valueAt(book, 'A1')).toBe(42);
    book.apply([{ type: 'delete-name', name: 'twice' }]);
    expect(valueAt(book, 'A1')).toBe('#NAME?');
    book.undo();
    expect(valueAt(book, 'A1')).toBe(42);
  });

  it('is called, as LET and LAMBDA are, in a formula evaluated outside any cell', () => {
    const book = bookWith();
    book.apply([setName('twice', '=LAMBDA(x, x * 2)')]);
    expect(book.evaluate(undefined, '=twice(21)')).toBe(42);
    expect(book.evaluate(undefined, '=LET(x, 1, x + 1)')).toBe(2);
  });

  it('spills with the size of its new definition when it is redefined', () => {
    const book = bookWith();
    book.apply([setName('grid', '=LAMBDA(n, SEQUENCE(2) * n)')]);
    writeCell(book, 'A1', '=grid(10)');
    expect([valueAt(book, 'A2'), valueAt(book, 'A3')]).toEqual([20, null]);
    book.apply([setName('grid', '=LAMBDA(n, SEQUENCE(3) * n)')]);
    expect([valueAt(book, 'A1'), valueAt(book, 'A2'), valueAt(book, 'A3')]).toEqual([10, 20, 30]);
  });
});
