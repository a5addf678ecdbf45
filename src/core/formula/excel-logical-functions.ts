// AND, OR and XOR as Excel reads their arguments (Microsoft's AND page: "If an array or reference
// argument contains text or empty cells, those values are ignored"; "If the specified range
// contains no logical values, AND returns the #VALUE! error value"), in place of HyperFormula's,
// which also read the text "TRUE" or "FALSE" held in a cell as a logical value. A HyperFormula
// plugin, since only the call's syntax tree tells a reference (A7, whose text is ignored) from a
// value written in the formula ("TRUE", which is read as TRUE).
// IFS and SWITCH as Excel answers them when arguments hold errors: the arguments are read in
// order and the first one that decides the answer decides it. IFS answers a condition's error (or
// #VALUE! for text that is not TRUE/FALSE) only when reached, so a condition after the first TRUE
// one cannot spoil it; SWITCH answers an error met among the values it compares, and compares
// like =, except that an empty cell is the number 0 (empty matches 0, not "" nor FALSE).
import {
  CellError,
  EmptyValue,
  ErrorType,
  FunctionArgumentType,
  FunctionPlugin,
  SimpleRangeValue,
  type FunctionPluginDefinition,
  type ImplementedFunctions,
} from 'hyperformula';
import { translateFunctionNames } from './engine-internals.js';
import type { AstCall as Call } from './engine-internals.js';

const REFERENCES = new Set(['CELL_REFERENCE', 'CELL_RANGE', 'COLUMN_RANGE', 'ROW_RANGE']);

type Combine = (values: readonly boolean[]) => boolean;

/** A number or boolean as a logical value; undefined for what a reference's cell ignores. */
function fromCell(value: unknown): boolean | CellError | undefined {
  if (value instanceof CellError) return value;
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value !== 0;
  if (
    typeof value === 'object' &&
    value !== null &&
    'val' in value &&
    typeof value.val === 'number'
  )
    return value.val !== 0;
  return undefined;
}

/** A value written in the formula (or computed by it): the text TRUE or FALSE counts too. */
function fromValue(value: unknown): boolean | CellError | undefined {
  if (value === EmptyValue) return undefined;
  if (typeof value === 'string') {
    if (/^true$/i.test(value)) return true;
    if (/^false$/i.test(value)) return false;
    // Other text is skipped, written or not: AND(TRUE,"0") is TRUE (formulas/test.xlsx LOGICAL
    // AT3), OR("",TRUE) TRUE (ironcalc/LOGICAL--AND_OR_XOR.xlsx C52).
    return undefined;
  }
  return fromCell(value);
}

class LogicalFunctions extends FunctionPlugin {
  private combine(ast: Call, state: unknown, name: string, combine: Combine): unknown {
    const values: boolean[] = [];
    for (const node of ast.args) {
      if (node.type === 'EMPTY') continue;
      const value = this.evaluateAst(node as never, state as never) as unknown;
      const reference = REFERENCES.has(node.type);
      if (value instanceof SimpleRangeValue) {
        for (const row of value.data)
          for (const cell of row) {
            const logical = fromCell(cell);
            if (logical instanceof CellError) return logical;
            if (logical !== undefined) values.push(logical);
          }
        continue;
      }
      const logical = reference ? fromCell(value) : fromValue(value);
      if (logical instanceof CellError) return logical;
      if (logical !== undefined) values.push(logical);
    }
    if (values.length === 0)
      return new CellError(ErrorType.VALUE, `${name}: no logical values among the arguments`);
    return combine(values);
  }

  and(ast: Call, state: unknown): unknown {
    return this.combine(ast, state, 'AND', (values) => values.every(Boolean));
  }
  or(ast: Call, state: unknown): unknown {
    return this.combine(ast, state, 'OR', (values) => values.some(Boolean));
  }
  xor(ast: Call, state: unknown): unknown {
    return this.combine(ast, state, 'XOR', (values) => values.filter(Boolean).length % 2 === 1);
  }

  /**
   * IFS over arrays applies cell by cell, as a dynamic-array Excel does (`IFS(A26:C26,1,B26,2)` is
   * one answer per cell of A26:C26, pycel/logical.xlsx Logical!O26:O44): a single row or column
   * stretches along the other arguments, a value is the same everywhere.
   */
  ifs(ast: Call, state: unknown): unknown {
    if (ast.args.length < 2 || ast.args.length % 2 !== 0)
      return new CellError(ErrorType.NA, 'IFS takes pairs of a condition and a value');
    const args = ast.args.map((node) => this.evaluateAst(node as never, state as never) as unknown);
    const arrays = args.filter(
      (value): value is SimpleRangeValue => value instanceof SimpleRangeValue,
    );
    const height = Math.max(1, ...arrays.map((value) => value.height()));
    const width = Math.max(1, ...arrays.map((value) => value.width()));
    const rows = Array.from({ length: height }, (_, row) =>
      Array.from({ length: width }, (_, col) => ifsAt(args.map((arg) => elementAt(arg, row, col)))),
    );
    return height === 1 && width === 1 ? rows[0]![0] : SimpleRangeValue.onlyValues(rows as never);
  }

  switch(ast: Call, state: unknown): unknown {
    return this.runFunction(
      ast.args as never,
      state as never,
      this.metadata('SWITCH'),
      (selector, ...args) => {
        const wanted = switchKey(selector);
        if (wanted instanceof CellError) return wanted;
        let index = 0;
        for (; index + 1 < args.length; index += 2) {
          const candidate = switchKey(args[index]);
          if (candidate instanceof CellError) return candidate;
          if (candidate === wanted) return args[index + 1];
        }
        return index < args.length
          ? args[index]
          : new CellError(ErrorType.NA, 'SWITCH: no value matches and there is no default');
      },
    );
  }
}

/** IFS over one value per argument: the value after the first TRUE condition. */
function ifsAt(args: readonly unknown[]): unknown {
  for (let index = 0; index + 1 < args.length; index += 2) {
    const condition = conditionOf(args[index]);
    if (condition === true) return args[index + 1];
    if (condition !== false) return condition;
  }
  return new CellError(ErrorType.NA, 'IFS: no condition is TRUE');
}

/**
 * The element of `value` at (row, col) as Excel broadcasts arrays: a value everywhere, a single
 * row or column along its length, and #N/A past an array's edge.
 */
function elementAt(value: unknown, row: number, col: number): unknown {
  if (!(value instanceof SimpleRangeValue)) return value;
  const r = value.height() === 1 ? 0 : row;
  const c = value.width() === 1 ? 0 : col;
  return value.data[r]?.[c] ?? new CellError(ErrorType.NA, 'outside the array');
}

/** An IFS condition: TRUE (the value to answer follows), FALSE, or the error to answer. */
function conditionOf(value: unknown): true | false | CellError {
  if (value instanceof CellError) return value;
  if (value === EmptyValue) return false;
  if (typeof value === 'boolean') return value;
  const logical = fromCell(value);
  if (logical !== undefined) return logical;
  if (typeof value === 'string') {
    const read = fromValue(value);
    if (typeof read === 'boolean') return read;
    if (value === '') return false;
  }
  return new CellError(ErrorType.VALUE, 'IFS: a condition is text, not TRUE or FALSE');
}

/**
 * A value SWITCH compares, as a key equal for equal values: numbers, text (any case) and
 * booleans never equal one another; an empty cell is 0.
 */
function switchKey(value: unknown): string | CellError {
  if (value instanceof CellError) return value;
  if (value === EmptyValue) return 'n0';
  if (typeof value === 'boolean') return `b${value}`;
  if (typeof value === 'string') return `t${value.toLowerCase()}`;
  const logical = typeof value === 'number' ? value : (value as { val?: unknown }).val;
  return `n${String(logical)}`;
}

// Arguments are evaluated by the methods; the metadata says one or more of any kind (so an array
// formula does not size a spill from them).
const LOGICALS = {
  parameters: [{ argumentType: FunctionArgumentType.ANY }],
  repeatLastArgs: 1,
  vectorizationForbidden: true,
};
// Every argument of IFS and SWITCH is one value, errors included (SCALAR hands errors over);
// in an array formula they apply cell by cell.
const VALUE = { argumentType: FunctionArgumentType.SCALAR, passSubtype: true };
const IMPLEMENTED: ImplementedFunctions = {
  AND: { method: 'and', ...LOGICALS },
  OR: { method: 'or', ...LOGICALS },
  XOR: { method: 'xor', ...LOGICALS },
  // Evaluated by the method, which applies it over arrays cell by cell.
  IFS: {
    method: 'ifs',
    parameters: [
      { argumentType: FunctionArgumentType.ANY },
      { argumentType: FunctionArgumentType.ANY },
    ],
    repeatLastArgs: 2,
    vectorizationForbidden: true,
  },
  SWITCH: { method: 'switch', parameters: [VALUE, VALUE, VALUE], repeatLastArgs: 1 },
};

/** The plugin class (stateless, shared by every engine); registered after HyperFormula's own. */
export function logicalPlugin(): FunctionPluginDefinition {
  translateFunctionNames(Object.keys(IMPLEMENTED));
  (
    LogicalFunctions as unknown as { implementedFunctions: ImplementedFunctions }
  ).implementedFunctions = IMPLEMENTED;
  return LogicalFunctions as unknown as FunctionPluginDefinition;
}
