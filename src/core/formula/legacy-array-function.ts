// LEGACY.ARRAY(formula, rows, cols): a legacy (Ctrl+Shift+Enter) array formula, as the xlsx
// import writes one (core/legacy-array.ts). Excel evaluates the formula once as an array (scalar
// functions applied element by element over ranges) and fills exactly its range: a larger result
// is cut, a smaller one leaves #N/A past its end, and a 1 × N or N × 1 result repeats along the
// other axis (a single value fills everything). Its size is known when the formula is parsed, so
// HyperFormula reserves exactly the range: it never spills further. Internal: not catalogued.
import {
  ArraySize,
  CellError,
  EmptyValue,
  ErrorType,
  FunctionPlugin,
  SimpleRangeValue,
  type FunctionPluginDefinition,
} from 'hyperformula';
import { DYNAMIC_ARRAY, LEGACY_ARRAY } from '../legacy-array.js';
import { MAX_FORMULA_RANGE_CELLS } from './formula-limits.js';
import { translateFunctionNames } from './engine-internals.js';
import type { AstNode as Node } from './engine-internals.js';

/** The parts of HyperFormula's syntax tree read here (its types are not exported). */
interface Call extends Node {
  readonly args: readonly Node[];
}
interface State {
  readonly arraysFlag: boolean;
}

const VECTORIZING_ARRAYS = /returning array cannot be vectorized/i;

/** The largest range a legacy array formula may fill (Excel's sheet is 1,048,576 × 16,384). */
const MAX_CELLS = 1_000_000;

export function isInternalLegacyArrayFunction(name: string): boolean {
  const upper = name.toUpperCase();
  return upper === LEGACY_ARRAY || upper === DYNAMIC_ARRAY;
}

/** rows and cols as written by the import: whole positive numbers; undefined otherwise. */
function sizeOf(ast: Call): { rows: number; cols: number } | undefined {
  if (ast.args.length !== 3) return undefined;
  const [, rows, cols] = ast.args.map((node) => (node.type === 'NUMBER' ? node.value : undefined));
  if (typeof rows !== 'number' || typeof cols !== 'number') return undefined;
  if (!Number.isInteger(rows) || !Number.isInteger(cols) || rows < 1 || cols < 1) return undefined;
  if (rows * cols > MAX_CELLS) return undefined;
  return { rows, cols };
}

/** The value at (row, col) of a result filling a rows × cols range, as Excel fills it. */
function fill(result: unknown, rows: number, cols: number): unknown[][] {
  const data =
    result instanceof SimpleRangeValue ? (result.data as unknown[][]) : [[result as unknown]];
  const height = data.length;
  const width = data[0]?.length ?? 0;
  const out: unknown[][] = [];
  for (let row = 0; row < rows; row += 1) {
    const line: unknown[] = [];
    const from = height === 1 ? 0 : row;
    for (let col = 0; col < cols; col += 1) {
      const at = width === 1 ? 0 : col;
      line.push(
        from < height && at < width
          ? data[from]![at]
          : new CellError(ErrorType.NA, 'past the end of the array formula’s result'),
      );
    }
    out.push(line);
  }
  return out;
}

class LegacyArrayFunction extends FunctionPlugin {
  legacyArray(ast: Call, state: State): unknown {
    const size = sizeOf(ast);
    if (size === undefined) return new CellError(ErrorType.VALUE, 'not a legacy array formula');
    let result: unknown;
    try {
      result = this.evaluateAst(ast.args[0] as never, { ...state, arraysFlag: true } as never);
    } catch (error) {
      // HyperFormula refuses to apply a function element by element when that function itself
      // returns an array (INDEX(range, {1,2}) inside a scalar function): Excel's answer is #VALUE!.
      if (!(error instanceof Error) || !VECTORIZING_ARRAYS.test(error.message)) throw error;
      result = new CellError(ErrorType.VALUE, 'an array where one value was expected');
    }
    const filled = fill(result, size.rows, size.cols);
    if (size.rows === 1 && size.cols === 1) return filled[0]![0];
    return SimpleRangeValue.onlyValues(filled as never);
  }

  /**
   * DYNAMIC.ARRAY(formula): a file's dynamic-array formula, evaluated in array mode. A range it
   * answers is its values (Excel spills a reference too); its size is the one the formula has in
   * array mode, so HyperFormula spills it, and an array sized only at run time shows its first
   * value (implicit-intersection.ts).
   */
  dynamicArray(ast: Call, state: State): unknown {
    if (ast.args.length !== 1) return new CellError(ErrorType.NA, 'one formula is expected');
    const result = this.evaluateAst(ast.args[0] as never, { ...state, arraysFlag: true } as never);
    if (!(result instanceof SimpleRangeValue)) return result;
    if (result.isAdHoc() && !result.data.some((row) => row.includes(EmptyValue))) return result;
    // Excel spills an empty cell as 0 (`=A1:A3` with A2 empty shows 1, 0, 3).
    const data = result.data.map((row) => row.map((value) => (value === EmptyValue ? 0 : value)));
    if (result.width() === 1 && result.height() === 1) return data[0]![0];
    return SimpleRangeValue.onlyValues(data as never);
  }

  dynamicArraySize(ast: Call, state: State): ArraySize {
    if (ast.args.length !== 1) return ArraySize.scalar();
    const size = this.arraySizeForAst(
      ast.args[0] as never,
      { ...state, arraysFlag: true } as never,
    );
    // A whole row or column (`First!1:1`, xlcalculator/reader.xlsm) has no size HyperFormula can
    // reserve: such a formula keeps one cell and shows the first value, as one sized at run time.
    const { width, height } = size;
    if (!Number.isFinite(width) || !Number.isFinite(height)) return ArraySize.scalar();
    if (width * height > MAX_FORMULA_RANGE_CELLS) return ArraySize.scalar();
    return new ArraySize(width, height);
  }

  legacyArraySize(ast: Call): ArraySize {
    const size = sizeOf(ast);
    return size === undefined ? ArraySize.scalar() : new ArraySize(size.cols, size.rows);
  }
}

/** The plugin class (stateless, shared by every engine). */
export function legacyArrayPlugin(): FunctionPluginDefinition {
  translateFunctionNames([LEGACY_ARRAY, DYNAMIC_ARRAY]);
  (LegacyArrayFunction as unknown as { implementedFunctions: unknown }).implementedFunctions = {
    [LEGACY_ARRAY]: {
      method: 'legacyArray',
      sizeOfResultArrayMethod: 'legacyArraySize',
      // The formula is evaluated here, in array mode; the sizes are read from the syntax.
      parameters: [],
      enableArrayArithmeticForArguments: true,
    },
    [DYNAMIC_ARRAY]: {
      method: 'dynamicArray',
      sizeOfResultArrayMethod: 'dynamicArraySize',
      parameters: [],
      enableArrayArithmeticForArguments: true,
    },
  };
  return LegacyArrayFunction as unknown as FunctionPluginDefinition;
}
