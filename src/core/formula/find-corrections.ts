// FIND (and FINDB, its alias) as Excel answers it when find_text is not in within_text at or
// after start_num: #VALUE!. HyperFormula added start_num to indexOf's -1, so FIND("ana","ana",2)
// was 1 and FIND("ia","ciao",3) 2 (ironcalc TEXT--FIND_SEARCH.xlsx D5, D16; formulas test.xlsx
// TEXT!T16, T17). Its method is wrapped once, on the text plugin's prototype: what it found
// before start_num is no match.
import { CellError, ErrorType } from 'hyperformula';
import {
  builtinPluginPrototype,
  type AstCall as Call,
  type BuiltinPlugin as Plugin,
} from './engine-internals.js';

type Method = (this: Plugin, ast: Call, state: unknown) => unknown;

let corrected = false;

export function correctFindNotFound(): void {
  if (corrected) return;
  const prototype = builtinPluginPrototype('FIND', 'find', 'find-corrections.ts');
  const original = prototype['find'] as Method;
  prototype['find'] = function (this: Plugin, ast: Call, state: unknown) {
    const plugin = this;
    const checked = Object.create(plugin) as Plugin;
    checked.runFunction = (args, at, meta, fn) =>
      plugin.runFunction(args, at, meta, (...values) => {
        const [pattern, text, start] = values as unknown as [string, string, number];
        const found = fn(...values);
        if (typeof found !== 'number' || typeof text !== 'string') return found;
        return text.indexOf(pattern, start - 1) === -1
          ? new CellError(ErrorType.VALUE, `FIND: "${pattern}" was not found`)
          : found;
      });
    return original.call(checked, ast, state);
  };
  corrected = true;
}
