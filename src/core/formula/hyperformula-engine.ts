// The formula port's adapter over HyperFormula: the only file that imports it. Custom
// functions are registered per engine (config.functionPlugins), never in HyperFormula's
// global registry, so one workbook's plugins never leak into another's.
import {
  CellError,
  DetailedCellError,
  EmptyValue,
  AlwaysSparse,
  ErrorType,
  ExportedCellChange,
  type ExportedChange,
  FunctionArgumentType,
  FunctionPlugin,
  HyperFormula,
  SimpleRangeValue,
  type ConfigParams,
  type FunctionPluginDefinition,
  type ImplementedFunctions,
  type RawCellContent,
  type SimpleCellAddress,
  type SimpleCellRange,
} from 'hyperformula';
import { MAX_COLUMNS, MAX_ROWS } from '../address/index.js';
import { isFormula, isTypedError, type CellInput } from '../value-typing.js';
import {
  addressMappingPolicy,
  boundariesOf,
  DenseWidthBounds,
  layOutSparse,
  type SheetBoundaries,
} from './address-layout.js';
import { denseContents } from './dense-contents.js';
import { boundedFunctions, limitTextResults } from './result-limits.js';
import { joinLongRangesAsText } from './long-text-joins.js';
import { refuseOverlongArgumentLists } from './long-argument-lists.js';
import { sortOnlyComputedNodes } from './initial-sort.js';
import { listArrayFormulasFromMapping } from './array-nodes.js';
import { broadcastErrorsOverArrays } from './error-operands.js';
import { keepPlaceholderSheets } from './placeholder-sheets.js';
import { measureSheetsByContent } from './sheet-extent.js';
import { boundWholeLineRanges } from './whole-line-ranges.js';
import { calculateFormulaAt, installEvaluationCell } from './evaluation-cell.js';
import {
  parsedValues,
  parseValueRows,
  writeValuesInPlace,
  type ParsedValues,
} from './value-writes.js';
import { SlicedBuild } from './sliced-build.js';
import { runWithinTimeBudget } from './time-budget.js';
import { FormulaTimeBudgetError } from '../errors.js';
import type {
  CellRun,
  EngineBuild,
  EngineCellChange,
  EngineCellRef,
  EngineName,
  EngineSheet,
  FormulaEngine,
  SpillArea,
} from './engine-port.js';
import { liftOverRanges } from './array-lifting.js';
import {
  DEFAULT_CALCULATION_SETTINGS,
  isRangeArgument,
  PLAIN_CALL,
  type CalculationSettings,
  type CallSyntax,
  type CustomFunction,
  type FunctionArgument,
  type FunctionArgumentRange,
  type FunctionRegistry,
} from './function-registry.js';
import { heldRangeOf, type HeldRange } from './held-range-values.js';
import { GRIDOS_FUNCTIONS } from './gridos-functions.js';
import {
  describedParameters,
  hyperFormulaOnly,
  NOT_IN_EXCEL,
  positionalParameters,
  signatureOf,
  type FunctionInfo,
} from './function-catalogue.js';
import { EXCEL_FUNCTIONS } from './excel-functions.js';
import { refuseEmptyTextAsNumber } from './empty-text-coercion.js';
import { passFailedIntersectionsAsErrors } from './failed-intersection.js';
import { correctFindNotFound } from './find-corrections.js';
import { truncateTextPositions } from './text-position-corrections.js';
import { checkPercentileArraysFirst } from './percentile-corrections.js';
import { writeNumbersAsExcelText } from './number-text.js';
import { readExcelDateEdges } from './excel-date-serials.js';
import { readTextNumbersWith } from './excel-arguments.js';
import { parseExcelDateTime } from './excel-date-text.js';
import { BYTE_TEXT_FUNCTIONS } from './byte-text-functions.js';
import { makeEmptyProductZero } from './empty-product.js';
import { correctAggregates } from './aggregate-corrections.js';
import { foldArraysInOnePass } from './array-aggregation.js';
import { correctMathEdges } from './math-edge-corrections.js';
import { intersectConcatenateRanges } from './concatenate-intersection.js';
import { passOverNullErrorsInPairs } from './null-error-pairs.js';
import { checkBoundsAfterTypes } from './bounds-after-types.js';
import { computeTrigonometryAsExcel } from './excel-trigonometry.js';
import { cellsCalling, correctSubtotal, setRowsHidden, subtotalCells } from './subtotal.js';
import { setColumnWidths, WIDTH_READERS, widthsWereRead } from './column-widths.js';
import { engineSpelling } from './engine-spelling.js';
import { LAMBDA_CALL, lambdaSpelling } from './lambda-spelling.js';
import {
  isInternalLambdaFunction,
  LAMBDA_FUNCTION_INFO,
  lambdaPlugin,
} from './lambda-functions.js';
import { GROUPING_FUNCTION_INFO, groupingPlugin } from './grouping-functions.js';
import { REGRESSION_FUNCTION_INFO, regressionPlugin } from './excel-regression-functions.js';
import { STATISTICAL_ARRAY_INFO, statisticalArraysPlugin } from './excel-statistical-arrays.js';
import { AGGREGATE_INFO, aggregatePlugin } from './aggregate.js';
import { resizedSumRanges } from './resized-sum-ranges.js';
import { preciseDistributionsPlugin } from './excel-distributions.js';
import { PRECISE_BUILT_IN_INFO, PRECISE_BUILT_INS } from './precise-built-ins.js';
import { isInternalLegacyArrayFunction, legacyArrayPlugin } from './legacy-array-function.js';
import { DYNAMIC_ARRAY, LEGACY_ARRAY } from '../legacy-array.js';
import { CRITERIA_FUNCTION_INFO, criteriaPlugin } from './excel-criteria-functions.js';
import { logicalPlugin } from './excel-logical-functions.js';
import { complexSumsPlugin } from './excel-complex-functions.js';
import { analysisToolPakLogicalsPlugins } from './analysis-toolpak-logicals.js';
import { arrayTableVlookupPlugin } from './array-table-vlookup.js';
import { toolpakRoundingPlugin } from './analysis-toolpak-rounding.js';
import { excelValuePlugin } from './excel-value-function.js';
import { excelTPlugin } from './excel-t-function.js';
import { databasePlugin } from './excel-database-functions.js';
import {
  DYNAMIC_FUNCTION_INFO,
  dynamicReferencesPlugin,
  isInternalDynamicFunction,
} from './dynamic-references.js';
import { dynamicSpelling } from './dynamic-spelling.js';
import { ARRAY_SHAPING_INFO, arrayShapingPlugin } from './excel-array-shaping.js';
import {
  DYNAMIC_ARRAY_FUNCTION_INFO,
  dynamicArrayFunctionsPlugin,
} from './excel-dynamic-array-functions.js';
import { ARRAY_FUNCTION_INFO, arrayFunctionsPlugin } from './excel-array-functions.js';
import { intersectRangeResults } from './implicit-intersection.js';
import { intersect } from './range-intersection.js';
import { callIntersectingRanges } from './range-argument-intersection.js';
import {
  roomToSpillAt,
  showUnspilledResultsOfBlockedFormulas,
  showsUnspilledValue,
} from './blocked-spills.js';
import {
  forgetSizeHints,
  installSizeHints,
  settleDataSizedSpills,
  type ChangeList,
} from './data-sized-spills.js';
import { refuseRangesInSingleValueArguments } from './range-refusing-functions.js';
import { formulaLimitError, MAX_FORMULA_RANGE_CELLS } from './formula-limits.js';
import {
  addNamesOneByOne,
  dropName,
  dropSheetNames,
  listsName,
  lambdaNamesOf,
  namesForBuild,
  putName,
  touchesLambda,
} from './engine-names.js';
import {
  FormulaError,
  SENTINELS,
  isFormulaError,
  type CellValue,
  type Sentinel,
} from './sentinels.js';
import { isWrittenAsNothing, isWrittenAsText, translateFunctionNames } from './engine-internals.js';
import {
  ERROR_TYPE_BY_SENTINEL,
  EXTRA_ERROR_TYPES,
  engineErrorSpelling,
  sentinelOfErrorType,
  spellGettingData,
} from './engine-errors.js';

/**
 * Sentinels HyperFormula has no error type for: they travel as #N/A whose message starts with the
 * sentinel, so a formula reading a #BUSY! cell is #BUSY! too (the engine passes errors on as they
 * are), and they come back out under their own name.
 */
const MESSAGE_SENTINELS: readonly Sentinel[] = [SENTINELS.busy, SENTINELS.timeout];

function toFormulaError(error: { type: ErrorType; message?: string | undefined }): FormulaError {
  const message = error.message ?? '';
  if (error.type === ErrorType.NA) {
    const carried = MESSAGE_SENTINELS.find((sentinel) => message.startsWith(sentinel));
    if (carried !== undefined)
      return new FormulaError(carried, message.slice(carried.length).trim());
  }
  return new FormulaError(sentinelOfErrorType(error.type) ?? SENTINELS.value, message);
}

/**
 * A computed number as Excel keeps it: 15 significant digits (0.1+0.2 is 0.3, 1/3 is
 * 0.333333333333333). The engine keeps one digit more (precisionRounding 15 leaves 0.1+0.2 at
 * 0.3000000000000001); only what leaves it is rounded. Integers, the common case, pass untouched.
 */
function fifteenDigits(value: number): number {
  return Number.isInteger(value) || !Number.isFinite(value) ? value : Number(value.toPrecision(15));
}

/**
 * #NUM! for NaN and ±Infinity: the engine turns them into #NUM! for a formula's one value, not for
 * the elements of an array it applies a function to ({=ACOSH(C5:Q5)} over 0 came out as NaN;
 * Excel shows #NUM!, formulas/test.xlsx MATH & TRIG!AH5, AH38, AH40).
 */
function finiteOrError(value: number): CellValue {
  return Number.isFinite(value)
    ? value
    : new FormulaError(SENTINELS.number, 'NaN or infinite value encountered.');
}

function fromEngineScalar(value: unknown): CellValue {
  if (value === EmptyValue || value === null || value === undefined) return null;
  if (value instanceof CellError || value instanceof DetailedCellError)
    return toFormulaError(value);
  if (typeof value === 'number') return finiteOrError(fifteenDigits(value));
  if (typeof value === 'string' || typeof value === 'boolean') return value;
  // HyperFormula's rich numbers (dates, currency, percent) carry the plain number in `val`.
  if (typeof value === 'object' && 'val' in value && typeof value.val === 'number')
    return finiteOrError(value.val);
  return new FormulaError(SENTINELS.value, 'unsupported value');
}

function fromEngineArgument(value: unknown): FunctionArgument {
  const held = heldRangeOf(value);
  if (held !== undefined) return heldArgument(value as SimpleRangeValue, held);
  if (value instanceof SimpleRangeValue)
    return { rows: value.data.map((row) => row.map(fromEngineScalar)) };
  return fromEngineScalar(value);
}

/** A whole column or row: its cells held, its rows built only if a function reads them. */
function heldArgument(value: SimpleRangeValue, held: HeldRange): FunctionArgumentRange {
  let rows: CellValue[][] | undefined;
  return {
    get rows() {
      return (rows ??= value.data.map((row) => row.map(fromEngineScalar)));
    },
    held: {
      height: held.excelHeight,
      width: held.excelWidth,
      usedHeight: held.height,
      usedWidth: held.width,
      cells: held.cells.map(({ row, col, value }) => ({
        row,
        col,
        value: fromEngineScalar(value),
      })),
    },
  };
}

function toEngineResult(value: CellValue): unknown {
  if (isFormulaError(value) && MESSAGE_SENTINELS.includes(value.sentinel))
    return new CellError(ErrorType.NA, `${value.sentinel} ${value.message}`.trim());
  if (isFormulaError(value))
    return new CellError(
      ERROR_TYPE_BY_SENTINEL.get(value.sentinel) ?? ErrorType.VALUE,
      value.message,
    );
  if (value === null) return EmptyValue;
  if (typeof value === 'number' && !Number.isFinite(value))
    return new CellError(ErrorType.NUM, 'result is not a finite number');
  return value;
}

/** The cell of reference argument `arg` a formula without array entry at `state` reads. */
function intersectedArgument(arg: unknown, state: unknown): CellValue | undefined {
  if (!(arg instanceof SimpleRangeValue) || arg.range === undefined) return undefined;
  return fromEngineScalar(intersect(arg, state as Parameters<typeof intersect>[1]));
}

/** The whole array of a call answering several values (CustomFunction.evaluateArray), if any. */
function wholeArrayOf(
  fn: CustomFunction,
  values: readonly FunctionArgument[],
  settings: CalculationSettings,
): unknown {
  if (fn.evaluateArray === undefined || values.some(isRangeArgument)) return undefined;
  const rows = fn.evaluateArray(values, settings);
  if (rows === undefined || rows.length === 0 || rows[0]!.length === 0) return undefined;
  if (rows.length === 1 && rows[0]!.length === 1) return toEngineResult(rows[0]![0] ?? null);
  return SimpleRangeValue.onlyValues(rows.map((row) => row.map(toEngineResult)) as never);
}

function runSafely(
  fn: CustomFunction,
  args: readonly unknown[],
  state: unknown,
  inArray: boolean,
  settings: CalculationSettings,
  syntax: CallSyntax,
): unknown {
  try {
    const values = args.map(fromEngineArgument);
    const array = wholeArrayOf(fn, values, settings);
    if (array !== undefined) return array;
    const evaluate = (given: readonly FunctionArgument[]): CellValue =>
      fn.evaluate(given, settings, syntax);
    if (!inArray)
      return toEngineResult(
        callIntersectingRanges(evaluate, values, (index) =>
          intersectedArgument(args[index], state),
        ),
      );
    const result = liftOverRanges(evaluate, values);
    return Array.isArray(result)
      ? SimpleRangeValue.onlyValues(result.map((row) => row.map(toEngineResult)) as never)
      : toEngineResult(result);
  } catch (error) {
    if (isFormulaError(error)) return toEngineResult(error);
    return new CellError(
      ErrorType.VALUE,
      `${fn.name}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

/** How a call's arguments are written, where their values do not tell (usually plainly). */
function callSyntaxOf(args: readonly unknown[]): CallSyntax {
  if (!args.some((arg) => isWrittenAsNothing(arg) || isWrittenAsText(arg))) return PLAIN_CALL;
  const positionsOf = (wanted: (node: unknown) => boolean): Set<number> =>
    new Set(args.flatMap((arg, index) => (wanted(arg) ? [index] : [])));
  return { omitted: positionsOf(isWrittenAsNothing), writtenAsText: positionsOf(isWrittenAsText) };
}

/** Builds a HyperFormula function plugin class for one engine from the registry's functions. */
function pluginFor(functions: readonly CustomFunction[]): FunctionPluginDefinition {
  class CustomFunctions extends FunctionPlugin {}
  const implemented: ImplementedFunctions = {};
  translateFunctionNames(functions.map((fn) => fn.name));
  for (const fn of functions) {
    const method = `custom_${fn.name}`;
    const variadic = !Number.isFinite(fn.maxArgs);
    const count = variadic ? Math.max(fn.minArgs, 1) : fn.maxArgs;
    const parameters = Array.from({ length: count }, (_, index) => ({
      // SCALAR is the one argument type HyperFormula hands errors to instead of answering with them.
      argumentType:
        fn.takesErrors === true || fn.errorTolerantArguments?.includes(index) === true
          ? FunctionArgumentType.SCALAR
          : FunctionArgumentType.ANY,
      optionalArg: index >= fn.minArgs,
    }));
    (CustomFunctions.prototype as unknown as Record<string, unknown>)[method] = function (
      this: FunctionPlugin & { runFunction: FunctionPlugin['runFunction' & keyof FunctionPlugin] },
      ast: { args: unknown[] },
      state: unknown,
    ) {
      // runFunction is protected on FunctionPlugin; this method is installed on the subclass.
      const self = this as unknown as {
        runFunction: (
          a: unknown,
          s: unknown,
          m: unknown,
          f: (...v: unknown[]) => unknown,
        ) => unknown;
        metadata: (name: string) => unknown;
        config: { context: CalculationSettings };
      };
      const syntax = callSyntaxOf(ast.args);
      return self.runFunction(ast.args, state, self.metadata(fn.name), (...args: unknown[]) =>
        runSafely(
          fn,
          args.filter((arg) => arg !== undefined),
          state,
          (state as { arraysFlag?: boolean }).arraysFlag === true,
          self.config.context,
          syntax,
        ),
      );
    };
    implemented[fn.name] = {
      method,
      parameters,
      ...(variadic ? { repeatLastArgs: 1 } : {}),
      ...(fn.volatile === true ? { isVolatile: true } : {}),
    };
  }
  (
    CustomFunctions as unknown as { implementedFunctions: ImplementedFunctions }
  ).implementedFunctions = implemented;
  return CustomFunctions as unknown as FunctionPluginDefinition;
}

/**
 * Teaches the parser Excel's `#NULL!` (typed into cells, imported from xlsx): HyperFormula has no
 * such error, so the literal reads as its licence error, which a valid licence never produces and
 * which comes back out as #NULL! (SENTINEL_BY_ERROR_TYPE). Excel 365's errors (#CALC!, #FIELD!…)
 * read as error types of their own (EXTRA_ERROR_TYPES). The language is shared by every
 * instance, like the function-name translations below; setting it twice is harmless.
 */
function teachErrorLiterals(): void {
  const language = HyperFormula.getLanguage('enGB') as unknown as {
    errors: Record<string, string>;
  };
  language.errors[ErrorType.LIC] = SENTINELS.null;
  for (const extra of EXTRA_ERROR_TYPES) language.errors[extra.type] = extra.spelling;
}

/** Error literals the engine parses cheaply, standing in for formulas it must not be given. */
const STAND_IN_BY_SENTINEL: Partial<Record<Sentinel, string>> = {
  [SENTINELS.parse]: '=#ERROR!',
  [SENTINELS.reference]: '=#REF!',
};

/** No defined name holds a LAMBDA: calls of names are left as written. */
const NO_LAMBDA_NAMES: ReadonlySet<string> = new Set();

/** `lambdaNames`: the defined names (lower case) that hold a LAMBDA, whose calls are spelled. */
function toEngineContent(
  input: CellInput | null,
  lambdaNames: ReadonlySet<string> = NO_LAMBDA_NAMES,
): RawCellContent {
  if (input === null) return null;
  // Unquoted, an error literal is the engine's error constant (no formula: ISFORMULA is FALSE).
  if (isTypedError(input)) return engineErrorSpelling(input.error);
  if (isFormula(input)) {
    const problem = formulaLimitError(input.formula);
    return problem === undefined
      ? dynamicSpelling(
          lambdaSpelling(
            engineSpelling(resizedSumRanges(spellGettingData(input.formula))),
            lambdaNames,
          ),
        )
      : (STAND_IN_BY_SENTINEL[problem.sentinel] ?? '=#VALUE!');
  }
  // A leading apostrophe tells HyperFormula to keep text as text ("123" stays a string).
  if (typeof input === 'string') return `'${input}`;
  return input;
}

/**
 * Writes one run. The parser can still run out of stack on a formula within the limits (a long
 * chain of unary minus signs); such a throw aborts the whole call before anything changes, so
 * the run is retried cell by cell and the formulas that cannot be parsed become parse errors.
 */
function writeRun(
  hf: HyperFormula,
  sheet: EngineSheet,
  run: CellRun,
  lambdaNames: ReadonlySet<string>,
): void {
  const contents = run.inputs.map((input) => toEngineContent(input, lambdaNames));
  try {
    hf.setCellContents({ sheet, row: run.row, col: run.col }, [contents]);
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    contents.forEach((content, offset) => {
      const address = { sheet, row: run.row, col: run.col + offset };
      try {
        hf.setCellContents(address, [[content]]);
      } catch (cellError) {
        if (!(cellError instanceof RangeError)) throw cellError;
        hf.setCellContents(address, [[STAND_IN_BY_SENTINEL[SENTINELS.parse]!]]);
      }
    });
  }
}

/** The cells a block of runs covers. */
interface Area {
  readonly sheet: EngineSheet;
  readonly top: number;
  readonly left: number;
  readonly bottom: number;
  readonly right: number;
}

const MAX_IN_PLACE_AREAS = 64;

function areaOf(sheet: EngineSheet, block: readonly CellRun[]): Area {
  const first = block[0]!;
  return {
    sheet,
    top: first.row,
    left: first.col,
    bottom: first.row + block.length - 1,
    right: first.col + first.inputs.length - 1,
  };
}

function overlaps(a: Area, b: Area): boolean {
  return (
    a.sheet === b.sheet &&
    a.top <= b.bottom &&
    b.top <= a.bottom &&
    a.left <= b.right &&
    b.left <= a.right
  );
}

/**
 * Each cell once, where it was first named, with its last change (a Map's order and values);
 * `sheets` holds each change's sheet at the same index (EngineChanges).
 */
function lastChangeOfEachCell(
  cells: readonly EngineCellChange[],
  sheets: readonly EngineSheet[],
): { cells: EngineCellChange[]; sheets: EngineSheet[] } {
  const positions = new Map<string, number>();
  const kept: EngineCellChange[] = [];
  const keptSheets: EngineSheet[] = [];
  cells.forEach((change, index) => {
    const sheet = sheets[index]!;
    const key = `${sheet},${change.row},${change.col}`;
    const position = positions.get(key);
    if (position === undefined) {
      positions.set(key, kept.length);
      kept.push(change);
      keptSheets.push(sheet);
    } else kept[position] = change;
  });
  return { cells: kept, sheets: keptSheets };
}

/**
 * Consecutive runs that stack into a rectangle (same column and width, next row), so a range
 * write reaches the engine as one call instead of one per row: HyperFormula's per-call cost
 * (checks, change tracking) made a 100,000-row column write three times slower than one call.
 */
function rectangles(runs: readonly CellRun[]): CellRun[][] {
  return [...rectangleBlocks(runs, Number.POSITIVE_INFINITY)];
}

/**
 * Consecutive runs of the same column and width, one row after another, as rectangles of at
 * most `maxCells` cells (a larger one is cut into bands), each yielded once complete: a sliced
 * build writes the first before the rest of a million runs are grouped.
 */
function* rectangleBlocks(runs: Iterable<CellRun>, maxCells: number): Generator<CellRun[]> {
  let current: CellRun[] = [];
  let cells = 0;
  for (const run of runs) {
    const last = current[current.length - 1];
    if (
      last !== undefined &&
      (cells + run.inputs.length > maxCells ||
        run.col !== last.col ||
        run.row !== last.row + 1 ||
        run.inputs.length !== last.inputs.length)
    ) {
      yield current;
      current = [];
      cells = 0;
    }
    current.push(run);
    cells += run.inputs.length;
  }
  if (current.length > 0) yield current;
}

/** Cells a step of `prepareCells` parses before asking whether to go on. */
const PREPARED_CELLS_PER_STEP = 2_048;

/**
 * A rectangle of plain values made ready ahead of its write (`prepareCells`): its engine contents,
 * parsed values and vertices, and the change each cell's write reports, so the write only places
 * them. A block holding anything else (a formula, a clear) is not prepared.
 */
interface PreparedBlock {
  readonly contents: RawCellContent[][];
  readonly parsed: ParsedValues;
  readonly changes: EngineCellChange[];
}

/** A `setCells` of one runs array prepared ahead: its rectangles in order, each ready or not. */
interface PreparedCells {
  readonly hf: HyperFormula;
  readonly blocks: readonly { readonly block: CellRun[]; readonly ready?: PreparedBlock }[];
}

/**
 * Prepares `block` in steps of about PREPARED_CELLS_PER_STEP cells; undefined when some cell is not
 * a plain value. Only values are prepared, so the contents need no defined names (`lambdaNames`
 * spells formulas alone) and stay right whatever names change meanwhile.
 */
function* prepareBlock(
  hf: HyperFormula,
  block: readonly CellRun[],
): Generator<void, PreparedBlock | undefined> {
  const first = block[0]!;
  const width = first.inputs.length;
  const rowsPerStep = Math.max(1, Math.floor(PREPARED_CELLS_PER_STEP / Math.max(1, width)));
  const contents: RawCellContent[][] = [];
  const parsed = parsedValues(hf);
  const changes: EngineCellChange[] = [];
  for (let start = 0; start < block.length; start += rowsPerStep) {
    const end = Math.min(block.length, start + rowsPerStep);
    const lines: RawCellContent[][] = [];
    for (let index = start; index < end; index += 1) {
      const run = block[index]!;
      if (run.inputs.some((input) => input === null || typeof input === 'object')) return undefined;
      lines.push(run.inputs.map((input) => toEngineContent(input)));
    }
    const from = parsed.exported.length;
    if (!parseValueRows(parsed, lines)) return undefined;
    let index = from;
    for (let offset = 0; offset < lines.length; offset += 1) {
      const row = first.row + start + offset;
      for (let col = first.col; col < first.col + width; col += 1, index += 1)
        changes.push({ row, col, value: fromEngineScalar(parsed.exported[index]) });
    }
    contents.push(...lines);
    yield;
  }
  return { contents, parsed, changes };
}

/**
 * Writes a rectangle: values over values in place when evaluation is suspended (value-writes.ts;
 * the written values are answered, row by row), else in one call; if the parser gives up on
 * something in it, row by row.
 */
function writeBlock(
  hf: HyperFormula,
  sheet: EngineSheet,
  block: readonly CellRun[],
  lambdaNames: ReadonlySet<string>,
  ahead?: PreparedBlock,
): unknown[] | undefined {
  const first = block[0]!;
  const at = { sheet, row: first.row, col: first.col };
  const inPlace =
    ahead === undefined
      ? writeValuesInPlace(
          hf,
          at,
          block.map((run) => run.inputs),
          undefined,
          (input) => toEngineContent(input, lambdaNames),
        )
      : writeValuesInPlace(hf, at, ahead.contents, ahead.parsed);
  if (inPlace !== undefined) return inPlace;
  if (block.length === 1) {
    writeRun(hf, sheet, first, lambdaNames);
    return undefined;
  }
  const contents =
    ahead?.contents ??
    block.map((run) => run.inputs.map((input) => toEngineContent(input, lambdaNames)));
  try {
    hf.setCellContents({ sheet, row: first.row, col: first.col }, contents);
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    for (const run of block) writeRun(hf, sheet, run, lambdaNames);
  }
  return undefined;
}

// Excel reads TRUE and FALSE without parentheses as boolean literals (`VLOOKUP(x, r, 3,
// FALSE)`); HyperFormula only knows the functions TRUE() and FALSE() and would answer #NAME?.
const BOOLEAN_LITERALS = [
  { name: 'TRUE', expression: '=TRUE()' },
  { name: 'FALSE', expression: '=FALSE()' },
];

/** What the adapter reads of HyperFormula's array formulas (its dependency graph keeps them). */
interface ArrayFormula {
  readonly cellAddress: SimpleCellAddress;
  readonly width: number;
  readonly height: number;
  readonly array: { simpleRangeValue(): unknown };
}

/**
 * Every array formula of the instance: HyperFormula spills them itself (the size is known when
 * the formula is parsed) but lists them only in its dependency graph. A missing mapping (an
 * upgrade that moved it) stops the engine rather than hiding every spill.
 */
function arrayFormulas(hf: HyperFormula): Iterable<ArrayFormula> {
  const mapping = (hf as unknown as { arrayMapping?: { arrayMapping?: Map<string, ArrayFormula> } })
    .arrayMapping?.arrayMapping;
  if (!(mapping instanceof Map))
    throw new Error('HyperFormula no longer exposes its array formulas; spills cannot be read.');
  return mapping.values();
}

/** The array an array formula holds: its values, or the error it answers instead (#SPILL! …). */
function arrayResult(formula: ArrayFormula): SimpleRangeValue | CellError | undefined {
  try {
    const result = formula.array.simpleRangeValue();
    return result instanceof SimpleRangeValue || result instanceof CellError ? result : undefined;
  } catch {
    // Not computed yet (inside a batch whose recalculation is deferred).
    return undefined;
  }
}

/**
 * Formulas on `sheet` whose spill is blocked: HyperFormula checks for room only when the formula
 * is entered, so after cells are cleared they are entered again and spill if they now fit, as in
 * Excel.
 */
function respillBlocked(hf: HyperFormula, sheet: EngineSheet): void {
  const blocked: SimpleCellAddress[] = [];
  for (const formula of arrayFormulas(hf)) {
    if (formula.cellAddress.sheet !== sheet) continue;
    const result = arrayResult(formula);
    if (
      (result instanceof CellError && result.type === ErrorType.SPILL) ||
      showsUnspilledValue(formula)
    )
      blocked.push(formula.cellAddress);
  }
  for (const address of blocked) {
    const text = hf.getCellFormula(address);
    if (text !== undefined) hf.setCellContents(address, [[text]]);
  }
}

function nodeKey(node: SimpleCellAddress | SimpleCellRange): string {
  return 'start' in node
    ? `${node.start.sheet}:${node.start.row}:${node.start.col}:${node.end.sheet}:${node.end.row}:${node.end.col}`
    : `${node.sheet}:${node.row}:${node.col}`;
}

/**
 * Walks the dependency graph forward from each group's cells, the last group first. A node one
 * group reached is not walked again for an earlier group: everything after it was reached by
 * the later group already, so each node is visited once per call.
 */
function lastReaching(
  hf: HyperFormula,
  groups: readonly (readonly EngineCellRef[])[],
  cells: readonly EngineCellRef[],
): number[] {
  const result = new Array<number>(cells.length).fill(-1);
  const wanted = new Map<string, number>();
  cells.forEach((cell, index) => wanted.set(nodeKey(cell), index));
  const visited = new Set<string>();
  for (let group = groups.length - 1; group >= 0; group -= 1) {
    const stack: (SimpleCellAddress | SimpleCellRange)[] = groups[group]!.map((cell) => ({
      sheet: cell.sheet,
      row: cell.row,
      col: cell.col,
    }));
    while (stack.length > 0) {
      for (const next of hf.getCellDependents(stack.pop()!)) {
        const key = nodeKey(next);
        if (visited.has(key)) continue;
        visited.add(key);
        const index = wanted.get(key);
        if (index !== undefined) result[index] = group;
        stack.push(next);
      }
    }
  }
  return result;
}

/** The largest bounding box (width × height) of a dense sheet HyperFormula removes itself. */
const REMOVE_IN_PLACE_MAX_AREA = 1_000_000;

/** What removing a sheet reaches into: the operation that copies the sheet for an undo. */
interface RemovalInternals {
  readonly _crudOperations?: {
    readonly operations?: { getSheetClipboardCells?: (sheet: number) => unknown[][] };
  };
}

/**
 * Removes a sheet without the copy HyperFormula takes of every address of its bounding box for
 * its undo (one cell at XFD1048576: 17 billion addresses; at XFD5000, 82 million), an undo the
 * engine never keeps (`undoLimit: 0`). The copy is skipped for this call only; false, and nothing
 * removed, when this HyperFormula no longer takes it that way (the caller then rebuilds).
 */
function removeSheetWithoutUndoCopy(hf: HyperFormula, sheet: EngineSheet): boolean {
  const operations = (hf as unknown as RemovalInternals)._crudOperations?.operations;
  if (typeof operations?.getSheetClipboardCells !== 'function') return false;
  const own = Object.getOwnPropertyDescriptor(operations, 'getSheetClipboardCells');
  operations.getSheetClipboardCells = () => [];
  try {
    hf.removeSheet(sheet);
  } finally {
    if (own === undefined) delete operations.getSheetClipboardCells;
    else Object.defineProperty(operations, 'getSheetClipboardCells', own);
  }
  return true;
}

/**
 * The most addresses HyperFormula may walk for one structure change in place: it visits every
 * address of the inserted or deleted band across the sheet's box (its sparse layout looks each
 * one up), so deleting 1,000,000 rows of a sheet with cells across 16,384 columns would cost
 * billions of steps. Past this the workbook rebuilds the engine, in time proportional to its cells.
 */
const STRUCTURE_IN_PLACE_MAX_AREA = 1_000_000;

/** A fresh instance holding `sheets`, built in one pass; undefined when the parser gave up. */
function buildFrom(
  config: Partial<ConfigParams>,
  sheets: readonly BuildSheet[],
  names: readonly EngineName[],
): HyperFormula | undefined {
  // No prototype: a sheet named "__proto__" or "toString" is an ordinary key.
  const lambdaNames = lambdaNamesOf(sheets, names);
  const spell = nameSpeller(lambdaNames);
  const contents: Record<string, RawCellContent[][]> = Object.create(null);
  for (const sheet of sheets)
    contents[sheet.name] = denseContents(sheet.runs, (input) =>
      toEngineContent(input, lambdaNames),
    );
  const calls = lambdaNames.size === 0 ? [] : setAsideLambdaCalls(contents);
  const defined = namesForBuild(Object.keys(contents), sheets, names, spell);
  let built: HyperFormula;
  try {
    built = HyperFormula.buildFromSheets(contents, config, [...BOOLEAN_LITERALS, ...defined]);
  } catch (error) {
    if (error instanceof RangeError) return undefined;
    if (defined.length === 0) throw error;
    // A name the engine refuses fails the whole build: build without them, then add those it takes.
    try {
      built = HyperFormula.buildFromSheets(contents, config, BOOLEAN_LITERALS);
    } catch (inner) {
      if (inner instanceof RangeError) return undefined;
      throw inner;
    }
    addNamesOneByOne(built, sheets, names, spell);
  }
  if (calls.length > 0) writeLambdaCalls(built, calls);
  return built;
}

/** A name's definition as the engine takes it, calls of `lambdaNames` spelled. */
function nameSpeller(lambdaNames: ReadonlySet<string>): (formula: string) => string {
  return (formula) => toEngineContent({ formula }, lambdaNames) as string;
}

interface SetAsideCall {
  readonly sheet: string;
  readonly row: number;
  readonly col: number;
  readonly content: string;
}

/**
 * Takes out of a build's contents the formulas that call a LAMBDA (LAMBDA.CALL): HyperFormula
 * parses a build's cells before it adds its names, and sizes a spill when it parses the formula,
 * so a call of a name that holds a LAMBDA would be sized as one cell. They are written after.
 */
function setAsideLambdaCalls(contents: Record<string, RawCellContent[][]>): SetAsideCall[] {
  const calls: SetAsideCall[] = [];
  for (const sheet of Object.keys(contents))
    contents[sheet]!.forEach((cells, row) => {
      cells.forEach((content, col) => {
        if (typeof content === 'string' && content.includes(LAMBDA_CALL_OPEN)) {
          calls.push({ sheet, row, col, content });
          cells[col] = null;
        }
      });
    });
  return calls;
}

const LAMBDA_CALL_OPEN = `${LAMBDA_CALL}(`;

/** Writes the formulas set aside, in one evaluation; one the parser gives up on is a parse error. */
function writeLambdaCalls(hf: HyperFormula, calls: readonly SetAsideCall[]): void {
  hf.suspendEvaluation();
  try {
    for (const { sheet, row, col, content } of calls) {
      const address = { sheet: hf.getSheetId(sheet)!, row, col };
      try {
        hf.setCellContents(address, [[content]]);
      } catch (error) {
        if (!(error instanceof RangeError)) throw error;
        hf.setCellContents(address, [[STAND_IN_BY_SENTINEL[SENTINELS.parse]!]]);
      }
    }
  } finally {
    hf.resumeEvaluation();
  }
}

interface BuildSheet {
  readonly name: string;
  readonly runs: readonly CellRun[];
  readonly names?: readonly EngineName[];
}

/**
 * The functions every engine has whatever else is registered (HyperFormula's, GridOS's and the
 * Excel ones HyperFormula lacks), uppercase: names a plugin may not take.
 */
export function builtInFunctionNames(): Set<string> {
  return new Set([
    ...HyperFormula.getRegisteredFunctionNames('enGB').map((name) => name.toUpperCase()),
    ...GRIDOS_FUNCTIONS.map((fn) => fn.name),
    ...EXCEL_FUNCTIONS.map((fn) => fn.name),
    ...LAMBDA_FUNCTION_INFO.keys(),
    ...GROUPING_FUNCTION_INFO.keys(),
    ...REGRESSION_FUNCTION_INFO.keys(),
    ...STATISTICAL_ARRAY_INFO.keys(),
    ...AGGREGATE_INFO.keys(),
    LEGACY_ARRAY,
    DYNAMIC_ARRAY,
    ...DYNAMIC_FUNCTION_INFO.keys(),
    ...ARRAY_SHAPING_INFO.keys(),
    ...DYNAMIC_ARRAY_FUNCTION_INFO.keys(),
  ]);
}

/** LET, LAMBDA and its helpers: one plugin class, shared by every engine (it holds no state). */
const LAMBDA_PLUGIN = lambdaPlugin();
/** GROUPBY, PIVOTBY and PERCENTOF, which call a LAMBDA per cell (grouping-functions.ts). */
const GROUPING_PLUGIN = groupingPlugin();
const REGRESSION_PLUGIN = regressionPlugin();
const STATISTICAL_ARRAYS_PLUGIN = statisticalArraysPlugin();
/** AGGREGATE, leaving out hidden rows, errors and nested subtotals as SUBTOTAL does (aggregate.ts). */
const AGGREGATE_PLUGIN = aggregatePlugin();
/**
 * T, F and beta distributions, GAMMA, BESSELI, the discrete distributions, Z.TEST and T.TEST to
 * Excel's precision and argument rules, in place of HyperFormula's.
 */
const DISTRIBUTIONS_PLUGIN = preciseDistributionsPlugin(PRECISE_BUILT_INS);
const LEGACY_ARRAY_PLUGIN = legacyArrayPlugin();
/** COUNTIF, SUMIFS … with Excel's criteria, in place of HyperFormula's own (after them). */
const CRITERIA_PLUGIN = criteriaPlugin();
/** AND, OR and XOR ignoring the text of referenced cells, in place of HyperFormula's. */
const LOGICAL_PLUGIN = logicalPlugin();
/** IMSUM and IMPRODUCT reading their arguments in order, in place of HyperFormula's. */
const COMPLEX_SUMS_PLUGIN = complexSumsPlugin();
/** BESSELI …, ERF, ERFC and DELTA refusing TRUE/FALSE, as the Analysis ToolPak's functions do. */
const ATP_LOGICALS_PLUGINS = analysisToolPakLogicalsPlugins();
const ARRAY_TABLE_VLOOKUP_PLUGIN = arrayTableVlookupPlugin();
const TOOLPAK_ROUNDING_PLUGIN = toolpakRoundingPlugin();
const EXCEL_VALUE_PLUGIN = excelValuePlugin();
const EXCEL_T_PLUGIN = excelTPlugin();
/** DSUM, DGET … with Excel's criteria tables, in place of HyperFormula's. */
const DATABASE_PLUGIN = databasePlugin();
/** INDIRECT, OFFSET with computed arguments, ROW, COLUMN, CELL … (dynamic-references.ts). */
const DYNAMIC_PLUGIN = dynamicReferencesPlugin();
const ARRAY_SHAPING_PLUGIN = arrayShapingPlugin();
/** SORT, SORTBY, ANCHORARRAY, SINGLE and TRIMRANGE (excel-dynamic-array-functions.ts). */
const DYNAMIC_ARRAY_PLUGIN = dynamicArrayFunctionsPlugin();
/** INDEX, CHOOSE, IFERROR, IFNA and SUMPRODUCT in place of HyperFormula's (they take arrays). */
const ARRAY_PLUGIN = arrayFunctionsPlugin();

function functionPluginsOf(functions: readonly CustomFunction[]): FunctionPluginDefinition[] {
  return [
    ...HyperFormula.getAllFunctionPlugins(),
    // Right after HyperFormula's own: each subclass re-declares every function of the plugin it
    // extends, HyperFormula's versions, which any replacement of ours must come after.
    ...ATP_LOGICALS_PLUGINS,
    ARRAY_TABLE_VLOOKUP_PLUGIN,
    DISTRIBUTIONS_PLUGIN,
    CRITERIA_PLUGIN,
    LOGICAL_PLUGIN,
    COMPLEX_SUMS_PLUGIN,
    TOOLPAK_ROUNDING_PLUGIN,
    EXCEL_VALUE_PLUGIN,
    EXCEL_T_PLUGIN,
    DATABASE_PLUGIN,
    BYTE_TEXT_FUNCTIONS,
    pluginFor(functions),
    LAMBDA_PLUGIN,
    GROUPING_PLUGIN,
    REGRESSION_PLUGIN,
    STATISTICAL_ARRAYS_PLUGIN,
    AGGREGATE_PLUGIN,
    LEGACY_ARRAY_PLUGIN,
    // Before DYNAMIC_PLUGIN: both have ISREF, and the dynamic one also knows computed references.
    ARRAY_PLUGIN,
    DYNAMIC_PLUGIN,
    ARRAY_SHAPING_PLUGIN,
    DYNAMIC_ARRAY_PLUGIN,
    boundedFunctions,
  ];
}

/**
 * The engine's functions as the catalogue lists them: HyperFormula's own metadata (parameter
 * names, category, description) for its built-ins; for ours (GridOS, the Excel ones it lacks,
 * plugins) what each CustomFunction declares.
 */
function catalogueOf(
  hf: HyperFormula,
  customs: ReadonlyMap<string, CustomFunction>,
): FunctionInfo[] {
  const entries: FunctionInfo[] = [];
  for (const available of hf.getAvailableFunctions()) {
    const name = available.canonicalName.toUpperCase();
    if (
      isInternalLambdaFunction(name) ||
      isInternalLegacyArrayFunction(name) ||
      isInternalDynamicFunction(name)
    )
      continue;
    const lambdaInfo =
      LAMBDA_FUNCTION_INFO.get(name) ??
      GROUPING_FUNCTION_INFO.get(name) ??
      REGRESSION_FUNCTION_INFO.get(name) ??
      STATISTICAL_ARRAY_INFO.get(name) ??
      AGGREGATE_INFO.get(name) ??
      DYNAMIC_FUNCTION_INFO.get(name) ??
      ARRAY_SHAPING_INFO.get(name) ??
      DYNAMIC_ARRAY_FUNCTION_INFO.get(name) ??
      ARRAY_FUNCTION_INFO.get(name) ??
      PRECISE_BUILT_IN_INFO.get(name) ??
      CRITERIA_FUNCTION_INFO.get(name);
    if (lambdaInfo !== undefined) {
      entries.push(lambdaInfo);
      continue;
    }
    const custom = customs.get(name);
    if (custom !== undefined) {
      const positional = positionalParameters(custom.minArgs, custom.maxArgs);
      // Without declared names, those its description opens with (`SUBSTITUTE(text, old_text, …)`).
      const names =
        custom.parameters ??
        describedParameters(name, custom.description, positional.parameters.length);
      const parameters =
        names === undefined
          ? positional.parameters
          : names.map((parameter, index) => ({
              name: parameter,
              optional: index >= custom.minArgs,
            }));
      entries.push({
        name,
        category: custom.category ?? 'Custom',
        description: custom.description,
        parameters,
        repeatLastArgs: positional.repeatLastArgs,
        signature: signatureOf(name, parameters, positional.repeatLastArgs),
      });
      continue;
    }
    const details = hf.getFunctionDetails(available.canonicalName);
    const parameters = (details?.parameters ?? []).map((parameter) => ({
      name: parameter.name,
      optional: parameter.optional === true,
    }));
    const repeatLastArgs = details?.repeatLastArgs ?? 0;
    entries.push({
      name,
      category: hyperFormulaOnly(name) ? NOT_IN_EXCEL : (available.category ?? 'Other'),
      description: available.shortDescription ?? '',
      parameters,
      repeatLastArgs,
      signature: signatureOf(name, parameters, repeatLastArgs),
    });
  }
  return entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/**
 * A build started by prepareReplaceAll, with the functions and settings it was started with:
 * taken by replaceAll only when complete and still built with the engine's own (a plugin that
 * came or went meanwhile makes it stale, and replaceAll builds in one pass instead).
 */
class PreparedBuild implements EngineBuild {
  readonly #build: SlicedBuild;
  readonly #functionPlugins: unknown;
  readonly #context: unknown;

  constructor(build: SlicedBuild, config: Partial<ConfigParams>) {
    this.#build = build;
    this.#functionPlugins = config.functionPlugins;
    this.#context = config.context;
  }

  step(more: () => boolean): boolean {
    return this.#build.step(more);
  }

  /** Each sheet's boundaries as the build measured them, in the order it was given them. */
  get boundaries(): readonly SheetBoundaries[] {
    return this.#build.boundaries;
  }

  /** The built instance when it may be used by an engine configured as `config`. */
  takeFor(config: Partial<ConfigParams>): HyperFormula | undefined {
    const current =
      this.#build.done &&
      config.functionPlugins === this.#functionPlugins &&
      config.context === this.#context;
    if (!current) this.#build.hf.destroy();
    return current ? this.#build.hf : undefined;
  }
}

/**
 * How text reads as a number wherever a formula turns it into one: the engine's configuration, and
 * the reader the functions computed outside HyperFormula use (excel-arguments.ts toNumber).
 */
const TEXT_NUMBER_READING = {
  // Text with a currency sign before or after it reads as the number ("$100"+0 is 100); the
  // euro too, which Excel reads so in the euro locales ("€100", "100€" and " €100 " are 100 in
  // ironcalc MATH_AND_TRIGONOMETRY--EXP_SIGN.xlsx B31, B49, B54). Only #VALUE! becomes a number.
  currencySymbol: ['$', '€'],
  // Text read as a date (DATEVALUE, VALUE, "1/15/2024"+0) the way Excel in en-US reads it, the
  // locale Gridbook assumes (HyperFormula's default is DD/MM/YYYY), and ISO dates. Day first
  // only when month first is impossible (the first number is over 12: "29/02/1900", "15/01/2024"):
  // such text comes from a day-first locale, whose Excel reads it as that date, where en-US
  // Excel would give #VALUE! (docs/decisions/2026-11-29-day-first-text-dates.md).
  dateFormats: ['MM/DD/YYYY', 'MM/DD/YY', 'YYYY/MM/DD', 'DD/MM/YYYY', 'DD/MM/YY'],
  // … and dates with the month's name ("2-Feb-2026", "June 9, 1969"), as Excel reads them.
  parseDateTime: parseExcelDateTime,
  // Excel's serials: 1 is 1900-01-01 and 60 the 29 February 1900 it counts (Lotus's leap-year
  // bug, kept by Excel); HyperFormula's default put 1 on 1899-12-31 and had no day 60, so every
  // date before March 1900 was a day off. Serials from 61 on are the same either way.
  leapYear1900: true,
  nullDate: { year: 1899, month: 12, day: 31 },
} satisfies Partial<ConfigParams>;

let textNumberProbe: HyperFormula | undefined;

/**
 * Text read as a number the engine's way ("2024-01-10", "29/02/1900", "50%", "$100", "1:30"),
 * undefined when it is none: a HyperFormula instance configured like every engine's, kept for
 * the process, whose number coercion answers. Only text JavaScript's Number cannot read gets here.
 */
function readTextNumber(text: string): number | undefined {
  textNumberProbe ??= HyperFormula.buildEmpty({ licenseKey: 'gpl-v3', ...TEXT_NUMBER_READING });
  const helper = (
    textNumberProbe as unknown as {
      evaluator?: {
        interpreter?: { arithmeticHelper?: { coerceScalarToNumberOrError(v: unknown): unknown } };
      };
    }
  ).evaluator?.interpreter?.arithmeticHelper;
  if (helper === undefined) return undefined;
  const value = helper.coerceScalarToNumberOrError(text);
  if (typeof value === 'number') return value;
  if (
    typeof value === 'object' &&
    value !== null &&
    'val' in value &&
    typeof value.val === 'number'
  )
    return value.val;
  return undefined;
}
readTextNumbersWith(readTextNumber);

export function createHyperFormulaEngine(registry: FunctionRegistry): FormulaEngine {
  const config: Partial<ConfigParams> = {
    licenseKey: 'gpl-v3',
    maxRows: MAX_ROWS,
    maxColumns: MAX_COLUMNS,
    // The workbook keeps its own undo history (inverse ops); HyperFormula's would hold a second
    // copy of every overwritten cell (about 40 MB with W6's 1,000,000 cells) and is never used.
    undoLimit: 0,
    // HyperFormula's default cuts results to about 11 significant digits; with 15 its comparisons
    // still treat 0.1+0.2 as 0.3 (as Excel does), and fifteenDigits() rounds what is read out.
    precisionRounding: 15,
    ...TEXT_NUMBER_READING,
    // A formula whose result is an empty cell (=D7 over an empty D7) holds 0, as in Excel, also
    // for the formulas that read it: COUNTA counts it, SMALL and ISBLANK see the number (poi
    // FormulaEvalTestData_Copy.xlsx EverythingTests E288, J1272).
    evaluateNullToZero: true,
    chooseAddressMappingPolicy: addressMappingPolicy,
    functionPlugins: functionPluginsOf(registry.list()),
    // HyperFormula's way to hand data to custom functions: every call of this instance reads it.
    context: DEFAULT_CALCULATION_SETTINGS,
  };
  let customFunctions = new Map(registry.list().map((fn) => [fn.name, fn]));
  // Built on first request for the instance it describes (a rebuild or new functions drop it).
  let catalogue: { of: HyperFormula; entries: FunctionInfo[] } | undefined;
  limitTextResults();
  measureSheetsByContent();
  boundWholeLineRanges();
  sortOnlyComputedNodes();
  listArrayFormulasFromMapping();
  teachErrorLiterals();
  intersectRangeResults();
  showUnspilledResultsOfBlockedFormulas();
  broadcastErrorsOverArrays();
  keepPlaceholderSheets();
  installSizeHints();
  installEvaluationCell();
  refuseRangesInSingleValueArguments();
  refuseEmptyTextAsNumber();
  passFailedIntersectionsAsErrors();
  writeNumbersAsExcelText();
  readExcelDateEdges();
  makeEmptyProductZero();
  correctAggregates();
  foldArraysInOnePass();
  correctMathEdges();
  checkPercentileArraysFirst();
  correctFindNotFound();
  truncateTextPositions();
  computeTrigonometryAsExcel();
  correctSubtotal();
  intersectConcatenateRanges();
  joinLongRangesAsText();
  refuseOverlongArgumentLists();
  passOverNullErrorsInPairs();
  checkBoundsAfterTypes();
  let hf = HyperFormula.buildEmpty(config, BOOLEAN_LITERALS);
  // The defined names (lower case) that hold a LAMBDA: calls of them are spelled LAMBDA.CALL.
  let lambdaNames: ReadonlySet<string> = NO_LAMBDA_NAMES;
  let spellName = nameSpeller(lambdaNames);
  const denseWidths = new DenseWidthBounds();
  let batchDepth = 0;
  // Set by invalidate(): writes are ignored until replaceAll rebuilds the engine from the sheets.
  let invalid = false;
  // Set by deferBuilds(): replaceAll is ignored as well, until the caller rebuilds once.
  let deferred = false;
  // Sheet handles given out while invalid; replaceAll hands out the real ones.
  let placeholderSheets = 0;
  // What recalculation changed since takeChanges() last ran; `rebuilt` after a replaceAll.
  let changedCells: EngineCellChange[] = [];
  let changedSheets: EngineSheet[] = [];
  let rebuilt = false;
  // In-place value writes report their changes as they write, HyperFormula its own at resume:
  // when a batch writes a cell an in-place write already wrote, only its last change is kept.
  let inPlaceAreas: Area[] = [];
  let rewritten = false;
  /** A cell's computed value as readers see it: a formula whose result is an empty cell is 0. */
  const shown = (address: SimpleCellAddress, raw: unknown): CellValue => {
    const value = fromEngineScalar(raw);
    // A change may name a sheet the same commit removed: it has no formula to ask about.
    const formula =
      value === null &&
      hf.getSheetName(address.sheet) !== undefined &&
      hf.doesCellHaveFormula(address);
    return formula ? 0 : value;
  };
  // Runs arrays prepared ahead (prepareCells), until their write takes them.
  const preparedCells = new WeakMap<readonly CellRun[], PreparedCells>();
  const writeCells = (sheet: EngineSheet, runs: readonly CellRun[]): void => {
    if (invalid) return;
    const prepared = preparedCells.get(runs);
    preparedCells.delete(runs);
    const blocks: PreparedCells['blocks'] =
      prepared?.hf === hf ? prepared.blocks : rectangles(runs).map((block) => ({ block }));
    for (const { block, ready } of blocks) {
      const area = areaOf(sheet, block);
      // A dense sheet written past its bound (one cell at XFD5000) is laid out sparse first:
      // written dense, each later row would be an array as wide, and the layout walked its box.
      if (denseWidths.outgrown(sheet, area.right + 1)) {
        if (!layOutSparse(hf, sheet)) {
          invalid = true;
          return;
        }
        denseWidths.removed(sheet);
      }
      if (!rewritten && inPlaceAreas.some((other) => overlaps(other, area))) rewritten = true;
      const written = writeBlock(hf, sheet, block, lambdaNames, ready);
      if (written !== undefined) {
        if (ready === undefined) collectWritten(area, written);
        else if (changedCells.length === 0) {
          // The prepared changes are this write's own: taken whole, their sheets filled natively.
          changedCells = ready.changes;
          changedSheets = new Array<EngineSheet>(ready.changes.length).fill(area.sheet);
        } else
          for (const change of ready.changes) {
            changedCells.push(change);
            changedSheets.push(area.sheet);
          }
        // Past a few areas, checking each block against all of them costs more than the dedupe.
        if (inPlaceAreas.length >= MAX_IN_PLACE_AREAS) rewritten = true;
        else inPlaceAreas.push(area);
      }
      if (block.some((run) => run.inputs.includes(null))) respillBlocked(hf, sheet);
      // Checked after every block: a dense sheet made wide (by a spill) would give each later
      // row a full-width array.
      if (denseWidths.outgrown(sheet, hf.getSheetDimensions(sheet).width)) {
        invalid = true;
        return;
      }
    }
  };
  /** The changes of a rectangle written in place: its exported values, row by row. */
  const collectWritten = (area: Area, exported: readonly unknown[]): void => {
    let index = 0;
    for (let row = area.top; row <= area.bottom; row += 1)
      for (let col = area.left; col <= area.right; col += 1, index += 1) {
        // A value cell, never a formula: what it shows is its exported value (no `shown` check).
        changedCells.push({ row, col, value: fromEngineScalar(exported[index]) });
        changedSheets.push(area.sheet);
      }
  };
  const collect = (changes: readonly ExportedChange[]): void => {
    for (const change of changes) {
      if (change instanceof ExportedCellChange) {
        const { sheet, row, col } = change.address;
        changedCells.push({ row, col, value: shown(change.address, change.newValue) });
        changedSheets.push(sheet);
      }
    }
  };
  const changeList: ChangeList = {
    get cells() {
      return changedCells;
    },
    get sheets() {
      return changedSheets;
    },
    collect,
    respill: (sheet) => respillBlocked(hf, sheet),
  };
  /**
   * Spills data-sized formulas to their results' sizes (data-sized-spills.ts), looking at the
   * changes from `from` on; when it entered any again, a cell may be listed twice.
   */
  const settle = (from: number): void => {
    if (settleDataSizedSpills(hf, changeList, from)) rewritten = true;
  };

  return {
    addSheet(name) {
      if (invalid) return -(placeholderSheets += 1);
      const sheet = hf.getSheetId(hf.addSheet(name))!;
      denseWidths.added(sheet);
      return sheet;
    },
    removeSheet(sheet) {
      if (invalid) return;
      // Removal visits the cells of a sparse sheet, but every address of a dense sheet's box:
      // past a bound the workbook rebuilds the engine from the remaining sheets instead, in
      // time proportional to their cells.
      const { width, height } = hf.getSheetDimensions(sheet);
      if (denseWidths.isDense(sheet) && width * height > REMOVE_IN_PLACE_MAX_AREA) invalid = true;
      else {
        dropSheetNames(hf, sheet);
        try {
          if (!removeSheetWithoutUndoCopy(hf, sheet)) invalid = true;
        } catch {
          // HyperFormula can fail half way through removing a sheet whose array formula reads
          // its own cells (it empties the array after some of the cells it depends on are gone:
          // "Vertex for address missing"). The sheet goes all the same: the half-changed engine
          // is dropped and rebuilt from the remaining sheets.
          invalid = true;
        }
      }
      denseWidths.removed(sheet);
    },
    renameSheet(sheet, newName) {
      if (!invalid) hf.renameSheet(sheet, newName);
    },
    restructure(sheet, change) {
      if (invalid) return;
      const { width, height } = hf.getSheetDimensions(sheet);
      const rows = change.axis === 'row';
      const extent = rows ? height : width;
      const across = Math.max(rows ? width : height, 1);
      // Bands past the sheet's box HyperFormula skips (its references are left to syncFormulas).
      const band =
        change.kind === 'delete'
          ? Math.max(0, Math.min(change.count, extent - change.at))
          : change.at < extent
            ? change.count
            : 0;
      if (band * across > STRUCTURE_IN_PLACE_MAX_AREA) {
        invalid = true;
        return;
      }
      const span: [number, number] = [change.at, change.count];
      try {
        if (rows && change.kind === 'insert') hf.addRows(sheet, span);
        else if (rows) hf.removeRows(sheet, span);
        else if (change.kind === 'insert') hf.addColumns(sheet, span);
        else hf.removeColumns(sheet, span);
      } catch {
        // HyperFormula refused (its box would pass the sheet's limits) or failed half-way:
        // either way the workbook rebuilds it from the sheets, which already hold the change.
        invalid = true;
        return;
      }
      if (!rows && denseWidths.outgrown(sheet, hf.getSheetDimensions(sheet).width)) invalid = true;
      // The hints are kept by address: moved formulas are sized again when next entered.
      forgetSizeHints(hf);
    },
    syncFormulas(sheet, formulas) {
      if (invalid) return 0;
      const stale: CellRun[] = [];
      for (const { row, col, formula } of formulas) {
        const input = { formula };
        if (hf.getCellFormula({ sheet, row, col }) !== toEngineContent(input, lambdaNames))
          stale.push({ row, col, inputs: [input] });
      }
      if (stale.length > 0) writeCells(sheet, stale);
      return stale.length;
    },
    setCells: writeCells,
    prepareCells(runs) {
      const preparing = hf;
      const blocks: { block: CellRun[]; ready?: PreparedBlock }[] = [];
      function* steps(): Generator<void, void> {
        for (const block of rectangles(runs)) {
          const ready = yield* prepareBlock(preparing, block);
          blocks.push(ready === undefined ? { block } : { block, ready });
        }
        preparedCells.set(runs, { hf: preparing, blocks });
      }
      const work = steps();
      let done = false;
      return {
        step(more) {
          while (!done && more()) done = work.next().done === true;
          return done;
        },
      };
    },
    setName(scope, name) {
      if (invalid) return undefined;
      // The formulas that call a name holding a LAMBDA are spelled and sized by it: a rebuild.
      const respell = touchesLambda(hf, scope, name.name, name.formula);
      const problem = putName(hf, scope, name, spellName);
      if (problem === undefined && respell) invalid = true;
      // Refused while the engine still lists the name: its copy may be one it can neither print
      // nor redefine (a name over a deleted sheet, moved by a structure change since), which it
      // would go on computing, and keep after the name's deletion. Rebuilt from the texts.
      if (problem !== undefined && listsName(hf, scope, name.name)) invalid = true;
      return problem;
    },
    removeName(scope, name) {
      if (invalid) return;
      if (touchesLambda(hf, scope, name, undefined)) invalid = true;
      dropName(hf, scope, name);
    },
    prepareReplaceAll(sheets, names = []) {
      // Names are added by a build before its cells (a LAMBDA's calls are sized by them): one pass.
      if (names.length > 0 || sheets.some((sheet) => (sheet.names?.length ?? 0) > 0))
        return undefined;
      const started = SlicedBuild.start(
        HyperFormula.buildEmpty(config, BOOLEAN_LITERALS),
        sheets.map((sheet) => ({
          name: sheet.name,
          runs: sheet.runsOneByOne ?? (() => sheet.runs),
        })),
        rectangleBlocks,
        (instance, sheet, block) => writeBlock(instance, sheet, block, NO_LAMBDA_NAMES),
      );
      return started === undefined ? undefined : new PreparedBuild(started, config);
    },
    replaceAll(sheets, names = [], prepared) {
      if (deferred) return sheets.map(() => -(placeholderSheets += 1));
      const ahead = prepared instanceof PreparedBuild ? prepared.takeFor(config) : undefined;
      let next = ahead ?? buildFrom(config, sheets, names);
      let layout = sheets;
      // The boundaries the build ahead measured, else measured now from the runs.
      const measured = ahead === undefined ? [] : (prepared as PreparedBuild).boundaries;
      const boundariesOfSheet = (index: number): SheetBoundaries =>
        measured[index] ?? boundariesOf(sheets[index]!.runs);
      if (next === undefined) {
        // Something the parser cannot take in one pass: the slower path turns it into an error
        // value. Its sheets are added empty, so they are all sparse: nothing measures them.
        next = HyperFormula.buildEmpty(
          { ...config, chooseAddressMappingPolicy: new AlwaysSparse() },
          BOOLEAN_LITERALS,
        );
        for (const sheet of sheets) next.addSheet(sheet.name);
        const nextLambdaNames = lambdaNamesOf(sheets, names);
        // Names first: a call of one that holds a LAMBDA is sized by it when it is parsed.
        addNamesOneByOne(next, sheets, names, nameSpeller(nextLambdaNames));
        for (const sheet of sheets)
          for (const block of rectangles(sheet.runs))
            writeBlock(next, next.getSheetId(sheet.name)!, block, nextLambdaNames);
        layout = [];
      }
      denseWidths.rebuilt(
        layout.map((sheet, index) => ({
          handle: next!.getSheetId(sheet.name)!,
          boundaries: boundariesOfSheet(index),
        })),
      );
      // A spill can make a dense sheet wider than its inputs (=SEQUENCE(1,5000)): measured from
      // the inputs alone it would outgrow its bound on every later write, so it is built sparse.
      const built = next;
      if (
        layout.some((sheet) => {
          const handle = built.getSheetId(sheet.name)!;
          return denseWidths.outgrown(handle, built.getSheetDimensions(handle).width);
        })
      ) {
        const sparse = buildFrom(
          { ...config, chooseAddressMappingPolicy: new AlwaysSparse() },
          sheets,
          names,
        );
        if (sparse !== undefined) {
          built.destroy();
          next = sparse;
          denseWidths.rebuilt([]);
        }
      }
      hf.destroy();
      hf = next;
      lambdaNames = lambdaNamesOf(sheets, names);
      spellName = nameSpeller(lambdaNames);
      invalid = false;
      rebuilt = true;
      changedCells = [];
      changedSheets = [];
      // Inside a batch the new instance defers recalculation too, so the batch's end recomputes once.
      if (batchDepth > 0) hf.suspendEvaluation();
      // The build sized data-sized formulas as one cell: they spill now. Its changes need no
      // dedupe, as the workbook reads everything again after a build.
      else settleDataSizedSpills(hf, changeList, 0);
      return sheets.map((sheet) => hf.getSheetId(sheet.name)!);
    },
    invalidate() {
      invalid = true;
    },
    setCalculationSettings(settings) {
      const current = config.context as CalculationSettings;
      if (current.characterSet === settings.characterSet) return;
      // Every instance reads the context it was built with: the workbook rebuilds it next.
      config.context = settings;
      invalid = true;
    },
    setFunctions(functions) {
      // HyperFormula takes its functions when it is built: the workbook rebuilds it next.
      config.functionPlugins = functionPluginsOf(functions);
      customFunctions = new Map(functions.map((fn) => [fn.name, fn]));
      invalid = true;
    },
    needsRebuild() {
      return invalid && !deferred;
    },
    deferBuilds() {
      invalid = true;
      deferred = true;
      return () => {
        deferred = false;
      };
    },
    buildsDeferred() {
      return deferred;
    },
    takeChanges() {
      const taken = { cells: changedCells, sheets: changedSheets, rebuilt };
      changedCells = [];
      changedSheets = [];
      rebuilt = false;
      return taken;
    },
    value(sheet, row, col) {
      // As in Excel, =Z99 and =IFERROR(Z99,"x") over an empty Z99 show 0, not an empty cell.
      const address = { sheet, row, col };
      return shown(address, hf.getCellValue(address));
    },
    spills(sheet) {
      const areas: SpillArea[] = [];
      if (invalid) return areas;
      for (const formula of arrayFormulas(hf)) {
        const { sheet: on, row, col } = formula.cellAddress;
        if (on !== sheet || formula.width * formula.height < 2) continue;
        if (arrayResult(formula) instanceof SimpleRangeValue)
          areas.push({ row, col, width: formula.width, height: formula.height });
      }
      return areas.sort((a, b) => a.row - b.row || a.col - b.col);
    },
    formulaText(sheet, row, col) {
      return hf.getCellFormula({ sheet, row, col });
    },
    parseProblem(formula) {
      const overLimit = formulaLimitError(formula);
      if (overLimit !== undefined) return overLimit.message;
      try {
        // Spelled as a cell's formula is when it is written, so what parses here parses there.
        if (hf.validateFormula(String(toEngineContent({ formula }, lambdaNames)))) return undefined;
      } catch (error) {
        // The parser ran out of stack (writeRun makes such a cell a parse error too).
        if (!(error instanceof RangeError)) throw error;
      }
      return 'the formula engine cannot parse it; check its brackets, quotes, commas and operators.';
    },
    evaluate(sheet, formula, budgetMs, at) {
      const problem = formulaLimitError(formula);
      if (problem !== undefined) return problem;
      let result: unknown;
      try {
        const run = runWithinTimeBudget(budgetMs, () =>
          calculateFormulaAt(
            hf,
            dynamicSpelling(lambdaSpelling(engineSpelling(resizedSumRanges(formula)), lambdaNames)),
            sheet,
            at,
          ),
        );
        if (run.exceeded)
          return new FormulaError(
            SENTINELS.notAvailable,
            `not computed within the time budget (${budgetMs} ms)`,
          );
        result = run.value;
      } catch (error) {
        return new FormulaError(
          SENTINELS.parse,
          error instanceof Error ? error.message : 'could not parse the formula',
        );
      }
      if (!Array.isArray(result)) return fromEngineScalar(result);
      const only = result.length === 1 && result[0]?.length === 1 ? result[0][0] : undefined;
      if (only !== undefined) return fromEngineScalar(only);
      const height = result.length;
      const width = result[0]?.length ?? 0;
      // Entered in its cell the formula spills: the cell shows the array's first value, #SPILL!
      // when other cells stand in its area, and one value when the area passes the sheet's edge
      // (as data-sized-spills.ts sizes it), so the dry run shows what the commit would.
      if (at !== undefined && width > 0 && width * height <= MAX_FORMULA_RANGE_CELLS) {
        const pastEdge = at.row + height > MAX_ROWS || at.col + width > MAX_COLUMNS;
        if (
          !pastEdge &&
          !roomToSpillAt(hf, { sheet, row: at.row, col: at.col }, { width, height, isRef: false })
        )
          return new FormulaError(
            SENTINELS.spill,
            'the cells the array would spill into are not empty',
          );
        return fromEngineScalar(result[0]![0]);
      }
      return new FormulaError(
        SENTINELS.value,
        'a range cannot be shown as one value; wrap it in a function such as SUM',
      );
    },
    lastReaching(groups, cells) {
      return invalid ? cells.map(() => -1) : lastReaching(hf, groups, cells);
    },
    withinTimeBudget(ms, fn) {
      const run = runWithinTimeBudget(ms, fn);
      if (run.exceeded) throw new FormulaTimeBudgetError(ms ?? 0);
      return run.value;
    },
    setRowVisibility(sheet, rows) {
      if (invalid) return;
      const graph = hf.dependencyGraph as unknown as Parameters<typeof subtotalCells>[0];
      if (!setRowsHidden(graph, sheet, rows)) return;
      // Nothing in the engine's dependencies says SUBTOTAL reads the layout: rewritten, each
      // SUBTOTAL formula is recomputed with its dependents.
      for (const address of subtotalCells(graph)) {
        const formula = hf.getCellFormula(address);
        if (formula !== undefined) collect(hf.setCellContents(address, [[formula]]));
      }
    },
    setColumnWidths(sheets) {
      if (invalid) return;
      const graph = hf.dependencyGraph as unknown as Parameters<typeof cellsCalling>[0];
      let changed = false;
      for (const [sheet, widths] of sheets)
        changed = setColumnWidths(graph, sheet, widths) || changed;
      if (!changed || !widthsWereRead(graph)) return;
      // As for SUBTOTAL and hidden rows: nothing in the engine's dependencies says CELL reads
      // the widths, so each formula calling it is rewritten, recomputed with its dependents.
      // One batch, and only then: resuming evaluation recomputes every volatile cell.
      const cells = cellsCalling(graph, WIDTH_READERS);
      if (cells.length === 0) return;
      this.batch(() => {
        for (const address of cells) {
          const formula = hf.getCellFormula(address);
          if (formula !== undefined) collect(hf.setCellContents(address, [[formula]]));
        }
      });
    },
    batch(fn) {
      if (batchDepth === 0 && !invalid) hf.suspendEvaluation();
      batchDepth += 1;
      try {
        return fn();
      } finally {
        batchDepth -= 1;
        if (batchDepth === 0 && !invalid) {
          const from = changedCells.length;
          collect(hf.resumeEvaluation());
          settle(from);
          if (rewritten)
            ({ cells: changedCells, sheets: changedSheets } = lastChangeOfEachCell(
              changedCells,
              changedSheets,
            ));
        }
        if (batchDepth === 0) {
          inPlaceAreas = [];
          rewritten = false;
        }
      }
    },
    functionNames() {
      return this.functionCatalogue().map((fn) => fn.name);
    },
    functionCatalogue() {
      if (catalogue?.of !== hf) catalogue = { of: hf, entries: catalogueOf(hf, customFunctions) };
      return catalogue.entries;
    },
    destroy() {
      hf.destroy();
    },
  };
}
