// Excel reads every argument of a function before it checks any against the function's domain:
// CONFIDENCE.NORM(0.5,-1,"TRUE") is #VALUE! for the text, not #NUM! for the negative standard
// deviation (formulas/test.xlsx STATISTICAL U18, U19). HyperFormula coerced and bounds-checked
// each argument in turn, so a bound refused an early argument before a later one's type error or
// error value was seen. Its coercion is wrapped once, on FunctionPlugin's prototype: when a bound
// answered, the arguments are read again without bounds and a type error or error value among
// them comes first.
import { CellError, ErrorType, FunctionArgumentType, FunctionPlugin } from 'hyperformula';

/** HyperFormula's messages of an argument refused by its metadata's bounds (ErrorMessage). */
const BOUND_MESSAGES: ReadonlySet<string> = new Set([
  'Value too small.',
  'Value too large.',
  'Value needs to be an integer.',
]);

/** The bound keys of HyperFormula's argument metadata (FunctionArgument). */
const BOUND_KEYS = ['minValue', 'maxValue', 'lessThan', 'greaterThan'] as const;

type Coercion = (
  this: FunctionPlugin,
  state: unknown,
  args: unknown[],
  metadata: (Record<string, unknown> | undefined)[],
  ...rest: unknown[]
) => unknown;

function unbounded(
  metadata: readonly (Record<string, unknown> | undefined)[],
): (Record<string, unknown> | undefined)[] {
  return metadata.map((argument) => {
    if (argument === undefined) return argument;
    const copy: Record<string, unknown> = { ...argument };
    for (const key of BOUND_KEYS) delete copy[key];
    // An integer is a number with a bound on its fraction.
    if (copy.argumentType === FunctionArgumentType.INTEGER)
      copy.argumentType = FunctionArgumentType.NUMBER;
    return copy;
  });
}

let installed = false;

export function checkBoundsAfterTypes(): void {
  if (installed) return;
  const prototype = FunctionPlugin.prototype as unknown as Record<string, Coercion>;
  const coerce = prototype.coerceArgumentsToRequiredTypes;
  if (typeof coerce !== 'function')
    throw new Error(
      'HyperFormula no longer has coerceArgumentsToRequiredTypes: bounds-after-types.ts needs updating',
    );
  prototype.coerceArgumentsToRequiredTypes = function (this, state, args, metadata, ...rest) {
    const coerced = coerce.call(this, state, args, metadata, ...rest);
    if (
      !(coerced instanceof CellError) ||
      coerced.type !== ErrorType.NUM ||
      !BOUND_MESSAGES.has(coerced.message ?? '')
    )
      return coerced;
    const typed = coerce.call(this, state, args, unbounded(metadata), ...rest);
    return typed instanceof CellError ? typed : coerced;
  };
  installed = true;
}
