// LINEST, LOGEST, TREND and GROWTH, which HyperFormula 3.5 lacks: least-squares fits that answer
// arrays (coefficients, statistics, fitted values), so they are a HyperFormula plugin with a size
// method per function (the spill area is fixed when a formula is parsed) rather than a
// CustomFunction, which answers one value. Semantics are those of Microsoft's pages; where the
// pages are silent (collinear columns, the statistics of a regression without a constant) the
// figures follow what Excel cached in the conformance corpus (pycel/stats.xlsx).
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
import { pluginCatalogue, type PluginFunctionRow } from './function-catalogue.js';
import { definePlugin } from './engine-internals.js';
import type {
  AstCall as Call,
  AstNode as Node,
  InterpreterState as State,
} from './engine-internals.js';

type Grid = readonly (readonly unknown[])[];
type Value = unknown;

class RegressionError extends Error {
  constructor(
    readonly type: ErrorType,
    message: string,
  ) {
    super(message);
  }
}

/** Observations (one row each) of the variables, and the values to fit. */
export interface Observations {
  readonly xs: number[][];
  readonly ys: number[];
  /** How the variables lie in known_xs: one per column (ys a column) or one per row (ys a row). */
  readonly layout: 'columns' | 'rows' | 'cells';
}

/**
 * The grid's numbers. Anything else is #VALUE!, an error value too: Excel does not pass on the
 * error (formulas/test.xlsx STATISTICAL!AB58, LINEST over a range holding #DIV/0!, is #VALUE!).
 */
function numbersOf(grid: Grid, what: string): number[][] {
  return grid.map((row) =>
    row.map((value) => {
      if (typeof value !== 'number')
        throw new RegressionError(ErrorType.VALUE, `${what} holds a value that is not a number`);
      return value;
    }),
  );
}

const transpose = (rows: number[][]): number[][] =>
  rows[0] === undefined ? [] : rows[0].map((_, col) => rows.map((row) => row[col]!));

const counting = (height: number, width: number): number[][] =>
  Array.from({ length: height }, (_, row) =>
    Array.from({ length: width }, (_, col) => row * width + col + 1),
  );

/**
 * Pairs known_ys with known_xs as Excel does: a column of ys reads each row of xs as one
 * observation, a row of ys each column; any other shape needs xs of the same shape (one variable).
 * Without xs the variable is 1, 2, 3 … Sizes that do not fit are #REF!.
 */
export function observationsOf(ysGrid: Grid, xsGrid: Grid | undefined): Observations {
  const height = ysGrid.length;
  const width = ysGrid[0]?.length ?? 0;
  const layout = layoutOf(
    { width, height },
    xsGrid === undefined ? undefined : { width: xsGrid[0]?.length ?? 0, height: xsGrid.length },
  );
  // Sizes are checked before values: Excel answers #REF! for a mismatch even over text.
  if (layout === undefined)
    throw new RegressionError(ErrorType.REF, 'known_xs does not match the size of known_ys');
  const ysRows = numbersOf(ysGrid, 'known_ys');
  const xsRows = xsGrid === undefined ? counting(height, width) : numbersOf(xsGrid, 'known_xs');
  if (layout === 'columns') return { xs: xsRows, ys: ysRows.map((row) => row[0]!), layout };
  if (layout === 'rows') return { xs: transpose(xsRows), ys: ysRows[0]!, layout };
  return { xs: xsRows.flat().map((x) => [x]), ys: ysRows.flat(), layout };
}

interface Shape {
  readonly width: number;
  readonly height: number;
}

/** How known_xs pairs with known_ys (see observationsOf); undefined when their sizes do not fit. */
export function layoutOf(ys: Shape, xs: Shape | undefined): Observations['layout'] | undefined {
  if (ys.width === 1 && ys.height > 1)
    return xs === undefined || xs.height === ys.height ? 'columns' : undefined;
  if (ys.height === 1 && ys.width > 1)
    return xs === undefined || xs.width === ys.width ? 'rows' : undefined;
  return xs === undefined || (xs.height === ys.height && xs.width === ys.width)
    ? 'cells'
    : undefined;
}

/** A least-squares fit: coefficients per variable (0 for a collinear one), and the intercept. */
export interface Fit {
  readonly slopes: number[];
  readonly intercept: number;
  /** Variables left out as linear combinations of the others (and of the constant). */
  readonly dropped: boolean[];
  /** The inverse of the kept variables' (centred, when fitting a constant) cross-product matrix. */
  readonly inverse: number[][];
  readonly means: number[];
  readonly yMean: number;
}

const COLLINEAR = 1e-12;

/**
 * Fits by Gram–Schmidt on the columns (centred when there is a constant, as Excel does), leaving
 * out a column whose remainder after the earlier ones is negligible: Excel answers 0 for its
 * coefficient and its standard error, and counts one more degree of freedom.
 */
export function fit(observations: Observations, withConstant: boolean): Fit {
  const { xs, ys } = observations;
  const n = ys.length;
  const k = xs[0]?.length ?? 0;
  const mean = (values: number[]): number =>
    withConstant ? values.reduce((sum, value) => sum + value, 0) / n : 0;
  const columns = transpose(xs);
  const means = columns.map(mean);
  const yMean = mean(ys);
  const centred = columns.map((column, j) => column.map((x) => x - means[j]!));
  const basis: number[][] = [];
  const kept: number[] = [];
  const dropped = centred.map(() => false);
  centred.forEach((column, j) => {
    const norm = Math.hypot(...column);
    let rest = column.slice();
    for (const q of basis) {
      const along = dot(q, rest);
      rest = rest.map((value, i) => value - along * q[i]!);
    }
    const restNorm = Math.hypot(...rest);
    if (norm === 0 || restNorm <= COLLINEAR * norm) {
      dropped[j] = true;
      return;
    }
    basis.push(rest.map((value) => value / restNorm));
    kept.push(j);
  });
  const keptColumns = kept.map((j) => centred[j]!);
  const cross = keptColumns.map((a) => keptColumns.map((b) => dot(a, b)));
  const inverse = invert(cross);
  const yCentred = ys.map((y) => y - yMean);
  const moments = keptColumns.map((column) => dot(column, yCentred));
  const slopes = new Array<number>(k).fill(0);
  kept.forEach((j, row) => {
    slopes[j] = dot(inverse[row]!, moments);
  });
  const intercept = withConstant ? yMean - dot(slopes, means) : 0;
  return { slopes, intercept, dropped, inverse, means: kept.map((j) => means[j]!), yMean };
}

function dot(a: readonly number[], b: readonly number[]): number {
  let sum = 0;
  for (let i = 0; i < a.length; i += 1) sum += a[i]! * b[i]!;
  return sum;
}

/** Gauss–Jordan with partial pivoting; the matrix is regular (collinear columns are left out). */
function invert(matrix: number[][]): number[][] {
  const size = matrix.length;
  const rows = matrix.map((row, i) => [
    ...row,
    ...Array.from({ length: size }, (_, j) => (i === j ? 1 : 0)),
  ]);
  for (let col = 0; col < size; col += 1) {
    let pivot = col;
    for (let row = col + 1; row < size; row += 1)
      if (Math.abs(rows[row]![col]!) > Math.abs(rows[pivot]![col]!)) pivot = row;
    [rows[col], rows[pivot]] = [rows[pivot]!, rows[col]!];
    const lead = rows[col]![col]!;
    rows[col] = rows[col]!.map((value) => value / lead);
    for (let row = 0; row < size; row += 1) {
      if (row === col) continue;
      const factor = rows[row]![col]!;
      if (factor !== 0) rows[row] = rows[row]!.map((value, j) => value - factor * rows[col]![j]!);
    }
  }
  return rows.map((row) => row.slice(size));
}

const predict = (result: Fit, x: readonly number[]): number =>
  result.intercept + dot(result.slopes, x);

/**
 * LINEST's array: coefficients last variable first, then the intercept; with statistics four more
 * rows (standard errors; r², the standard error of y; F, degrees of freedom; the regression's and
 * the residuals' sums of squares), #N/A where a row has no value.
 */
export function linestArray(
  observations: Observations,
  withConstant: boolean,
  withStats: boolean,
): Value[][] {
  const result = fit(observations, withConstant);
  const first = [...result.slopes].reverse();
  first.push(result.intercept);
  if (!withStats) return [first];
  const { xs, ys } = observations;
  const n = ys.length;
  const keptCount = result.dropped.filter((gone) => !gone).length;
  const df = n - keptCount - (withConstant ? 1 : 0);
  if (df < 0) throw new RegressionError(ErrorType.NUM, 'fewer observations than variables');
  const baseline = withConstant ? result.yMean : 0;
  let ssResid = 0;
  let ssReg = 0;
  ys.forEach((y, i) => {
    const fitted = predict(result, xs[i]!);
    ssResid += (y - fitted) ** 2;
    ssReg += (fitted - baseline) ** 2;
  });
  const seY = df === 0 ? numError() : Math.sqrt(ssResid / df);
  const standardErrors: Value[] = [];
  let keptIndex = 0;
  const variances = result.dropped.map((gone) => {
    if (gone) return 0;
    const variance = result.inverse[keptIndex]![keptIndex]!;
    keptIndex += 1;
    return variance;
  });
  for (let j = variances.length - 1; j >= 0; j -= 1)
    standardErrors.push(typeof seY === 'number' ? seY * Math.sqrt(variances[j]!) : seY);
  standardErrors.push(
    withConstant ? interceptError(result, n, seY) : new CellError(ErrorType.NA, 'no constant'),
  );
  const total = ssReg + ssResid;
  const na = (): CellError => new CellError(ErrorType.NA);
  const width = first.length;
  const pad = (row: Value[]): Value[] => [
    ...row,
    ...Array.from({ length: width - row.length }, na),
  ];
  const f =
    df === 0 || ssResid === 0 || keptCount === 0 ? numError() : ssReg / keptCount / (ssResid / df);
  return [
    first,
    standardErrors,
    pad([total === 0 ? numError() : ssReg / total, seY]),
    pad([f, df]),
    pad([ssReg, ssResid]),
  ];
}

const numError = (): CellError => new CellError(ErrorType.NUM, 'no degrees of freedom');

/** se(b) = se(y) · √(1/n + x̄ᵀ (XᵀX)⁻¹ x̄) with X centred. */
function interceptError(result: Fit, n: number, seY: Value): Value {
  if (typeof seY !== 'number') return seY;
  const spread = dot(
    result.means,
    result.inverse.map((row) => dot(row, result.means)),
  );
  return seY * Math.sqrt(1 / n + spread);
}

/** The variables of new_xs, one observation each, as the known ones are laid out. */
function newObservations(
  grid: Grid,
  variables: number,
  layout: Observations['layout'],
): number[][] {
  const rows = numbersOf(grid, 'new_xs');
  if (variables === 1) return rows.flat().map((x) => [x]);
  const observations = layout === 'rows' ? transpose(rows) : rows;
  if ((observations[0]?.length ?? 0) !== variables)
    throw new RegressionError(ErrorType.REF, 'new_xs has a different number of variables');
  return observations;
}

/** TREND's values at new_xs, shaped as new_xs (one variable) or one per observation. */
export function trendArray(
  observations: Observations,
  newXs: Grid,
  withConstant: boolean,
): number[][] {
  const result = fit(observations, withConstant);
  const variables = result.slopes.length;
  const fitted = newObservations(newXs, variables, observations.layout).map((x) =>
    predict(result, x),
  );
  return shapeLike(fitted, newXs, variables, observations.layout);
}

function shapeLike(
  values: number[],
  newXs: Grid,
  variables: number,
  layout: Observations['layout'],
): number[][] {
  if (variables === 1) {
    const width = newXs[0]?.length ?? 0;
    return newXs.map((_, row) => values.slice(row * width, (row + 1) * width));
  }
  return layout === 'rows' ? [values] : values.map((value) => [value]);
}

/** LOGEST and GROWTH fit ln(y): every known y must be positive. */
function logarithmsOf(observations: Observations): Observations {
  if (observations.ys.some((y) => y <= 0))
    throw new RegressionError(ErrorType.NUM, 'known_ys must all be positive');
  return { ...observations, ys: observations.ys.map(Math.log) };
}

// ---- the plugin -----------------------------------------------------------------------------

const gridOf = (value: Value): Grid | CellError => {
  if (value instanceof CellError) return value;
  if (value instanceof SimpleRangeValue) return value.rawData();
  return [[value]];
};

/**
 * An optional flag: missing or empty is the default; otherwise a number or boolean (an error is
 * #VALUE!, as Excel answers for a const read from a cell holding #N/A: STATISTICAL!Z58).
 */
function flagOf(value: Value, fallback: boolean): boolean {
  if (value === undefined || value === EmptyValue || value === null) return fallback;
  if (value instanceof SimpleRangeValue) return flagOf(value.rawData()[0]?.[0], fallback);
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value !== 0;
  throw new RegressionError(ErrorType.VALUE, 'a flag must be TRUE, FALSE or a number');
}

function arrayResult(rows: Value[][]): Value {
  return rows.length === 1 && rows[0]!.length === 1
    ? rows[0]![0]
    : SimpleRangeValue.onlyValues(rows as never);
}

const isOmitted = (node: Node | undefined): boolean => node === undefined || node.type === 'EMPTY';

class RegressionFunctions extends FunctionPlugin {
  private argument(ast: Call, position: number, state: State): Value {
    const node = ast.args[position];
    if (isOmitted(node)) return undefined;
    return this.evaluateAst(node as never, { ...state, arraysFlag: true } as never);
  }

  /** Evaluates the arguments; an error among them, or thrown while fitting, is the answer. */
  private answer(
    ast: Call,
    state: State,
    size: ArraySize,
    compute: (args: Value[]) => Value[][],
  ): Value {
    const args = ast.args.map((_, position) => this.argument(ast, position, state));
    try {
      return arrayResult(fitted(compute(args), size));
    } catch (error) {
      if (error instanceof RegressionError) return new CellError(error.type, error.message);
      if (error instanceof CellError) return error;
      throw error;
    }
  }

  private observations(args: Value[], logarithms: boolean): Observations {
    const ys = gridOf(args[0]);
    if (ys instanceof CellError) throw ys;
    const xsValue = args[1];
    const xs = xsValue === undefined ? undefined : gridOf(xsValue);
    if (xs instanceof CellError) throw xs;
    const observations = observationsOf(ys, xs);
    return logarithms ? logarithmsOf(observations) : observations;
  }

  private linestLike(ast: Call, state: State, logarithms: boolean): Value {
    return this.answer(ast, state, this.linestSize(ast, state), (args) => {
      const rows = linestArray(
        this.observations(args, logarithms),
        flagOf(args[2], true),
        flagOf(args[3], false),
      );
      // LOGEST answers m and b of y = b·m^x; its statistics stay those of the fit of ln(y).
      if (logarithms) rows[0] = rows[0]!.map((value) => Math.exp(value as number));
      return rows;
    });
  }

  private trendLike(ast: Call, state: State, logarithms: boolean): Value {
    return this.answer(ast, state, this.trendSize(ast, state), (args) => {
      const observations = this.observations(args, logarithms);
      const newXs = args[2] === undefined ? undefined : gridOf(args[2]);
      if (newXs instanceof CellError) throw newXs;
      const values = trendArray(
        observations,
        newXs ?? knownXsGrid(args, observations),
        flagOf(args[3], true),
      );
      return logarithms ? values.map((row) => row.map(Math.exp)) : values;
    });
  }

  linest(ast: Call, state: State): Value {
    return this.linestLike(ast, state, false);
  }

  logest(ast: Call, state: State): Value {
    return this.linestLike(ast, state, true);
  }

  trend(ast: Call, state: State): Value {
    return this.trendLike(ast, state, false);
  }

  growth(ast: Call, state: State): Value {
    return this.trendLike(ast, state, true);
  }

  // ---- sizes ----------------------------------------------------------------------------------

  private sizeOf(node: Node | undefined, state: State): ArraySize | undefined {
    if (isOmitted(node)) return undefined;
    const size = this.arraySizeForAst(node as never, { ...state, arraysFlag: true } as never);
    return size.isRef ? new ArraySize(size.width, size.height) : size;
  }

  /**
   * How many variables known_xs holds, as observationsOf pairs it with known_ys; undefined when
   * their sizes do not fit (the answer is then one #REF!, which must not claim a spill area).
   */
  private variables(ast: Call, state: State): number | undefined {
    const ys = this.sizeOf(ast.args[0], state);
    const xs = this.sizeOf(ast.args[1], state);
    if (ys === undefined) return 1;
    const layout = layoutOf(ys, xs);
    if (layout === undefined) return undefined;
    if (xs === undefined) return 1;
    if (layout === 'columns') return xs.width;
    return layout === 'rows' ? xs.height : 1;
  }

  /**
   * Five rows with statistics, one without. The flag counts only when written as a value: one read
   * from a cell is known after parsing, when the area is already fixed (as for SEQUENCE(A1)).
   */
  linestSize(ast: Call, state: State): ArraySize {
    const stats = ast.args[3];
    const literal = stats?.type === 'NUMBER' ? stats.value !== 0 : isTrueLiteral(stats);
    const variables = this.variables(ast, state);
    if (variables === undefined) return ArraySize.scalar();
    return new ArraySize(variables + 1, literal ? 5 : 1);
  }

  /** new_xs' shape for one variable, else one value per observation; known_ys' without new_xs. */
  trendSize(ast: Call, state: State): ArraySize {
    const variables = this.variables(ast, state);
    if (variables === undefined) return ArraySize.scalar();
    const target = this.sizeOf(ast.args[2], state) ?? this.sizeOf(ast.args[1], state);
    const ys = this.sizeOf(ast.args[0], state);
    if (target === undefined) return ys ?? ArraySize.scalar();
    if (variables === 1) return target;
    return ys !== undefined && ys.height === 1 && ys.width > 1
      ? new ArraySize(target.width, 1)
      : new ArraySize(1, target.height);
  }
}

/** TRUE as written: the named expression the engine reads bare TRUE through, or TRUE(). */
function isTrueLiteral(node: Node | undefined): boolean {
  if (node?.type === 'NAMED_EXPRESSION')
    return String(node.expressionName).toUpperCase() === 'TRUE';
  if (node?.type === 'FUNCTION_CALL') return String(node.procedureName).toUpperCase() === 'TRUE';
  return false;
}

/**
 * The result cut or padded with #N/A to the area reserved at parse time (HyperFormula cannot
 * place an array larger than that area), as Excel fills a legacy array formula's extra cells.
 */
function fitted(rows: Value[][], size: ArraySize): Value[][] {
  return Array.from({ length: size.height }, (_, row) =>
    Array.from(
      { length: size.width },
      (_, col) => rows[row]?.[col] ?? new CellError(ErrorType.NA, 'outside the result'),
    ),
  );
}

/** TREND without new_xs fits at known_xs (or at 1, 2, 3 … when they too are omitted). */
function knownXsGrid(args: Value[], observations: Observations): Grid {
  const xs = args[1] === undefined ? undefined : gridOf(args[1]);
  if (xs !== undefined && !(xs instanceof CellError)) return xs;
  const ys = gridOf(args[0]) as Grid;
  return counting(ys.length, ys[0]?.length ?? observations.ys.length);
}

const FUNCTIONS: readonly PluginFunctionRow[] = [
  {
    name: 'LINEST',
    method: 'linest',
    size: 'linestSize',
    parameters: [
      ['known_ys', false],
      ['known_xs', true],
      ['const', true],
      ['stats', true],
    ],
    description:
      'The least-squares line (or plane) through the points: slopes, last variable first, then the intercept; stats adds standard errors, r², F and sums of squares',
  },
  {
    name: 'LOGEST',
    method: 'logest',
    size: 'linestSize',
    parameters: [
      ['known_ys', false],
      ['known_xs', true],
      ['const', true],
      ['stats', true],
    ],
    description:
      'The exponential curve y = b·m^x fitting the points: the m of each variable, last first, then b; stats as LINEST for ln(y)',
  },
  {
    name: 'TREND',
    method: 'trend',
    size: 'trendSize',
    parameters: [
      ['known_ys', false],
      ['known_xs', true],
      ['new_xs', true],
      ['const', true],
    ],
    description: 'Values at new_xs on the least-squares line through the known points',
  },
  {
    name: 'GROWTH',
    method: 'growth',
    size: 'trendSize',
    parameters: [
      ['known_ys', false],
      ['known_xs', true],
      ['new_xs', true],
      ['const', true],
    ],
    description: 'Values at new_xs on the exponential curve fitting the known points',
  },
];

/** The catalogue's entries for the plugin's functions (HyperFormula has no metadata for them). */
export const REGRESSION_FUNCTION_INFO: ReadonlyMap<string, FunctionInfo> = pluginCatalogue(
  FUNCTIONS,
  'Statistical',
);

/** The plugin class (stateless, shared by every engine). */
export function regressionPlugin(): FunctionPluginDefinition {
  // Arguments are evaluated by the methods, as arrays (A2:A13^{1,2} is a 12 × 2 array, not one value).
  return definePlugin(RegressionFunctions, FUNCTIONS, { arrayArguments: true });
}
