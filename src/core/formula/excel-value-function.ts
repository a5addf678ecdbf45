// VALUE of an empty cell is 0 in Excel (ironcalc/TEXT--T_VALUE_VALUETOTEXT.xlsx C2, C14; pycel
// text.xlsx O2); HyperFormula's VALUE answered #VALUE! for anything but text and numbers. Its
// plugin class is extended with that one case, checked only for a plain cell reference (the one
// argument that can be empty), so every other call is HyperFormula's VALUE as before. Where that
// answers an error for text, Excel's thousands separators are read as well: "123,456.67" is
// 123456.67 and "$1,000" 1000 (ironcalc TEXT--T_VALUE_VALUETOTEXT.xlsx I9, poi
// FormulaEvalTestData EverythingTests E1444), while "12,34", not grouped by threes, stays #VALUE!.
import {
  CellError,
  EmptyValue,
  HyperFormula,
  type FunctionPluginDefinition,
  type ImplementedFunctions,
} from 'hyperformula';
import { translateFunctionNames } from './engine-internals.js';
import type { AstCall as Call, AstNode as Node } from './engine-internals.js';

interface ValuePlugin {
  value(ast: Call, state: unknown): unknown;
  evaluateAst(ast: Node, state: unknown): unknown;
}
type ValuePluginClass = (new (...args: never[]) => ValuePlugin) & {
  implementedFunctions: ImplementedFunctions;
};

/** Sign, currency sign, digits grouped by threes with commas, fraction, exponent, percent. */
const GROUPED_NUMBER = /^([-+]?)(\$?)(\d{1,3}(?:,\d{3})+)(\.\d*)?(?:e([-+]?\d+))?(%?)$/i;

/** A number written with thousands separators, as Excel in en-US reads it; undefined otherwise. */
export function groupedNumber(text: string): number | undefined {
  const match = GROUPED_NUMBER.exec(text.trim());
  if (match === null) return undefined;
  const [, sign, , digits, fraction = '', exponent = '0', percent] = match;
  const magnitude = Number(`${digits!.replaceAll(',', '')}${fraction}e${exponent}`);
  const value = percent === '%' ? magnitude / 100 : magnitude;
  return sign === '-' ? -value : value;
}

/** The plugin class (stateless, shared by every engine); registered after HyperFormula's own. */
export function excelValuePlugin(): FunctionPluginDefinition {
  const TextPlugin = HyperFormula.getFunctionPlugin('VALUE') as unknown as ValuePluginClass;
  class ExcelValue extends TextPlugin {
    override value(ast: Call, state: unknown): unknown {
      const [node] = ast.args;
      if (ast.args.length === 1 && node?.type === 'CELL_REFERENCE') {
        if (this.evaluateAst(node, state) === EmptyValue) return 0;
      }
      const result = super.value(ast, state);
      if (!(result instanceof CellError) || node === undefined) return result;
      const text = this.evaluateAst(node, state);
      return (typeof text === 'string' ? groupedNumber(text) : undefined) ?? result;
    }
  }
  const implemented: ImplementedFunctions = { VALUE: TextPlugin.implementedFunctions['VALUE']! };
  translateFunctionNames(Object.keys(implemented));
  (ExcelValue as unknown as { implementedFunctions: ImplementedFunctions }).implementedFunctions =
    implemented;
  return ExcelValue as unknown as FunctionPluginDefinition;
}
