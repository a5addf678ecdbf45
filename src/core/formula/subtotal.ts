// SUBTOTAL as Excel computes it (Microsoft's SUBTOTAL page), in place of HyperFormula's, which
// matched function_num exactly (101.2 was #VALUE!) and counted the cells of nested subtotals:
// - function_num is truncated; 1–11 and 101–111 name AVERAGE, COUNT, COUNTA, MAX, MIN, PRODUCT,
//   STDEV, STDEVP, SUM, VAR and VARP; anything else is #VALUE!.
// - Cells whose formula calls SUBTOTAL or AGGREGATE are left out, "to avoid double counting"
//   (poi 59736.xlsx: A3 =SUBTOTAL(9,A1,A2) over A2 =SUBTOTAL(9,A1) is 1).
// - Errors in the cells counted are the answer, except for COUNT and COUNTA; text and TRUE/FALSE
//   count only for COUNTA; no numbers give 0 (SUM, MAX, MIN, PRODUCT) or #DIV/0!.
// - Rows hidden by a filter are left out; 101–111 also leave out rows hidden by hand. The
//   workbook tells each engine which rows its sheets hide (setRowsHidden); a change recomputes
//   every SUBTOTAL (subtotalCells), as the engine's own dependencies know nothing of layouts.
// HyperFormula's method is replaced once on its plugin's prototype (as empty-product.ts does),
// so SUBTOTAL keeps its catalogue entry and argument metadata.
import { CellError, EmptyValue, ErrorType, HyperFormula, SimpleRangeValue } from 'hyperformula';
import type { AstCall as Call, EngineAddress as Address } from './engine-internals.js';

export interface Node {
  readonly type: string;
  readonly procedureName?: string;
  readonly reference?: { toSimpleCellAddress(base: Address): Address };
  readonly [key: string]: unknown;
}
export interface State {
  readonly formulaAddress: Address;
}
interface Vertex {
  getFormula?(service: unknown): Node;
}
/** What SUBTOTAL and AGGREGATE read of their plugin (HyperFormula's FunctionPlugin). */
export interface SubtotallingPlugin {
  readonly dependencyGraph: {
    getCell(address: Address): Vertex | undefined;
    readonly lazilyTransformingAstService: unknown;
  };
  readonly arithmeticHelper: { coerceScalarToNumberOrError(value: unknown): unknown };
  evaluateAst(ast: Node, state: State): unknown;
  [method: string]: unknown;
}
interface RangeBounds {
  readonly start: Address;
}

/** The rows a sheet hides (zero-based, ascending), as sheet-layout.ts rowVisibilityOf gives them. */
export interface RowVisibility {
  readonly byHand: readonly number[];
  readonly byFilter: readonly number[];
}

interface HiddenRows {
  readonly given: RowVisibility;
  readonly byHand: ReadonlySet<number>;
  readonly byFilter: ReadonlySet<number>;
}

/** Per engine (its dependency graph), the rows each sheet hides; none until the workbook says. */
const hiddenRowsByGraph = new WeakMap<object, Map<number, HiddenRows>>();

const sameRows = (a: readonly number[], b: readonly number[]): boolean =>
  a.length === b.length && a.every((row, index) => row === b[index]);

/** Records the rows a sheet of the engine hides; false when they are what it held already. */
export function setRowsHidden(graph: object, sheet: number, rows: RowVisibility): boolean {
  let sheets = hiddenRowsByGraph.get(graph);
  const held = sheets?.get(sheet)?.given ?? { byHand: [], byFilter: [] };
  if (sameRows(held.byHand, rows.byHand) && sameRows(held.byFilter, rows.byFilter)) return false;
  if (sheets === undefined) hiddenRowsByGraph.set(graph, (sheets = new Map()));
  sheets.set(sheet, {
    given: rows,
    byHand: new Set(rows.byHand),
    byFilter: new Set(rows.byFilter),
  });
  return true;
}

/** The functions whose results SUBTOTAL leaves out of its own. */
const SUBTOTALLING = new Set(['SUBTOTAL', 'AGGREGATE']);

/** Per set of function names, whether a formula node calls one of them (ASTs are shared). */
const callingByNames = new WeakMap<ReadonlySet<string>, WeakMap<object, boolean>>();

function callsOneOf(node: unknown, names: ReadonlySet<string>): boolean {
  if (typeof node !== 'object' || node === null) return false;
  if (Array.isArray(node)) return node.some((item) => callsOneOf(item, names));
  let calling = callingByNames.get(names);
  if (calling === undefined) callingByNames.set(names, (calling = new WeakMap()));
  const known = calling.get(node);
  if (known !== undefined) return known;
  const { type, procedureName } = node as Node;
  const found =
    typeof type === 'string' &&
    ((type === 'FUNCTION_CALL' && names.has(String(procedureName).toUpperCase())) ||
      ['args', 'left', 'right', 'value', 'expression'].some((key) =>
        callsOneOf((node as Record<string, unknown>)[key], names),
      ));
  calling.set(node, found);
  return found;
}

export type Counted = number | string | boolean | CellError;

/** A rich number (date, currency, percent) as its plain number; an empty cell as undefined. */
export function plain(value: unknown): Counted | undefined {
  if (value === EmptyValue || value === null || value === undefined) return undefined;
  if (typeof value === 'object' && 'val' in value && typeof value.val === 'number')
    return value.val;
  return value as Counted;
}

/** The cells a reference's values leave out (SUBTOTAL's rules, AGGREGATE's options). */
export interface LeftOut {
  /** Rows a filter hides. */
  readonly filtered: boolean;
  /** Rows hidden by hand. */
  readonly byHand: boolean;
  /** Cells whose formula calls SUBTOTAL or AGGREGATE. */
  readonly nested: boolean;
}

/**
 * The values one argument gives (`value`, what `node` evaluated to): a reference's cells but those
 * `leftOut` names, empty cells skipped; an array (no cells behind it) as it is.
 */
export function countedValues(
  plugin: SubtotallingPlugin,
  node: Node,
  value: unknown,
  state: State,
  leftOut: LeftOut,
  into: Counted[],
): void {
  const hidden = hiddenRowsByGraph.get(plugin.dependencyGraph);
  const isLeftOut = (address: Address): boolean => {
    const rows = hidden?.get(address.sheet);
    if (rows !== undefined) {
      if (leftOut.filtered && rows.byFilter.has(address.row)) return true;
      if (leftOut.byHand && rows.byHand.has(address.row)) return true;
    }
    if (!leftOut.nested) return false;
    const vertex = plugin.dependencyGraph.getCell(address);
    const formula = vertex?.getFormula?.(plugin.dependencyGraph.lazilyTransformingAstService);
    return formula !== undefined && callsOneOf(formula, SUBTOTALLING);
  };
  if (value instanceof SimpleRangeValue) {
    const range = (value as unknown as { range?: RangeBounds }).range;
    value.data.forEach((cells, row) =>
      cells.forEach((cell, col) => {
        const counted = plain(cell);
        if (counted === undefined) return;
        if (range !== undefined) {
          const { sheet, row: top, col: left } = range.start;
          if (isLeftOut({ sheet, row: top + row, col: left + col })) return;
        }
        into.push(counted);
      }),
    );
    return;
  }
  const counted = plain(value);
  if (counted === undefined) return;
  if (node.type === 'CELL_REFERENCE' && node.reference !== undefined)
    if (isLeftOut(node.reference.toSimpleCellAddress(state.formulaAddress))) return;
  into.push(counted);
}

const divideByZero = (what: string): CellError =>
  new CellError(ErrorType.DIV_BY_ZERO, `SUBTOTAL: ${what}`);

function sumOf(numbers: readonly number[]): number {
  return numbers.reduce((sum, value) => sum + value, 0);
}

/** The sum of squared deviations from the mean over `numbers.length - dropped` (VAR, VARP). */
function variance(numbers: readonly number[], dropped: 0 | 1): number | CellError {
  if (numbers.length - dropped < 1) return divideByZero('not enough numbers');
  const mean = sumOf(numbers) / numbers.length;
  return sumOf(numbers.map((value) => (value - mean) ** 2)) / (numbers.length - dropped);
}

const squareRoot = (value: number | CellError): number | CellError =>
  value instanceof CellError ? value : Math.sqrt(value);

/** SUBTOTAL's function 1–11 over the values counted. */
export function subtotalOf(kind: number, values: readonly Counted[]): number | CellError {
  if (kind === 2) return values.filter((value) => typeof value === 'number').length;
  if (kind === 3) return values.length;
  const error = values.find((value) => value instanceof CellError);
  if (error !== undefined) return error as CellError;
  const numbers = values.filter((value): value is number => typeof value === 'number');
  switch (kind) {
    case 1:
      return numbers.length === 0 ? divideByZero('no numbers') : sumOf(numbers) / numbers.length;
    case 4:
      return numbers.length === 0 ? 0 : Math.max(...numbers);
    case 5:
      return numbers.length === 0 ? 0 : Math.min(...numbers);
    case 6:
      return numbers.length === 0 ? 0 : numbers.reduce((product, value) => product * value, 1);
    case 7:
      return squareRoot(variance(numbers, 1));
    case 8:
      return squareRoot(variance(numbers, 0));
    case 9:
      return sumOf(numbers);
    case 10:
      return variance(numbers, 1);
    default:
      return variance(numbers, 0);
  }
}

/** 1–11 for function_num 1–11 or 101–111 (truncated); undefined for any other. */
export function subtotalKind(functionNum: number): number | undefined {
  const whole = Math.trunc(functionNum);
  const kind = whole > 100 ? whole - 100 : whole;
  return kind >= 1 && kind <= 11 ? kind : undefined;
}

function subtotal(this: SubtotallingPlugin, ast: Call, state: State): unknown {
  const [first, ...refs] = ast.args;
  if (first === undefined || refs.length === 0)
    return new CellError(ErrorType.NA, 'SUBTOTAL takes function_num and at least one reference');
  const given = this.evaluateAst(first, state);
  if (given instanceof CellError) return given;
  const functionNum =
    given instanceof SimpleRangeValue
      ? new CellError(ErrorType.VALUE, 'SUBTOTAL: function_num must be one number')
      : this.arithmeticHelper.coerceScalarToNumberOrError(plain(given) ?? 0);
  if (typeof functionNum !== 'number') return functionNum;
  const kind = subtotalKind(functionNum);
  const byHand = Math.trunc(functionNum) > 100;
  if (kind === undefined)
    return new CellError(ErrorType.VALUE, 'SUBTOTAL: function_num must be 1–11 or 101–111');
  const values: Counted[] = [];
  const leftOut = { filtered: true, byHand, nested: true };
  for (const node of refs)
    countedValues(this, node, this.evaluateAst(node, state), state, leftOut, values);
  return subtotalOf(kind, values);
}

interface FormulaGraph {
  readonly graph: { getNodes(): Iterable<unknown> };
  readonly lazilyTransformingAstService: unknown;
}

/** The cells of the engine whose formula calls SUBTOTAL, to recompute when hidden rows change. */
export function subtotalCells(graph: FormulaGraph): Address[] {
  return cellsCalling(graph, SUBTOTALLING);
}

/** The cells of the engine whose formula calls one of `names` (upper case). */
export function cellsCalling(graph: FormulaGraph, names: ReadonlySet<string>): Address[] {
  const cells: Address[] = [];
  const service = graph.lazilyTransformingAstService;
  for (const node of graph.graph.getNodes()) {
    const vertex = node as Vertex & { getAddress?(service: unknown): Address };
    if (typeof vertex.getFormula !== 'function' || typeof vertex.getAddress !== 'function')
      continue;
    if (callsOneOf(vertex.getFormula(service), names)) cells.push(vertex.getAddress(service));
  }
  return cells;
}

let corrected = false;

export function correctSubtotal(): void {
  if (corrected) return;
  const plugin = HyperFormula.getFunctionPlugin('SUBTOTAL') as
    { prototype?: SubtotallingPlugin } | undefined;
  const prototype = plugin?.prototype;
  if (prototype === undefined || typeof prototype.subtotal !== 'function')
    throw new Error('HyperFormula no longer has SUBTOTAL where subtotal.ts replaces it.');
  prototype.subtotal = subtotal;
  corrected = true;
}
