// PRODUCT of no numbers is 0 in Excel (PRODUCT of empty cells, text in cells, or a range holding
// neither numbers nor errors: ironcalc MATH_AND_TRIGONOMETRY--PRODUCT.xlsx G23, G24); HyperFormula
// answered 1, its empty product, and every formula multiplying by such a PRODUCT kept the 1. Its
// aggregation plugin's product is wrapped once on the prototype: only a result of exactly 1 is
// checked, by counting the numbers the same arguments hold (COUNT applies PRODUCT's coercions).
import { HyperFormula } from 'hyperformula';

interface AggregationPlugin {
  doProduct(args: unknown, state: unknown): unknown;
  doCount(args: unknown, state: unknown): unknown;
}

let corrected = false;

export function makeEmptyProductZero(): void {
  if (corrected) return;
  const plugin = HyperFormula.getFunctionPlugin('PRODUCT') as
    { prototype?: AggregationPlugin } | undefined;
  const prototype = plugin?.prototype;
  if (typeof prototype?.doProduct !== 'function' || typeof prototype.doCount !== 'function')
    throw new Error('HyperFormula no longer has PRODUCT where empty-product.ts patches it.');
  const product = prototype.doProduct;
  prototype.doProduct = function (this: AggregationPlugin, args, state) {
    const result = product.call(this, args, state);
    return result === 1 && this.doCount(args, state) === 0 ? 0 : result;
  };
  corrected = true;
}
