// LENB, LEFTB, RIGHTB, MIDB, FINDB and REPLACEB: Excel counts bytes only where a double-byte
// language (Japanese, Chinese, Korean) is the default editing language, and otherwise answers
// exactly as LEN, LEFT, RIGHT, MID, FIND and REPLACE (Microsoft's LEN/LENB page). Gridbook
// assumes en-US, so each is registered as an alias of HyperFormula's own function, through a
// subclass of its text plugin: the same argument rules, array behaviour and results.
import { HyperFormula, type FunctionPluginDefinition } from 'hyperformula';
import { translateFunctionNames } from './engine-internals.js';

interface PluginClass {
  readonly implementedFunctions: Readonly<Record<string, object>>;
}

/** Each byte-counting name and the function it answers as. */
const BYTE_ALIASES = {
  LENB: 'LEN',
  LEFTB: 'LEFT',
  RIGHTB: 'RIGHT',
  MIDB: 'MID',
  FINDB: 'FIND',
  REPLACEB: 'REPLACE',
} as const;

function byteTextPlugin(): FunctionPluginDefinition {
  const TextPlugin = HyperFormula.getFunctionPlugin('LEN') as unknown as
    (PluginClass & (new (...args: never[]) => object)) | undefined;
  const implemented: Record<string, object> = {};
  for (const name of Object.values(BYTE_ALIASES)) {
    const metadata = TextPlugin?.implementedFunctions[name];
    if (TextPlugin === undefined || metadata === undefined)
      throw new Error(`HyperFormula no longer has ${name} in its text plugin; cannot alias it.`);
    implemented[name] = metadata;
  }
  // The plugin's methods read their metadata by the built-in names, so those are declared again
  // (the same metadata and methods as HyperFormula's own) beside the aliases.
  class ByteTextFunctions extends TextPlugin! {
    static override implementedFunctions = implemented;
    static aliases = { ...BYTE_ALIASES };
  }
  // HyperFormula looks for a function's method on the plugin's own prototype, not inherited.
  const own = ByteTextFunctions.prototype as unknown as Record<string, unknown>;
  const inherited = TextPlugin!.prototype as unknown as Record<string, unknown>;
  for (const metadata of Object.values(implemented)) {
    const method = (metadata as { method: string }).method;
    // Looked up at each call, so a correction patched on HyperFormula's method later (FIND's,
    // find-corrections.ts) applies to the alias too.
    own[method] = function (this: unknown, ...args: unknown[]): unknown {
      return (inherited[method] as (...given: unknown[]) => unknown).apply(this, args);
    };
  }
  // Function names are read through the language pack, as the other plugins' are.
  translateFunctionNames(Object.keys(BYTE_ALIASES));
  return ByteTextFunctions as unknown as FunctionPluginDefinition;
}

/** Registered before the custom functions, so a replacement of LEN … REPLACE would still win. */
export const BYTE_TEXT_FUNCTIONS: FunctionPluginDefinition = byteTextPlugin();
