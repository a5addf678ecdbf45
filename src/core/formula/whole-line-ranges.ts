// Whole-column and whole-row ranges (A:C, 2:5) cost what the cells they reach cost, not the
// sheet's whole box. HyperFormula made both pieces of such a range cost its box:
// - Its dependency graph gave every address of the range down to the sheet's last row a vertex
//   (about 700 bytes each, measured), so =VLOOKUP(x,A:E,2,0) beside a value in row 1,048,576 held
//   3.5 GB. Written in that order the live server coped (a range made while the sheet was short
//   is extended one new cell at a time), but the restart rebuilt the engine at once, at full
//   height, and died out of memory: acknowledged writes that no restart could bring back. Here a
//   whole-line range depends on the cells that exist when it is made; HyperFormula itself links
//   every cell made later into the whole-line ranges that contain it
//   (correctInfiniteRangesDependency).
// - Evaluating one reads every address of the range down to the sheet's last row (about 85 bytes
//   each), so =SUM(A:XFD) beside one value in row 1000 (16 million addresses) killed the process.
//   A formula whose whole-line ranges reach more than MAX_WHOLE_LINE_CELLS addresses now answers
//   #REF! saying so, like a formula whose ranges are too large (formula-limits.ts). The count uses
//   the sheet's extent measured from its cells (sheet-extent.ts), so it is the same live and
//   after a restart. Within the bound, the reading itself visits the cells held: aggregates
//   (SUM, COUNT, …) skip the empty addresses, and the values lookups and criteria read (MATCH,
//   VLOOKUP, COUNTIF, SUMIF, …) are built with every empty address read once.
import { CellError, ErrorType, HyperFormula } from 'hyperformula';
import { MAX_WHOLE_LINE_CELLS } from '../formula-text/index.js';
import { internalPrototype } from './engine-internals.js';

export { MAX_WHOLE_LINE_CELLS };

interface Address {
  readonly sheet: number;
  readonly row: number;
  readonly col: number;
}

/** HyperFormula's AbsoluteCellRange, as far as whole-line ranges are read here. */
export interface CellRange {
  readonly start: Address;
  readonly end: Address;
  isFinite(): boolean;
  addressInRange(address: Address): boolean;
  effectiveEndRow(graph: DependencyGraph): number;
  effectiveEndColumn(graph: DependencyGraph): number;
}

/** One sheet's cells: sparse (column → row → vertex) or dense (rows of vertices, with holes). */
interface SheetCells {
  readonly mapping: Map<number, Map<number, unknown>> | readonly (readonly unknown[] | undefined)[];
}

interface AddressMapping {
  readonly mapping: Map<number, SheetCells>;
}

export interface DependencyGraph {
  readonly addressMapping: AddressMapping;
  getSheetHeight(sheet: number): number;
  getSheetWidth(sheet: number): number;
  processCellDependencies(dependencies: readonly unknown[], vertex: unknown): void;
  readonly graph: { getInfiniteRanges(): unknown[]; markNodeAsDirty(node: unknown): void };
}

/** The structure changes of the dependency graph (rows and columns added or removed, cells moved). */
const STRUCTURE_CHANGES = [
  'addRows',
  'removeRows',
  'addColumns',
  'removeColumns',
  'moveCells',
] as const;

/** A range class's methods that cut the part of a range where rows or columns were added. */
interface RangeShapes {
  rangeWithSameWidth(...args: unknown[]): CellRange;
  rangeWithSameHeight(...args: unknown[]): CellRange;
}

/** Makes `range` list only the cells held (for HyperFormula's loops that link it or its parts). */
function listHeldCellsOnly(range: CellRange): void {
  Object.defineProperty(range, 'addresses', {
    configurable: true,
    value: (graph: DependencyGraph) => heldAddresses(graph, range),
  });
}

/**
 * The range classes of whole columns and whole rows and their base class, read off a probe
 * engine (HyperFormula does not export them).
 */
function rangeClasses(): object[] {
  const probe = HyperFormula.buildFromArray([['=SUM(C:C)', '=SUM(3:3)']], {
    licenseKey: 'gpl-v3',
  });
  const mapping = (
    probe as unknown as {
      dependencyGraph?: {
        rangeMapping?: { rangesInSheet?(sheet: number): Iterable<{ range: object }> };
      };
    }
  ).dependencyGraph?.rangeMapping;
  const prototypes = [...(mapping?.rangesInSheet?.(0) ?? [])].map(
    (vertex) => Object.getPrototypeOf(vertex.range) as object,
  );
  probe.destroy();
  if (prototypes.length !== 2)
    throw new Error(
      "HyperFormula's range mapping changed; whole-line-ranges.ts cannot find its whole-line range classes.",
    );
  return [...prototypes, Object.getPrototypeOf(prototypes[0]!) as object];
}

const isWholeLine = (dependency: unknown): dependency is CellRange =>
  typeof (dependency as Partial<CellRange> | null)?.isFinite === 'function' &&
  !(dependency as CellRange).isFinite();

/**
 * The addresses of `range` that hold a vertex now (all the dependency graph links to it), in time
 * proportional to the cells held: HyperFormula's own span walks visit every address of the box.
 */
function* heldAddresses(graph: DependencyGraph, range: CellRange): Generator<Address> {
  const { sheet } = range.start;
  const cells = graph.addressMapping.mapping.get(sheet)?.mapping;
  if (cells === undefined) return;
  if (cells instanceof Map) {
    for (const [col, rows] of cells)
      for (const row of rows.keys()) {
        const address = { sheet, row, col };
        if (range.addressInRange(address)) yield address;
      }
    return;
  }
  const lastRow = Math.min(range.end.row, cells.length - 1);
  let holes = 0;
  for (let row = range.start.row; row <= lastRow; row += 1) {
    const vertices = cells[row];
    if (vertices === undefined) {
      holes += 1;
      if (holes < LONG_GAP) continue;
      for (const held of rowsFrom(cells, row + 1, lastRow))
        yield* heldInRow(sheet, held, cells[held]!, range);
      return;
    }
    holes = 0;
    yield* heldInRow(sheet, row, vertices, range);
  }
}

/**
 * Empty rows in a row, past which a dense sheet's rows are found by their keys. A dense sheet with
 * a cell far below the others holds its rows in a sparse array (V8 stores it as a dictionary): a
 * loop over its indexes cost about 30 ns each, 30 ms down to row 1,048,576, where its keys list
 * only the rows there are. A filled sheet keeps the loop (its keys would be slower).
 */
const LONG_GAP = 1024;

/** The rows from `first` to `last` that `cells` holds, ascending (integer keys come in order). */
function* rowsFrom(
  cells: readonly (readonly unknown[] | undefined)[],
  first: number,
  last: number,
): Generator<number> {
  for (const key in cells) {
    const row = Number(key);
    if (row > last) return;
    if (row >= first && cells[row] !== undefined) yield row;
  }
}

function* heldInRow(
  sheet: number,
  row: number,
  vertices: readonly unknown[],
  range: CellRange,
): Generator<Address> {
  const lastCol = Math.min(range.end.col, vertices.length - 1);
  for (let col = range.start.col; col <= lastCol; col += 1)
    if (vertices[col] !== undefined) yield { sheet, row, col };
}

/**
 * heldAddresses in HyperFormula's own order, row by row: a sum of the same numbers in another
 * order can differ in its last digit.
 */
export function heldAddressesByRow(graph: DependencyGraph, range: CellRange): Iterable<Address> {
  const cells = graph.addressMapping.mapping.get(range.start.sheet)?.mapping;
  if (!(cells instanceof Map)) return heldAddresses(graph, range);
  return [...heldAddresses(graph, range)].sort((a, b) => a.row - b.row || a.col - b.col);
}

function linkWholeLinesToHeldCells(): void {
  const prototype = internalPrototype<DependencyGraph>(
    ['dependencyGraph'],
    ['processCellDependencies', 'getSheetHeight', 'getSheetWidth', ...STRUCTURE_CHANGES],
    "HyperFormula's dependency graph changed; whole-line-ranges.ts cannot keep whole-column ranges from taking a vertex per address.",
  );
  const process = prototype.processCellDependencies;
  prototype.processCellDependencies = function (
    this: DependencyGraph,
    dependencies: readonly unknown[],
    vertex: unknown,
  ) {
    const wholeLines = dependencies.filter(isWholeLine);
    // HyperFormula links a range to the cells `range.addresses(graph)` lists: for the time of
    // this call, a whole-line range lists only the cells held.
    for (const range of wholeLines) listHeldCellsOnly(range);
    try {
      process.call(this, dependencies, vertex);
    } finally {
      for (const range of wholeLines) delete (range as { addresses?: unknown }).addresses;
    }
  };
  // Rows or columns added inside a whole-line range are empty: nothing to link there either.
  for (const shapes of rangeClasses() as RangeShapes[])
    for (const name of ['rangeWithSameWidth', 'rangeWithSameHeight'] as const) {
      if (!Object.prototype.hasOwnProperty.call(shapes, name)) continue;
      const cut = shapes[name];
      shapes[name] = function (this: CellRange, ...args: unknown[]) {
        const part = cut.apply(this, args);
        if (!this.isFinite()) listHeldCellsOnly(part);
        return part;
      };
    }
  // A structure change moves cells into or out of a whole-line range without touching a cell
  // linked to it (HyperFormula marked the range through the empty cells it no longer holds):
  // every whole-line range computes again.
  const changing = prototype as unknown as Record<
    (typeof STRUCTURE_CHANGES)[number],
    (...args: unknown[]) => unknown
  >;
  for (const name of STRUCTURE_CHANGES) {
    const change = changing[name];
    changing[name] = function (this: DependencyGraph, ...args: unknown[]) {
      const result = change.apply(this, args);
      for (const range of this.graph.getInfiniteRanges()) this.graph.markNodeAsDirty(range);
      return result;
    };
  }
}

/** HyperFormula's graph of vertices, as far as removing one's dependencies goes. */
interface VertexGraph {
  removeDependencies(node: unknown): unknown;
}

/**
 * Removing the last formula that reads a whole-line range unlinks the range from the cells it
 * depends on, which HyperFormula found by listing every address of the range and keeping those
 * holding a cell: clearing =COUNTIF(A:A,7) beside a value in row 1,048,576 took about 2 s. For the
 * time of that call, the range lists only the cells held.
 */
function unlinkWholeLinesFromHeldCells(): void {
  const prototype = internalPrototype<VertexGraph>(
    ['dependencyGraph', 'graph'],
    ['removeDependencies'],
    "HyperFormula's graph changed; whole-line-ranges.ts cannot unlink whole-column ranges from the cells held.",
  );
  const remove = prototype.removeDependencies;
  prototype.removeDependencies = function (this: VertexGraph, node: unknown) {
    const range = (node as { range?: unknown } | null)?.range;
    if (!isWholeLine(range)) return remove.call(this, node);
    listHeldCellsOnly(range);
    try {
      return remove.call(this, node);
    } finally {
      delete (range as { addresses?: unknown }).addresses;
    }
  };
}

/** A COLUMN_RANGE or ROW_RANGE node of a formula's syntax tree. */
interface LineRangeNode {
  readonly type: 'COLUMN_RANGE' | 'ROW_RANGE';
  readonly start: LineAddress;
  readonly end: LineAddress;
}

interface LineAddress {
  toSimpleColumnAddress?(base: Address): { sheet: number; col: number };
  toSimpleRowAddress?(base: Address): { sheet: number; row: number };
}

/** The whole-line range nodes of each syntax tree (trees are shared by formulas alike). */
const lineRangesOf = new WeakMap<object, readonly LineRangeNode[]>();

function collectLineRanges(node: unknown, into: LineRangeNode[], seen: Set<object>): void {
  if (typeof node !== 'object' || node === null || seen.has(node)) return;
  seen.add(node);
  if (Array.isArray(node)) {
    for (const item of node) collectLineRanges(item, into, seen);
    return;
  }
  const type = (node as { type?: unknown }).type;
  if (type === 'COLUMN_RANGE' || type === 'ROW_RANGE') {
    into.push(node as LineRangeNode);
    return;
  }
  if (typeof type !== 'string') return;
  for (const value of Object.values(node)) collectLineRanges(value, into, seen);
}

function lineRanges(ast: object): readonly LineRangeNode[] {
  let ranges = lineRangesOf.get(ast);
  if (ranges === undefined) {
    const found: LineRangeNode[] = [];
    collectLineRanges(ast, found, new Set());
    ranges = found;
    lineRangesOf.set(ast, ranges);
  }
  return ranges;
}

interface Interpreter {
  readonly dependencyGraph: DependencyGraph;
  isSheetValid(address: { sheet: number }): boolean;
  evaluateAst(ast: unknown, state: unknown): unknown;
}

/** Addresses the node reaches in its sheet as the sheet is now; 0 when its sheet is missing. */
function reachedCells(interpreter: Interpreter, node: LineRangeNode, base: Address): number {
  if (node.type === 'COLUMN_RANGE') {
    const start = node.start.toSimpleColumnAddress!(base);
    const end = node.end.toSimpleColumnAddress!(base);
    if (!interpreter.isSheetValid(start)) return 0;
    const height = interpreter.dependencyGraph.getSheetHeight(start.sheet);
    return (Math.abs(end.col - start.col) + 1) * height;
  }
  const start = node.start.toSimpleRowAddress!(base);
  const end = node.end.toSimpleRowAddress!(base);
  if (!interpreter.isSheetValid(start)) return 0;
  const width = interpreter.dependencyGraph.getSheetWidth(start.sheet);
  return (Math.abs(end.row - start.row) + 1) * width;
}

function refuseWholeLinesBeyondTheBound(): void {
  const prototype = internalPrototype<Interpreter>(
    ['evaluator', 'interpreter'],
    ['evaluateAst', 'isSheetValid'],
    "HyperFormula's interpreter changed; whole-line-ranges.ts cannot bound what whole-column ranges read.",
  );
  const evaluate = prototype.evaluateAst;
  // Only the formula's own tree is checked (depth 0): nested calls evaluate parts of it.
  let depth = 0;
  prototype.evaluateAst = function (this: Interpreter, ast: unknown, state: unknown): unknown {
    if (depth === 0 && typeof ast === 'object' && ast !== null) {
      const ranges = lineRanges(ast);
      const base = (state as { formulaAddress?: Address } | undefined)?.formulaAddress;
      if (ranges.length > 0 && base !== undefined) {
        let cells = 0;
        for (const node of ranges) cells += reachedCells(this, node, base);
        if (cells > MAX_WHOLE_LINE_CELLS)
          return new CellError(
            ErrorType.REF,
            `the formula's whole-column and whole-row ranges reach ${cells} cells (down to the last row, or across to the last column, that holds a cell); the limit is ${MAX_WHOLE_LINE_CELLS}. Refer to the rows that hold data, such as A1:C5000.`,
          );
      }
    }
    depth += 1;
    try {
      return evaluate.call(this, ast, state);
    } finally {
      depth -= 1;
    }
  };
}

/** Set while an aggregate (SUM, COUNT, AVERAGE, …) reads the values of a range. */
let aggregating = 0;

/**
 * SUM, COUNT, COUNTA, AVERAGE, MIN, MAX and the rest of HyperFormula's aggregates read a
 * whole-line range's held cells only: an empty cell adds nothing to any of them. They read
 * every address down to the sheet's last row, about 0.8 µs each (measured): =SUM(A:H) beside a
 * value in row 500,000 took 2.5 s, and the status bar's totals of a tall sheet ran out of
 * /eval's time budget.
 */
function aggregateHeldCellsOnly(): void {
  type ReadValues = (...args: unknown[]) => unknown;
  const plugin = HyperFormula.getFunctionPlugin('SUM') as
    { prototype?: { getRangeValues?: ReadValues } } | undefined;
  const aggregates = plugin?.prototype;
  const read = aggregates?.getRangeValues;
  const [columns, rows, base] = rangeClasses() as {
    addresses?: (graph: DependencyGraph) => Iterable<Address>;
  }[];
  const listAll = base?.addresses;
  if (aggregates === undefined || read === undefined || listAll === undefined)
    throw new Error(
      "HyperFormula's aggregates changed; whole-line-ranges.ts cannot make SUM(A:A) read only the cells held.",
    );
  aggregates.getRangeValues = function (this: unknown, ...args: unknown[]) {
    aggregating += 1;
    try {
      return read.apply(this, args);
    } finally {
      aggregating -= 1;
    }
  };
  for (const line of [columns, rows]) {
    Object.defineProperty(line, 'addresses', {
      configurable: true,
      writable: true,
      value: function (this: CellRange, graph: DependencyGraph) {
        return aggregating > 0 ? heldAddressesByRow(graph, this) : listAll.call(this, graph);
      },
    });
    Object.defineProperty(line, 'addressesArrayMap', {
      configurable: true,
      writable: true,
      value: function (this: CellRange, graph: DependencyGraph, read: (at: Address) => unknown) {
        return readHeldCells(graph, this, read);
      },
    });
  }
}

/**
 * A whole-line range's values, row by row, as HyperFormula's addressesArrayMap gives them (its
 * one caller reads each address's value into a range value for MATCH, COUNTIF, VLOOKUP and
 * the like), built from the cells held: every address without a cell reads the same, so it is
 * read once. HyperFormula read every address down to the sheet's last row, about 1–2 µs each:
 * COUNTIF(A:A,7) beside a value in row 500,000 took half a second, SUMIF three times that.
 */
function readHeldCells(
  graph: DependencyGraph,
  range: CellRange,
  read: (at: Address) => unknown,
): unknown[][] {
  const { sheet, row: top, col: left } = range.start;
  const height = range.effectiveEndRow(graph) - top + 1;
  const width = range.effectiveEndColumn(graph) - left + 1;
  if (height <= 0) return [];
  if (width <= 0) return Array.from({ length: height }, () => []);
  const rows: (unknown[] | undefined)[] = new Array<unknown[] | undefined>(height);
  let filled = 0;
  for (const at of heldAddresses(graph, range)) {
    const row = at.row - top;
    const col = at.col - left;
    if (row >= height || col >= width) continue;
    const values = (rows[row] ??= new Array<unknown>(width));
    values[col] = read(at);
    filled += 1;
  }
  if (filled === height * width) return rows as unknown[][];
  const empty = read(firstEmptyAddress(rows, sheet, top, left, width));
  // Every row without a cell is the same row: one array, frozen so that no reader changes it for
  // the others (a million rows of their own cost about 0.5 s with their garbage collection).
  const emptyRow = Object.freeze(new Array<unknown>(width).fill(empty)) as unknown[];
  for (let row = 0; row < height; row += 1) {
    const values = rows[row];
    if (values === undefined) {
      rows[row] = emptyRow;
      continue;
    }
    for (let col = 0; col < width; col += 1) if (!(col in values)) values[col] = empty;
  }
  return rows as unknown[][];
}

/** The first address, row by row, whose value `rows` has not been given (one exists). */
function firstEmptyAddress(
  rows: readonly (readonly unknown[] | undefined)[],
  sheet: number,
  top: number,
  left: number,
  width: number,
): Address {
  for (let row = 0; row < rows.length; row += 1) {
    const values = rows[row];
    if (values === undefined) return { sheet, row: top + row, col: left };
    for (let col = 0; col < width; col += 1)
      if (!(col in values)) return { sheet, row: top + row, col: left + col };
  }
  throw new Error('whole-line-ranges.ts: no empty address in a range that has one');
}

let installed = false;

/** The bounds and shortcuts above, once, on HyperFormula's prototypes. */
export function boundWholeLineRanges(): void {
  if (installed) return;
  linkWholeLinesToHeldCells();
  unlinkWholeLinesFromHeldCells();
  refuseWholeLinesBeyondTheBound();
  aggregateHeldCellsOnly();
  installed = true;
}
