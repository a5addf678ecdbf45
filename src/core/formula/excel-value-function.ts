// VALUE of an empty cell is 0 in Excel (ironcalc/TEXT--T_VALUE_VALUETOTEXT.xlsx C2, C14; pycel
// text.xlsx O2); HyperFormula's VALUE answered #VALUE! for anything but text and numbers. Its
// plugin class is extended with that one case, checked only for a plain cell reference (the one
// argument that can be empty), so every other call is HyperFormula's VALUE as before.
import {
  EmptyValue,
  HyperFormula,
  type FunctionPluginDefinition,
  type ImplementedFunctions,
} from 'hyperformula';
import { translateFunctionNames } from './engine-internals.js';

interface Node {
  readonly type: string;
}
interface Call {
  readonly args: readonly Node[];
}
interface ValuePlugin {
  value(ast: Call, state: unknown): unknown;
  evaluateAst(ast: Node, state: unknown): unknown;
}
type ValuePluginClass = (new (...args: never[]) => ValuePlugin) & {
  implementedFunctions: ImplementedFunctions;
};

/** The plugin class (stateless, shared by every engine); registered after HyperFormula's own. */
export function excelValuePlugin(): FunctionPluginDefinition {
  const TextPlugin = HyperFormula.getFunctionPlugin('VALUE') as unknown as ValuePluginClass;
  class ExcelValue extends TextPlugin {
    override value(ast: Call, state: unknown): unknown {
      const [node] = ast.args;
      if (ast.args.length === 1 && node?.type === 'CELL_REFERENCE') {
        if (this.evaluateAst(node, state) === EmptyValue) return 0;
      }
      return super.value(ast, state);
    }
  }
  const implemented: ImplementedFunctions = { VALUE: TextPlugin.implementedFunctions['VALUE']! };
  translateFunctionNames(Object.keys(implemented));
  (ExcelValue as unknown as { implementedFunctions: ImplementedFunctions }).implementedFunctions =
    implemented;
  return ExcelValue as unknown as FunctionPluginDefinition;
}
