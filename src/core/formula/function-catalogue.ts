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

/**
 * The category of the functions formulas may call here that Excel has not: GridOS's own (MINUS,
 * SUBTRACT …, kept so GridOS workbooks and agent habits work), HyperFormula's operators and
 * aliases and Google Sheets' functions it has. Excel shows #NAME? for them, so the formula bar's
 * autocomplete leaves them out; the agent and GET /functions still list them.
 */
export const NOT_IN_EXCEL = 'Not in Excel';

/** HyperFormula's built-ins that Excel has no function of that name for (besides HF.*). */
const HYPERFORMULA_NOT_IN_EXCEL: ReadonlySet<string> = new Set([
  'ARRAYFORMULA',
  'ARRAY_CONSTRAIN',
  'CHIDISTRT',
  'CHIINVRT',
  'COUNTUNIQUE',
  'COVARIANCEP',
  'COVARIANCES',
  'FDISTRT',
  'FINVRT',
  'INTERVAL',
  'ISBINARY',
  'MAXPOOL',
  'MEDIANPOOL',
  'POISSONDIST',
  'SKEWP',
  'SPLIT',
  'STDEVS',
  'TDIST2T',
  'TDISTRT',
  'TINV2T',
  'VARS',
  'VERSION',
  'WEIBULLDIST',
]);

/** Whether a HyperFormula built-in is one Excel lacks. */
export function hyperFormulaOnly(name: string): boolean {
  return name.startsWith('HF.') || HYPERFORMULA_NOT_IN_EXCEL.has(name);
}

/**
 * The parameter names a function's description opens with (`SUBSTITUTE(text, old_text,
 * new_text, [instance_num]): …`), for a function that declares none; undefined when the
 * description has no such signature or it does not give `count` names.
 */
export function describedParameters(
  name: string,
  description: string,
  count: number,
): string[] | undefined {
  if (!description.startsWith(`${name}(`)) return undefined;
  const close = description.indexOf(')', name.length);
  if (close < 0) return undefined;
  const names = description
    .slice(name.length + 1, close)
    .split(',')
    .map((part) => part.trim().replace(/^\[/, '').replace(/\]$/, '').replace(/=.*$/, '').trim())
    .filter((part) => part !== '' && part !== '…' && part !== '...');
  return names.length === count && names.every((part) => /^[A-Za-z_][\w.]*$/.test(part))
    ? names
    : undefined;
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
