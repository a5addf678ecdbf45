// Formula engine: the port the workbook computes through, its HyperFormula adapter, error
// sentinels and the per-engine registry of extra functions. Nothing outside this folder
// imports hyperformula.
export type {
  CellRun,
  EngineBuild,
  EngineCellChange,
  EngineCellRef,
  EngineChanges,
  EngineName,
  EngineSheet,
  EngineStructureChange,
  FormulaEngine,
  ReplacementSheet,
  SpillArea,
  StoredFormula,
} from './engine-port.js';
export { builtInFunctionNames, createHyperFormulaEngine } from './hyperformula-engine.js';
export {
  FormulaError,
  SENTINELS,
  isFormulaError,
  valueToJson,
  type CellValue,
  type Sentinel,
} from './sentinels.js';
export {
  DEFAULT_CALCULATION_SETTINGS,
  FunctionRegistry,
  isRangeArgument,
  type CalculationSettings,
  type CustomFunction,
  type FunctionArgument,
  type FunctionArgumentRange,
} from './function-registry.js';
export { GRIDOS_FUNCTIONS } from './gridos-functions.js';
export { intersectionsAsCalls, spillReferencesAsCalls } from './engine-spelling.js';
export {
  CHARACTER_SETS,
  DEFAULT_CHARACTER_SET,
  isCharacterSet,
  type CharacterSet,
} from './character-sets.js';
export type { RowVisibility } from './subtotal.js';
export type { FunctionInfo, FunctionParameter } from './function-catalogue.js';
export { EXCEL_FUNCTIONS } from './excel-functions.js';
export { TEXT_FUNCTION } from './text-function.js';
export { excelParameterSpelling } from './lambda-spelling.js';
