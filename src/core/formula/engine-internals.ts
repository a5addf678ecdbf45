// A few of HyperFormula's answers are corrected by patching its internal classes once, on their
// prototypes: engines evaluate while they are built, before anyone could wrap an instance. This
// reads such a class off an empty engine, and stops start-up (naming what moved) when an upgrade
// changed it, rather than running without the correction.
import {
  HyperFormula,
  type FunctionPluginDefinition,
  type ImplementedFunctions,
} from 'hyperformula';

/**
 * The prototype of the internal object at `path` of an engine (`['evaluator', 'interpreter']`),
 * checked to have every method in `methods`; otherwise throws `failure`.
 */
export function internalPrototype<T extends object>(
  path: readonly string[],
  methods: readonly string[],
  failure: string,
): T {
  const probe = HyperFormula.buildEmpty({ licenseKey: 'gpl-v3' });
  let part: unknown = probe;
  for (const key of path) part = (part as Record<string, unknown> | undefined)?.[key];
  probe.destroy();
  const prototype =
    typeof part === 'object' && part !== null
      ? (Object.getPrototypeOf(part) as Record<string, unknown>)
      : undefined;
  if (prototype === undefined || methods.some((name) => typeof prototype[name] !== 'function'))
    throw new Error(failure);
  return prototype as T;
}

/**
 * Makes HyperFormula's language know each of `names` as itself: it reads every function name
 * through the language, so a plugin's functions are unknown (#NAME?) until translated. The
 * language is the one global piece of a plugin; an identity mapping is harmless to share.
 */
export function translateFunctionNames(names: Iterable<string>): void {
  const language = HyperFormula.getLanguage('enGB');
  for (const name of names)
    if (!language.isFunctionTranslated(name)) language.extendFunctions({ [name]: name });
}

/** A node of HyperFormula's formula syntax tree, as far as our plugins read one. */
export interface AstNode {
  readonly type: string;
  readonly value?: unknown;
  readonly [key: string]: unknown;
}

/** An argument node written as nothing (`GCD(,5)`): HyperFormula's AstNodeType.EMPTY. */
export function isWrittenAsNothing(node: unknown): boolean {
  return (node as { type?: unknown } | undefined)?.type === 'EMPTY';
}

/**
 * An argument node written as text, which no reference can be: a string literal or a join with
 * & (HyperFormula's AstNodeType STRING, CONCATENATE_OP).
 */
export function isWrittenAsText(node: unknown): boolean {
  const type = (node as { type?: unknown } | undefined)?.type;
  return type === 'STRING' || type === 'CONCATENATE_OP';
}

/** A function call node: its arguments' nodes. */
export interface AstCall {
  readonly args: readonly AstNode[];
}

/** A cell's address inside an engine. */
export interface EngineAddress {
  readonly sheet: number;
  readonly row: number;
  readonly col: number;
}

/** The interpreter's state a plugin method receives with a call. */
export interface InterpreterState {
  readonly formulaAddress: EngineAddress;
  readonly arraysFlag: boolean;
}

/** A function call as a plugin's method receives it (the part of HyperFormula's ProcedureAst used). */
export interface PluginCall {
  readonly args: readonly unknown[];
}

/** A plugin's method for one function. */
export type PluginMethod = (this: unknown, ast: PluginCall, state: unknown) => unknown;

/** A HyperFormula function plugin class, as our subclasses of one see it. */
export interface FunctionPluginClass {
  readonly implementedFunctions: ImplementedFunctions;
  readonly prototype: Record<string, PluginMethod>;
}

/** A function one of our plugin classes answers: the method evaluating it, the one sizing its result. */
export interface PluginFunction {
  readonly name: string;
  readonly method: string;
  readonly size?: string;
}

/**
 * Gives `pluginClass` the functions it answers, each taking its arguments as syntax
 * (`parameters: []`: the method evaluates what it needs), and returns the class as HyperFormula
 * registers it; their names are added to the language. `defaultSize` sizes a function without
 * its own `size` (without one, HyperFormula sizes such a call in an array formula as an error);
 * `arrayArguments` lets array arithmetic run inside the arguments (A2:A13^{1,2} is an array).
 */
export function definePlugin(
  pluginClass: object,
  functions: readonly PluginFunction[],
  options: { readonly defaultSize?: string; readonly arrayArguments?: boolean } = {},
): FunctionPluginDefinition {
  translateFunctionNames(functions.map((fn) => fn.name));
  const implemented: ImplementedFunctions = {};
  for (const fn of functions) {
    const size = fn.size ?? options.defaultSize;
    implemented[fn.name] = {
      method: fn.method,
      ...(size === undefined ? {} : { sizeOfResultArrayMethod: size }),
      parameters: [],
      ...(options.arrayArguments === true ? { enableArrayArithmeticForArguments: true } : {}),
    };
  }
  (pluginClass as { implementedFunctions: ImplementedFunctions }).implementedFunctions =
    implemented;
  return pluginClass as FunctionPluginDefinition;
}

/** A built-in numeric function plugin's prototype, as the files that patch one see it. */
export interface BuiltinPlugin {
  runFunction(
    args: readonly AstNode[],
    state: unknown,
    metadata: unknown,
    fn: (...args: number[]) => unknown,
  ): unknown;
  metadata(name: string): unknown;
  [method: string]: unknown;
}

/**
 * The prototype of the built-in plugin that implements `name` with `method`; throws naming
 * `patcher` (the file that patches it) when an upgrade moved it, rather than patching nothing.
 */
export function builtinPluginPrototype(
  name: string,
  method: string,
  patcher: string,
): BuiltinPlugin {
  const plugin = HyperFormula.getFunctionPlugin(name) as { prototype?: BuiltinPlugin } | undefined;
  const prototype = plugin?.prototype;
  if (prototype === undefined || typeof prototype[method] !== 'function')
    throw new Error(`HyperFormula no longer has ${name} where ${patcher} patches it.`);
  return prototype;
}
