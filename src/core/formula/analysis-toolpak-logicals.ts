// The Analysis ToolPak's engineering functions take no TRUE or FALSE for a number: Excel answers
// #VALUE! where HyperFormula reads TRUE as 1 (formulas/test.xlsx ENGINEERING column Y, e.g.
// `BESSELI(J3,1)` with TRUE in J3; ironcalc/ENGINEERING--ERFs.xlsx). HyperFormula's own BESSELI,
// BESSELJ, BESSELK, BESSELY, ERF, ERFC and DELTA are kept, each behind a subclass of its plugin
// that first looks at the arguments: an error met before any logical value is left to the
// function, which answers with it as before.
import { CellError, ErrorType, HyperFormula, type FunctionPluginDefinition } from 'hyperformula';
import type { FunctionPluginClass, PluginCall, PluginMethod } from './engine-internals.js';

const NAMES = ['BESSELI', 'BESSELJ', 'BESSELK', 'BESSELY', 'ERF', 'ERFC', 'DELTA'] as const;

/** #VALUE! when an argument is TRUE or FALSE before any is an error; undefined otherwise. */
export function refusedLogical(
  plugin: unknown,
  ast: PluginCall,
  state: unknown,
): CellError | undefined {
  const evaluate = (plugin as { evaluateAst: (node: unknown, state: unknown) => unknown })
    .evaluateAst;
  for (const node of ast.args) {
    const value = evaluate.call(plugin, node, state);
    if (value instanceof CellError) return undefined;
    if (typeof value === 'boolean')
      return new CellError(ErrorType.VALUE, 'TRUE or FALSE is not a number here');
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
      const original = Base.prototype[metadata.method]!;
      (Refusing.prototype as Record<string, PluginMethod>)[metadata.method] = function (
        ast,
        state,
      ) {
        return refusedLogical(this, ast, state) ?? original.call(this, ast, state);
      };
    }
    // All of the plugin's functions are declared again, their methods as the subclass's own (as
    // HyperFormula requires): it makes one instance for a plugin and its subclasses
    // (instanceof), so this subclass's instance may serve the others too.
    for (const { method } of Object.values(Base.implementedFunctions))
      if (!Object.prototype.hasOwnProperty.call(Refusing.prototype, method))
        (Refusing.prototype as Record<string, PluginMethod>)[method] = Base.prototype[method]!;
    Object.assign(Refusing, {
      implementedFunctions: { ...Base.implementedFunctions },
      aliases: {},
    });
    return Refusing as unknown as FunctionPluginDefinition;
  });
}
