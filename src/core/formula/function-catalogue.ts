// The one catalogue of the functions a workbook's engine evaluates: name, category, a short
// description and the signature (parameter names, optional ones in brackets, "…" when the last
// ones repeat). The agent's prompt, GET /functions, the MCP function list and the formula bar's
// autocomplete all read it, so they never disagree about what a formula may call.

export interface FunctionParameter {
  readonly name: string;
  readonly optional: boolean;
}

export interface FunctionInfo {
  /** Uppercase, as written in formulas. */
  readonly name: string;
  readonly category: string;
  /** One sentence; empty when the function carries none. */
  readonly description: string;
  readonly parameters: readonly FunctionParameter[];
  /** How many of the last parameters may repeat (SUM's number1 …); 0 when none does. */
  readonly repeatLastArgs: number;
  /** `VLOOKUP(search_criterion, array, index, [sort_order])`, `SUM(number1, …)`. */
  readonly signature: string;
}

/** The signature text of a function from its parameters. */
export function signatureOf(
  name: string,
  parameters: readonly FunctionParameter[],
  repeatLastArgs: number,
): string {
  const shown = parameters.map((parameter) =>
    parameter.optional ? `[${parameter.name}]` : parameter.name,
  );
  if (repeatLastArgs > 0) shown.push('…');
  return `${name}(${shown.join(', ')})`;
}

/** Positional parameter names for a function that declares none: `value1, [value2], …`. */
export function positionalParameters(
  minArgs: number,
  maxArgs: number,
): { parameters: FunctionParameter[]; repeatLastArgs: number } {
  const variadic = !Number.isFinite(maxArgs);
  const count = variadic ? Math.max(minArgs, 1) : maxArgs;
  const parameters = Array.from({ length: count }, (_, index) => ({
    name: `value${index + 1}`,
    optional: index >= minArgs,
  }));
  return { parameters, repeatLastArgs: variadic ? 1 : 0 };
}

/**
 * A catalogue entry for a function a plugin of ours declares (HyperFormula has no metadata for
 * it): parameters as [name, optional] pairs; the last `repeatLastArgs` of them may repeat.
 */
export function pluginFunctionInfo(
  name: string,
  category: string,
  description: string,
  declared: readonly (readonly [string, boolean])[],
  repeatLastArgs = 0,
): FunctionInfo {
  const parameters = declared.map(([parameter, optional]) => ({ name: parameter, optional }));
  return {
    name,
    category,
    description,
    parameters,
    repeatLastArgs,
    signature: signatureOf(name, parameters, repeatLastArgs),
  };
}

/** A row of a plugin's function table, as the catalogue reads it. */
export interface PluginFunctionDeclaration {
  readonly name: string;
  /** The row's own category; a plugin whose functions share one passes it to pluginCatalogue. */
  readonly category?: string;
  readonly description: string;
  readonly parameters: readonly (readonly [string, boolean])[];
  /** How many of the last parameters may repeat (FunctionInfo.repeatLastArgs); none when absent. */
  readonly repeatLastArgs?: number;
}

/** A row of a plugin's function table: its declaration, the plugin method and its size method. */
export interface PluginFunctionRow extends PluginFunctionDeclaration {
  readonly method: string;
  /** The size method, when the area is known from the arguments' sizes (else one cell). */
  readonly size?: string;
}

/**
 * The catalogue's entries, by name, for a plugin's functions (HyperFormula has no metadata for
 * them): each in the row's own category, else in `category`.
 */
export function pluginCatalogue(
  functions: readonly PluginFunctionDeclaration[],
  category?: string,
): ReadonlyMap<string, FunctionInfo> {
  return new Map(
    functions.map((fn) => {
      const shown = fn.category ?? category;
      // A table row without a category, in a plugin that gives none, is a programming error.
      if (shown === undefined) throw new Error(`${fn.name} has no catalogue category`);
      const info = pluginFunctionInfo(
        fn.name,
        shown,
        fn.description,
        fn.parameters,
        fn.repeatLastArgs,
      );
      return [fn.name, info];
    }),
  );
}
