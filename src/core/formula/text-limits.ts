// Text results are bounded as in Excel: no formula yields text longer than 32,767 characters;
// it yields #VALUE! instead. Without the bound, `=REPT("x",3e8)` held 300 MB in one cell, and a
// chain of `=A1&A1` cells doubled it per cell until the process died; every export then failed
// on the oversized string.
import { CellError, ErrorType, FunctionArgumentType, FunctionPlugin, HyperFormula, type FunctionPluginDefinition } from 'hyperformula';
import { MAX_TEXT_LENGTH } from '../value-typing.js';

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
  const interpreter = (probe as unknown as { evaluator?: { interpreter?: Interpreter } }).evaluator?.interpreter;
  probe.destroy();
  const prototype = interpreter === undefined ? undefined : (Object.getPrototypeOf(interpreter) as Interpreter);
  if (prototype === undefined || typeof prototype.evaluateAst !== 'function') {
    throw new Error('HyperFormula no longer exposes its interpreter; text-limits.ts cannot bound text results.');
  }
  const evaluate = prototype.evaluateAst;
  // Recursive evaluation calls `this.evaluateAst`, so the wrapper sees every node.
  prototype.evaluateAst = function (this: Interpreter, ast: unknown, state: unknown): unknown {
    const value = evaluate.call(this, ast, state);
    return typeof value === 'string' && value.length > MAX_TEXT_LENGTH ? new CellError(ErrorType.VALUE, TOO_LONG) : value;
  };
  bounded = true;
}

type Runner = (args: unknown, state: unknown, metadata: unknown, fn: (text: string, count: number) => unknown) => unknown;

/** REPT that refuses before repeating: the check on results would come after 300 MB were built. */
class BoundedRepeat extends FunctionPlugin {
  static override implementedFunctions = {
    REPT: {
      method: 'rept',
      parameters: [{ argumentType: FunctionArgumentType.STRING }, { argumentType: FunctionArgumentType.NUMBER }],
    },
  };

  rept(ast: { args: unknown }, state: unknown): unknown {
    const self = this as unknown as { runFunction: Runner; metadata: (name: string) => unknown };
    return self.runFunction(ast.args, state, self.metadata('REPT'), (text, count) => {
      if (count < 0) return new CellError(ErrorType.VALUE, 'REPT needs a count of 0 or more');
      return text.length * Math.trunc(count) > MAX_TEXT_LENGTH ? new CellError(ErrorType.VALUE, TOO_LONG) : text.repeat(count);
    });
  }
}

/** Registered after HyperFormula's own plugins, so its REPT replaces theirs. */
export const boundedTextFunctions = BoundedRepeat as unknown as FunctionPluginDefinition;
