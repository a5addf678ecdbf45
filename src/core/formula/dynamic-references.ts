// References computed while a formula evaluates: INDIRECT (A1 or R1C1 text, sheet-qualified, a
// defined name), OFFSET with computed arguments (DYNAMIC.OFFSET: HyperFormula turns OFFSET into a
// reference when it parses the formula and refuses any argument that is not a literal number;
// dynamic-spelling.ts renames those calls), the range operator over such references
// (DYNAMIC.RANGE: `A1:OFFSET(A1,n,0)`, `INDIRECT(a):INDIRECT(b)`), and the functions that look at a
// reference rather than its values: ROW, COLUMN, ISREF, AREAS and CELL, replaced so they accept
// these too. One HyperFormula plugin (stateless, shared by every engine) working on the syntax tree.
//
// A computed reference's value is a SimpleRangeValue over its range, read lazily, so ROW(INDIRECT(…))
// reads no cell. HyperFormula cannot know in advance which cells such a formula reads: the
// functions are volatile (recomputed after every change, as in Excel), and a formula that read a
// formula cell through a computed reference may have run before that cell in the recalculation's
// order, so the evaluator's entry points (run, partialRun) then recompute those formulas again,
// with what depends on them, until nothing changes (at most MAX_SETTLING_PASSES). A workbook
// without computed references records nothing and pays one empty check per recalculation.
// Decision record 2026-11-29-dynamic-references.
import {
  CellError,
  EmptyValue,
  ErrorType,
  FunctionPlugin,
  HyperFormula,
  SimpleRangeValue,
  type FunctionPluginDefinition,
  type ImplementedFunctions,
} from 'hyperformula';
import { MAX_COLUMNS, MAX_ROWS } from '../address/index.js';
import { internalPrototype, translateFunctionNames } from './engine-internals.js';
import type { FunctionInfo } from './function-catalogue.js';
import { pluginCatalogue } from './function-catalogue.js';
import { MAX_FORMULA_RANGE_CELLS } from './formula-limits.js';
import { timedEntry } from './time-budget.js';
import { cellWidthOf } from './column-widths.js';
import { intersect } from './range-intersection.js';
import type { AstNode as Node, EngineAddress as Address } from './engine-internals.js';

export const DYNAMIC_OFFSET = 'DYNAMIC.OFFSET';
export const DYNAMIC_RANGE = 'DYNAMIC.RANGE';
export const DYNAMIC_SHEETS = 'DYNAMIC.SHEETS';
export const DYNAMIC_INTERSECT = 'DYNAMIC.INTERSECT';
export const DYNAMIC_UNION = 'DYNAMIC.UNION';
/**
 * INDEX at an end of a range (`INDEX(r,1,1):INDEX(r,1,n)`): the reference it picks, with `r` read
 * as syntax, so no dependency on all of `r` (Excel follows only the cells picked; koala
 * examples--advanced.xlsx B17:G17 sum part of the row they sit in).
 */
export const DYNAMIC_INDEX = 'DYNAMIC.INDEX';
const INTERNAL = new Set([
  DYNAMIC_INDEX,
  DYNAMIC_OFFSET,
  DYNAMIC_RANGE,
  DYNAMIC_SHEETS,
  DYNAMIC_INTERSECT,
  DYNAMIC_UNION,
]);
/** The calls whose value may be a reference of several areas. */
const AREA_CALLS = new Set([DYNAMIC_UNION, DYNAMIC_INTERSECT]);

/** Function names the engine registers for its own use, left out of the catalogue. */
export function isInternalDynamicFunction(name: string): boolean {
  return INTERNAL.has(name.toUpperCase());
}

/** How many times the formulas that read computed references are recomputed after a recalculation. */
export const MAX_SETTLING_PASSES = 8;

/** The parts of HyperFormula's syntax tree read here (its types are not exported). */
interface Call extends Node {
  readonly args: readonly Node[];
}
interface State {
  readonly formulaAddress: Address;
  readonly formulaVertex?: object;
  /** Set where an array is wanted (an argument taking arrays, an array formula). */
  readonly arraysFlag?: boolean;
}
interface Vertex {
  getFormula?: unknown;
}
interface Graph {
  getCell(address: Address): Vertex | undefined;
  getCellValue(address: Address): unknown;
  getSheetHeight(sheet: number): number;
  getSheetWidth(sheet: number): number;
  readonly sheetMapping: {
    getSheetId(name: string): number | undefined;
    getSheetName(id: number): string | undefined;
  };
  readonly lazilyTransformingAstService: unknown;
  readonly graph: { hasNode(node: object): boolean };
}
interface RangeLike {
  readonly start: Address;
  readonly end: Address;
}
type RangeClass = {
  fromCoordinates(sheet: number, x1: number, y1: number, x2: number, y2: number): RangeLike;
};

/** A rectangle of one sheet, zero-based and inclusive. */
interface Box {
  readonly sheet: number;
  readonly top: number;
  readonly left: number;
  readonly bottom: number;
  readonly right: number;
}

const REFERENCE_NODES = new Set(['CELL_REFERENCE', 'CELL_RANGE', 'COLUMN_RANGE', 'ROW_RANGE']);

/**
 * Per dependency graph (one per engine), the formula vertices that read a formula cell through a
 * computed reference during the running recalculation: they are recomputed once it ends.
 */
const unsettled = new WeakMap<object, Set<object>>();

/** The true extent of a reference value (its data stops at the sheet's filled cells). */
const extentOf = new WeakMap<SimpleRangeValue, Box>();

/**
 * The areas of a reference of several (Excel's union `(A1:B2,D4)`), each a reference value; the
 * union's own value is all their cells in one column, as SUM, LARGE or RANK read them.
 */
const unionAreas = new WeakMap<SimpleRangeValue, readonly SimpleRangeValue[]>();

/** Whether a value is a reference a function computed (OFFSET, INDIRECT, `A1:INDEX(…)`). */
export function isComputedReference(value: unknown): boolean {
  return value instanceof SimpleRangeValue && extentOf.has(value);
}

/** The areas of a value that is a reference of several areas (INDEX's area_num picks one). */
export function areasOfUnion(value: unknown): readonly SimpleRangeValue[] | undefined {
  return value instanceof SimpleRangeValue ? unionAreas.get(value) : undefined;
}

/** The cells two boxes share, or undefined. */
function overlap(first: Box, second: Box): Box | undefined {
  const shared = {
    sheet: first.sheet,
    top: Math.max(first.top, second.top),
    left: Math.max(first.left, second.left),
    bottom: Math.min(first.bottom, second.bottom),
    right: Math.min(first.right, second.right),
  };
  if (first.sheet !== second.sheet || shared.top > shared.bottom || shared.left > shared.right)
    return undefined;
  return shared;
}

/** The node under any parentheses. */
function unwrapped(node: Node): Node {
  return node.type === 'PARENTHESES' ? unwrapped(node.expression as Node) : node;
}

const isAreaCall = (node: Node): boolean => {
  const inner = unwrapped(node);
  return (
    inner.type === 'FUNCTION_CALL' && AREA_CALLS.has(String(inner.procedureName).toUpperCase())
  );
};

let rangeClass: RangeClass | undefined;

/** HyperFormula's range class (not exported), read off a probe's range vertex. */
function ranges(): RangeClass {
  if (rangeClass !== undefined) return rangeClass;
  const probe = HyperFormula.buildFromArray([[1, '=SUM(A1:A1)']], { licenseKey: 'gpl-v3' });
  try {
    const mapping = (
      probe as unknown as {
        dependencyGraph?: {
          rangeMapping?: { rangesInSheet(sheet: number): Iterable<{ range: object }> };
        };
      }
    ).dependencyGraph?.rangeMapping;
    const first = mapping === undefined ? undefined : [...mapping.rangesInSheet(0)][0];
    const found = first?.range.constructor as Partial<RangeClass> | undefined;
    if (typeof found?.fromCoordinates !== 'function')
      throw new Error(
        'HyperFormula no longer exposes its range class; dynamic-references.ts cannot build references.',
      );
    rangeClass = found as RangeClass;
    return rangeClass;
  } finally {
    probe.destroy();
  }
}

const refError = (message: string) => new CellError(ErrorType.REF, message);
const valueError = (message: string) => new CellError(ErrorType.VALUE, message);
// HyperFormula has no #NULL!: its licence error stands in for it (engine-errors.ts).
const nullError = (message: string) => new CellError(ErrorType.LIC, message);

function columnNumber(letters: string): number {
  let n = 0;
  for (const char of letters.toUpperCase()) n = n * 26 + (char.charCodeAt(0) - 64);
  return n;
}

function columnLetters(col: number): string {
  let n = col + 1;
  let out = '';
  while (n > 0) {
    const rest = (n - 1) % 26;
    out = String.fromCharCode(65 + rest) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
}

const A1_CELL = /^\$?([A-Za-z]{1,3})\$?(\d+)$/;
const A1_COLUMN = /^\$?([A-Za-z]{1,3})$/;
const A1_ROW = /^\$?(\d+)$/;
const R1C1_CELL = /^R(\[-?\d+\]|\d+)?C(\[-?\d+\]|\d+)?$/i;

/** One end of an A1 reference: a cell, a whole column or a whole row (zero-based; -1 = any). */
function a1End(
  text: string,
): { row: number; col: number; kind: 'cell' | 'column' | 'row' } | undefined {
  let match = A1_CELL.exec(text);
  if (match !== null)
    return { col: columnNumber(match[1]!) - 1, row: Number(match[2]) - 1, kind: 'cell' };
  match = A1_COLUMN.exec(text);
  if (match !== null) return { col: columnNumber(match[1]!) - 1, row: -1, kind: 'column' };
  match = A1_ROW.exec(text);
  if (match !== null) return { col: -1, row: Number(match[1]) - 1, kind: 'row' };
  return undefined;
}

function r1c1Part(part: string | undefined, here: number): number {
  if (part === undefined) return here;
  if (part.startsWith('[')) return here + Number(part.slice(1, -1));
  return Number(part) - 1;
}

function r1c1End(
  text: string,
  here: Address,
): { row: number; col: number; kind: 'cell' } | undefined {
  const match = R1C1_CELL.exec(text);
  if (match === null) return undefined;
  return { row: r1c1Part(match[1], here.row), col: r1c1Part(match[2], here.col), kind: 'cell' };
}

/** The box of `first:second` (or one end), or undefined when the text is no reference. */
function boxOfEnds(
  sheet: number,
  first: string,
  second: string | undefined,
  a1: boolean,
  here: Address,
): Box | undefined {
  const read = (text: string) => (a1 ? a1End(text) : r1c1End(text, here));
  const start = read(first);
  const end = second === undefined ? start : read(second);
  if (start === undefined || end === undefined || start.kind !== end.kind) return undefined;
  if (second === undefined && start.kind !== 'cell') return undefined;
  const top = start.kind === 'column' ? 0 : Math.min(start.row, end.row);
  const bottom = start.kind === 'column' ? MAX_ROWS - 1 : Math.max(start.row, end.row);
  const left = start.kind === 'row' ? 0 : Math.min(start.col, end.col);
  const right = start.kind === 'row' ? MAX_COLUMNS - 1 : Math.max(start.col, end.col);
  return { sheet, top, left, bottom, right };
}

function inSheet(box: Box): boolean {
  return box.top >= 0 && box.left >= 0 && box.bottom < MAX_ROWS && box.right < MAX_COLUMNS;
}

/** The sheet a prefix names (`Data`, `'My data'`), or undefined. */
function sheetNamed(graph: Graph, prefix: string): number | undefined {
  const name = prefix.startsWith("'") ? prefix.slice(1, -1).replace(/''/g, "'") : prefix;
  return graph.sheetMapping.getSheetId(name);
}

function splitSheet(text: string): { prefix: string | undefined; body: string } {
  const bang = text.lastIndexOf('!');
  if (bang < 0) return { prefix: undefined, body: text };
  return { prefix: text.slice(0, bang), body: text.slice(bang + 1) };
}

/** What a reference's box reads as: the sheet's name for a reference on another sheet. */
function sheetPrefix(graph: Graph, box: Box, here: Address): string {
  if (box.sheet === here.sheet) return '';
  const name = graph.sheetMapping.getSheetName(box.sheet) ?? '';
  return /^[A-Za-z_][A-Za-z0-9_.]*$/.test(name) ? `${name}!` : `'${name.replace(/'/g, "''")}'!`;
}

/** Reads a cell for a computed reference, noting when the reading formula must be settled. */
function readCell(graph: Graph, address: Address, note: () => void): unknown {
  const vertex = graph.getCell(address);
  if (vertex !== undefined && typeof vertex.getFormula === 'function') note();
  try {
    return graph.getCellValue(address);
  } catch {
    // A formula cell the recalculation has not reached yet: its value comes in the settling pass.
    note();
    return EmptyValue;
  }
}

/** Notes the evaluating formula as one to settle (it read a formula cell not known as a dependency). */
function noter(graph: Graph, state: State): () => void {
  const vertex = state.formulaVertex;
  return () => {
    if (vertex === undefined) return;
    let pending = unsettled.get(graph);
    if (pending === undefined) unsettled.set(graph, (pending = new Set()));
    pending.add(vertex);
  };
}

class DynamicReferences extends FunctionPlugin {
  private graph(): Graph {
    return this.dependencyGraph as unknown as Graph;
  }

  private evaluate(node: Node, state: State): unknown {
    return this.evaluateAst(node as never, state as never);
  }

  /**
   * Evaluates an argument of a function that looks at places (ROW, ISREF, CELL …): HyperFormula
   * makes no dependency of such an argument, so a formula cell it names may not be computed yet;
   * its value then comes in the settling pass.
   */
  private evaluateArgument(node: Node, state: State, keepReference: boolean): unknown {
    try {
      return keepReference
        ? (
            this.interpreter as unknown as {
              evaluateAstWithoutPostprocessing(ast: unknown, state: unknown): unknown;
            }
          ).evaluateAstWithoutPostprocessing(node, state)
        : this.evaluate(node, state);
    } catch (error) {
      if (!(error instanceof Error) || !/not computed/.test(error.message)) throw error;
      noter(this.graph(), state)();
      return EmptyValue;
    }
  }

  /** The value of a reference: its cells, read when first asked for. */
  private referenceValue(box: Box, state: State): SimpleRangeValue | CellError {
    if (!inSheet(box)) return refError('the reference is outside the sheet');
    const graph = this.graph();
    // Whole rows and columns stop at the sheet's filled cells, as HyperFormula's own ranges do.
    const bottom =
      box.bottom === MAX_ROWS - 1
        ? Math.max(box.top, graph.getSheetHeight(box.sheet) - 1)
        : box.bottom;
    const right =
      box.right === MAX_COLUMNS - 1
        ? Math.max(box.left, graph.getSheetWidth(box.sheet) - 1)
        : box.right;
    if ((bottom - box.top + 1) * (right - box.left + 1) > MAX_FORMULA_RANGE_CELLS)
      return refError(`the reference covers more than ${MAX_FORMULA_RANGE_CELLS} cells`);
    const range = ranges().fromCoordinates(box.sheet, box.left, box.top, right, bottom);
    const note = noter(graph, state);
    const reading = { getCellValue: (address: Address) => readCell(graph, address, note) };
    const Value = SimpleRangeValue as unknown as new (
      data: undefined,
      range: RangeLike,
      graph: unknown,
      onlyNumbers: undefined,
    ) => SimpleRangeValue;
    const value = new Value(undefined, range, reading, undefined);
    extentOf.set(value, box);
    return value;
  }

  /** The box a node refers to: a reference written there or one a function computed. */
  private boxOf(node: Node, state: State): Box | CellError | undefined {
    const resolved = this.resolve(node, state);
    return resolved instanceof CellError || resolved === undefined || 'sheet' in resolved
      ? resolved
      : undefined;
  }

  /**
   * What a node refers to, or the value it computed when that is no reference (undefined when
   * it is no reference and was not evaluated).
   */
  private resolve(node: Node, state: State): Box | CellError | { value: unknown } | undefined {
    if (node.type === 'PARENTHESES') return this.resolve(node.expression as Node, state);
    if (node.type === 'CELL_REFERENCE') {
      const reference = node.reference as { toSimpleCellAddress(base: Address): Address };
      const at = reference.toSimpleCellAddress(state.formulaAddress);
      if (at.row < 0 || at.col < 0) return refError('the reference is outside the sheet');
      return { sheet: at.sheet, top: at.row, left: at.col, bottom: at.row, right: at.col };
    }
    if (node.type === 'FUNCTION_CALL') {
      const chosen = this.referenceCall(node as Call, state);
      if (chosen !== undefined) return chosen;
    }
    if (node.type === 'NAMED_EXPRESSION') {
      // A defined name's value is its cells' values; the reference it holds is in its formula.
      const named = this.namedBox(String(node.expressionName), state);
      if (named !== undefined) return named;
    }
    if (
      !REFERENCE_NODES.has(node.type) &&
      node.type !== 'FUNCTION_CALL' &&
      node.type !== 'NAMED_EXPRESSION'
    )
      return undefined;
    // Without the interpreter's last step, which reads a one-cell range as its value.
    const value = this.evaluateArgument(node, state, true);
    if (value instanceof CellError) return value;
    if (!(value instanceof SimpleRangeValue)) return { value };
    const known = extentOf.get(value);
    if (known !== undefined) return known;
    const range = value.range as RangeLike | undefined;
    if (range === undefined) return { value };
    return {
      sheet: range.start.sheet,
      top: range.start.row,
      left: range.start.col,
      bottom: Number.isFinite(range.end.row) ? Math.min(range.end.row, MAX_ROWS - 1) : MAX_ROWS - 1,
      right: Number.isFinite(range.end.col)
        ? Math.min(range.end.col, MAX_COLUMNS - 1)
        : MAX_COLUMNS - 1,
    };
  }

  /**
   * INDEX, CHOOSE and IF answer a reference in Excel when given references (`A1:INDEX(A:A,n)`,
   * `CHOOSE(2,A1,B1):C5`); HyperFormula's answer their values. Where a reference is wanted they
   * are read here. Undefined: not such a call, or not over references (evaluated as usual).
   */
  private referenceCall(node: Call, state: State): Box | CellError | undefined {
    const name = String(node.procedureName).toUpperCase();
    const args = node.args;
    if ((name === 'INDEX' || name === DYNAMIC_INDEX) && args.length >= 2 && args.length <= 3) {
      const base = this.boxOf(args[0]!, state);
      if (base === undefined || base instanceof CellError) return base;
      const first = this.numberOf(args[1], state);
      if (first instanceof CellError) return first;
      const second = this.numberOf(args[2], state);
      if (second instanceof CellError) return second;
      const height = base.bottom - base.top + 1;
      const width = base.right - base.left + 1;
      // INDEX(row_of_cells, n) picks the n-th cell of a single row.
      let row = Math.trunc(first ?? 0);
      let col = Math.trunc(second ?? 0);
      if (second === undefined && height === 1 && width > 1) [row, col] = [0, row];
      if (row < 0 || col < 0) return valueError('INDEX takes no negative position');
      if (row > height || col > width) return refError('the position is outside the reference');
      return {
        sheet: base.sheet,
        top: row === 0 ? base.top : base.top + row - 1,
        bottom: row === 0 ? base.bottom : base.top + row - 1,
        left: col === 0 ? base.left : base.left + col - 1,
        right: col === 0 ? base.right : base.left + col - 1,
      };
    }
    if (name === 'CHOOSE' && args.length >= 2) {
      const index = this.numberOf(args[0], state);
      if (index instanceof CellError) return index;
      const picked = args[Math.trunc(index ?? 0)];
      if (picked === undefined || Math.trunc(index ?? 0) < 1)
        return valueError('CHOOSE has no such value');
      return this.boxOf(picked, state);
    }
    if (name === 'IF' && args.length >= 2 && args.length <= 3) {
      let condition = this.evaluate(args[0]!, state);
      if (condition instanceof CellError) return condition;
      if (condition === EmptyValue) condition = false;
      if (typeof condition !== 'boolean' && typeof condition !== 'number') return undefined;
      const picked = condition === false || condition === 0 ? args[2] : args[1];
      return picked === undefined ? undefined : this.boxOf(picked, state);
    }
    return undefined;
  }

  /**
   * A number argument as Excel reads it: a one-cell range is its cell, a longer one outside an
   * array formula its cell in the formula's row or column (poi FormulaEvalTestData_Copy.xlsx
   * G1008 =OFFSET(F7,E7:I7,E7:I7) reads G7 twice).
   */
  private numberOf(node: Node | undefined, state: State): number | CellError | undefined {
    if (node === undefined || node.type === 'EMPTY') return undefined;
    let value = this.evaluate(node, state);
    if (value instanceof SimpleRangeValue) {
      if (value.width() === 1 && value.height() === 1) value = value.data[0]![0];
      else if (state.arraysFlag === true) return valueError('a number is expected');
      else value = intersect(value, state as Parameters<typeof intersect>[1]);
    }
    if (value instanceof CellError) return value;
    if (value === EmptyValue || value === null) return 0;
    if (typeof value === 'boolean') return value ? 1 : 0;
    if (typeof value === 'number') return value;
    if (typeof value === 'object' && value !== null && 'val' in value) return Number(value.val);
    if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)))
      return Number(value);
    return valueError('a number is expected');
  }

  /** A text argument (INDIRECT's and CELL's first). */
  private textOf(node: Node | undefined, state: State): unknown {
    if (node === undefined) return undefined;
    let value: unknown;
    if (node.type === 'CELL_REFERENCE') {
      // CELL's arguments are no dependencies (it looks at a place): its cell may not be computed yet.
      const reference = node.reference as { toSimpleCellAddress(base: Address): Address };
      const at = reference.toSimpleCellAddress(state.formulaAddress);
      if (at.row < 0 || at.col < 0) return refError('the reference is outside the sheet');
      value = readCell(this.graph(), at, noter(this.graph(), state));
    } else value = this.evaluateArgument(node, state, false);
    if (value instanceof SimpleRangeValue)
      value = value.width() === 1 && value.height() === 1 ? value.data[0]![0] : valueError('');
    return value;
  }

  /** The box a reference text names (INDIRECT's ref_text). */
  private boxOfText(text: string, a1: boolean, state: State): Box | CellError {
    const graph = this.graph();
    const trimmed = text.trim();
    const { prefix, body } = splitSheet(trimmed);
    let sheet = state.formulaAddress.sheet;
    if (prefix !== undefined) {
      const named = sheetNamed(graph, prefix);
      if (named === undefined) return refError(`no sheet named ${prefix}`);
      sheet = named;
    }
    const [first, second, ...more] = body.split(':');
    if (first !== undefined && more.length === 0) {
      const box = boxOfEnds(sheet, first, second, a1, state.formulaAddress);
      if (box !== undefined)
        return inSheet(box) ? box : refError('the reference is outside the sheet');
    }
    if (prefix === undefined && /^[A-Za-z_\\][A-Za-z0-9_.]*$/.test(trimmed)) {
      const box = this.namedBox(trimmed, state);
      if (box !== undefined) return box;
    }
    return refError(`"${text}" is not a reference`);
  }

  /** The reference a defined name holds, if it holds one. */
  private namedBox(name: string, state: State): Box | CellError | undefined {
    const names = (
      this.interpreter as unknown as {
        namedExpressions: {
          nearestNamedExpression(name: string, sheet: number): { address: Address } | undefined;
        };
      }
    ).namedExpressions;
    const named = names.nearestNamedExpression(name, state.formulaAddress.sheet);
    if (named === undefined) return undefined;
    const graph = this.graph();
    const vertex = graph.getCell(named.address) as
      { getFormula?(service: unknown): Node } | undefined;
    const formula = vertex?.getFormula?.(graph.lazilyTransformingAstService);
    if (formula === undefined) return undefined;
    const box = this.boxOf(formula, { formulaAddress: named.address });
    return box instanceof CellError ? box : box;
  }

  indirect(ast: Call, state: State): unknown {
    const [textNode, styleNode] = ast.args;
    if (textNode === undefined || ast.args.length > 2)
      return valueError('INDIRECT takes 1 or 2 arguments');
    const text = this.textOf(textNode, state);
    if (text instanceof CellError) return text;
    let a1 = true;
    if (styleNode !== undefined && styleNode.type !== 'EMPTY') {
      const style = this.evaluate(styleNode, state);
      if (style instanceof CellError) return style;
      a1 = !(style === false || style === 0);
    }
    if (typeof text !== 'string') return refError('INDIRECT expects the text of a reference');
    const box = this.boxOfText(text, a1, state);
    return box instanceof CellError ? box : this.referenceValue(box, state);
  }

  dynamicIndex(ast: Call, state: State): unknown {
    const box = this.referenceCall(ast, state);
    if (box === undefined) return valueError('INDEX here needs a reference');
    return box instanceof CellError ? box : this.referenceValue(box, state);
  }

  dynamicOffset(ast: Call, state: State): unknown {
    const [refNode, rowsNode, colsNode, heightNode, widthNode] = ast.args;
    if (refNode === undefined || ast.args.length < 3 || ast.args.length > 5)
      return valueError('OFFSET takes 3 to 5 arguments');
    const box = this.boxOf(refNode, state);
    if (box instanceof CellError) return box;
    if (box === undefined) return valueError('OFFSET expects a reference');
    const numbers = [rowsNode, colsNode, heightNode, widthNode].map((node) =>
      this.numberOf(node, state),
    );
    const error = numbers.find((n) => n instanceof CellError);
    if (error !== undefined) return error;
    const [rows = 0, cols = 0, height, width] = numbers as (number | undefined)[];
    const size = (given: number | undefined, own: number): number => {
      if (given === undefined) return own;
      const whole = Math.trunc(given);
      // Excel keeps a fraction of a cell as one (OFFSET(…,3,0.9) is one column wide) but 0 is #REF!.
      return whole === 0 && given !== 0 ? Math.sign(given) : whole;
    };
    const tall = size(height, box.bottom - box.top + 1);
    const wide = size(width, box.right - box.left + 1);
    if (tall === 0 || wide === 0) return refError('OFFSET cannot make an empty reference');
    const top = box.top + Math.trunc(rows);
    const left = box.left + Math.trunc(cols);
    // A negative height or width reaches up or left from the moved corner.
    const moved: Box = {
      sheet: box.sheet,
      top: tall > 0 ? top : top + tall + 1,
      bottom: tall > 0 ? top + tall - 1 : top,
      left: wide > 0 ? left : left + wide + 1,
      right: wide > 0 ? left + wide - 1 : left,
    };
    return this.referenceValue(moved, state);
  }

  dynamicRange(ast: Call, state: State): unknown {
    const [firstNode, secondNode] = ast.args;
    if (firstNode === undefined || secondNode === undefined || ast.args.length !== 2)
      return valueError('a range needs two ends');
    const first = this.boxOf(firstNode, state);
    if (first instanceof CellError) return first;
    const second = this.boxOf(secondNode, state);
    if (second instanceof CellError) return second;
    if (first === undefined || second === undefined)
      return valueError('a range joins two references');
    if (first.sheet !== second.sheet) return refError('a range cannot span two sheets');
    return this.referenceValue(
      {
        sheet: first.sheet,
        top: Math.min(first.top, second.top),
        left: Math.min(first.left, second.left),
        bottom: Math.max(first.bottom, second.bottom),
        right: Math.max(first.right, second.right),
      },
      state,
    );
  }

  /**
   * Excel's intersection operator (`A1:C3 B2:D4`, spelled DYNAMIC.INTERSECT(A1:C3,B2:D4)): the
   * cells both references share; #NULL! when they share none or lie on different sheets.
   */
  dynamicIntersect(ast: Call, state: State): unknown {
    const areas = this.areasOf(ast, state);
    return areas instanceof CellError ? areas : this.areasValue(areas, state);
  }

  /** Excel's union operator (`(A1:B2,D4)`, spelled DYNAMIC.UNION(A1:B2,D4)): every area of each. */
  dynamicUnion(ast: Call, state: State): unknown {
    const areas = this.areasOf(ast, state);
    return areas instanceof CellError ? areas : this.areasValue(areas, state);
  }

  /**
   * The areas a node refers to: those of a union, the overlaps of an intersection's (#NULL! when
   * none), or the one of any other reference; #VALUE! when it is no reference.
   */
  private areasOf(node: Node, state: State): readonly Box[] | CellError {
    const inner = unwrapped(node);
    const name = inner.type === 'FUNCTION_CALL' ? String(inner.procedureName).toUpperCase() : '';
    const args = (inner as Call).args;
    if (name === DYNAMIC_UNION) {
      const areas: Box[] = [];
      for (const arg of args) {
        const part = this.areasOf(arg, state);
        if (part instanceof CellError) return part;
        areas.push(...part);
      }
      return areas;
    }
    if (name === DYNAMIC_INTERSECT) {
      if (args.length !== 2) return valueError('an intersection needs two references');
      const first = this.areasOf(args[0]!, state);
      if (first instanceof CellError) return first;
      const second = this.areasOf(args[1]!, state);
      if (second instanceof CellError) return second;
      const shared = first.flatMap((a) =>
        second.map((b) => overlap(a, b)).filter((box): box is Box => box !== undefined),
      );
      return shared.length > 0 ? shared : nullError('the references do not intersect');
    }
    const box = this.boxOf(node, state);
    if (box === undefined) return valueError('a reference is expected');
    return box instanceof CellError ? box : [box];
  }

  /** The value of a reference of one area or several. */
  private areasValue(areas: readonly Box[], state: State): unknown {
    const values: SimpleRangeValue[] = [];
    for (const area of areas) {
      const value = this.referenceValue(area, state);
      if (value instanceof CellError) return value;
      values.push(value);
    }
    if (values.length === 1) return values[0];
    const cells = values.flatMap((value) => value.data.flat().map((cell) => [cell]));
    const union = SimpleRangeValue.onlyValues(cells as never);
    unionAreas.set(union, values);
    return union;
  }

  /**
   * A 3-D reference (`Sheet1:Sheet3!A1:B2`, spelled DYNAMIC.SHEETS("Sheet1","Sheet3","A1:B2")): the
   * area's cells on every sheet from the first to the last in the workbook's order, stacked into
   * one array, which the aggregating functions read as Excel reads the 3-D range.
   */
  dynamicSheets(ast: Call, state: State): unknown {
    const [firstNode, lastNode, areaNode] = ast.args;
    if (firstNode === undefined || lastNode === undefined || areaNode === undefined)
      return valueError('a 3-D reference needs two sheets and an area');
    const [first, last, area] = [firstNode, lastNode, areaNode].map((node) =>
      this.evaluate(node, state),
    );
    if (typeof first !== 'string' || typeof last !== 'string' || typeof area !== 'string')
      return refError('a 3-D reference needs two sheet names and an area');
    const graph = this.graph();
    const names = (graph.sheetMapping as unknown as { getSheetNames(): string[] }).getSheetNames();
    const at = (name: string) =>
      names.findIndex((sheet) => sheet.toLowerCase() === name.toLowerCase());
    const [from, to] = [at(first), at(last)];
    if (from < 0 || to < 0) return refError('a sheet of the 3-D reference does not exist');
    const ends = area.split(':');
    const rows: unknown[][] = [];
    for (let index = Math.min(from, to); index <= Math.max(from, to); index += 1) {
      const sheet = graph.sheetMapping.getSheetId(names[index]!)!;
      const box = boxOfEnds(sheet, ends[0]!, ends[1], true, state.formulaAddress);
      if (box === undefined || !inSheet(box)) return refError('the 3-D reference is no area');
      const value = this.referenceValue(box, state);
      if (value instanceof CellError) return value;
      rows.push(...value.data);
    }
    return SimpleRangeValue.onlyValues(rows as never);
  }

  private position(ast: Call, state: State, axis: 'row' | 'col'): unknown {
    if (ast.args.length > 1) return new CellError(ErrorType.NA, 'one reference is expected');
    const node = ast.args[0];
    if (node === undefined || node.type === 'EMPTY') return state.formulaAddress[axis] + 1;
    const box = this.boxOf(node, state);
    if (box instanceof CellError) return box;
    if (box === undefined) return valueError('a reference is expected');
    const first = axis === 'row' ? box.top : box.left;
    const last = axis === 'row' ? box.bottom : box.right;
    // Where an array is wanted, every row (column) of the reference: INDEX(ROW(A1:A3), 2) is 2
    // (pycel excelcompiler.xlsx ArrayForm!F2); where one value is, the first.
    if (state.arraysFlag !== true || last === first) return first + 1;
    if (last - first + 1 > MAX_FORMULA_RANGE_CELLS)
      return refError(`the reference covers more than ${MAX_FORMULA_RANGE_CELLS} cells`);
    const numbers = Array.from({ length: last - first + 1 }, (_, index) => first + index + 1);
    return SimpleRangeValue.onlyValues(
      (axis === 'row' ? numbers.map((number) => [number]) : [numbers]) as never,
    );
  }

  /** ROWS and COLUMNS: a reference's size (a whole column is 1,048,576 rows), or an array's. */
  private extent(ast: Call, state: State, axis: 'rows' | 'columns'): unknown {
    const node = ast.args[0];
    if (node === undefined || ast.args.length !== 1)
      return new CellError(ErrorType.NA, 'one argument is expected');
    if (isAreaCall(node)) {
      const areas = this.areasOf(node, state);
      if (areas instanceof CellError) return areas;
      if (areas.length > 1) return refError(`${axis.toUpperCase()} takes a reference of one area`);
    }
    const resolved = this.resolve(node, state);
    if (resolved instanceof CellError) return resolved;
    if (resolved !== undefined && 'sheet' in resolved)
      return axis === 'rows'
        ? resolved.bottom - resolved.top + 1
        : resolved.right - resolved.left + 1;
    const value =
      resolved === undefined ? this.evaluateArgument(node, state, false) : resolved.value;
    if (value instanceof CellError) return value;
    if (value instanceof SimpleRangeValue) return axis === 'rows' ? value.height() : value.width();
    return 1;
  }

  rows(ast: Call, state: State): unknown {
    return this.extent(ast, state, 'rows');
  }

  columns(ast: Call, state: State): unknown {
    return this.extent(ast, state, 'columns');
  }

  isformula(ast: Call, state: State): unknown {
    const node = ast.args[0];
    if (node === undefined || ast.args.length !== 1)
      return new CellError(ErrorType.NA, 'one argument is expected');
    const box = this.boxOf(node, state);
    if (box instanceof CellError) return box;
    if (box === undefined) return new CellError(ErrorType.NA, 'a reference is expected');
    const vertex = this.graph().getCell({ sheet: box.sheet, row: box.top, col: box.left });
    return vertex !== undefined && typeof vertex.getFormula === 'function';
  }

  row(ast: Call, state: State): unknown {
    return this.position(ast, state, 'row');
  }

  column(ast: Call, state: State): unknown {
    return this.position(ast, state, 'col');
  }

  isref(ast: Call, state: State): unknown {
    const node = ast.args[0];
    if (node === undefined || ast.args.length !== 1)
      return new CellError(ErrorType.NA, 'one argument is expected');
    const box = this.boxOf(node, state);
    return box !== undefined && !(box instanceof CellError);
  }

  areas(ast: Call, state: State): unknown {
    const node = ast.args[0];
    if (node === undefined || ast.args.length !== 1)
      return new CellError(ErrorType.NA, 'one argument is expected');
    const areas = this.areasOf(node, state);
    return areas instanceof CellError ? areas : areas.length;
  }

  /**
   * TYPE: 64 for an array or a reference of more than one cell (formulas/test.xlsx
   * INFORMATION!AG24, `TYPE(C24:Q24)`), which the function looks at whole rather than at the
   * cell in the formula's row; otherwise its value's type (1 a number or nothing, 2 text, 4 a
   * logical value, 16 an error).
   */
  type(ast: Call, state: State): unknown {
    const node = ast.args[0];
    if (node === undefined || ast.args.length !== 1)
      return new CellError(ErrorType.NA, 'one argument is expected');
    let value = this.evaluateArgument(node, state, true);
    if (value instanceof SimpleRangeValue) {
      if (value.width() !== 1 || value.height() !== 1) return 64;
      value = value.data[0]![0];
    }
    if (value instanceof CellError) return 16;
    if (typeof value === 'string') return 2;
    if (typeof value === 'boolean') return 4;
    return 1;
  }

  cell(ast: Call, state: State): unknown {
    const [typeNode, refNode] = ast.args;
    if (typeNode === undefined || ast.args.length > 2)
      return valueError('CELL takes 1 or 2 arguments');
    const info = this.textOf(typeNode, state);
    if (info instanceof CellError) return info;
    if (typeof info !== 'string') return valueError('info_type must be text');
    let box: Box | CellError | undefined;
    if (refNode === undefined || refNode.type === 'EMPTY') {
      const here = state.formulaAddress;
      box = { sheet: here.sheet, top: here.row, left: here.col, bottom: here.row, right: here.col };
    } else box = this.boxOf(refNode, state);
    if (box instanceof CellError) return box;
    if (box === undefined) return valueError('a reference is expected');
    const corner = { sheet: box.sheet, row: box.top, col: box.left };
    switch (info.toLowerCase()) {
      case 'address':
        return `${sheetPrefix(this.graph(), box, state.formulaAddress)}$${columnLetters(box.left)}$${box.top + 1}`;
      case 'row':
        return box.top + 1;
      case 'col':
        return box.left + 1;
      case 'contents': {
        const value = this.topLeft(corner, state);
        return value === EmptyValue ? 0 : value;
      }
      case 'type': {
        const value = this.topLeft(corner, state);
        if (value === EmptyValue || value === null) return 'b';
        return typeof value === 'string' ? 'l' : 'v';
      }
      case 'filename':
        // Excel answers empty text for a workbook that was never saved to a file, as a Gridbook
        // workbook is not.
        return '';
      case 'width':
        // The reference's first column; the engine recomputes CELL when the widths change.
        return (
          cellWidthOf(this.dependencyGraph, box.sheet, box.left) ??
          valueError('the column widths of this sheet are not known')
        );
      default:
        return valueError(`CELL does not know "${info}"`);
    }
  }

  /** The value of a reference's top-left cell, read as a computed reference reads it. */
  private topLeft(corner: Address, state: State): unknown {
    const value = this.referenceValue(
      {
        sheet: corner.sheet,
        top: corner.row,
        left: corner.col,
        bottom: corner.row,
        right: corner.col,
      },
      state,
    );
    return value instanceof CellError ? value : value.data[0]![0];
  }
}

interface Definition {
  readonly name: string;
  readonly method: string;
  readonly parameters: readonly (readonly [string, boolean])[];
  readonly description: string;
  readonly category: string;
  readonly volatile?: boolean;
  /** Like HyperFormula's ROW and COLUMN: the argument is a place, not a value to wait for. */
  readonly positional?: boolean;
}

const FUNCTIONS: readonly Definition[] = [
  {
    name: 'INDIRECT',
    method: 'indirect',
    parameters: [
      ['ref_text', false],
      ['a1', true],
    ],
    description: 'The reference named by a text (A1 or R1C1 style, or a defined name)',
    category: 'Lookup and reference',
    volatile: true,
  },
  {
    name: DYNAMIC_INDEX,
    method: 'dynamicIndex',
    parameters: [],
    description: '',
    category: 'Lookup and reference',
    volatile: true,
    positional: true,
  },
  {
    name: DYNAMIC_OFFSET,
    method: 'dynamicOffset',
    parameters: [],
    description: '',
    category: 'Lookup and reference',
    volatile: true,
  },
  {
    name: DYNAMIC_RANGE,
    method: 'dynamicRange',
    parameters: [],
    description: '',
    category: 'Lookup and reference',
    volatile: true,
  },
  {
    name: DYNAMIC_INTERSECT,
    method: 'dynamicIntersect',
    parameters: [],
    description: '',
    category: 'Lookup and reference',
  },
  {
    name: DYNAMIC_UNION,
    method: 'dynamicUnion',
    parameters: [],
    description: '',
    category: 'Lookup and reference',
  },
  {
    name: DYNAMIC_SHEETS,
    method: 'dynamicSheets',
    parameters: [],
    description: '',
    category: 'Lookup and reference',
    volatile: true,
  },
  {
    name: 'ROW',
    method: 'row',
    parameters: [['reference', true]],
    description: 'The row number of a reference, or of the formula’s cell',
    category: 'Lookup and reference',
    positional: true,
  },
  {
    name: 'COLUMN',
    method: 'column',
    parameters: [['reference', true]],
    description: 'The column number of a reference, or of the formula’s cell',
    category: 'Lookup and reference',
    positional: true,
  },
  {
    name: 'ROWS',
    method: 'rows',
    parameters: [['array', false]],
    description: 'The number of rows in a reference or array',
    category: 'Lookup and reference',
    positional: true,
  },
  {
    name: 'COLUMNS',
    method: 'columns',
    parameters: [['array', false]],
    description: 'The number of columns in a reference or array',
    category: 'Lookup and reference',
    positional: true,
  },
  {
    name: 'ISFORMULA',
    method: 'isformula',
    parameters: [['reference', false]],
    description: 'TRUE when the referenced cell holds a formula',
    category: 'Information',
    positional: true,
  },
  {
    name: 'ISREF',
    method: 'isref',
    parameters: [['value', false]],
    description: 'TRUE when the value is a reference',
    category: 'Information',
    positional: true,
  },
  {
    name: 'AREAS',
    method: 'areas',
    parameters: [['reference', false]],
    description: 'The number of areas in a reference',
    category: 'Lookup and reference',
    positional: true,
  },
  {
    name: 'TYPE',
    method: 'type',
    parameters: [['value', false]],
    description:
      'TYPE(value): 1 for a number (or an empty cell), 2 text, 4 TRUE/FALSE, 16 an error, 64 an array or a range of several cells',
    category: 'Information',
  },
  {
    name: 'CELL',
    method: 'cell',
    parameters: [
      ['info_type', false],
      ['reference', true],
    ],
    description:
      'Information about a reference’s first cell: address, row, col, contents, type, filename or width',
    category: 'Information',
    volatile: true,
    // Its reference is a place (CELL("col",A8:C8) in B8 is no cycle); contents are read as a
    // computed reference's are, and settled.
    positional: true,
  },
];

/** The catalogue's entries for the plugin's functions. */
export const DYNAMIC_FUNCTION_INFO: ReadonlyMap<string, FunctionInfo> = pluginCatalogue(
  FUNCTIONS.filter((fn) => !INTERNAL.has(fn.name)),
);

/** The plugin class (stateless, so every engine may share it). */
export function dynamicReferencesPlugin(): FunctionPluginDefinition {
  settleComputedReferences();
  translateFunctionNames(FUNCTIONS.map((fn) => fn.name));
  const implemented: ImplementedFunctions = {};
  for (const fn of FUNCTIONS)
    implemented[fn.name] = {
      method: fn.method,
      // The arguments are read as syntax, never evaluated by HyperFormula before the call.
      parameters: [],
      ...(fn.volatile === true ? { isVolatile: true } : {}),
      ...(fn.positional === true
        ? {
            doesNotNeedArgumentsToBeComputed: true,
            isDependentOnSheetStructureChange: true,
            vectorizationForbidden: true,
          }
        : {}),
    };
  (
    DynamicReferences as unknown as { implementedFunctions: ImplementedFunctions }
  ).implementedFunctions = implemented;
  return DynamicReferences as unknown as FunctionPluginDefinition;
}

type Entry = (this: EvaluatorSelf, ...args: unknown[]) => unknown;
interface ContentChanges {
  isEmpty(): boolean;
  addAll(other: ContentChanges): unknown;
}
interface EvaluatorSelf {
  readonly dependencyGraph: Graph;
  run: Entry;
  partialRun: Entry;
}

let settling = false;

/** The calls whose one-cell result stays a reference below the formula's root. */
const KEEP_REFERENCE = new Set([
  'INDIRECT',
  DYNAMIC_INDEX,
  DYNAMIC_OFFSET,
  DYNAMIC_RANGE,
  DYNAMIC_INTERSECT,
  DYNAMIC_UNION,
]);

interface InterpreterSelf {
  evaluateAst(ast: Node, state: unknown): unknown;
  evaluateAstWithoutPostprocessing(ast: Node, state: unknown): unknown;
}
interface EvaluatorRoot {
  evaluateAstToCellValue(ast: Node, state: unknown): unknown;
}

/** The root of the formula being evaluated (its result is a value, never a one-cell reference). */
let root: Node | undefined;
/**
 * Whether the node being evaluated is an operator's operand (`INDIRECT("B2")*2`): the operator
 * wants the cell's value, as at the root, where a function argument keeps the reference.
 */
let operand = false;
const OPERATORS = new Set([
  'PLUS_OP',
  'MINUS_OP',
  'TIMES_OP',
  'DIV_OP',
  'POWER_OP',
  'CONCATENATE_OP',
  'EQUALS_OP',
  'NOT_EQUAL_OP',
  'GREATER_THAN_OP',
  'LESS_THAN_OP',
  'GREATER_THAN_OR_EQUAL_OP',
  'LESS_THAN_OR_EQUAL_OP',
  'MINUS_UNARY_OP',
  'PLUS_UNARY_OP',
  'PERCENT_OP',
]);

/**
 * HyperFormula's interpreter reads every one-cell range as its value, so SUM(INDIRECT("A2"))
 * would see A2's text "7" as an argument typed in (7) instead of a cell (ignored, 0 in Excel).
 * A computed reference below the root stays a range; at the root it is read as its value.
 */
function keepOneCellReferences(): void {
  const interpreter = internalPrototype<InterpreterSelf>(
    ['evaluator', 'interpreter'],
    ['evaluateAst', 'evaluateAstWithoutPostprocessing'],
    'HyperFormula no longer exposes its interpreter; dynamic-references.ts cannot keep references.',
  );
  const evaluator = internalPrototype<EvaluatorRoot>(
    ['evaluator'],
    ['evaluateAstToCellValue'],
    'HyperFormula no longer exposes its evaluator; dynamic-references.ts cannot keep references.',
  );
  const evaluate = interpreter.evaluateAst;
  interpreter.evaluateAst = function (this: InterpreterSelf, ast: Node, state: unknown): unknown {
    const type = ast.type;
    if (type === 'FUNCTION_CALL') {
      if (!operand) {
        if (
          ast !== root &&
          KEEP_REFERENCE.has((ast as unknown as { procedureName: string }).procedureName)
        )
          return this.evaluateAstWithoutPostprocessing(ast, state);
        return evaluate.call(this, ast, state);
      }
      // A function's arguments are no operator's operands, whatever surrounds the call.
      operand = false;
      try {
        return evaluate.call(this, ast, state);
      } finally {
        operand = true;
      }
    }
    if (operand || !OPERATORS.has(type)) return evaluate.call(this, ast, state);
    operand = true;
    try {
      return evaluate.call(this, ast, state);
    } finally {
      operand = false;
    }
  };
  const toCellValue = evaluator.evaluateAstToCellValue;
  evaluator.evaluateAstToCellValue = function (
    this: EvaluatorRoot,
    ast: Node,
    state: unknown,
  ): unknown {
    const outer = root;
    const outerOperand = operand;
    root = ast;
    operand = false;
    try {
      const value = toCellValue.call(this, ast, state);
      return value instanceof SimpleRangeValue && value.width() === 1 && value.height() === 1
        ? value.data[0]![0]
        : value;
    } finally {
      root = outer;
      operand = outerOperand;
    }
  };
}

/**
 * Wraps the evaluator's run (after a build) and partialRun (after changes), once, on the
 * prototype: when formulas read formula cells through computed references, they are recomputed
 * (with their dependents) until a pass changes nothing, and those changes join the run's own.
 * The whole is one timed entry, so the settling passes share the recalculation's time budget.
 */
function settleComputedReferences(): void {
  if (settling) return;
  keepOneCellReferences();
  const prototype = internalPrototype<EvaluatorSelf>(
    ['evaluator'],
    ['run', 'partialRun'],
    'HyperFormula no longer exposes its evaluator; dynamic-references.ts cannot settle computed references.',
  );
  const run = prototype.run;
  const partialRun = prototype.partialRun;
  const settle = (evaluator: EvaluatorSelf, changes: ContentChanges | undefined): void => {
    const graph = evaluator.dependencyGraph;
    const pending = unsettled.get(graph);
    if (pending === undefined || pending.size === 0) return;
    for (let pass = 0; pass < MAX_SETTLING_PASSES && pending.size > 0; pass += 1) {
      const vertices = [...pending].filter((vertex) => graph.graph.hasNode(vertex));
      pending.clear();
      if (vertices.length === 0) break;
      const more = partialRun.call(evaluator, vertices) as ContentChanges;
      changes?.addAll(more);
      if (more.isEmpty()) break;
    }
    pending.clear();
  };
  prototype.run = timedEntry(function (this: unknown, ...args: unknown[]) {
    const self = this as EvaluatorSelf;
    unsettled.get(self.dependencyGraph)?.clear();
    const result = run.apply(self, args);
    settle(self, undefined);
    return result;
  }) as Entry;
  prototype.partialRun = timedEntry(function (this: unknown, ...args: unknown[]) {
    const self = this as EvaluatorSelf;
    unsettled.get(self.dependencyGraph)?.clear();
    const changes = partialRun.apply(self, args) as ContentChanges;
    settle(self, changes);
    return changes;
  }) as Entry;
  settling = true;
}
