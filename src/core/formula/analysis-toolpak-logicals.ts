// The Analysis ToolPak's engineering functions, and its MULTINOMIAL, SERIESSUM, DOLLARDE and
// DOLLARFR (ironcalc MATH_AND_TRIGONOMETRY--MULTINOMIAL.xlsx F20, H20, H22, B27 with TRUE inside
// a range; --SERIESSUM.xlsx F7, G7; TEXT--DOLLARs.xlsx C11:D12), take no TRUE or FALSE for a
// number: Excel answers #VALUE! where HyperFormula reads TRUE as 1 (formulas/test.xlsx
// ENGINEERING column Y, e.g. `BESSELI(J3,1)` with TRUE in J3; ironcalc/ENGINEERING--ERFs.xlsx);
// so do QUOTIENT, SQRTPI, WEEKNUM and YEARFRAC (ironcalc MATH_AND_TRIGONOMETRY--MOD_QUOTIENT.xlsx
// DATEVALUE!D39:D40, formulas/test.xlsx MATH & TRIG!Y70, DATE & TIME!Y23, Y27).
// HyperFormula's own functions are kept, each behind a subclass of its plugin
// that first looks at the arguments: an error met before any logical value is left to the
// function, which answers with it as before.
import {
  CellError,
  ErrorType,
  HyperFormula,
  SimpleRangeValue,
  type FunctionPluginDefinition,
} from 'hyperformula';
import type { FunctionPluginClass, PluginCall, PluginMethod } from './engine-internals.js';

const NAMES = [
  'BESSELI',
  'BESSELJ',
  'BESSELK',
  'BESSELY',
  'ERF',
  'ERFC',
  'DELTA',
  'MULTINOMIAL',
  'SERIESSUM',
  'DOLLARDE',
  'DOLLARFR',
  'QUOTIENT',
  'SQRTPI',
  'WEEKNUM',
  'YEARFRAC',
] as const;
/** The functions that refuse TRUE and FALSE inside a range argument as well. */
const RANGES_READ: ReadonlySet<string> = new Set(['MULTINOMIAL']);

/** #VALUE! when an argument is TRUE or FALSE before any is an error; undefined otherwise. */
export function refusedLogical(
  plugin: unknown,
  ast: PluginCall,
  state: unknown,
  scanRanges = false,
): CellError | undefined {
  const evaluate = (plugin as { evaluateAst: (node: unknown, state: unknown) => unknown })
    .evaluateAst;
  for (const node of ast.args) {
    const given = evaluate.call(plugin, node, state);
    const values =
      scanRanges && given instanceof SimpleRangeValue ? given.valuesFromTopLeftCorner() : [given];
    for (const value of values) {
      if (value instanceof CellError) return undefined;
      if (typeof value === 'boolean')
        return new CellError(ErrorType.VALUE, 'TRUE or FALSE is not a number here');
    }
  }
  return undefined;
}

/** One subclass per HyperFormula plugin holding some of NAMES, registered after the originals. */
export function analysisToolPakLogicalsPlugins(): FunctionPluginDefinition[] {
  const byPlugin = new Map<FunctionPluginClass, string[]>();
  for (const name of NAMES) {
    const plugin = HyperFormula.getFunctionPlugin(name) as unknown as
      FunctionPluginClass | undefined;
    if (plugin === undefined) throw new Error(`HyperFormula no longer has ${name}`);
    byPlugin.set(plugin, [...(byPlugin.get(plugin) ?? []), name]);
  }
  return [...byPlugin].map(([Base, names]) => {
    const Refusing = class extends (Base as unknown as new (...args: unknown[]) => object) {};
    for (const name of names) {
      const metadata = Base.implementedFunctions[name]!;
      const scanRanges = RANGES_READ.has(name);
      (Refusing.prototype as Record<string, PluginMethod>)[metadata.method] = function (
        ast,
        state,
      ) {
        return (
          refusedLogical(this, ast, state, scanRanges) ??
          Base.prototype[metadata.method]!.call(this, ast, state)
        );
      };
    }
    // All of the plugin's functions are declared again, their methods as the subclass's own (as
    // HyperFormula requires): it makes one instance for a plugin and its subclasses
    // (instanceof), so this subclass's instance may serve the others too.
    for (const { method } of Object.values(Base.implementedFunctions))
      if (!Object.prototype.hasOwnProperty.call(Refusing.prototype, method))
        // Looked up at each call, so corrections patched later on the base's methods
        // (math-edge-corrections.ts) apply here too.
        (Refusing.prototype as Record<string, PluginMethod>)[method] = function (ast, state) {
          return Base.prototype[method]!.call(this, ast, state);
        };
    Object.assign(Refusing, {
      implementedFunctions: { ...Base.implementedFunctions },
      aliases: {},
    });
    return Refusing as unknown as FunctionPluginDefinition;
  });
}
