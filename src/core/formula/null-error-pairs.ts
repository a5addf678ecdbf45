// Excel's statistics of two arrays (CORREL/PEARSON, COVARIANCE.P/S, RSQ, SLOPE, STEYX, F.TEST;
// CHISQ.TEST is excel-statistical-functions.ts's) answer the first error of their arrays, the first array read before the second,
// but pass over #NULL!: with #NULL! first and another error after it, Excel answers the other
// (formulas/test.xlsx STATISTICAL AD17, AD26, AD27, AD34, AD77, AD91, AD94, AD101: arrays
// holding #NULL!, #NUM!, #REF! … are #NUM!; a first error of another kind is answered as it is,
// Z26:AC26, AF26). HyperFormula answered the #NULL!. Each method is wrapped once, on its plugin's
// prototype, and reads its arguments again only when it answered #NULL!.
import { CellError, ErrorType, SimpleRangeValue } from 'hyperformula';
import {
  builtinPluginPrototype,
  type AstCall as Call,
  type BuiltinPlugin,
} from './engine-internals.js';

/** #NULL! as the engine holds it (engine-errors.ts: its unused licence error stands in for it). */
const NULL_ERROR = ErrorType.LIC;

type Method = (this: BuiltinPlugin, ast: Call, state: unknown) => unknown;

const FUNCTIONS: readonly (readonly [name: string, method: string])[] = [
  ['CORREL', 'correl'],
  ['COVARIANCE.P', 'covariancep'],
  ['COVARIANCE.S', 'covariances'],
  ['RSQ', 'rsq'],
  ['SLOPE', 'slope'],
  ['STEYX', 'steyx'],
  ['F.TEST', 'ftest'],
];

/** The first error other than #NULL! in the arguments, in order; undefined when there is none. */
function errorPastNull(plugin: BuiltinPlugin, ast: Call, state: unknown): CellError | undefined {
  const evaluate = (plugin as unknown as { evaluateAst: (node: unknown, at: unknown) => unknown })
    .evaluateAst;
  for (const node of ast.args) {
    const given = evaluate.call(plugin, node, state);
    const values = given instanceof SimpleRangeValue ? given.valuesFromTopLeftCorner() : [given];
    for (const value of values)
      if (value instanceof CellError && value.type !== NULL_ERROR) return value;
  }
  return undefined;
}

let installed = false;

export function passOverNullErrorsInPairs(): void {
  if (installed) return;
  for (const [name, method] of FUNCTIONS) {
    const prototype = builtinPluginPrototype(name, method, 'null-error-pairs.ts');
    const original = prototype[method] as Method;
    prototype[method] = function (this: BuiltinPlugin, ast: Call, state: unknown) {
      const result = original.call(this, ast, state);
      if (!(result instanceof CellError) || result.type !== NULL_ERROR) return result;
      return errorPastNull(this, ast, state) ?? result;
    };
  }
  installed = true;
}
