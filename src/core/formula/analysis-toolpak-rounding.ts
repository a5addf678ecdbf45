// MROUND as Excel answers it, in place of HyperFormula's: it came from the Analysis ToolPak, whose
// functions read TRUE and FALSE as no number (#VALUE!, ironcalc/MATH_AND_TRIGONOMETRY--
// MROUND_TRUNC_INT.xlsx C51–C56) and an argument left out as #N/A (MROUND(,5), C34); it rounds
// the quotient on its 15 significant digits, half away from zero, as ROUND does (roundTo).
import {
  CellError,
  ErrorType,
  FunctionArgumentType,
  FunctionPlugin,
  type FunctionPluginDefinition,
  type ImplementedFunctions,
} from 'hyperformula';
import { translateFunctionNames } from './engine-internals.js';
import { roundTo } from './excel-corrections.js';
import type { AstCall as Call } from './engine-internals.js';

/** A number argument of an Analysis ToolPak function, or the error to answer. */
type Coerce = (value: unknown) => unknown;

function toolpakNumber(value: unknown, coerce: Coerce): number | CellError {
  if (value instanceof CellError) return value;
  if (typeof value === 'boolean')
    return new CellError(ErrorType.VALUE, 'MROUND: TRUE and FALSE are not numbers');
  const number = coerce(value);
  if (number instanceof CellError) return number;
  if (typeof number === 'number') return number;
  if (typeof number === 'object' && number !== null && 'val' in number)
    return Number((number as { val: unknown }).val);
  return new CellError(ErrorType.VALUE, 'MROUND: the argument is not a number');
}

class ToolpakRounding extends FunctionPlugin {
  mround(ast: Call, state: unknown): unknown {
    if (ast.args.some((node) => node.type === 'EMPTY'))
      return new CellError(ErrorType.NA, 'MROUND: an argument is left out');
    const self = this as unknown as { coerceScalarToNumberOrError: Coerce };
    const coerce: Coerce = (value) => self.coerceScalarToNumberOrError(value);
    return this.runFunction(
      ast.args as never,
      state as never,
      this.metadata('MROUND'),
      (numberValue, multipleValue) => {
        const number = toolpakNumber(numberValue, coerce);
        if (number instanceof CellError) return number;
        const multiple = toolpakNumber(multipleValue, coerce);
        if (multiple instanceof CellError) return multiple;
        if (multiple === 0 || number === 0) return 0;
        if (number > 0 !== multiple > 0)
          return new CellError(ErrorType.NUM, 'MROUND: number and multiple have different signs');
        return roundTo(number / multiple, 0, 'nearest') * multiple;
      },
    );
  }
}

const VALUE = { argumentType: FunctionArgumentType.SCALAR };
const IMPLEMENTED: ImplementedFunctions = {
  MROUND: { method: 'mround', parameters: [VALUE, VALUE] },
};

/** The plugin class (stateless, shared by every engine); registered after HyperFormula's own. */
export function toolpakRoundingPlugin(): FunctionPluginDefinition {
  translateFunctionNames(Object.keys(IMPLEMENTED));
  (
    ToolpakRounding as unknown as { implementedFunctions: ImplementedFunctions }
  ).implementedFunctions = IMPLEMENTED;
  return ToolpakRounding as unknown as FunctionPluginDefinition;
}
