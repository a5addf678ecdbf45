// Argument rules of HyperFormula built-ins that differ from Excel's, corrected in the metadata the
// engine reads (shared by every instance, like the language; setting it twice is harmless).
import { EmptyValue, HyperFormula } from 'hyperformula';
import { internalPrototype } from './engine-internals.js';

interface ParameterMetadata {
  emptyAsDefault?: boolean;
}

interface PluginMetadata {
  readonly implementedFunctions?: Record<string, { parameters?: ParameterMetadata[] }>;
}

/**
 * Optional arguments that Excel reads as left out when they are written empty (`,,`), so they
 * take their default. XLOOKUP(x, keys, values, , 0): an empty if_not_found means "not given",
 * and a value that is not found is #N/A (Microsoft's XLOOKUP page); HyperFormula read the empty
 * argument as an empty value and answered 0.
 */
const EMPTY_MEANS_OMITTED: Readonly<Record<string, readonly number[]>> = {
  XLOOKUP: [3, 4, 5],
};

export function correctBuiltInArguments(): void {
  for (const [name, indexes] of Object.entries(EMPTY_MEANS_OMITTED)) {
    const plugin = HyperFormula.getFunctionPlugin(name) as PluginMetadata | undefined;
    const parameters = plugin?.implementedFunctions?.[name]?.parameters;
    if (parameters === undefined)
      throw new Error(`HyperFormula no longer describes ${name}'s arguments; cannot correct them.`);
    for (const index of indexes) {
      const parameter = parameters[index];
      if (parameter !== undefined) parameter.emptyAsDefault = true;
    }
  }
}

interface CriterionBuilder {
  fromCellValue(raw: unknown, arithmetic: unknown): unknown;
}

let emptyCriteriaAreZero = false;

/**
 * A criteria argument that is an empty cell counts as 0 in COUNTIF, COUNTIFS, SUMIF, SUMIFS,
 * AVERAGEIF(S), MINIFS and MAXIFS (Microsoft's COUNTIFS and AVERAGEIF pages: "treats the empty
 * cell as a 0 value"); HyperFormula answered #VALUE! ("Incorrect criterion"). Its criterion
 * builder is shared through the interpreter's prototype chain, so it is corrected once there.
 */
export function treatEmptyCriteriaAsZero(): void {
  if (emptyCriteriaAreZero) return;
  const prototype = internalPrototype<CriterionBuilder>(
    ['evaluator', 'interpreter', 'criterionBuilder'],
    ['fromCellValue'],
    'HyperFormula no longer exposes its criterion builder; cannot correct it.',
  );
  const build = prototype.fromCellValue;
  prototype.fromCellValue = function (this: CriterionBuilder, raw, arithmetic) {
    return build.call(this, raw === EmptyValue ? 0 : raw, arithmetic);
  };
  emptyCriteriaAreZero = true;
}
