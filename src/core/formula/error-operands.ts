// An operator between an error and an array answers an array of that error in Excel: in a
// dynamic-array formula =21/0/D5:D1 is five #DIV/0! (each cell of D5:D1 divides the error), and
// it spills, or is #SPILL! when its area is taken, like any other five values (Microsoft: "Dynamic
// array formulas and spilled array behavior"; array arithmetic pairs every element). HyperFormula
// returns the error alone as soon as either operand is one, before it looks at the other: the
// formula answered one #DIV/0!, which a blocked formula shows in its cell (blocked-spills.ts) while
// the same formula blocked after it was entered showed #SPILL!, so a rebuild of the workbook
// changed its value. Its interpreter's operator dispatch is wrapped, once, on the prototype: in
// array arithmetic an error beside an array becomes a one-value array, which HyperFormula's own
// broadcasting then repeats over the other operand (an element that is already an error keeps its
// own on the left, as Excel's leftmost error wins). Outside array arithmetic the array is reduced
// to one value first, as before, and the error stands.
import { CellError, SimpleRangeValue } from 'hyperformula';
import { internalPrototype, type InterpreterState } from './engine-internals.js';

type BinaryOperation = (left: unknown, right: unknown) => unknown;

interface Interpreter {
  binaryRangeWrapper(
    operation: BinaryOperation,
    left: unknown,
    right: unknown,
    state: InterpreterState,
  ): unknown;
}

let installed = false;

/** The operand as an array when it is an error beside an array (array arithmetic only). */
function asArrayBeside(operand: unknown, other: unknown, state: InterpreterState): unknown {
  return state.arraysFlag && operand instanceof CellError && other instanceof SimpleRangeValue
    ? SimpleRangeValue.fromScalar(operand)
    : operand;
}

export function broadcastErrorsOverArrays(): void {
  if (installed) return;
  const prototype = internalPrototype<Interpreter>(
    ['evaluator', 'interpreter'],
    ['binaryRangeWrapper'],
    'HyperFormula no longer exposes its operator dispatch; error-operands.ts cannot repeat an error over an array.',
  );
  const original = prototype.binaryRangeWrapper;
  prototype.binaryRangeWrapper = function (
    this: Interpreter,
    operation: BinaryOperation,
    left: unknown,
    right: unknown,
    state: InterpreterState,
  ): unknown {
    return original.call(
      this,
      operation,
      asArrayBeside(left, right, state),
      asArrayBeside(right, left, state),
      state,
    );
  };
  installed = true;
}
