// Excel reads the empty text "" as no number at all: ="" + 1, INT(""), MROUND("", 3) and LCM("", 2)
// answer #VALUE! (Microsoft's "How to correct a #VALUE! error": text in arithmetic). HyperFormula
// coerced "" to 0, so a formula fed by a cell holding ="" answered a number where Excel has an
// error. Its coercion lives on the interpreter's arithmetic helper, shared through the
// prototype, so it is narrowed once there; an empty cell still counts as 0.
import { internalPrototype } from './engine-internals.js';

interface NumberCoercion {
  coerceNonDateScalarToMaybeNumber(value: unknown): unknown;
}

let narrowed = false;

export function refuseEmptyTextAsNumber(): void {
  if (narrowed) return;
  const prototype = internalPrototype<NumberCoercion>(
    ['evaluator', 'interpreter', 'arithmeticHelper'],
    ['coerceNonDateScalarToMaybeNumber'],
    'HyperFormula no longer exposes its number coercion; empty-text-coercion.ts cannot narrow it.',
  );
  const coerce = prototype.coerceNonDateScalarToMaybeNumber;
  prototype.coerceNonDateScalarToMaybeNumber = function (this: NumberCoercion, value: unknown) {
    // undefined is "not a number": the callers turn it into #VALUE!.
    return value === '' ? undefined : coerce.call(this, value);
  };
  narrowed = true;
}
