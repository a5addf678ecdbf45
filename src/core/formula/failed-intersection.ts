// A range given where a function reads one value of any kind (ISBLANK, ISERROR, ISNUMBER, ISTEXT …,
// ERROR.TYPE: HyperFormula's SCALAR arguments) in a formula without array entry is
// intersected with the formula's row or column (Excel's implicit intersection); where there is
// no such cell, Excel hands the function the #VALUE! that intersection gives, as a value, so
// ISERROR(C10:C13) in column G is TRUE and ISBLANK(K13:L14) in row 772 FALSE (poi
// FormulaEvalTestData_Copy.xlsx EverythingTests G780, K772, L784, K792, P796, K808).
// HyperFormula answered the call itself with #VALUE!. Its argument coercion is wrapped once, on
// the prototype every plugin shares, and only for that failure.
import {
  CellError,
  ErrorType,
  FunctionArgumentType,
  FunctionPlugin,
  SimpleRangeValue,
} from 'hyperformula';

type Coercion = (
  this: unknown,
  arg: unknown,
  type: { argumentType: unknown },
  state: unknown,
) => unknown;

let installed = false;

export function passFailedIntersectionsAsErrors(): void {
  if (installed) return;
  const prototype = FunctionPlugin.prototype as unknown as { coerceToType: Coercion };
  const coerce = prototype.coerceToType;
  if (typeof coerce !== 'function')
    throw new Error(
      'HyperFormula no longer coerces arguments in coerceToType; failed-intersection.ts cannot apply.',
    );
  prototype.coerceToType = function (arg, type, state) {
    const coerced = coerce.call(this, arg, type, state);
    if (
      coerced === undefined &&
      type.argumentType === FunctionArgumentType.SCALAR &&
      arg instanceof SimpleRangeValue
    )
      return new CellError(ErrorType.VALUE, 'no cell of the range in the formula’s row or column');
    return coerced;
  };
  installed = true;
}
