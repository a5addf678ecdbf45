// LET, LAMBDA and the functions that call a LAMBDA (MAP, REDUCE, SCAN, BYROW, BYCOL, MAKEARRAY,
// ISOMITTED), as one HyperFormula function plugin (stateless, shared by every engine). HyperFormula has no values that are
// functions, so these work on the formula's syntax tree (lambda-spelling.ts spells names and calls
// so it parses): a call binds each parameter by copying the LAMBDA's body with the parameter's
// node replaced by the argument's value (a reference stays a reference, so ROW(x) and OFFSET(x,…)
// see it), then evaluates the copy. A LET evaluates each value once, so chained names never
// re-evaluate (or re-copy) what they were defined from. Why this design: decision record
// 2026-11-26-let-and-lambda.
import {
  ArraySize,
  CellError,
  EmptyValue,
  ErrorType,
  FunctionPlugin,
  SimpleRangeValue,
  type FunctionPluginDefinition,
} from 'hyperformula';
import type { FunctionInfo } from './function-catalogue.js';
import { MAX_FORMULA_RANGE_CELLS } from './formula-limits.js';
import { pluginCatalogue, type PluginFunctionRow } from './function-catalogue.js';
import { LAMBDA_CALL } from './lambda-spelling.js';
import { definePlugin } from './engine-internals.js';
import type { AstNode as Node, InterpreterState as State } from './engine-internals.js';

/** The parts of HyperFormula's syntax tree read here (its types are not exported). */
interface Call extends Node {
  readonly procedureName: string;
  readonly args: readonly Node[];
}
type Value = unknown;

/** Stands for a value of a known size while sizes are predicted (never evaluated). */
const SIZED = 'LAMBDA.SIZED';
const INTERNAL = new Set([LAMBDA_CALL, SIZED]);
const REFERENCE_NODES = new Set(['CELL_REFERENCE', 'CELL_RANGE', 'COLUMN_RANGE', 'ROW_RANGE']);
const PREFIX = /^_xl(?:pm|op)\./i;

/** Function names the engine registers for its own use, left out of the catalogue. */
export function isInternalLambdaFunction(name: string): boolean {
  return INTERNAL.has(name.toUpperCase());
}

const isCall = (node: Node, name?: string): node is Call =>
  node.type === 'FUNCTION_CALL' && (name === undefined || (node as Call).procedureName === name);

/** The bound name a node stands for: `_xlpm.x` and `_xlop.x` are both `x`. */
function boundName(node: Node): string | undefined {
  return node.type === 'NAMED_EXPRESSION'
    ? String(node.expressionName).replace(PREFIX, '').toLowerCase()
    : undefined;
}

/** A value as a node the interpreter returns as it is (it reads NUMBER nodes' `value` unchecked). */
export function valueNode(value: Value): Node {
  return { type: 'NUMBER', value };
}

const valueError = (message: string): CellError => new CellError(ErrorType.VALUE, message);
const isError = (value: Value): value is CellError => value instanceof CellError;

type Bindings = ReadonlyMap<string, Node>;

function without(bindings: Bindings, names: readonly (string | undefined)[]): Bindings {
  if (!names.some((name) => name !== undefined && bindings.has(name))) return bindings;
  const left = new Map(bindings);
  for (const name of names) if (name !== undefined) left.delete(name);
  return left;
}

/** `node` with every free occurrence of a bound name replaced; inner LET and LAMBDA shadow. */
function substitute(node: Node, bindings: Bindings): Node {
  if (bindings.size === 0) return node;
  switch (node.type) {
    case 'NAMED_EXPRESSION':
      return bindings.get(boundName(node)!) ?? node;
    case 'FUNCTION_CALL': {
      const call = node as Call;
      const args = call.args;
      if (call.procedureName === 'LAMBDA') {
        const inner = without(bindings, args.slice(0, -1).map(boundName));
        return {
          ...call,
          args: [...args.slice(0, -1), ...args.slice(-1).map((body) => substitute(body, inner))],
        };
      }
      if (call.procedureName === 'LET') {
        let scope = bindings;
        const next = args.map((arg, position) => {
          if (position === args.length - 1) return substitute(arg, scope);
          if (position % 2 === 0) return arg;
          const value = substitute(arg, scope);
          scope = without(scope, [boundName(args[position - 1]!)]);
          return value;
        });
        return { ...call, args: next };
      }
      return { ...call, args: args.map((arg) => substitute(arg, bindings)) };
    }
    case 'PARENTHESES':
      return { ...node, expression: substitute(node.expression as Node, bindings) };
    case 'MINUS_UNARY_OP':
    case 'PLUS_UNARY_OP':
    case 'PERCENT_OP':
      return { ...node, value: substitute(node.value as Node, bindings) };
    case 'ARRAY':
      return {
        ...node,
        args: (node.args as Node[][]).map((row) => row.map((cell) => substitute(cell, bindings))),
      };
    default:
      if ('left' in node && 'right' in node)
        return {
          ...node,
          left: substitute(node.left as Node, bindings),
          right: substitute(node.right as Node, bindings),
        };
      return node;
  }
}

/** Rows of a value: a range's, or one row of one scalar. */
export function gridOf(value: Value): Value[][] {
  return value instanceof SimpleRangeValue ? (value.data as Value[][]) : [[value]];
}

/** One value per cell of a result: a LAMBDA that answers an array there is Excel's #CALC!. */
export function scalarOf(value: Value, where: string): Value {
  if (value instanceof SimpleRangeValue)
    return value.width() === 1 && value.height() === 1
      ? value.data[0]![0]
      : valueError(`${where}: the LAMBDA returned an array where one value was expected`);
  return value;
}

function arrayOf(rows: Value[][]): Value {
  return rows.length === 1 && rows[0]!.length === 1
    ? rows[0]![0]
    : SimpleRangeValue.onlyValues(rows as never);
}

/**
 * A function given by name and called with arguments it cannot take (IF with one) is #VALUE! in
 * Excel (formulas/test.xlsx EXTRA!H100: PIVOTBY(…,_xleta.IF) caches #VALUE! in every cell);
 * HyperFormula answers its own wrong-count #N/A.
 */
/** HyperFormula's message for a call with a wrong number of arguments (its ErrorMessage is internal). */
const WRONG_ARGUMENT_COUNT = 'Wrong number of arguments.';

function passedByName(value: Value, where: string): Value {
  return isError(value) && value.type === ErrorType.NA && value.message === WRONG_ARGUMENT_COUNT
    ? valueError(`${where}: the function cannot take the arguments given`)
    : value;
}

export class LambdaFunctions extends FunctionPlugin {
  protected evaluate(node: Node, state: State): Value {
    return this.evaluateAst(node as never, state as never);
  }

  /** An argument bound as Excel binds it: references as references, anything else evaluated once. */
  private bindArgument(node: Node, state: State): Node {
    if (REFERENCE_NODES.has(node.type) || node.type === 'EMPTY' || isCall(node, 'LAMBDA'))
      return node;
    return valueNode(this.evaluate(node, state));
  }

  /** The LAMBDA a defined name holds (`cal_month` defined as `=LAMBDA(mo, …)`), if it holds one. */
  private namedLambda(node: Node, state: State): Call | undefined {
    const internals = this as unknown as {
      interpreter: {
        namedExpressions: {
          nearestNamedExpression(name: string, sheet: number): { address: unknown } | undefined;
        };
      };
      dependencyGraph: {
        getCell(address: unknown): { getFormula?(service: unknown): Node } | undefined;
        lazilyTransformingAstService: unknown;
      };
    };
    const sheet = (state.formulaAddress as { sheet: number }).sheet;
    const named = internals.interpreter.namedExpressions.nearestNamedExpression(
      String(node.expressionName),
      sheet,
    );
    if (named === undefined) return undefined;
    const graph = internals.dependencyGraph;
    const formula = graph.getCell(named.address)?.getFormula?.(graph.lazilyTransformingAstService);
    return formula !== undefined && isCall(formula, 'LAMBDA') ? formula : undefined;
  }

  /**
   * The LAMBDA an argument names: one written there, one a defined name holds, or a built-in
   * function's name (`BYROW(r,SUM)`, Excel's short form) as a LAMBDA of its own arguments.
   * Undefined: not a function.
   */
  protected lambdaOf(
    node: Node,
    state: State,
  ): Call | ((args: readonly Node[]) => Node) | undefined {
    if (isCall(node, 'LAMBDA')) return node;
    if (node.type === 'PARENTHESES') return this.lambdaOf(node.expression as Node, state);
    if (node.type !== 'NAMED_EXPRESSION') return undefined;
    const named = this.namedLambda(node, state);
    if (named !== undefined) return named;
    const name = String(node.expressionName).toUpperCase();
    const registry = (
      this.interpreter as unknown as { functionRegistry: { getFunction(n: string): unknown } }
    ).functionRegistry;
    if (!INTERNAL.has(name) && registry.getFunction(name) !== undefined)
      return (args) => ({ type: 'FUNCTION_CALL', procedureName: name, args });
    return undefined;
  }

  /** Calls a LAMBDA with argument nodes; a count that does not fit its parameters is #VALUE!. */
  protected invoke(fn: Node, args: readonly Node[], state: State, where: string): Value {
    const lambda = this.lambdaOf(fn, state);
    if (lambda === undefined) return valueError(`${where}: the argument is not a LAMBDA`);
    if (typeof lambda === 'function')
      return passedByName(this.evaluate(lambda(args), state), where);
    const params = lambda.args.slice(0, -1);
    const body = lambda.args[lambda.args.length - 1];
    if (body === undefined) return valueError('LAMBDA needs a calculation');
    const required = params.filter((param) => !String(param.expressionName).startsWith('_xlop.'));
    if (args.length > params.length || args.length < required.length)
      return valueError(
        `${where}: the LAMBDA takes ${params.length} parameter(s) but was given ${args.length}`,
      );
    const bindings = new Map<string, Node>();
    for (const [position, param] of params.entries()) {
      const name = boundName(param);
      if (name === undefined) return valueError('LAMBDA: a parameter is not a valid name');
      bindings.set(name, args[position] ?? { type: 'EMPTY' });
    }
    return this.evaluate(substitute(body, bindings), state);
  }

  let(ast: Call, state: State): Value {
    const args = ast.args;
    if (args.length < 3 || args.length % 2 === 0)
      return valueError('LET takes name, value pairs and then a calculation');
    let scope: Bindings = new Map();
    for (let position = 0; position < args.length - 1; position += 2) {
      const name = boundName(args[position]!);
      if (name === undefined) return valueError('LET: a name is not a valid name');
      const bound = this.bindArgument(substitute(args[position + 1]!, scope), state);
      scope = new Map(scope).set(name, bound);
    }
    return this.evaluate(substitute(args[args.length - 1]!, scope), state);
  }

  lambda(): Value {
    return valueError(
      'a LAMBDA must be called: add its arguments in parentheses, LAMBDA(x,x+1)(2)',
    );
  }

  lambdaCall(ast: Call, state: State): Value {
    const [fn, ...args] = ast.args;
    if (fn === undefined) return valueError('LAMBDA call without a LAMBDA');
    if (fn.type === 'NAMED_EXPRESSION' && this.lambdaOf(fn, state) === undefined)
      return new CellError(
        ErrorType.NAME,
        `Unknown function ${String(fn.expressionName).replace(PREFIX, '')}`,
      );
    return this.invoke(
      fn,
      args.map((arg) => this.bindArgument(arg, state)),
      state,
      'LAMBDA',
    );
  }

  isomitted(ast: Call): Value {
    if (ast.args.length !== 1) return valueError('ISOMITTED takes one argument');
    return ast.args[0]!.type === 'EMPTY';
  }

  map(ast: Call, state: State): Value {
    if (ast.args.length < 2) return valueError('MAP takes one or more arrays and a LAMBDA');
    const fn = ast.args[ast.args.length - 1]!;
    const grids: Value[][][] = [];
    for (const arg of ast.args.slice(0, -1)) {
      const value = this.evaluate(arg, state);
      if (isError(value)) return value;
      grids.push(gridOf(value));
    }
    const height = Math.max(...grids.map((grid) => grid.length));
    const width = Math.max(...grids.map((grid) => grid[0]?.length ?? 0));
    const rows: Value[][] = [];
    for (let row = 0; row < height; row += 1) {
      const out: Value[] = [];
      for (let col = 0; col < width; col += 1) {
        const values = grids.map((grid) => grid[row]?.[col]);
        if (values.some((value) => value === undefined)) {
          out.push(new CellError(ErrorType.NA, 'MAP: the arrays differ in size'));
          continue;
        }
        out.push(scalarOf(this.invoke(fn, values.map(valueNode), state, 'MAP'), 'MAP'));
      }
      rows.push(out);
    }
    return arrayOf(rows);
  }

  /** REDUCE and SCAN: the accumulator through every value, row by row; SCAN keeps each step. */
  private fold(ast: Call, state: State, where: 'REDUCE' | 'SCAN'): Value {
    if (ast.args.length !== 3)
      return valueError(`${where} takes an initial value, an array and a LAMBDA`);
    const [initial, array, fn] = ast.args as [Node, Node, Node];
    const values = this.evaluate(array, state);
    if (isError(values)) return values;
    let accumulator =
      initial.type === 'EMPTY' ? valueNode(EmptyValue) : this.bindArgument(initial, state);
    const rows: Value[][] = [];
    for (const row of gridOf(values)) {
      const out: Value[] = [];
      for (const value of row) {
        const next = this.invoke(fn, [accumulator, valueNode(value)], state, where);
        accumulator = valueNode(next);
        out.push(where === 'SCAN' ? scalarOf(next, where) : undefined);
      }
      rows.push(out);
    }
    return where === 'SCAN' ? arrayOf(rows) : this.evaluate(accumulator, state);
  }

  reduce(ast: Call, state: State): Value {
    return this.fold(ast, state, 'REDUCE');
  }

  scan(ast: Call, state: State): Value {
    return this.fold(ast, state, 'SCAN');
  }

  /** BYROW and BYCOL: the LAMBDA given each row (column) as an array, one value from each. */
  private byLine(ast: Call, state: State, where: 'BYROW' | 'BYCOL'): Value {
    if (ast.args.length !== 2) return valueError(`${where} takes an array and a LAMBDA`);
    const value = this.evaluate(ast.args[0]!, state);
    if (isError(value)) return value;
    const grid = gridOf(value);
    const lines =
      where === 'BYROW' ? grid : (grid[0] ?? []).map((_, col) => grid.map((row) => row[col]));
    const results = lines.map((line) => {
      const argument = where === 'BYROW' ? [line] : line.map((cell) => [cell]);
      const result = this.invoke(
        ast.args[1]!,
        [valueNode(SimpleRangeValue.onlyValues(argument as never))],
        state,
        where,
      );
      return scalarOf(result, where);
    });
    return arrayOf(where === 'BYROW' ? results.map((result) => [result]) : [results]);
  }

  byrow(ast: Call, state: State): Value {
    return this.byLine(ast, state, 'BYROW');
  }

  bycol(ast: Call, state: State): Value {
    return this.byLine(ast, state, 'BYCOL');
  }

  /** A MAKEARRAY dimension: a number of at least 1 (fractions cut), else #VALUE!. */
  private dimension(node: Node, state: State): number | CellError {
    const value = this.evaluate(node, state);
    if (isError(value)) return value;
    if (typeof value !== 'number' && typeof value !== 'boolean')
      return valueError('MAKEARRAY: rows and columns must be numbers');
    const count = Math.trunc(Number(value));
    return count >= 1 ? count : valueError('MAKEARRAY: rows and columns must be at least 1');
  }

  makearray(ast: Call, state: State): Value {
    if (ast.args.length !== 3) return valueError('MAKEARRAY takes rows, columns and a LAMBDA');
    const height = this.dimension(ast.args[0]!, state);
    if (isError(height)) return height;
    const width = this.dimension(ast.args[1]!, state);
    if (isError(width)) return width;
    const config = this.config as unknown as { maxRows: number; maxColumns: number };
    // As for SEQUENCE (result-limits.ts): no more cells than a formula's ranges may cover.
    if (height > config.maxRows || width > config.maxColumns)
      return valueError('MAKEARRAY: the array would be larger than a sheet');
    if (height * width > MAX_FORMULA_RANGE_CELLS)
      return valueError(`MAKEARRAY: more than ${MAX_FORMULA_RANGE_CELLS} cells`);
    const rows: Value[][] = [];
    for (let row = 1; row <= height; row += 1) {
      const out: Value[] = [];
      for (let col = 1; col <= width; col += 1)
        out.push(
          scalarOf(
            this.invoke(ast.args[2]!, [valueNode(row), valueNode(col)], state, 'MAKEARRAY'),
            'MAKEARRAY',
          ),
        );
      rows.push(out);
    }
    return arrayOf(rows);
  }

  // ---- sizes: HyperFormula reserves a formula's spill area when it parses it -------------------

  /**
   * A node's size as a value: a range's size is marked as a reference, which HyperFormula reads as
   * "one cell" (implicit intersection); what these functions return is an array that spills.
   */
  private sizeOf(node: Node, state: State): ArraySize {
    const size = this.arraySizeForAst(node as never, { ...state, arraysFlag: true } as never);
    return size.isRef ? new ArraySize(size.width, size.height) : size;
  }

  /** What a name is bound to while sizes are predicted: a LAMBDA itself, anything else its size. */
  private sizedBinding(node: Node, state: State): Node {
    if (isCall(node, 'LAMBDA') || node.type === 'EMPTY') return node;
    return {
      type: 'FUNCTION_CALL',
      procedureName: SIZED,
      args: [],
      size: this.sizeOf(node, state),
    };
  }

  sizedSize(ast: Call): ArraySize {
    return (ast as unknown as { size?: ArraySize }).size ?? ArraySize.scalar();
  }

  letSize(ast: Call, state: State): ArraySize {
    const args = ast.args;
    if (args.length < 3 || args.length % 2 === 0) return ArraySize.scalar();
    let scope: Bindings = new Map();
    for (let position = 0; position < args.length - 1; position += 2) {
      const name = boundName(args[position]!);
      if (name === undefined) return ArraySize.scalar();
      const bound = this.sizedBinding(substitute(args[position + 1]!, scope), state);
      scope = new Map(scope).set(name, bound);
    }
    return this.sizeOf(substitute(args[args.length - 1]!, scope), state);
  }

  private callSize(node: Node, args: readonly Node[], state: State): ArraySize {
    const fn = node.type === 'NAMED_EXPRESSION' ? this.namedLambda(node, state) : node;
    if (fn === undefined || !isCall(fn, 'LAMBDA')) return ArraySize.scalar();
    const params = fn.args.slice(0, -1);
    if (args.length > params.length) return ArraySize.scalar();
    const bindings = new Map<string, Node>();
    for (const [position, param] of params.entries()) {
      const name = boundName(param);
      if (name === undefined) return ArraySize.scalar();
      bindings.set(name, args[position] ?? { type: 'EMPTY' });
    }
    return this.sizeOf(substitute(fn.args[fn.args.length - 1]!, bindings), state);
  }

  lambdaCallSize(ast: Call, state: State): ArraySize {
    const [fn, ...args] = ast.args;
    if (fn === undefined) return ArraySize.scalar();
    return this.callSize(
      fn,
      args.map((arg) => this.sizedBinding(arg, state)),
      state,
    );
  }

  mapSize(ast: Call, state: State): ArraySize {
    const sizes = ast.args.slice(0, -1).map((arg) => this.sizeOf(arg, state));
    if (sizes.length === 0) return ArraySize.scalar();
    return new ArraySize(
      Math.max(...sizes.map((s) => s.width)),
      Math.max(...sizes.map((s) => s.height)),
    );
  }

  scanSize(ast: Call, state: State): ArraySize {
    const array = ast.args[1];
    return array === undefined ? ArraySize.scalar() : this.sizeOf(array, state);
  }

  byrowSize(ast: Call, state: State): ArraySize {
    const array = ast.args[0];
    return array === undefined
      ? ArraySize.scalar()
      : new ArraySize(1, this.sizeOf(array, state).height);
  }

  bycolSize(ast: Call, state: State): ArraySize {
    const array = ast.args[0];
    return array === undefined
      ? ArraySize.scalar()
      : new ArraySize(this.sizeOf(array, state).width, 1);
  }

  /** Known only when rows and columns are written as numbers (as for SEQUENCE). */
  makearraySize(ast: Call): ArraySize {
    const [rows, cols] = ast.args;
    const literal = (node: Node | undefined): number | undefined =>
      node?.type === 'NUMBER' && typeof node.value === 'number' && node.value >= 1
        ? Math.trunc(node.value)
        : undefined;
    const height = literal(rows);
    const width = literal(cols);
    const config = this.config as unknown as { maxRows: number; maxColumns: number };
    if (height === undefined || width === undefined) return ArraySize.scalar();
    if (height > config.maxRows || width > config.maxColumns) return ArraySize.scalar();
    if (height * width > MAX_FORMULA_RANGE_CELLS) return ArraySize.scalar();
    return new ArraySize(width, height);
  }
}

/** Every function of the plugin: its method, its size method, and its catalogue entry. */
const FUNCTIONS: readonly PluginFunctionRow[] = [
  {
    name: 'LET',
    method: 'let',
    size: 'letSize',
    parameters: [
      ['name1', false],
      ['value1', false],
      ['calculation_or_name2', false],
    ],
    repeatLastArgs: 2,
    description:
      'Names the results of calculations, to use them by name in the last argument, the calculation',
  },
  {
    name: 'LAMBDA',
    method: 'lambda',
    parameters: [
      ['parameter_or_calculation', false],
      ['calculation', true],
    ],
    repeatLastArgs: 1,
    description:
      'A function of its parameters, called with arguments in parentheses, LAMBDA(x,x+1)(2), or given to MAP, REDUCE, SCAN, BYROW, BYCOL, MAKEARRAY; [name] marks an optional parameter',
  },
  {
    name: 'MAP',
    method: 'map',
    size: 'mapSize',
    parameters: [
      ['array1', false],
      ['lambda_or_array2', false],
    ],
    repeatLastArgs: 1,
    description:
      'An array of the LAMBDA applied to each value of the arrays (one parameter per array)',
  },
  {
    name: 'REDUCE',
    method: 'reduce',
    parameters: [
      ['initial_value', true],
      ['array', false],
      ['lambda', false],
    ],
    description:
      'The accumulated value after the LAMBDA(accumulator, value) has seen every value of the array',
  },
  {
    name: 'SCAN',
    method: 'scan',
    size: 'scanSize',
    parameters: [
      ['initial_value', true],
      ['array', false],
      ['lambda', false],
    ],
    description:
      'An array of each intermediate value of LAMBDA(accumulator, value) applied through the array',
  },
  {
    name: 'BYROW',
    method: 'byrow',
    size: 'byrowSize',
    parameters: [
      ['array', false],
      ['lambda', false],
    ],
    description: 'A column of the LAMBDA applied to each row of the array',
  },
  {
    name: 'BYCOL',
    method: 'bycol',
    size: 'bycolSize',
    parameters: [
      ['array', false],
      ['lambda', false],
    ],
    description: 'A row of the LAMBDA applied to each column of the array',
  },
  {
    name: 'MAKEARRAY',
    method: 'makearray',
    size: 'makearraySize',
    parameters: [
      ['rows', false],
      ['columns', false],
      ['lambda', false],
    ],
    description: 'A rows × columns array whose values are LAMBDA(row, column)',
  },
  {
    name: 'ISOMITTED',
    method: 'isomitted',
    parameters: [['argument', false]],
    description: "TRUE when a LAMBDA's parameter was given no value",
  },
  {
    name: LAMBDA_CALL,
    method: 'lambdaCall',
    size: 'lambdaCallSize',
    parameters: [],
    repeatLastArgs: 1,
    description: '',
  },
  { name: SIZED, method: 'lambda', size: 'sizedSize', parameters: [], description: '' },
];

/** The catalogue's entries for the plugin's functions (HyperFormula has no metadata for them). */
export const LAMBDA_FUNCTION_INFO: ReadonlyMap<string, FunctionInfo> = pluginCatalogue(
  FUNCTIONS.filter((fn) => !INTERNAL.has(fn.name)),
  'Logical',
);

/**
 * The plugin class (stateless, so every engine may share it). Its names are added to the
 * language's function names, the one piece HyperFormula keeps globally (an identity mapping).
 */
export function lambdaPlugin(): FunctionPluginDefinition {
  // The arguments are read as syntax, never evaluated by HyperFormula before the call.
  return definePlugin(LambdaFunctions, FUNCTIONS, { arrayArguments: true });
}
