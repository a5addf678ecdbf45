// COUNTIF, COUNTIFS, SUMIF, SUMIFS, AVERAGEIF, AVERAGEIFS, MINIFS and MAXIFS with Excel's criteria
// (excel-criteria.ts), in place of HyperFormula's, which read criteria differently (an error as
// criterion, "<>23" against the text "23", "=" and "" against empty text) and count a whole column
// or row only as far as the sheet's used cells go. A HyperFormula plugin rather than CustomFunctions:
// the criterion arguments receive error values (COUNTIF(A:A, NA()) counts the #N/A cells), and a
// whole column (A:A) or row (1:1) is seen as the 1,048,576 (16,384) cells Excel counts, the empty
// ones past the used area included.
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
import { MAX_COLUMNS, MAX_ROWS } from '../address/a1.js';
import { heldCellOf, heldRangeOf, type HeldRange } from './held-range-values.js';
import { criterionTest, type CellTest, type CriterionOptions } from './excel-criteria.js';
import { FormulaError, type CellValue } from './sentinels.js';
import { translateFunctionNames } from './engine-internals.js';
import { pluginCatalogue, type FunctionInfo } from './function-catalogue.js';
import { intersectionOffset } from './range-intersection.js';
import { sentinelOfErrorType } from './engine-errors.js';
import type {
  AstCall as Call,
  AstNode as Node,
  EngineAddress as Address,
} from './engine-internals.js';

interface CellReader {
  getCellValue(address: Address): unknown;
}

/** A cell as the criteria see it; errors keep the engine's error to be answered unchanged. */
export function plain(value: unknown): CellValue {
  if (value === EmptyValue || value === null || value === undefined) return null;
  if (value instanceof CellError) {
    const sentinel = sentinelOfErrorType(value.type);
    // Errors no criterion can name (a cycle) match nothing but are still carried through.
    return new EngineError(value, (sentinel ?? `#${value.type}`) as FormulaError['sentinel']);
  }
  if (typeof value === 'number' || typeof value === 'string' || typeof value === 'boolean')
    return value;
  if (typeof value === 'object' && 'val' in value && typeof value.val === 'number')
    return value.val;
  return null;
}

class EngineError extends FormulaError {
  constructor(
    readonly error: CellError,
    sentinel: FormulaError['sentinel'],
  ) {
    super(sentinel, error.message ?? '');
  }
}

/**
 * One range argument: its shape as Excel sees it (a whole column or row is all of the sheet's
 * rows or columns; the engine's cells stop at the used area) and its cells. A whole column or row
 * lists the positions of the cells it holds (`held`), so that a tall sparse sheet costs its cells,
 * not its height; any other range is read position by position within `rows` × `columns`.
 */
interface Area {
  readonly height: number;
  readonly width: number;
  /** The rows and columns of cells the engine may hold (within height × width). */
  readonly rows: number;
  readonly columns: number;
  /** The value at (row, column); undefined where the engine holds nothing (an empty cell). */
  cellAt(row: number, column: number): unknown;
  /** Positions (row × width + column) of the cells held, ascending; every other one is empty. */
  readonly held?: readonly number[];
}

function areaOf(value: unknown, node: Node | undefined): Area | CellError {
  if (value instanceof CellError) return value;
  const held = heldRangeOf(value) ?? heldCellOf(value, node);
  if (held !== undefined) return heldArea(held);
  if (!(value instanceof SimpleRangeValue))
    return { height: 1, width: 1, rows: 1, columns: 1, cellAt: () => value };
  const data = value.data;
  return {
    ...excelShape({ height: value.height(), width: value.width() }, node),
    rows: data.length,
    columns: data[0]?.length ?? 0,
    cellAt: (row, column) => data[row]?.[column],
  };
}

function heldArea(range: HeldRange): Area {
  const width = range.excelWidth;
  const values = new Map<number, unknown>();
  for (const { row, col, value } of range.cells) values.set(row * width + col, value);
  return {
    height: range.excelHeight,
    width,
    rows: range.height,
    columns: range.width,
    cellAt: (row, column) =>
      values.get(row * width + column) ??
      (row < range.height && column < range.width ? range.empty : undefined),
    held: [...values.keys()],
  };
}

/**
 * A range's shape as Excel sees it: a whole column (A:A) is all of the sheet's rows and a whole row
 * (1:1) all of its columns, where the engine's range stops at the used area.
 */
export function excelShape(
  { height, width }: { readonly height: number; readonly width: number },
  node: { readonly type: string } | undefined,
): { readonly height: number; readonly width: number } {
  return {
    height: node?.type === 'COLUMN_RANGE' ? Math.max(MAX_ROWS, height) : height,
    width: node?.type === 'ROW_RANGE' ? Math.max(MAX_COLUMNS, width) : width,
  };
}

const sameShape = (a: Area, b: Area): boolean => a.height === b.height && a.width === b.width;

interface Condition {
  readonly area: Area;
  readonly test: CellTest;
}

/**
 * Visits the positions where every condition holds, in rows then columns, over the cells the
 * engine holds; answers how many more positions (empty in every range) also meet them all.
 * `visit` answering false stops the walk (and 0 is answered).
 */
function eachMatch(
  conditions: readonly Condition[],
  values: Area | undefined,
  visit: (row: number, column: number) => boolean,
): number {
  const first = conditions[0]!.area;
  const areas = [...conditions.map((condition) => condition.area), values ?? first];
  const meetsAll = (row: number, column: number): boolean => {
    for (const { area, test } of conditions)
      if (!test(plain(area.cellAt(row, column)))) return false;
    return true;
  };
  let visited = 0;
  if (areas.some((area) => area.held !== undefined)) {
    const positions = positionsHeld(areas, first.width);
    for (const position of positions) {
      const row = Math.floor(position / first.width);
      const column = position % first.width;
      if (meetsAll(row, column) && !visit(row, column)) return 0;
    }
    visited = positions.length;
  } else {
    let rows = 0;
    let columns = 0;
    for (const area of areas) {
      rows = Math.max(rows, area.rows);
      columns = Math.max(columns, area.columns);
    }
    rows = Math.min(rows, first.height);
    columns = Math.min(columns, first.width);
    for (let row = 0; row < rows; row += 1)
      for (let column = 0; column < columns; column += 1)
        if (meetsAll(row, column) && !visit(row, column)) return 0;
    visited = rows * columns;
  }
  const rest = first.height * first.width - visited;
  return rest > 0 && conditions.every(({ test }) => test(null)) ? rest : 0;
}

/**
 * The positions (row × width + column) where any of the areas, all of one shape, may hold a value,
 * ascending: the cells held of a whole column or row, every position within the extent of any
 * other range (bounded by the range-size limit).
 */
function positionsHeld(areas: readonly Area[], width: number): readonly number[] {
  const distinct = [...new Set(areas)];
  // One range (COUNTIF, SUMIF without a sum range): its cells held, already in order.
  if (distinct.length === 1 && distinct[0]!.held !== undefined) return distinct[0]!.held;
  const all = new Set<number>();
  for (const area of distinct) {
    if (area.held !== undefined) {
      for (const position of area.held) all.add(position);
      continue;
    }
    for (let row = 0; row < area.rows; row += 1)
      for (let column = 0; column < Math.min(area.columns, width); column += 1)
        all.add(row * width + column);
  }
  return [...all].sort((a, b) => a - b);
}

type Aggregate = 'count' | 'sum' | 'average' | 'min' | 'max';

/** Syntax naming a range of cells (not an array or a computed value). */
const REFERENCE_NODES: ReadonlySet<string> = new Set(['CELL_RANGE', 'COLUMN_RANGE', 'ROW_RANGE']);

const shapeError = (name: string): CellError =>
  new CellError(ErrorType.VALUE, `${name}: every range must have the same size and shape`);

/**
 * The answer of one call: the values range (undefined for COUNTIF(S)) and the pairs of criteria
 * range and criterion, already evaluated.
 */
function aggregate(
  name: string,
  kind: Aggregate,
  values: Area | undefined,
  pairs: readonly (readonly [Area, unknown])[],
  options: CriterionOptions,
): unknown {
  const conditions = pairs.map(([area, criterion]) => ({
    area,
    test: criterionTest(plain(criterion), options),
  }));
  const shape = values ?? conditions[0]!.area;
  if (conditions.some(({ area }) => !sameShape(area, shape))) return shapeError(name);
  if (kind === 'count') {
    let count = 0;
    const rest = eachMatch(conditions, undefined, () => {
      count += 1;
      return true;
    });
    return count + rest;
  }
  let error: CellError | undefined;
  let sum = 0;
  let count = 0;
  let min = Infinity;
  let max = -Infinity;
  eachMatch(conditions, values, (row, column) => {
    const value = values!.cellAt(row, column);
    if (value instanceof CellError) {
      error = value;
      return false;
    }
    const number = plain(value);
    if (typeof number !== 'number') return true;
    sum += number;
    count += 1;
    if (number < min) min = number;
    if (number > max) max = number;
    return true;
  });
  if (error !== undefined) return error;
  switch (kind) {
    case 'sum':
      return sum;
    case 'average':
      return count === 0
        ? new CellError(ErrorType.DIV_BY_ZERO, `${name}: no number meets the criteria`)
        : sum / count;
    case 'min':
      return count === 0 ? 0 : min;
    default:
      return count === 0 ? 0 : max;
  }
}

type Run = (...args: unknown[]) => unknown;

/** A criteria reference without a cell in the formula's row or column. */
const NO_CELL = 'no cell';

/** Text as the engine reads a number or date ("2024-07-01"); undefined when it is neither. */
export function textNumbers(plugin: FunctionPlugin): CriterionOptions['numberOf'] {
  const helper = (
    plugin as unknown as { arithmeticHelper: { coerceToMaybeNumber: (v: unknown) => unknown } }
  ).arithmeticHelper;
  return (text) => {
    const number = plain(helper.coerceToMaybeNumber(text));
    return typeof number === 'number' ? number : undefined;
  };
}

class CriteriaFunctions extends FunctionPlugin {
  private run(ast: Call, state: unknown, name: string, body: (nodes: readonly Node[]) => Run) {
    const self = this as unknown as {
      runFunction: (a: unknown, s: unknown, m: unknown, f: Run) => unknown;
      metadata: (name: string) => unknown;
    };
    return self.runFunction(ast.args, state, self.metadata(name), body(ast.args));
  }

  /**
   * RANGE, CRITERION, [VALUES]: COUNTIF, SUMIF, AVERAGEIF. A range or array of criteria answers
   * one result per criterion, in any formula (HyperFormula's vectorization, which it applies only
   * in array formulas): Excel's SUM(SUMIF(A6:A15,E13:E15,C6:C15)) sums three sums (ironcalc
   * MATH_AND_TRIGONOMETRY--SUMIF_array.xlsx G26), and a formula holding one value shows the first
   * (travel_expenses_tracker.xlsx Overview C28, LARGE(SUMIF(r, UNIQUE(…), s), 1)). Outside an
   * array formula, a reference of criteria meeting the formula's row or column answers for that
   * cell alone, Excel's implicit intersection (poi FormulaEvalTestData_Copy.xlsx F296,
   * COUNTIF(G7:K7,E8:G8) in column F is COUNTIF(G7:K7,F8)).
   */
  private single(ast: Call, state: unknown, name: string, kind: Aggregate): unknown {
    const vectorized = { ...(state as object), arraysFlag: true };
    const at = this.criterionIntersection(ast.args[1], state);
    // No cell of the criteria reference meets the formula's row or column: the criterion is
    // #VALUE! (poi FormulaEvalTestData_Copy.xlsx E1324, SUMIF(AA7:AA13,C10:D10,C7) in column E
    // adds the C cell beside AA's #VALUE!).
    const answers = this.singleOverCriteria(
      ast,
      vectorized,
      name,
      kind,
      at === NO_CELL
        ? new CellError(ErrorType.VALUE, 'no criterion in this row or column')
        : undefined,
    );
    if (at === undefined || !(answers instanceof SimpleRangeValue)) return answers;
    if (at === NO_CELL) return answers.data[0]?.[0] ?? answers;
    return answers.data[at.row]?.[at.col] ?? answers;
  }

  /**
   * The criteria reference's cell in the formula's row or column, outside array formulas; NO_CELL
   * when it has none there.
   */
  private criterionIntersection(
    node: Node | undefined,
    state: unknown,
  ): { readonly row: number; readonly col: number } | typeof NO_CELL | undefined {
    if (node === undefined || (state as { arraysFlag?: boolean }).arraysFlag === true)
      return undefined;
    if (!REFERENCE_NODES.has(node.type)) return undefined;
    const evaluate = (this as unknown as { evaluateAst: (n: Node, s: unknown) => unknown })
      .evaluateAst;
    const criteria = evaluate.call(this, node, state);
    if (!(criteria instanceof SimpleRangeValue)) return undefined;
    return (
      intersectionOffset(criteria, state as Parameters<typeof intersectionOffset>[1]) ?? NO_CELL
    );
  }

  private singleOverCriteria(
    ast: Call,
    state: unknown,
    name: string,
    kind: Aggregate,
    criterionInstead?: CellError,
  ): unknown {
    return this.run(ast, state, name, (nodes) => (range, criterion, values) => {
      const area = areaOf(range, nodes[0]);
      if (area instanceof CellError) return area;
      let target: Area | CellError | undefined;
      if (kind !== 'count') target = values === undefined ? area : areaOf(values, nodes[2]);
      if (target instanceof CellError) return target;
      // A sum_range of another shape: range's shape from its top-left cell (resized-sum-ranges.ts).
      if (target !== undefined && !sameShape(target, area))
        target = this.resizedArea(values, nodes[2], state, area) ?? target;
      return aggregate(name, kind, target, [[area, criterionInstead ?? criterion]], {
        numberOf: textNumbers(this),
      });
    });
  }

  /**
   * The cells of `shape`'s size from the top-left cell of `values`, a reference (a range, or one
   * cell written as one): where the formula's text could not be sized, a defined name or a computed
   * reference. Read from the engine's cells; past the sheet's edge, empty. Undefined for an array.
   */
  private resizedArea(
    values: unknown,
    node: Node | undefined,
    state: unknown,
    shape: Area,
  ): Area | undefined {
    let corner: Address | undefined;
    if (values instanceof SimpleRangeValue && !values.isAdHoc())
      corner = (values.range as unknown as { start: Address }).start;
    else if (node?.type === 'CELL_REFERENCE') {
      // One cell written as a reference, which the engine hands over as its value.
      const reference = node.reference as { toSimpleCellAddress(base: Address): Address };
      corner = reference.toSimpleCellAddress((state as { formulaAddress: Address }).formulaAddress);
    }
    if (corner === undefined) return undefined;
    const { sheet, row: top, col: left } = corner;
    const graph = (this as unknown as { dependencyGraph: CellReader }).dependencyGraph;
    const rows = Math.min(shape.rows, MAX_ROWS - top);
    const columns = Math.min(shape.columns, MAX_COLUMNS - left);
    return {
      height: shape.height,
      width: shape.width,
      rows,
      columns,
      cellAt: (row, column) => {
        if (row >= rows || column >= columns) return undefined;
        const value = graph.getCellValue({ sheet, row: top + row, col: left + column });
        return value instanceof SimpleRangeValue
          ? new CellError(ErrorType.VALUE, 'A value was expected, not an array')
          : value;
      },
    };
  }

  /** [VALUES], RANGE1, CRITERION1, …: COUNTIFS, SUMIFS, AVERAGEIFS, MINIFS, MAXIFS. */
  private multiple(ast: Call, state: unknown, name: string, kind: Aggregate): unknown {
    const first = kind === 'count' ? 0 : 1;
    if (ast.args.length < first + 2 || (ast.args.length - first) % 2 !== 0)
      return new CellError(ErrorType.VALUE, `${name}: a criteria range without its criterion`);
    return this.run(ast, state, name, (nodes) => (...args) => {
      const areas: Area[] = [];
      for (let index = 0; index < args.length; index += 1) {
        if (index >= first && (index - first) % 2 === 1) continue;
        const area = areaOf(args[index], nodes[index]);
        if (area instanceof CellError) return area;
        areas[index] = area;
      }
      const pairs: [Area, unknown][] = [];
      for (let index = first; index < args.length; index += 2)
        pairs.push([areas[index]!, args[index + 1]]);
      return aggregate(name, kind, first === 1 ? areas[0] : undefined, pairs, {
        numberOf: textNumbers(this),
      });
    });
  }

  countif(ast: Call, state: unknown): unknown {
    return this.single(ast, state, 'COUNTIF', 'count');
  }
  sumif(ast: Call, state: unknown): unknown {
    return this.single(ast, state, 'SUMIF', 'sum');
  }
  averageif(ast: Call, state: unknown): unknown {
    return this.single(ast, state, 'AVERAGEIF', 'average');
  }
  countifs(ast: Call, state: unknown): unknown {
    return this.multiple(ast, state, 'COUNTIFS', 'count');
  }
  sumifs(ast: Call, state: unknown): unknown {
    return this.multiple(ast, state, 'SUMIFS', 'sum');
  }
  averageifs(ast: Call, state: unknown): unknown {
    return this.multiple(ast, state, 'AVERAGEIFS', 'average');
  }
  minifs(ast: Call, state: unknown): unknown {
    return this.multiple(ast, state, 'MINIFS', 'min');
  }
  maxifs(ast: Call, state: unknown): unknown {
    return this.multiple(ast, state, 'MAXIFS', 'max');
  }
}

// A criterion is SCALAR, the one argument type HyperFormula hands errors to; a range of criteria
// in an array formula is answered cell by cell (HyperFormula's vectorization).
const RANGE = { argumentType: FunctionArgumentType.RANGE };
const OPTIONAL_RANGE = { argumentType: FunctionArgumentType.RANGE, optionalArg: true };
const CRITERION = { argumentType: FunctionArgumentType.SCALAR };

const IMPLEMENTED: ImplementedFunctions = {
  COUNTIF: { method: 'countif', parameters: [RANGE, CRITERION] },
  SUMIF: { method: 'sumif', parameters: [RANGE, CRITERION, OPTIONAL_RANGE] },
  AVERAGEIF: { method: 'averageif', parameters: [RANGE, CRITERION, OPTIONAL_RANGE] },
  COUNTIFS: { method: 'countifs', parameters: [RANGE, CRITERION], repeatLastArgs: 2 },
  SUMIFS: { method: 'sumifs', parameters: [RANGE, RANGE, CRITERION], repeatLastArgs: 2 },
  AVERAGEIFS: { method: 'averageifs', parameters: [RANGE, RANGE, CRITERION], repeatLastArgs: 2 },
  MINIFS: { method: 'minifs', parameters: [RANGE, RANGE, CRITERION], repeatLastArgs: 2 },
  MAXIFS: { method: 'maxifs', parameters: [RANGE, RANGE, CRITERION], repeatLastArgs: 2 },
};

/** The catalogue's entry for AVERAGEIFS, which HyperFormula lacks (and so has no documentation of). */
export const CRITERIA_FUNCTION_INFO: ReadonlyMap<string, FunctionInfo> = pluginCatalogue([
  {
    name: 'AVERAGEIFS',
    category: 'Statistical',
    description: 'The average of the cells of average_range whose rows meet every criterion.',
    parameters: [
      ['average_range', false],
      ['criteria_range1', false],
      ['criteria1', false],
    ],
    repeatLastArgs: 2,
  },
]);

/** The plugin class (stateless, shared by every engine); registered after HyperFormula's own. */
export function criteriaPlugin(): FunctionPluginDefinition {
  translateFunctionNames(Object.keys(IMPLEMENTED));
  (
    CriteriaFunctions as unknown as { implementedFunctions: ImplementedFunctions }
  ).implementedFunctions = IMPLEMENTED;
  return CriteriaFunctions as unknown as FunctionPluginDefinition;
}
