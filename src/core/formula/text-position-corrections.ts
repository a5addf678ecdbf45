// MID and REPLACE (and MIDB, REPLACEB, their aliases) with Excel's whole positions: start_num and
// num_chars are truncated, each on its own (REPLACE("ABCDEFG", 2.3, 3.9, "xx") is "AxxEFG", poi
// FormulaEvalTestData_Copy.xlsx EverythingTests D1136). HyperFormula handed the fractions to
// substring, which floors each end, so 3.9 characters from 2.3 reached past the fifth ("AxxFG").
// Their methods are wrapped once, on the text plugin's prototype, as find-corrections.ts does.
import {
  builtinPluginPrototype,
  type AstCall as Call,
  type BuiltinPlugin as Plugin,
} from './engine-internals.js';

type Method = (this: Plugin, ast: Call, state: unknown) => unknown;

const whole = (value: unknown): unknown => (typeof value === 'number' ? Math.trunc(value) : value);

let corrected = false;

export function truncateTextPositions(): void {
  if (corrected) return;
  for (const [name, method] of [
    ['MID', 'mid'],
    ['REPLACE', 'replace'],
  ] as const) {
    const prototype = builtinPluginPrototype(name, method, 'text-position-corrections.ts');
    const original = prototype[method] as Method;
    prototype[method] = function (this: Plugin, ast: Call, state: unknown) {
      const plugin = this;
      const truncating = Object.create(plugin) as Plugin;
      truncating.runFunction = (args, at, meta, fn) =>
        plugin.runFunction(args, at, meta, (text, start, count, ...rest) =>
          fn(text, whole(start) as number, whole(count) as number, ...rest),
        );
      return original.call(truncating, ast, state);
    };
  }
  corrected = true;
}
