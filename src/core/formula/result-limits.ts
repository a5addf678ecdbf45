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
import { MAX_FORMULA_RANGE_CELLS } from './formula-limits.js';

const TOO_LONG = `the text would be longer than ${MAX_TEXT_LENGTH} characters, the most a cell holds`;

interface Interpreter {
  evaluateAst(ast: unknown, state: unknown): unknown;
}

let bounded = false;

/**
 * Checks every intermediate result of every formula evaluated (`&`, CONCATENATE, SUBSTITUTE …),
 * so no text grows past the bound by more than one step. HyperFormula has no setting for this,
 * so its interpreter's evaluateAst is wrapped, once, on the prototype: instances evaluate while
 * they are built (buildFromSheets), before anyone could wrap them one by one. A missing
 * interpreter (an upgrade that moved it) stops start-up rather than leaving the bound off.
 */
export function limitTextResults(): void {
  if (bounded) return;
  const probe = HyperFormula.buildEmpty({ licenseKey: 'gpl-v3' });
  const interpreter = (probe as unknown as { evaluator?: { interpreter?: Interpreter } }).evaluator
    ?.interpreter;
  probe.destroy();
  const prototype =
    interpreter === undefined ? undefined : (Object.getPrototypeOf(interpreter) as Interpreter);
  if (prototype === undefined || typeof prototype.evaluateAst !== 'function') {
    throw new Error(
      'HyperFormula no longer exposes its interpreter; text-limits.ts cannot bound text results.',
    );
  }
  const evaluate = prototype.evaluateAst;
  // Recursive evaluation calls `this.evaluateAst`, so the wrapper sees every node.
  prototype.evaluateAst = function (this: Interpreter, ast: unknown, state: unknown): unknown {
    const value = evaluate.call(this, ast, state);
    return typeof value === 'string' && value.length > MAX_TEXT_LENGTH
      ? new CellError(ErrorType.VALUE, TOO_LONG)
      : value;
  };
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

const TOO_MANY = `the array would have more than ${MAX_FORMULA_RANGE_CELLS} cells, the most a formula may make`;

/** REPT that refuses before repeating (a check on the result would come after 300 MB were built), and SEQUENCE within the array bound. */
class BoundedFunctions extends SequencePlugin {
  static implementedFunctions = {
    REPT: {
      method: 'rept',
      parameters: [
        { argumentType: FunctionArgumentType.STRING },
        { argumentType: FunctionArgumentType.NUMBER },
      ],
    },
    SEQUENCE: {
      ...(SequencePlugin as unknown as { implementedFunctions: Record<string, object> })
        .implementedFunctions['SEQUENCE'],
    },
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
    const self = this as unknown as PluginSelf;
    let tooMany = false;
    // The arguments are evaluated once here to see the size; HyperFormula's own SEQUENCE then builds the array.
    self.runFunction(ast.args, state, self.metadata('SEQUENCE'), (rows: number, cols: number) => {
      tooMany = Math.trunc(rows) * Math.trunc(cols) > MAX_FORMULA_RANGE_CELLS;
      return 0;
    });
    return tooMany ? new CellError(ErrorType.VALUE, TOO_MANY) : super.sequence(ast, state);
  }

  /** The size predicted when the formula is parsed: a too-big array is a single error cell, not a spill. */
  override sequenceArraySize(
    ast: unknown,
    state: unknown,
  ): { width: number; height: number; isRef: boolean } {
    const size = super.sequenceArraySize(ast, state);
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
