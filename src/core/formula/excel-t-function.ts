// T of a multi-cell reference is T of its top-left cell, in Excel also in an array formula:
// formulas/test.xlsx TEXT!AH42:AK42 {=T(I42:Q42)} is I42's text in all four cells, AL42 {=T(K42:Q42)}
// K42's #VALUE!, AG42 =T(C42:Q42) "" for C42's 0; poi FormulaEvalTestData_Copy.xlsx EverythingTests
// M1352:O1352 "" for a number or an empty top-left cell. HyperFormula intersected the range with
// the formula's row or column, or answered #VALUE!. Its plugin class is extended with that one
// case; any other argument is HyperFormula's T as before.
import {
  CellError,
  HyperFormula,
  type FunctionPluginDefinition,
  type ImplementedFunctions,
} from 'hyperformula';
import { translateFunctionNames } from './engine-internals.js';
import type { AstCall as Call, AstNode as Node } from './engine-internals.js';

interface TextPlugin {
  t(ast: Call, state: unknown): unknown;
  evaluateAst(ast: Node, state: unknown): unknown;
}
type TextPluginClass = (new (...args: never[]) => TextPlugin) & {
  implementedFunctions: ImplementedFunctions;
};

/** T of one value: text is itself, an error stays, anything else is "". */
function textOf(value: unknown): unknown {
  return value instanceof CellError || typeof value === 'string' ? value : '';
}

/** The plugin class (stateless, shared by every engine); registered after HyperFormula's own. */
export function excelTPlugin(): FunctionPluginDefinition {
  const Plugin = HyperFormula.getFunctionPlugin('T') as unknown as TextPluginClass;
  class ExcelT extends Plugin {
    override t(ast: Call, state: unknown): unknown {
      const [node] = ast.args;
      if (ast.args.length !== 1 || node?.type !== 'CELL_RANGE') return super.t(ast, state);
      const { start } = node as unknown as { start: unknown };
      const topLeft = { type: 'CELL_REFERENCE', reference: start } as unknown as Node;
      return textOf(this.evaluateAst(topLeft, state));
    }
  }
  const implemented: ImplementedFunctions = { T: Plugin.implementedFunctions['T']! };
  translateFunctionNames(Object.keys(implemented));
  (ExcelT as unknown as { implementedFunctions: ImplementedFunctions }).implementedFunctions =
    implemented;
  return ExcelT as unknown as FunctionPluginDefinition;
}
