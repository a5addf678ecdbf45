// Formula results are bounded before they cost memory or time. Text as in Excel: no formula
// yields text longer than 32,767 characters; it yields #VALUE! instead. Without the bound,
// `=REPT("x",3e8)` held 300 MB in one cell, and a chain of `=A1&A1` cells doubled it per cell
// until the process died; every export then failed on the oversized string. Arrays: SEQUENCE,
// the one function that makes a big array from small input, makes at most as many cells as a
// formula's ranges may cover (`=SEQUENCE(1000000)` took 5 s and spilled a million cells).
import {
  CellError,
  ErrorType,
  FunctionArgumentType,
  FunctionPlugin,
  HyperFormula,
  type FunctionPluginDefinition,
} from 'hyperformula';
import { MAX_TEXT_LENGTH } from '../value-typing.js';
import { internalPrototype, isWrittenAsNothing } from './engine-internals.js';
import { MAX_FORMULA_RANGE_CELLS } from './formula-limits.js';
import { SequenceArray } from './sequence-arrays.js';
import { budgetSpent, timedEntry } from './time-budget.js';

const TOO_LONG = `the text would be longer than ${MAX_TEXT_LENGTH} characters, the most a cell holds`;
const OUT_OF_TIME = 'the formula time budget was spent before this was computed';

interface Interpreter {
  evaluateAst(ast: unknown, state: unknown): unknown;
}

type Entry = (this: unknown, ...args: unknown[]) => unknown;
interface Evaluator {
  interpreter?: Interpreter;
  run?: Entry;
  partialRun?: Entry;
  runAndForget?: Entry;
}

let bounded = false;

/**
 * Checks every intermediate result of every formula evaluated (`&`, CONCATENATE, SUBSTITUTE …),
 * so no text grows past the bound by more than one step, and stops evaluating once a
 * recalculation has spent its time budget (time-budget.ts). HyperFormula has no setting for
 * either, so its interpreter's evaluateAst and its evaluator's entry points are wrapped, once,
 * on the prototypes: instances evaluate while they are built (buildFromSheets), before anyone
 * could wrap them one by one. A missing interpreter or evaluator entry (an upgrade that moved
 * them) stops start-up rather than leaving a bound off.
 */
export function limitTextResults(): void {
  if (bounded) return;
  const failure =
    'HyperFormula no longer exposes its interpreter or evaluator; result-limits.ts cannot bound formula results and time.';
  const prototype = internalPrototype<Interpreter>(
    ['evaluator', 'interpreter'],
    ['evaluateAst'],
    failure,
  );
  const entries = ['run', 'partialRun', 'runAndForget'] as const;
  const evaluatorPrototype = internalPrototype<Evaluator>(['evaluator'], entries, failure);
  const evaluate = prototype.evaluateAst;
  // Recursive evaluation calls `this.evaluateAst`, so the wrapper sees every node.
  prototype.evaluateAst = function (this: Interpreter, ast: unknown, state: unknown): unknown {
    if (budgetSpent()) return new CellError(ErrorType.NA, OUT_OF_TIME);
    const value = evaluate.call(this, ast, state);
    return typeof value === 'string' && value.length > MAX_TEXT_LENGTH
      ? new CellError(ErrorType.VALUE, TOO_LONG)
      : value;
  };
  for (const name of entries) evaluatorPrototype[name] = timedEntry(evaluatorPrototype[name]!);
  bounded = true;
}

type Runner = (
  args: unknown,
  state: unknown,
  metadata: unknown,
  fn: (...values: never[]) => unknown,
) => unknown;
type PluginSelf = { runFunction: Runner; metadata: (name: string) => unknown };

const SequencePlugin = HyperFormula.getFunctionPlugin('SEQUENCE') as unknown as new (
  ...args: never[]
) => FunctionPlugin & {
  sequence(ast: unknown, state: unknown): unknown;
  sequenceArraySize(
    ast: unknown,
    state: unknown,
  ): { width: number; height: number; isRef: boolean };
};

interface SheetLimits {
  readonly maxRows: number;
  readonly maxColumns: number;
}

/**
 * SEQUENCE's metadata with rows, when left out, 1 as its other arguments are: Excel's
 * `SEQUENCE(,12,,2.5)` is one row (ironcalc MATH_AND_TRIGONOMETRY--SEQUENCE.xlsx C23);
 * HyperFormula read it as 0 rows, #VALUE!.
 */
function sequenceWithDefaultRows(): object {
  const metadata = (SequencePlugin as unknown as { implementedFunctions: Record<string, object> })
    .implementedFunctions['SEQUENCE'] as { parameters: object[] };
  const [rows, ...rest] = metadata.parameters;
  return { ...metadata, parameters: [{ ...rows, defaultValue: 1, emptyAsDefault: true }, ...rest] };
}

/** The call with a left-out rows written as 1, for HyperFormula's size prediction. */
function withRowsWritten(ast: unknown): unknown {
  const call = ast as { args?: readonly { type?: string }[] };
  const [rows, ...rest] = call.args ?? [];
  if (rows === undefined || !isWrittenAsNothing(rows)) return ast;
  return { ...call, args: [{ type: 'NUMBER', value: 1 }, ...rest] };
}

/** SEQUENCE's array when HyperFormula would build one for these arguments (its checks), else undefined. */
function sequenceArray(
  rows: number,
  cols: number,
  start: number,
  step: number,
  limits: SheetLimits,
): SequenceArray | undefined {
  if (!Number.isFinite(rows) || !Number.isFinite(cols) || rows < 0 || cols < 0) return undefined;
  const height = Math.trunc(rows);
  const width = Math.trunc(cols);
  if (height < 1 || width < 1 || height > limits.maxRows || width > limits.maxColumns)
    return undefined;
  return new SequenceArray(height, width, start, step);
}

const TOO_MANY = `the array would have more than ${MAX_FORMULA_RANGE_CELLS} cells, the most a formula may make`;

/** REPT that refuses before repeating (a check on the result would come after 300 MB were built), and SEQUENCE within the array bound, its array made when read (sequence-arrays.ts). */
class BoundedFunctions extends SequencePlugin {
  static implementedFunctions = {
    REPT: {
      method: 'rept',
      parameters: [
        { argumentType: FunctionArgumentType.STRING },
        { argumentType: FunctionArgumentType.NUMBER },
      ],
    },
    SEQUENCE: sequenceWithDefaultRows(),
  };

  rept(ast: { args: unknown }, state: unknown): unknown {
    const self = this as unknown as PluginSelf;
    return self.runFunction(
      ast.args,
      state,
      self.metadata('REPT'),
      (text: string, count: number) => {
        if (count < 0) return new CellError(ErrorType.VALUE, 'REPT needs a count of 0 or more');
        return text.length * Math.trunc(count) > MAX_TEXT_LENGTH
          ? new CellError(ErrorType.VALUE, TOO_LONG)
          : text.repeat(count);
      },
    );
  }

  override sequence(ast: { args: unknown }, state: unknown): unknown {
    const self = this as unknown as PluginSelf & { config: SheetLimits };
    let made: unknown;
    self.runFunction(
      ast.args,
      state,
      self.metadata('SEQUENCE'),
      (rows: number, cols: number, start: number, step: number) => {
        made =
          Math.trunc(rows) * Math.trunc(cols) > MAX_FORMULA_RANGE_CELLS
            ? new CellError(ErrorType.VALUE, TOO_MANY)
            : sequenceArray(rows, cols, start, step, self.config);
        return 0;
      },
    );
    // Arguments HyperFormula refuses: its own SEQUENCE answers its error for them.
    return made ?? super.sequence(ast, state);
  }

  /** The size predicted when the formula is parsed: a too-big array is a single error cell, not a spill. */
  override sequenceArraySize(
    ast: unknown,
    state: unknown,
  ): { width: number; height: number; isRef: boolean } {
    const size = super.sequenceArraySize(withRowsWritten(ast), state);
    if (size.width * size.height <= MAX_FORMULA_RANGE_CELLS) return size;
    // HyperFormula's own "error" size (1 × 1, a reference), keeping its class and methods.
    return Object.assign(Object.create(Object.getPrototypeOf(size) as object) as typeof size, {
      width: 1,
      height: 1,
      isRef: true,
    });
  }
}

/** Registered after HyperFormula's own plugins, so these replace their REPT and SEQUENCE. */
export const boundedFunctions = BoundedFunctions as unknown as FunctionPluginDefinition;
