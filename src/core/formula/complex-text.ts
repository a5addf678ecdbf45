// Complex numbers are text ("1.2E-45-3i") that the IM… functions parse. Excel writes and reads
// the exponent with a capital E, as COMPLEX(1.2E-45,-3) gives it; HyperFormula's parser knew only
// a lower-case e, so every IM… function answered #NUM! for such a number. Its parser lives on
// the interpreter's arithmetic helper, shared through the prototype, so it is widened once there.
import { internalPrototype } from './engine-internals.js';

interface ComplexParser {
  coerceStringToComplex(text: string): unknown;
}

/** An E that starts an exponent: followed by an optional sign and a digit. */
const CAPITAL_EXPONENT = /E(?=[+-]?\d)/g;

let widened = false;

export function readCapitalExponentsInComplexText(): void {
  if (widened) return;
  const prototype = internalPrototype<ComplexParser>(
    ['evaluator', 'interpreter', 'arithmeticHelper'],
    ['coerceStringToComplex'],
    'HyperFormula no longer exposes its complex-number parser; complex-text.ts cannot widen it.',
  );
  const parse = prototype.coerceStringToComplex;
  prototype.coerceStringToComplex = function (this: ComplexParser, text: string) {
    return parse.call(this, text.replace(CAPITAL_EXPONENT, 'e'));
  };
  widened = true;
}
