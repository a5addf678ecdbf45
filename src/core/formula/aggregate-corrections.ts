// Statistical aggregates of HyperFormula that answer differently from Excel where their data is
// empty or typed directly, corrected once on their plugins' prototypes (as empty-product.ts does):
// - AVEDEV and DEVSQ of no numbers are #NUM! (HyperFormula: #DIV/0! and 0); poi
//   FormulaEvalTestData_Copy.xlsx EverythingTests F176, G176, H392. A single cell's text or
//   TRUE/FALSE is skipped as a range's is (HyperFormula coerced it as a typed value).
// - MEDIAN skips a single cell's text, TRUE/FALSE or emptiness as a range's, and of no numbers is
//   #NUM! (formulas test.xlsx STATISTICAL: MEDIAN(I65,G65) over text in I65 is G65's 0.1,
//   MEDIAN(H65) of an empty cell #NUM!; HyperFormula coerced them).
// - LARGE and SMALL read a single value typed as their array as Excel reads a typed argument:
//   TRUE is 1, "2.3" is 2.3, "Hello" is #VALUE! (HyperFormula skipped it and answered #NUM!);
//   a value read from a cell is still skipped unless it is a number. ironcalc
//   STATISTICAL--SMALL_LARGE.xlsx H4, J3, J4; poi EverythingTests G816, H816.
// - GEOMEAN and HARMEAN skip a single cell's text or TRUE/FALSE as a range's (Microsoft's GEOMEAN
//   page: text and logical values in a reference are ignored; formulas test.xlsx STATISTICAL X50,
//   Y50, X53, Y53: GEOMEAN(I50,G50) over text in I50 is G50's 5; HyperFormula coerced them).
// - COUNTBLANK counts a formula's empty text ("") as blank (Microsoft's COUNTBLANK page; ironcalc
//   STATISTICAL--COUNT.xlsx E13, F13, G18), and a whole column or row to row 1,048,576 or column
//   XFD as Excel does (HyperFormula's range stops at the sheet's used area).
// - NPV skips a single cell's text, TRUE/FALSE or emptiness among its values as a range's, so it
//   takes no period (ironcalc FINANCIAL--NPV.xlsx, pycel npv.xlsx; HyperFormula coerced them).
import { CellError, EmptyValue, ErrorType, HyperFormula, SimpleRangeValue } from 'hyperformula';
import type { AstCall as Call } from './engine-internals.js';
import { excelShape } from './excel-criteria-functions.js';
import { heldRangeOf, type HeldRange } from './held-range-values.js';

interface Node {
  readonly type: string;
  readonly expressionName?: string;
}
type Method = (this: Plugin, ast: Call, state: unknown) => unknown;
interface ArithmeticHelper {
  coerceNumbersExactRanges(args: readonly unknown[]): number[] | CellError;
  manyToExactNumbers(values: readonly unknown[]): number[] | CellError;
  coerceScalarToNumberOrError(value: unknown): unknown;
}
interface Plugin {
  readonly arithmeticHelper: ArithmeticHelper;
  runFunction(
    args: readonly Node[],
    state: unknown,
    metadata: unknown,
    fn: (...args: unknown[]) => unknown,
  ): unknown;
  metadata(name: string): unknown;
  evaluateAst(ast: Node, state: unknown): unknown;
  [method: string]: unknown;
}

/** Argument syntax that reads cells: their text and booleans are skipped, not coerced. */
const REFERENCE_NODES: ReadonlySet<string> = new Set([
  'CELL_REFERENCE',
  'CELL_RANGE',
  'COLUMN_RANGE',
  'ROW_RANGE',
]);

/** Whether the argument reads cells; TRUE and FALSE are names the engine defines (BOOLEAN_LITERALS). */
export function readsCells(node: Node): boolean {
  if (node.type === 'NAMED_EXPRESSION')
    return !['TRUE', 'FALSE'].includes(String(node.expressionName).toUpperCase());
  return REFERENCE_NODES.has(node.type);
}

function prototypeOf(name: string, methods: readonly string[]): Plugin {
  const plugin = HyperFormula.getFunctionPlugin(name) as { prototype?: Plugin } | undefined;
  const prototype = plugin?.prototype;
  if (prototype === undefined || methods.some((method) => typeof prototype[method] !== 'function'))
    throw new Error(
      `HyperFormula no longer has ${name} where aggregate-corrections.ts patches it.`,
    );
  return prototype;
}

/**
 * AVEDEV, DEVSQ or MEDIAN over its arguments' numbers, #NUM! when none. A value typed directly is coerced
 * (HyperFormula's coercions); a cell's text or TRUE/FALSE is skipped, as in a range (formulas
 * test.xlsx STATISTICAL X3, Y3: AVEDEV(I3,G3) over text in I3 is 0).
 */
function measureOfNumbers(
  name: string,
  measure: (numbers: readonly number[]) => number | CellError,
): Method {
  return function (ast, state) {
    const fromCells = ast.args.map(readsCells);
    return this.runFunction(ast.args, state, this.metadata(name), (...given) => {
      const args = withoutCellsSkipped(given, fromCells);
      const numbers = this.arithmeticHelper.coerceNumbersExactRanges(args);
      if (numbers instanceof CellError) return numbers;
      if (numbers.length === 0) return new CellError(ErrorType.NUM, `${name}: no numbers given`);
      return measure(numbers);
    });
  };
}

/**
 * The arguments less the single cells a range would skip: a cell's text, TRUE/FALSE or emptiness
 * (`fromCells[i]`: argument i reads cells). Ranges, errors and numbers stay.
 */
function withoutCellsSkipped(given: readonly unknown[], fromCells: readonly boolean[]): unknown[] {
  return given.filter(
    (value, index) =>
      !fromCells[index] ||
      value instanceof SimpleRangeValue ||
      value instanceof CellError ||
      typeof value === 'number' ||
      (typeof value === 'object' && value !== null && 'val' in value),
  );
}

/**
 * NPV discounts only the numbers of its value arguments: a single cell's text, TRUE/FALSE or
 * emptiness is skipped as a range's is, so it takes no period (ironcalc FINANCIAL--NPV.xlsx K3,
 * K5, L5; pycel npv.xlsx A8, A9; HyperFormula counted an empty cell as a period of 0 and TRUE
 * as 1). Typed values are still coerced (NPV(0.1,TRUE) discounts 1); the discounting stays
 * HyperFormula's.
 */
function skippingCellsOfValues(original: Method): Method {
  return function (ast, state) {
    const fromCells = ast.args.map(readsCells).slice(1);
    const plugin = this;
    const skipping = Object.create(plugin) as Plugin;
    skipping.runFunction = (args, at, metadata, fn) =>
      plugin.runFunction(args, at, metadata, (rate, ...given) =>
        fn(rate, ...withoutCellsSkipped(given, fromCells)),
      );
    return original.call(skipping, ast, state);
  };
}

const meanOf = (numbers: readonly number[]): number =>
  numbers.reduce((sum, value) => sum + value, 0) / numbers.length;

export function averageDeviation(numbers: readonly number[]): number {
  const mean = meanOf(numbers);
  return numbers.reduce((sum, value) => sum + Math.abs(value - mean), 0) / numbers.length;
}

export function squaredDeviations(numbers: readonly number[]): number {
  const mean = meanOf(numbers);
  return numbers.reduce((sum, value) => sum + (value - mean) ** 2, 0);
}

/** `measure` of numbers that must all be above 0 (#NUM! otherwise), as GEOMEAN and HARMEAN need. */
function ofPositives(
  name: string,
  measure: (numbers: readonly number[]) => number,
): (numbers: readonly number[]) => number | CellError {
  return (numbers) =>
    numbers.some((value) => value <= 0)
      ? new CellError(ErrorType.NUM, `${name}: every number must be above 0`)
      : measure(numbers);
}

/** The middle number, or the mean of the middle two. */
export function medianOf(numbers: readonly number[]): number {
  const sorted = [...numbers].sort((a, b) => a - b);
  const half = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[half]! : (sorted[half - 1]! + sorted[half]!) / 2;
}

/**
 * The k-th largest (`fromTop`) or smallest number. A single value typed as the array is coerced
 * as a typed argument is; cells and arrays give only their numbers.
 */
function orderStatistic(name: string, fromTop: boolean): Method {
  return function (ast, state) {
    const typed = ast.args[0] !== undefined && !readsCells(ast.args[0]);
    return this.runFunction(ast.args, state, this.metadata(name), (range, k) => {
      const data = (range as SimpleRangeValue).valuesFromTopLeftCorner();
      let numbers: number[] | CellError;
      if (typed && data.length === 1 && typeof data[0] !== 'number') {
        const only = this.arithmeticHelper.coerceScalarToNumberOrError(data[0]);
        numbers = typeof only === 'number' ? [only] : (only as CellError);
      } else numbers = this.arithmeticHelper.manyToExactNumbers(data);
      if (numbers instanceof CellError) return numbers;
      const rank = Math.trunc(k as number);
      if (rank < 1 || rank > numbers.length)
        return new CellError(ErrorType.NUM, `${name}: k must be from 1 to the count of numbers`);
      numbers.sort((a, b) => (fromTop ? b - a : a - b));
      return numbers[rank - 1];
    });
  };
}

/**
 * Empty cells and empty text, as a formula answering "" leaves it, count as blank. A whole column
 * or row counts to the sheet's edge (COUNTBLANK(A:A) beside one value is 1,048,575) from the cells
 * it holds: its size less the cells held that are not blank, whatever the sheet's height.
 */
const countBlank: Method = function (ast, state) {
  if (ast.args.length === 0)
    return new CellError(ErrorType.NA, 'COUNTBLANK takes the range whose blank cells it counts');
  // Each range is read cell by cell here: HyperFormula's way (one argument per cell, spread
  // into a call) overflowed the stack past about 120,000 cells.
  let blanks = 0;
  for (const node of ast.args) {
    const value = this.evaluateAst(node, state);
    const held = heldRangeOf(value);
    if (held !== undefined) {
      blanks += blanksOfHeld(held);
      continue;
    }
    if (value instanceof SimpleRangeValue) {
      for (const cell of value.valuesFromTopLeftCorner()) if (isBlank(cell)) blanks += 1;
    } else if (isBlank(value)) blanks += 1;
    blanks += cellsPastUsedArea(node, value);
  }
  return blanks;
};

const isBlank = (value: unknown): boolean => value === EmptyValue || value === '';

/** The blank cells of a whole column or row: all of its cells but those held that are not blank. */
function blanksOfHeld(range: HeldRange): number {
  let filled = 0;
  for (const { value } of range.cells) if (!isBlank(value)) filled += 1;
  return range.excelHeight * range.excelWidth - filled;
}

/** The cells of a whole-column or whole-row argument that lie past the sheet's used area. */
function cellsPastUsedArea(node: Node, range: unknown): number {
  if (node.type !== 'COLUMN_RANGE' && node.type !== 'ROW_RANGE') return 0;
  if (range instanceof CellError) return 0;
  // The engine hands a range of one cell (A:A on a sheet one row tall) over as its value.
  const held =
    range instanceof SimpleRangeValue
      ? { height: range.height(), width: range.width() }
      : { height: 1, width: 1 };
  const { height, width } = excelShape(held, node);
  return height * width - held.height * held.width;
}

let corrected = false;

export function correctAggregates(): void {
  if (corrected) return;
  const statistics = prototypeOf('AVEDEV', ['avedev', 'devsq']);
  statistics.avedev = measureOfNumbers('AVEDEV', averageDeviation);
  statistics.devsq = measureOfNumbers('DEVSQ', squaredDeviations);
  const order = prototypeOf('LARGE', ['large', 'small', 'median']);
  order.large = orderStatistic('LARGE', true);
  order.small = orderStatistic('SMALL', false);
  order.median = measureOfNumbers('MEDIAN', medianOf);
  const means = prototypeOf('GEOMEAN', ['geomean', 'harmean']);
  // As HyperFormula computes them (its jStat: the n-th root of the product).
  means.geomean = measureOfNumbers(
    'GEOMEAN',
    ofPositives('GEOMEAN', (numbers) =>
      Math.pow(
        numbers.reduce((product, value) => product * value, 1),
        1 / numbers.length,
      ),
    ),
  );
  means.harmean = measureOfNumbers(
    'HARMEAN',
    ofPositives(
      'HARMEAN',
      (numbers) => numbers.length / numbers.reduce((sum, value) => sum + 1 / value, 0),
    ),
  );
  prototypeOf('COUNTBLANK', ['countblank']).countblank = countBlank;
  const financial = prototypeOf('NPV', ['npv']);
  financial.npv = skippingCellsOfValues(financial.npv as Method);
  corrected = true;
}
