// CONCATENATE takes one value per argument: Excel intersects a range given to it in a formula
// without array entry with the formula's row or column (#VALUE! for a range it does not meet,
// or one of several rows and columns), and applies it cell by cell in an array formula; only
// CONCAT and TEXTJOIN join a range's every cell. HyperFormula joined every cell of the range
// (its metadata's `expandRanges`). Corpus: ironcalc TEXT--CONCATENATE.xlsx Sheet2!B2
// (`CONCATENATE(A1:A3, "!")` in row 2 is A2's " " and "!"), poi FormulaEvalTestData_Copy.xlsx
// EverythingTests I264:K264, formulas/test.xlsx TEXT!AG11:AH11 (array formulas: their anchor).
// The metadata is changed once, before any engine is built; HyperFormula's own argument
// coercion then intersects (and failed-intersection.ts keeps its #VALUE!).
import { HyperFormula } from 'hyperformula';

interface Metadata {
  expandRanges?: boolean;
}

let changed = false;

export function intersectConcatenateRanges(): void {
  if (changed) return;
  const plugin = HyperFormula.getFunctionPlugin('CONCATENATE') as
    { readonly implementedFunctions?: Record<string, Metadata> } | undefined;
  const metadata = plugin?.implementedFunctions?.['CONCATENATE'];
  if (metadata === undefined)
    throw new Error(
      'HyperFormula no longer has CONCATENATE where concatenate-intersection.ts changes it.',
    );
  metadata.expandRanges = false;
  changed = true;
}
