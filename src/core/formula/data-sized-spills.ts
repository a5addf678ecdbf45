// Spills whose size the data decides (=SEQUENCE(A1), =TAKE(A2:A9,B1), =GROUPBY(…), and formulas
// holding such a call: =SEQUENCE(A1)*2, =LET(n,A1,SEQUENCE(n))), as Excel spills them.
// HyperFormula fixes a formula's spill area when it parses it, from its plugins' size methods;
// those answer one cell when a count comes from a cell, and the formula shows its result's first
// value. Two pieces make such a formula spill to its real size:
// - Size hints. HyperFormula's size predictor is wrapped, once, on its prototype: for a formula
//   that holds a call of a data-sized function, it answers the size the adapter last entered that
//   cell with (a hint, kept per engine), and notes the cell as parsed, so it is checked after the
//   change. A formula that is one such call and that its plugin sized exactly keeps that size; a
//   formula that only holds one keeps its parse-time size until it has a hint (SORT(UNIQUE(r)) is
//   sized by r until its first settling). LEGACY.ARRAY keeps the range its file gave it.
// - Settling. After each change (and a build), every such formula that was parsed or
//   recomputed is evaluated once more, dry (as if nested, so the function answers its whole array),
//   and where that size is not the one it was entered with, it is entered again with the new
//   size as its hint: HyperFormula then spills it, or answers #SPILL! when the area is occupied,
//   and frees the cells a smaller one leaves. Its changes join the commit's change list.
// A workbook without such formulas pays nothing (the engine has never parsed one); with them,
// the cost is one dry evaluation per recomputed one. Re-entries stop after a few rounds, so spills
// that feed each other's sizes cannot loop.
import { ArraySize, HyperFormula, SimpleRangeValue, type ExportedChange } from 'hyperformula';
import { internalPrototype, type EngineAddress as Address } from './engine-internals.js';
import { MAX_FORMULA_RANGE_CELLS } from './formula-limits.js';
import { DYNAMIC_ARRAY, LEGACY_ARRAY } from '../legacy-array.js';
import { arrayBehind } from './implicit-intersection.js';

/**
 * The functions whose result's size can depend on cell values (counts, text, the groups of the
 * data) and which answer their whole array when nested: as the whole formula they spill it.
 */
const DATA_SIZED_FUNCTIONS: ReadonlySet<string> = new Set([
  'SEQUENCE',
  'MAKEARRAY',
  'TAKE',
  'DROP',
  'CHOOSEROWS',
  'CHOOSECOLS',
  'EXPAND',
  'TOCOL',
  'TOROW',
  'WRAPROWS',
  'WRAPCOLS',
  'TEXTSPLIT',
  'MUNIT',
  'RANDARRAY',
  'GROUPBY',
  'PIVOTBY',
  'UNIQUE',
  'FILTER',
  'REGEXEXTRACT',
]);

/**
 * Data-sized functions that answer their whole array also as the whole formula of a one-cell
 * formula (custom functions: the engine's implicit intersection shows the first value and keeps
 * the array, implicit-intersection.ts). The plugins' functions answer only their first value there.
 */
const WHOLE_ARRAY_AT_TOP: ReadonlySet<string> = new Set(['REGEXEXTRACT']);

/**
 * Data-sized functions whose plugin sizes them by their arguments (an upper bound: UNIQUE's and
 * FILTER's array), which a caller nesting them reads (SORT(UNIQUE(…)) keeps that shape). As the
 * whole formula, Excel spills exactly their result (Microsoft's UNIQUE and FILTER pages: the
 * spill is the result), so their argument-based size gives way to the hint.
 */
const RESULT_SIZED_FUNCTIONS: ReadonlySet<string> = new Set(['UNIQUE', 'FILTER']);

interface Size {
  readonly width: number;
  readonly height: number;
}

/** What one engine (one HyperFormula configuration) keeps for its data-sized formulas. */
interface Sizing {
  /** The size each such formula was last entered with, by cell key; absent is one cell. */
  readonly hints: Map<string, Size>;
  /** Such formulas parsed or recomputed since the last settling (a write, a build, a re-entry). */
  readonly parsed: Address[];
  /** Has the engine ever parsed one? Until then settling costs nothing. */
  seen: boolean;
}

interface Predictor {
  readonly config: object;
  checkArraySize(ast: unknown, address: Address): ArraySize;
}

interface FormulaVertex {
  readonly formula?: { readonly type?: unknown; readonly procedureName?: unknown };
  getAddress(service: unknown): Address;
  getFormula(service: unknown): unknown;
}

/** HyperFormula's instance as far as settling reads it. */
interface Internals {
  readonly _config: {
    readonly useArrayArithmetic: boolean;
    readonly maxRows: number;
    readonly maxColumns: number;
  };
  readonly _lazilyTransformingAstService: unknown;
  readonly _dependencyGraph: { readonly addressMapping: { getCell(address: Address): unknown } };
  readonly _evaluator: { evaluateAstToCellValue(ast: unknown, state: unknown): unknown };
}

const sizings = new WeakMap<object, Sizing>();

function sizingOf(config: object): Sizing {
  let sizing = sizings.get(config);
  if (sizing === undefined)
    sizings.set(config, (sizing = { hints: new Map(), parsed: [], seen: false }));
  return sizing;
}

const keyOf = (address: Address): string => `${address.sheet}:${address.row}:${address.col}`;

/**
 * The function a call node names, upper case without `_xlfn.`; undefined for other nodes. A
 * file's dynamic-array formula is imported as DYNAMIC.ARRAY(formula) (core/legacy-array.ts),
 * which evaluates and sizes its formula as is: the call inside is the one that counts.
 */
function calledFunction(ast: unknown): string | undefined {
  const node = ast as { type?: unknown; procedureName?: unknown; args?: unknown } | undefined;
  if (node?.type !== 'FUNCTION_CALL' || typeof node.procedureName !== 'string') return undefined;
  const name = node.procedureName;
  if (name === DYNAMIC_ARRAY && Array.isArray(node.args) && node.args.length === 1)
    return calledFunction(node.args[0]);
  return name.startsWith(XLFN) ? name.slice(XLFN.length) : name;
}

/**
 * Functions whose result is a reference or array sized only when they run (OFFSET(A1,0,0,B1),
 * INDIRECT, INDEX(r,0,2), a spill reference A1#). HyperFormula sizes them as one cell; Excel 365
 * spills them in a dynamic-array formula. They count as data-sized only inside DYNAMIC.ARRAY: a
 * file's formula without it is evaluated as before dynamic arrays (one value), and Gridbook
 * wraps every typed formula that can answer an array (core/typed-formulas.ts).
 */
const RUN_TIME_SIZED_FUNCTIONS: ReadonlySet<string> = new Set([
  'ANCHORARRAY',
  'OFFSET',
  // OFFSET with a computed argument, as dynamic-references.ts holds it.
  'DYNAMIC.OFFSET',
  'INDIRECT',
  'INDEX',
]);

/** Is the root a DYNAMIC.ARRAY(formula), as typed and dynamic-array formulas are held? */
function isDynamicArrayRoot(ast: unknown): boolean {
  const node = ast as { type?: unknown; procedureName?: unknown } | undefined;
  return node?.type === 'FUNCTION_CALL' && node.procedureName === DYNAMIC_ARRAY;
}

/** Is the node a call of a run-time-sized function (inside a dynamic-array formula)? */
function isRunTimeSizedCall(ast: unknown): boolean {
  const node = ast as { type?: unknown; procedureName?: unknown } | undefined;
  if (node?.type !== 'FUNCTION_CALL' || typeof node.procedureName !== 'string') return false;
  const name = node.procedureName;
  return RUN_TIME_SIZED_FUNCTIONS.has(name.startsWith(XLFN) ? name.slice(XLFN.length) : name);
}

/** Is the node a call of a data-sized function (HyperFormula keeps the name upper case)? */
function isDataSizedCall(ast: unknown): boolean {
  const name = calledFunction(ast);
  return name !== undefined && DATA_SIZED_FUNCTIONS.has(name);
}

/** The syntax nodes one node holds: a call's arguments, an operator's operands, an array's cells. */
function childrenOf(node: Record<string, unknown>): unknown[] {
  const children: unknown[] = [];
  for (const key of ['args', 'left', 'right', 'value', 'expression']) {
    const child = node[key];
    if (Array.isArray(child)) children.push(...(child.flat() as unknown[]));
    else if (typeof child === 'object' && child !== null) children.push(child);
  }
  return children;
}

/** What holdsDataSizedCall answered for each formula's syntax tree (shared by its cells). */
const holding = new WeakMap<object, boolean>();

/**
 * Does the formula hold a call of a data-sized function anywhere (inside LET, IF, operators, other
 * functions)? Not a LEGACY.ARRAY formula, which fills the range its file gave it. Walked once per
 * syntax tree: HyperFormula shares one tree among the cells of the same formula.
 */
function holdsDataSizedCall(ast: unknown): boolean {
  if (typeof ast !== 'object' || ast === null) return false;
  const known = holding.get(ast);
  if (known !== undefined) return known;
  const root = ast as { type?: unknown; procedureName?: unknown };
  let found = false;
  if (!(root.type === 'FUNCTION_CALL' && root.procedureName === LEGACY_ARRAY)) {
    const dynamic = isDynamicArrayRoot(ast);
    const pending: unknown[] = [ast];
    while (!found && pending.length > 0) {
      const node = pending.pop();
      if (typeof node !== 'object' || node === null) continue;
      if (isDataSizedCall(node) || (dynamic && isRunTimeSizedCall(node))) found = true;
      else pending.push(...childrenOf(node as Record<string, unknown>));
    }
  }
  holding.set(ast, found);
  return found;
}

const XLFN = '_XLFN.';

let installed = false;

/** Wraps HyperFormula's size predictor so data-sized formulas take their hints (once per process). */
export function installSizeHints(): void {
  if (installed) return;
  const prototype = internalPrototype<Predictor>(
    ['_crudOperations', 'operations', 'arraySizePredictor'],
    ['checkArraySize'],
    'HyperFormula no longer exposes its array size predictor; data-sized formulas cannot spill.',
  );
  const original = prototype.checkArraySize;
  const predicted = function (this: Predictor, ast: unknown, address: Address): ArraySize {
    const size = original.call(this, ast, address);
    if (!holdsDataSizedCall(ast)) return size;
    const whole = isDataSizedCall(ast);
    const resultSized = whole && RESULT_SIZED_FUNCTIONS.has(calledFunction(ast)!);
    // One call its plugin sized from written counts (SEQUENCE(3)): that size is its result's.
    if (whole && !size.isScalar() && !resultSized) return size;
    const sizing = sizingOf(this.config);
    sizing.seen = true;
    sizing.parsed.push({ sheet: address.sheet, row: address.row, col: address.col });
    const hint = sizing.hints.get(keyOf(address));
    if (hint !== undefined) return new ArraySize(hint.width, hint.height);
    return resultSized ? ArraySize.scalar() : size;
  };
  // HyperFormula places an array wherever it was sized, even past the sheet's last row or column
  // (=SEQUENCE(1,2) in XFD1 filled a cell XFE1 that no address names, and the sheet's bounds
  // with it); such an area stays one cell and the first value shows, as settling sizes it.
  prototype.checkArraySize = function (this: Predictor, ast: unknown, address: Address): ArraySize {
    const size = predicted.call(this, ast, address);
    const { maxRows, maxColumns } = this.config as Internals['_config'];
    return address.row + size.height > maxRows || address.col + size.width > maxColumns
      ? ArraySize.scalar()
      : size;
  };
  cutResultsToTheirArea();
  noteRecomputedFormulas();
  installed = true;
}

interface Evaluator {
  readonly config: object;
  readonly lazilyTransformingAstService: unknown;
  recomputeFormulaVertexValue(vertex: unknown): unknown;
}

/**
 * Every recomputed data-sized formula is noted for settling, as a parsed one is. Its change alone
 * would not do: a one-cell formula shows its result's first value, and HyperFormula reports no
 * change when that value stays (=FILTER(A1:A4,B1:B4) keeping its first row while it gains
 * others), so its size would not follow its data.
 */
function noteRecomputedFormulas(): void {
  const prototype = internalPrototype<Evaluator>(
    ['evaluator'],
    ['recomputeFormulaVertexValue'],
    'HyperFormula no longer exposes its evaluator; data-sized formulas cannot follow their data.',
  );
  const original = prototype.recomputeFormulaVertexValue;
  prototype.recomputeFormulaVertexValue = function (this: Evaluator, vertex: unknown): unknown {
    const value = original.call(this, vertex);
    const formula = (vertex as { formula?: unknown } | undefined)?.formula;
    if (holdsDataSizedCall(formula)) {
      const sizing = sizingOf(this.config);
      sizing.seen = true;
      const at = (vertex as FormulaVertex).getAddress(this.lazilyTransformingAstService);
      sizing.parsed.push({ sheet: at.sheet, row: at.row, col: at.col });
    }
    return value;
  };
}

interface ArrayVertex {
  readonly formula?: unknown;
  readonly array: { readonly size: ArraySize };
  setCellValue(value: unknown): unknown;
}

/**
 * A data-sized formula's result bigger than the area it was entered with (A1 went from 3 to 5
 * under =SEQUENCE(A1)) is cut to that area for now: HyperFormula would throw, and answering
 * #SPILL! there leaves the old area's cells mapped to the formula. Settling enters it again at
 * its new size right after the recalculation, before anyone reads the cut values.
 */
function cutResultsToTheirArea(): void {
  const probe = HyperFormula.buildFromArray([['=SEQUENCE(2)']], { licenseKey: 'gpl-v3' });
  const vertex = internalsOf(probe)._dependencyGraph.addressMapping.getCell({
    sheet: 0,
    row: 0,
    col: 0,
  });
  probe.destroy();
  const prototype = (
    typeof vertex === 'object' && vertex !== null ? Object.getPrototypeOf(vertex) : undefined
  ) as (ArrayVertex & { setNoSpace?: unknown }) | undefined;
  // HyperFormula's ArrayFormulaVertex: its setNoSpace is the mark of an array formula's vertex.
  if (
    prototype === undefined ||
    typeof prototype.setCellValue !== 'function' ||
    typeof prototype.setNoSpace !== 'function'
  )
    throw new Error('HyperFormula no longer keeps arrays as data-sized-spills.ts reads them.');
  const original = prototype.setCellValue;
  prototype.setCellValue = function (this: ArrayVertex, value: unknown): unknown {
    if (!(value instanceof SimpleRangeValue) || !holdsDataSizedCall(this.formula))
      return original.call(this, value);
    const { width, height, isRef } = this.array.size;
    if (isRef || (value.width() <= width && value.height() <= height))
      return original.call(this, value);
    const cut = value.data.slice(0, height).map((row) => row.slice(0, width));
    return original.call(this, SimpleRangeValue.onlyValues(cut as never));
  };
}

const internalsOf = (hf: HyperFormula): Internals => hf as unknown as Internals;

/** The data-sized formula vertex at `address` (the anchor of a spill it covers), if any. */
function dataSizedVertex(hf: HyperFormula, address: Address): FormulaVertex | undefined {
  const vertex = internalsOf(hf)._dependencyGraph.addressMapping.getCell(address) as
    FormulaVertex | undefined;
  return vertex !== undefined && holdsDataSizedCall(vertex.formula) ? vertex : undefined;
}

const ONE_CELL: Size = { width: 1, height: 1 };

/** The area the vertex was entered with: its array's, or one cell (a blocked array's is unknown). */
function enteredSize(vertex: FormulaVertex): Size {
  const size = (vertex as { array?: { size?: ArraySize } }).array?.size;
  return size === undefined || size.isRef ? ONE_CELL : { width: size.width, height: size.height };
}

/**
 * Is a one-cell formula's result known to be one value without evaluating it again? Its last
 * evaluation answered no array (implicit-intersection.ts keeps the array a one-cell formula
 * shows the first value of), and it is not one call of a plugin function, which answers only its
 * first value as the whole formula. Spares the dry run for =SUM(FILTER(…)) and the like.
 */
function knownSingle(vertex: FormulaVertex): boolean {
  if ((vertex as { array?: unknown }).array !== undefined) return false;
  if (arrayBehind(vertex) !== undefined) return false;
  const name = isDataSizedCall(vertex.formula) ? calledFunction(vertex.formula) : undefined;
  return name === undefined || WHOLE_ARRAY_AT_TOP.has(name);
}

/**
 * The size of the formula's whole result: it is evaluated as if nested (no formula vertex in the
 * state), where the functions answer their whole array. An area past the sheet's edge or the
 * array bound stays one cell (the first value shows), as the parse-time sizes do.
 */
function resultSize(hf: HyperFormula, vertex: FormulaVertex, at: Address): Size {
  const {
    _config: config,
    _evaluator: evaluator,
    _lazilyTransformingAstService: service,
  } = internalsOf(hf);
  let value: unknown;
  try {
    value = evaluator.evaluateAstToCellValue(vertex.getFormula(service), {
      formulaAddress: at,
      arraysFlag: config.useArrayArithmetic,
      formulaVertex: undefined,
    });
  } catch {
    return ONE_CELL;
  }
  if (!(value instanceof SimpleRangeValue)) return ONE_CELL;
  const width = value.width();
  const height = value.height();
  if (
    width * height > MAX_FORMULA_RANGE_CELLS ||
    at.row + height > config.maxRows ||
    at.col + width > config.maxColumns
  )
    return ONE_CELL;
  return { width, height };
}

/** Where recalculation's changes are gathered (the adapter's change list, as parallel arrays). */
export interface ChangeList {
  readonly cells: readonly { readonly row: number; readonly col: number }[];
  readonly sheets: readonly number[];
  /** Adds HyperFormula's exported changes to the list. */
  collect(changes: readonly ExportedChange[]): void;
  /** Enters blocked formulas of `sheet` again (cells were freed). */
  respill(sheet: number): void;
}

/** The data-sized formulas to check: those parsed, and those among the changes from `from` on. */
function candidatesOf(hf: HyperFormula, sizing: Sizing, list: ChangeList, from: number): Address[] {
  // Made on the first one found: most changes hold none (a plain write beside such a formula).
  let found: Map<string, Address> | undefined;
  const service = internalsOf(hf)._lazilyTransformingAstService;
  const add = (address: Address): void => {
    const vertex = dataSizedVertex(hf, address);
    if (vertex === undefined) return;
    const anchor = vertex.getAddress(service);
    (found ??= new Map()).set(keyOf(anchor), anchor);
  };
  for (const address of sizing.parsed) add(address);
  sizing.parsed.length = 0;
  for (let index = from; index < list.cells.length; index += 1) {
    const { row, col } = list.cells[index]!;
    add({ sheet: list.sheets[index]!, row, col });
  }
  if (found === undefined) return [];
  // In the cells' order, so that of two spills competing for cells the first one wins, whatever
  // order the changes came in (a rebuilt workbook gives the same spills).
  return [...found.values()].sort((a, b) => a.sheet - b.sheet || a.row - b.row || a.col - b.col);
}

/**
 * The most rounds of re-entries per change. A chain of spills sized by spills settles in as many
 * rounds as it is long; spills whose sizes feed each other would not settle (once both spill,
 * HyperFormula sees a cycle and each shrinks to one cell, which frees the other), so they stop
 * here, as they stand.
 */
const MAX_ROUNDS = 8;

/**
 * Enters again, with its result's size as hint, every data-sized formula parsed or changed since
 * `from` whose size is not the one it was entered with; repeats for the formulas that this
 * changes, at most MAX_ROUNDS times. Answers whether anything was entered again.
 */
export function settleDataSizedSpills(hf: HyperFormula, list: ChangeList, from: number): boolean {
  const sizing = sizingOf(internalsOf(hf)._config);
  if (!sizing.seen) return false;
  let start = from;
  for (let round = 0; round < MAX_ROUNDS; round += 1) {
    const resized: { address: Address; shrank: boolean }[] = [];
    for (const address of candidatesOf(hf, sizing, list, start)) {
      const key = keyOf(address);
      const vertex = dataSizedVertex(hf, address)!;
      const was = sizing.hints.get(key) ?? enteredSize(vertex);
      const size = knownSingle(vertex) ? ONE_CELL : resultSize(hf, vertex, address);
      if (size.width === was.width && size.height === was.height) continue;
      // Kept also for one cell: a formula holding a data-sized call would otherwise be entered
      // again at its parse-time size (SORT(UNIQUE(r)) at r's).
      sizing.hints.set(key, size);
      resized.push({ address, shrank: size.width < was.width || size.height < was.height });
    }
    start = list.cells.length;
    if (resized.length === 0) return round > 0;
    hf.suspendEvaluation();
    try {
      for (const { address } of resized) {
        const text = hf.getCellFormula(address);
        if (text !== undefined) hf.setCellContents(address, [[text]]);
      }
      // Cells a smaller spill left may let a blocked formula spill now.
      const freed = new Set(resized.filter((entry) => entry.shrank).map((e) => e.address.sheet));
      for (const sheet of freed) list.respill(sheet);
    } finally {
      list.collect(hf.resumeEvaluation());
    }
  }
  return true;
}

/** Forgets the hints of an engine whose cells moved (rows or columns inserted or deleted). */
export function forgetSizeHints(hf: HyperFormula): void {
  sizingOf(internalsOf(hf)._config).hints.clear();
}
