// Extra spreadsheet functions (GridOS's non-Excel ones now, plugins and macros later),
// registered per engine instance: each workbook's engine gets the registry it was built with.
import { DEFAULT_CHARACTER_SET, type CharacterSet } from './character-sets.js';
import type { CellValue } from './sentinels.js';

/**
 * The workbook's own settings its formulas compute with, the same for every cell: the engine
 * hands them to each custom function call (HyperFormula's per-instance `context`).
 */
export interface CalculationSettings {
  /** The set CHAR and CODE map codes through (Excel's platform character set). */
  readonly characterSet: CharacterSet;
}

export const DEFAULT_CALCULATION_SETTINGS: CalculationSettings = {
  characterSet: DEFAULT_CHARACTER_SET,
};

/** An argument as a custom function receives it: a scalar, or a range as rows of scalars. */
export type FunctionArgument = Exclude<CellValue, undefined> | FunctionArgumentRange;
/** The arguments a custom function's evaluate receives. */
export type FunctionArguments = readonly FunctionArgument[];
export interface FunctionArgumentRange {
  readonly rows: readonly (readonly CellValue[])[];
  /**
   * A whole column or row (A:A, 1:1): its shape as Excel sees it and the cells it holds, every
   * other cell empty. Its `rows` stop at the sheet's last row holding a cell and are built when
   * first read, a million rows beside a value in row 1,048,576: a function that can, reads this.
   */
  readonly held?: HeldCells;
}

export interface HeldCells {
  readonly height: number;
  readonly width: number;
  /** The rows and columns to the sheet's last row and column holding a cell. */
  readonly usedHeight: number;
  readonly usedWidth: number;
  /** Row by row, each at its row and column from the range's top-left cell. */
  readonly cells: readonly {
    readonly row: number;
    readonly col: number;
    readonly value: CellValue;
  }[];
}

export interface CustomFunction {
  /** Uppercase name, as used in formulas. */
  readonly name: string;
  readonly minArgs: number;
  /** `Infinity` for variadic functions. */
  readonly maxArgs: number;
  /** Short help for people and for the agent's prompt. */
  readonly description: string;
  /** Parameter names for the function catalogue's signature (default: value1, value2 …). */
  readonly parameters?: readonly string[];
  /** The catalogue's category (default: "Custom"). */
  readonly category?: string;
  /** Recomputed on every recalculation (like RAND). */
  readonly volatile?: boolean;
  /**
   * Receives error values as arguments (ERROR.TYPE, TYPE) instead of answering with the first one;
   * its arguments are then single values (a range gives #VALUE!).
   */
  readonly takesErrors?: boolean;
  /**
   * Argument positions (from 0) whose error values reach evaluate instead of answering the call:
   * Excel looks at them only when needed (TEXTAFTER's if_not_found, ironcalc
   * TEXT--TEXTBEFORE_TEXTAFTER.xlsx G5). A range there reads as its intersected cell.
   */
  readonly errorTolerantArguments?: readonly number[];
  /**
   * A throw becomes a #VALUE! result carrying the message; it never escapes the engine. `syntax`
   * tells an argument written as nothing (`GCD(,5)`) from an empty cell: both read as null.
   */
  readonly evaluate: (
    args: FunctionArguments,
    settings: CalculationSettings,
    syntax: CallSyntax,
  ) => CellValue;
  /**
   * The whole array of a call that Excel answers with several values (REGEXEXTRACT's modes 1 and
   * 2), as rows; undefined where it answers one value (then `evaluate` answers). Asked only when
   * every argument is one value: lifted over a range, each cell shows `evaluate`'s value. The
   * function must then be listed in data-sized-spills.ts, which spills such a result.
   */
  readonly evaluateArray?: (
    args: FunctionArguments,
    settings: CalculationSettings,
  ) => readonly (readonly CellValue[])[] | undefined;
}

/** How a call is written, where its values alone do not tell. */
export interface CallSyntax {
  /** Positions (from 0) of the arguments written as nothing: `GCD(,5)` omits 0. */
  readonly omitted: ReadonlySet<number>;
  /**
   * Positions of the arguments written as text, which no reference can be: a string (`"Nothing"`)
   * or a join (`"A"&B1`). A one-cell reference to text reads as the same value.
   */
  readonly writtenAsText: ReadonlySet<number>;
}

export const PLAIN_CALL: CallSyntax = { omitted: new Set(), writtenAsText: new Set() };

const FUNCTION_NAME = /^[A-Z][A-Z0-9_.]*$/;

export class FunctionRegistry {
  readonly #functions = new Map<string, CustomFunction>();

  constructor(functions: readonly CustomFunction[] = []) {
    for (const fn of functions) this.register(fn);
  }

  register(fn: CustomFunction): void {
    if (!FUNCTION_NAME.test(fn.name))
      throw new Error(`Function name "${fn.name}" must be uppercase letters, digits, _ or .`);
    this.#functions.set(fn.name, fn);
  }

  unregister(name: string): boolean {
    return this.#functions.delete(name.toUpperCase());
  }

  get(name: string): CustomFunction | undefined {
    return this.#functions.get(name.toUpperCase());
  }

  list(): CustomFunction[] {
    return [...this.#functions.values()];
  }

  /** A copy, so one workbook's later registrations never leak into another's engine. */
  clone(): FunctionRegistry {
    return new FunctionRegistry(this.list());
  }
}

export function isRangeArgument(arg: FunctionArgument): arg is FunctionArgumentRange {
  return typeof arg === 'object' && arg !== null && 'rows' in arg;
}
