// A spilling formula whose area is blocked by other cells answers #SPILL! in Excel only when its
// result would really spill: an error or a single value needs no room and shows in the formula's
// cell (Microsoft: "#SPILL! error - Spill range isn't blank"; the conformance corpus:
// formulas/test.xlsx `=MINVERSE(E42:F43)` over a singular matrix beside other formulas is #NUM!,
// `=FILTER($C$22:$D$22,L22:M22)` over #N/A flags is #N/A). HyperFormula reserves the area it
// predicts when it parses the formula (SORT, FILTER, MINVERSE: their array's size) and, finding
// it blocked, answers #SPILL! without evaluating. Its evaluator's recomputation of a formula is
// wrapped, once, on the prototype: a blocked array formula is evaluated, and an error or a
// one-value result shows in the cell; anything bigger stays #SPILL!. The formula keeps
// HyperFormula's blocked state (one cell, no area), so the adapter's re-entry of blocked
// formulas after cells are cleared and every structural change treat it as before; the area it
// was parsed with is remembered so each recomputation checks it again.
// An error the formula answers is one value too, so it shows in the formula's cell alone, also
// when nothing blocks the area: HyperFormula spread it over the whole area it reserved (a
// singular MINVERSE as 2 × 2 #NUM!, a formula reading its own area as #CYCLE! in every cell),
// where Excel shows one error and leaves the cells around it empty. The area stays reserved, so
// the formula spills as soon as it answers an array; the other cells read empty meanwhile. A
// legacy (Ctrl+Shift+Enter) array formula fills its whole range with the error, as in Excel. A
// formula HyperFormula shrinks to one cell when a value is written into its area keeps its area's
// size too, so the recomputation that follows shows its error rather than #SPILL!.
import { ArraySize, EmptyValue, HyperFormula, SimpleRangeValue } from 'hyperformula';
import { LEGACY_ARRAY } from '../legacy-array.js';
import { internalPrototype } from './engine-internals.js';
import type { EngineAddress as Address } from './engine-internals.js';

interface Size {
  readonly width: number;
  readonly height: number;
  readonly isRef: boolean;
}
/** HyperFormula's ArrayFormulaVertex, as far as this reads and writes it. */
interface ArrayVertex {
  array: { readonly size: Size };
  getAddress(service: unknown): Address;
  getFormula(service: unknown): unknown;
  isLeftCorner(address: Address): boolean;
}
/** The two ways HyperFormula sets an array formula's array to an error, patched below. */
interface ArrayVertexMethods {
  array: { readonly size: Size };
  readonly formula?: { readonly type?: unknown; readonly procedureName?: unknown };
  setErrorValue(error: unknown): void;
  setNoSpace(): unknown;
}
interface Evaluator {
  readonly dependencyGraph: { readonly addressMapping: { getCell(address: Address): unknown } };
  readonly lazilyTransformingAstService: unknown;
  readonly config: { readonly useArrayArithmetic: boolean };
  recomputeFormulaVertexValue(vertex: unknown): unknown;
  evaluateAstToCellValue(ast: unknown, state: unknown): unknown;
}

/** The area each blocked array formula was parsed with (HyperFormula shrinks it to one cell). */
const parsedSize = new WeakMap<object, Size>();

const isArrayVertex = (vertex: unknown): vertex is ArrayVertex =>
  typeof vertex === 'object' &&
  vertex !== null &&
  'array' in vertex &&
  typeof (vertex as { isLeftCorner?: unknown }).isLeftCorner === 'function';

/** One value held where HyperFormula keeps an array formula's array: the formula's own cell. */
class SingleValue {
  readonly size = ArraySize.error();
  constructor(private readonly value: unknown) {}
  get(): unknown {
    return this.value;
  }
  width(): number {
    return 1;
  }
  height(): number {
    return 1;
  }
  simpleRangeValue(): unknown {
    return this.value;
  }
}

/** An error an array formula answers, in its cell alone: the rest of its area reads empty. */
class AnchoredError {
  constructor(
    private readonly error: unknown,
    readonly size: Size,
  ) {}
  get(col: number, row: number): unknown {
    return col === 0 && row === 0 ? this.error : EmptyValue;
  }
  width(): number {
    return this.size.width;
  }
  height(): number {
    return this.size.height;
  }
  simpleRangeValue(): unknown {
    return this.error;
  }
}

/** The prototype of HyperFormula's ArrayFormulaVertex, read off a probe holding one. */
function arrayVertexPrototype(): ArrayVertexMethods {
  const probe = HyperFormula.buildFromArray([['={1,2}']], { licenseKey: 'gpl-v3' });
  const vertex = (
    probe as unknown as { dependencyGraph?: { getCell(address: Address): unknown } }
  ).dependencyGraph?.getCell({ sheet: 0, row: 0, col: 0 });
  probe.destroy();
  const prototype =
    typeof vertex === 'object' && vertex !== null
      ? (Object.getPrototypeOf(vertex) as Partial<ArrayVertexMethods>)
      : undefined;
  if (
    prototype === undefined ||
    typeof prototype.setErrorValue !== 'function' ||
    typeof prototype.setNoSpace !== 'function'
  )
    throw new Error(
      'HyperFormula no longer holds array formulas as blocked-spills.ts expects; their errors cannot be shown in one cell.',
    );
  return prototype as ArrayVertexMethods;
}

const isLegacyArray = (formula: ArrayVertexMethods['formula']): boolean =>
  formula?.type === 'FUNCTION_CALL' && formula.procedureName === LEGACY_ARRAY;

/** Is every cell of the area but the anchor free (empty, or already the formula's own)? */
function hasRoom(evaluator: Evaluator, vertex: ArrayVertex, at: Address, size: Size): boolean {
  const mapping = evaluator.dependencyGraph.addressMapping;
  for (let row = at.row; row < at.row + size.height; row += 1)
    for (let col = at.col; col < at.col + size.width; col += 1) {
      const cell = mapping.getCell({ sheet: at.sheet, row, col });
      if (cell === undefined || cell === vertex) continue;
      if ((cell as { constructor: { name: string } }).constructor.name === 'EmptyCellVertex')
        continue;
      return false;
    }
  return true;
}

/**
 * Would an array of `size`, entered at `at` in place of what that cell holds, have room to spill
 * there (a dry run's answer: `/eval` shows what the commit would)? The cells the anchor's own
 * formula spills into now count as free, since the entry replaces it.
 */
export function roomToSpillAt(hf: object, at: Address, size: Size): boolean {
  const evaluator = (hf as { _evaluator: Evaluator })._evaluator;
  const anchor = evaluator.dependencyGraph.addressMapping.getCell(at);
  return hasRoom(evaluator, (anchor ?? {}) as ArrayVertex, at, size);
}

/** The result's one value when it needs no room to spill (an error, a scalar, a 1×1 array). */
function unspilled(value: unknown): { value: unknown } | undefined {
  if (!(value instanceof SimpleRangeValue)) return { value };
  if (value.width() === 1 && value.height() === 1) return { value: value.data[0]![0] };
  return undefined;
}

/**
 * Is this array formula blocked but showing its one value (the adapter enters such formulas
 * again, as it does those showing #SPILL!, when cells are cleared and they may now fit)?
 */
export function showsUnspilledValue(formula: object): boolean {
  return (formula as { array?: unknown }).array instanceof SingleValue;
}

let installed = false;

export function showUnspilledResultsOfBlockedFormulas(): void {
  if (installed) return;
  const prototype = internalPrototype<Evaluator>(
    ['evaluator'],
    ['recomputeFormulaVertexValue', 'evaluateAstToCellValue'],
    'HyperFormula no longer exposes its evaluator; blocked-spills.ts cannot show blocked formulas’ errors.',
  );
  const vertexPrototype = arrayVertexPrototype();
  const setErrorValue = vertexPrototype.setErrorValue;
  vertexPrototype.setErrorValue = function (this: ArrayVertexMethods, error: unknown): void {
    if (isLegacyArray(this.formula)) return setErrorValue.call(this, error);
    this.array = (
      this.array instanceof SingleValue
        ? new SingleValue(error)
        : new AnchoredError(error, this.array.size)
    ) as ArrayVertexMethods['array'];
  };
  const setNoSpace = vertexPrototype.setNoSpace;
  vertexPrototype.setNoSpace = function (this: ArrayVertexMethods): unknown {
    const size = this.array.size;
    if (!size.isRef && size.width * size.height > 1) parsedSize.set(this, size);
    return setNoSpace.call(this);
  };
  const original = prototype.recomputeFormulaVertexValue;
  // A result bigger than the area reserved when the formula was parsed (SORT(IF(C1:C2>0,
  // INDEX(A1:B3,0,0))): the size of INDEX's array is known only at run time) makes HyperFormula
  // throw and the whole change fail; it is #SPILL! instead, as it cannot spill there.
  const recompute = function (this: Evaluator, vertex: unknown): unknown {
    try {
      return original.call(this, vertex);
    } catch (error) {
      if (!(error instanceof Error) || error.message !== 'Resizing to smaller array') throw error;
      return (vertex as { setNoSpace(): unknown }).setNoSpace();
    }
  };
  prototype.recomputeFormulaVertexValue = function (this: Evaluator, vertex: unknown): unknown {
    if (!isArrayVertex(vertex)) return original.call(this, vertex);
    const current = vertex.array.size;
    const size = current.isRef ? parsedSize.get(vertex) : current;
    if (size === undefined || size.width * size.height < 2) return recompute.call(this, vertex);
    const address = vertex.getAddress(this.lazilyTransformingAstService);
    // Room (now): HyperFormula spills it, or (blocked before) answers #SPILL! until re-entered.
    if (hasRoom(this, vertex, address, size)) return recompute.call(this, vertex);
    const formula = vertex.getFormula(this.lazilyTransformingAstService);
    const state = {
      formulaAddress: address,
      arraysFlag: this.config.useArrayArithmetic,
      formulaVertex: vertex,
    };
    const shown = unspilled(this.evaluateAstToCellValue(formula, state));
    parsedSize.set(vertex, size);
    if (shown === undefined) return recompute.call(this, vertex);
    vertex.array = new SingleValue(shown.value) as unknown as ArrayVertex['array'];
    return shown.value;
  };
  installed = true;
}
