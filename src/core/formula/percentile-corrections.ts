// PERCENTILE, QUARTILE and their .INC/.EXC forms as Excel answers them: an error inside the array
// comes before a k or quart out of range (PERCENTILE(Q29:R29,R29) over #REF! and -8 is #REF!,
// formulas test.xlsx COMPATIBILITY!AF29, AF32, STATISTICAL!AF78, AF79, AF87, AF88), and quart is
// checked below 0 before it is truncated (QUARTILE(F32:G32,-0.1) is #NUM!, COMPATIBILITY!U32; it was the
// minimum). HyperFormula checked k while reading the arguments, before the array, and truncated
// quart first. Its limits are taken off the argument descriptions and checked after the array,
// once, on the plugin's prototype; the computation stays HyperFormula's.
import { CellError, ErrorType, HyperFormula } from 'hyperformula';
import {
  builtinPluginPrototype,
  type AstCall as Call,
  type BuiltinPlugin as Plugin,
} from './engine-internals.js';

type Method = (this: Plugin, ast: Call, state: unknown) => unknown;
interface SortingPlugin extends Plugin {
  getSortedValues(range: unknown): unknown;
}
interface Parameter {
  minValue?: number;
  maxValue?: number;
  greaterThan?: number;
  lessThan?: number;
}

const LIMITS: readonly (readonly [string, string, (k: number) => boolean])[] = [
  ['PERCENTILE.INC', 'percentile', (k) => k >= 0 && k <= 1],
  ['PERCENTILE.EXC', 'percentileExc', (k) => k > 0 && k < 1],
  // Above 4 only once truncated: QUARTILE.INC(data, 4.5) is the maximum (ironcalc
  // STATISTICAL--PERCENTIL_QUARTIL.xlsx G9); below 0 before it (-0.1 is #NUM!).
  ['QUARTILE.INC', 'quartile', (quart) => quart >= 0 && quart < 5],
  ['QUARTILE.EXC', 'quartileExc', (quart) => quart > 0 && quart < 4],
];

let corrected = false;

export function checkPercentileArraysFirst(): void {
  if (corrected) return;
  for (const [name, method, valid] of LIMITS) {
    const prototype = builtinPluginPrototype(name, method, 'percentile-corrections.ts');
    const plugin = HyperFormula.getFunctionPlugin(name) as unknown as {
      implementedFunctions: Record<string, { parameters?: Parameter[] }>;
    };
    const limit = plugin.implementedFunctions[name]?.parameters?.[1];
    if (limit === undefined || typeof prototype['getSortedValues'] !== 'function')
      throw new Error(
        `HyperFormula no longer has ${name} where percentile-corrections.ts patches it.`,
      );
    delete limit.minValue;
    delete limit.maxValue;
    delete limit.greaterThan;
    delete limit.lessThan;
    const original = prototype[method] as Method;
    prototype[method] = function (this: Plugin, ast: Call, state: unknown) {
      const self = this as SortingPlugin;
      const checked = Object.create(self) as Plugin;
      checked.runFunction = (args, at, meta, fn) =>
        self.runFunction(args, at, meta, (...values) => {
          const sorted = self.getSortedValues(values[0]);
          if (sorted instanceof CellError) return sorted;
          if (!valid(values[1]!)) return new CellError(ErrorType.NUM, `${name}: out of range`);
          return fn(...values);
        });
      return original.call(checked, ast, state);
    };
  }
  corrected = true;
}
